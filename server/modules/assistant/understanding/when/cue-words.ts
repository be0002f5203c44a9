/**
 * Word lists, as data, that tell how numbers and mentions are meant: the cue words around a time
 * ("à", "at", "um", "alle"), words of approximation ("vers", "around", "gegen", "verso"), the small
 * words that may stand between a time and its part of the day, the words of a window of the day
 * ("entre … et", "after", "ab", "dopo le"), and the words that say which of several dates or times
 * is meant ("pas", "instead", "lieber", "invece"). All folded: lower case, no accents, ß → ss.
 */
import type { Language } from '@common/languages'

/** A set of the words of space-separated lists. */
const wordSet = (...lists: string[]): ReadonlySet<string> => new Set(lists.join(' ').split(' '))

// ——— Numbers that are no times ———

/** Words after a number that make it a count of something, not a time. */
export const UNIT_WORDS = wordSet(
  'min mins minute minutes minuten minuti minuto hour hours hrs hr stunde stunden std ore ora',
  'jour jours day days tag tage tagen giorno giorni semaine semaines week weeks woche wochen settimana settimane',
  'mois month months monat monate monaten mese mesi an ans annee annees year years jahr jahre jahren anno anni',
  'personne personnes pers people persons person personen persone persona fois times mal volte',
  '€ $ £ % eur euro euros chf dollar dollars franc francs franken x kg km cm',
  'coupe coupes haircut haircuts enfant enfants kid kids child children kinder kind bambini bambino adultes adults',
  'ORD PRICE DURATION PHONE',
)
/** Words before a number that make it no time ("n° 12", "€ 15", "tel 06…"). */
export const NUMBER_BEFORE_BLOCKERS = wordSet('€ $ £ chf n no nr numero num number # + tel')
/** Words before "3h" that make it a duration ("dans 3h", "ça prend 2h"). */
export const DURATION_BEFORE = wordSet('dans pendant durant dure duree prend faut en for in')

// ——— Time cues ———

/** Markers after a number that make it a time of day. */
export const TIME_MARKERS = wordSet('h heure heures uhr OCLOCK am pm NOON')
/** Words right before a number that make it a time of day, with the language they hint at. */
export const TIME_CUES: ReadonlyMap<string, Language | undefined> = new Map<string, Language | undefined>([
  ['at', 'en'],
  ['@', undefined],
  ['à', 'fr'],
  ['um', 'de'],
  ['gegen', 'de'],
  ['ab', 'de'],
  ['alle', 'it'],
  ['ore', 'it'],
  ['verso', 'it'],
  ['dalle', 'it'],
  // "quello delle 11": the appointment at 11.
  ['delle', 'it'],
  ['vers', 'fr'],
  ['des', 'fr'],
  ['around', 'en'],
  ['about', 'en'],
  ['circa', undefined],
  ['environ', 'fr'],
  ['APPROX', undefined],
  ['ungefahr', 'de'],
  ['etwa', 'de'],
])
/** Italian cues after which "e 30" is minutes ("alle 9 e 30"). */
export const ITALIAN_CUES = wordSet('alle ore verso dalle delle')
/** Words right before "9.30." that make it a time, not a date with the closing dot. */
export const CLOCK_CUES = wordSet('at @ um alle ore')

// ——— Approximation ———

export const APPROX_BEFORE = wordSet(
  'around about approximately approx roughly circa environ vers gegen ungefahr etwa verso intorno APPROX',
)
export const APPROX_AFTER = wordSet('environ circa ungefahr etwa ish APPROX')
/** Words that may stand between "around" and its time ("around at 3", "vers les 14h"). */
export const APPROX_SKIP = wordSet('à a at um alle le les the ore @')

// ——— Parts of the day ———

/** Words between a time and its part of the day ("5 in the evening", "3 heures de l'après-midi"). */
export const PART_FILLERS = wordSet(
  'in the du de la l d del della dell di nel nella am im der des le il al this ce cet cette en dans of at on a à zu',
  'tomorrow',
)
/** Words between an edge and its part of the day ("en fin de matinée", "early in the afternoon"). */
export const EDGE_FILLERS = wordSet([...PART_FILLERS].join(' '), 'un une')
/** Words between a number and a part of the day that make the number an hour ("le 3 de l'après-midi"). */
export const HOUR_PART_FILLERS = wordSet('de du l d del della dell di nel nella la il')

// ——— Choosing among several mentions ———

/** Small words skipped when looking at what stands before a mention. */
export const FILLERS = wordSet(
  'the a an on at for le la l les au aux am um den dem der die das il lo alle al à de du d it ore en in im di del',
  'della un une ein einen einem zum zur , be maybe perhaps vielleicht peut etre forse',
)
export const NEGATIONS = wordSet(
  'not pas nicht non kein keinen keine never jamais nie mai',
  // "sauf le vendredi", "außer Freitag", "tranne giovedì", "except Saturday": ruled out the same way.
  'sauf excepte hormis ausser tranne eccetto fuorche except besides',
)
/** "… instead", "plutôt …", "lieber …": the new choice. */
export const PREFERRED_AFTER = wordSet('instead plutot invece stattdessen lieber rather piuttosto')
export const PREFERRED_BEFORE = wordSet([...PREFERRED_AFTER].join(' '), 'anzi eher sondern mais but ma better')
export const NEGATED_BEFORE =
  /(?:can t|cannot|can not|couldn t|won t|don t|peux pas|pourrai pas|kann nicht|kann ich nicht|non posso)(?: (?:do|make|come|manage|venir|kommen|venire))?$/
export const PREFERRED_PHRASE_BEFORE =
  /(?:what about|how about|et si|wie ware es mit|wie wars mit|che ne dici di|e se)$/
export const FROM_WORDS = wordSet('from von vom dal dalla da')
/** What is replaced: "from Tuesday to…", "instead of 3pm", "au lieu de mardi", "statt Montag". */
export const REPLACED_BEFORE: readonly string[] = [
  ...FROM_WORDS,
  'instead of',
  'au lieu de',
  'au lieu du',
  'statt',
  'anstatt',
  'invece di',
  'invece del',
  'anziche',
  'plutot que',
  'rather than',
]
export const TO_WORDS = wordSet('to à a au auf pour per su into al alla alle for')
/** Words after a mention that keep "instead" from marking it ("instead of", "invece di"). */
export const NOT_PREFERRED_AFTER = wordSet('of di than que del')
/** The message changes an appointment: "move", "décaler", "verschieben", "spostare"… */
export const CHANGE =
  /(?<=^| )(?:chang\w*|mov\w*|switch\w*|resched\w*|shift\w*|postpon\w*|push|make it|deplac\w*|decal\w*|modifi\w*|avanc\w*|report\w*|repouss\w*|verschieb\w*|verleg\w*|ander\w*|umbuch\w*|sposta\w*|spostia\w*|cambia\w*|anticip\w*|posticip\w*)(?= |$)/
/** "instead", "plutôt", "invece", "lieber": the message states a new choice. */
export const INSTEAD = /(?<=^| )(?:instead|plutot|invece|stattdessen|lieber|rather)(?= |$)/

// ——— Windows of the day ———

/** "entre 14h et 16h", "between 2 and 4pm", "zwischen 10 und 12", "tra le 15 e le 17". */
export const BETWEEN_WORDS = wordSet('entre between zwischen tra fra')
/** "de 14h à 16h", "from 2 to 4", "von 10 bis 12", "dalle 15 alle 17", "da 3 a 5". */
export const FROM_TIME_WORDS = wordSet('de from von vom dalle dalla dal da')
/** What joins the two ends of a window. */
export const RANGE_LINKS = wordSet('et and und e & - à a to till until bis alle jusqu')
/** "après 17h", "after 5pm", "nach 17 Uhr", "ab 15 Uhr", "dopo le 17", "à partir de 15h", "dalle 15 in poi". */
export const AFTER_WORDS = wordSet('apres after nach ab dopo passe past')
/** "avant 10h", "before 10am", "vor 10 Uhr", "bis 12 Uhr", "prima delle 10", "jusqu'à 16h", "until 4", "entro le 11". */
export const BEFORE_WORDS = wordSet('avant before vor bis prima entro until till jusqu')
/** Small words between a window word and its hour ("dopo le 17", "prima delle 10", "à partir de 15h"). */
export const RANGE_SKIP = wordSet('le les l the ore delle della dell di de à a das')
/** Words before the window word that turn it around: "pas avant 10h" is after 10. */
export const RANGE_NEGATIONS = wordSet('pas not nicht non')
/** Words before "after"/"nach"/"vor" that make it part of a clock time ("quarter after 3", "5 nach 3"). */
export const CLOCK_LEADS = wordSet('quarter half viertel halb')
