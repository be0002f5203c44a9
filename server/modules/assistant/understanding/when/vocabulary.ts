/**
 * The calendar words of French, German, Italian and English, as data: weekdays and their
 * abbreviations, months, parts of the day, edges ("début", "late", "späten", "tarda"), single words
 * for days ("demain", "übermorgen"), and the common words that tell the language of a message.
 * Each becomes an upper-case marker in the canonical text (see `canonical.ts`). All folded: lower
 * case, no accents, ß → ss ("après-midi" is the phrase "apres midi", see `phrases.ts`).
 */
import type { Language } from '@common/languages'

const split = (list: string): string[] => list.split(' ')
/** Each word of a space-separated list, mapped to one marker. */
const marked = (list: string, marker: string): [string, string][] => split(list).map((w) => [w, marker])

// ——— Weekdays (0 = Monday) ———

export const WEEKDAY_WORDS: ReadonlyArray<readonly string[]> = [
  split('monday lundi montag lunedi'),
  split('tuesday mardi dienstag martedi'),
  split('wednesday mercredi mittwoch mercoledi'),
  split('thursday jeudi donnerstag giovedi'),
  split('friday vendredi freitag venerdi'),
  split('saturday samedi samstag sabato sonnabend'),
  split('sunday dimanche sonntag domenica'),
]

/** Weekday names, their plurals ("samedis", "samstags") and unambiguous abbreviations. */
export const WEEKDAYS: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>()
  WEEKDAY_WORDS.forEach((names, day) => {
    for (const name of names) {
      map.set(name, day)
      map.set(`${name}s`, day) // saturdays, samedis, samstags
    }
  })
  for (const [word, day] of [
    ['sabati', 5],
    ['domeniche', 6],
    ['tue', 1],
    ['tues', 1],
    ['thu', 3],
    ['thur', 3],
    ['thurs', 3],
    ['fri', 4],
  ] as const)
    map.set(word, day)
  return map
})()

/**
 * Abbreviations that are also common words ("mon", "sat", "mer", "sam", "do", "so"): weekdays only
 * before a day number ("Sat 5th", "sam. 5 déc.", "Do 3.12."), after "next"/"this"/"on" ("next Wed"),
 * French ones before a time ("jeu à 10h"), German ones after "am" ("am Do").
 */
export const ENGLISH_WEEKDAY_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['mon', 0],
  ['wed', 2],
  ['sat', 5],
  ['sun', 6],
])
export const FRENCH_WEEKDAY_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['lun', 0],
  ['mar', 1],
  ['mer', 2],
  ['jeu', 3],
  ['ven', 4],
  ['sam', 5],
  ['dim', 6],
])
export const GERMAN_WEEKDAY_ABBREVIATIONS: ReadonlyMap<string, number> = new Map([
  ['mo', 0],
  ['di', 1],
  ['mi', 2],
  ['do', 3],
  ['fr', 4],
  ['sa', 5],
  ['so', 6],
])
export const BEFORE_ENGLISH_WEEKDAY: ReadonlySet<string> = new Set(split('next this on last coming every'))

/** German "Montagmorgen", "Freitagnachmittag": a weekday and a part of the day in one word. */
export const GERMAN_WEEKDAY_COMPOUND =
  /^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)(morgen|vormittag|mittag|nachmittag|abend|nacht)s?$/

// ——— Months ———

export const MONTH_WORDS: ReadonlyArray<readonly string[]> = [
  split('january jan janvier janv januar janner gennaio genn gen'),
  split('february feb febr fevrier fevr fev februar febbraio febb'),
  split('march mars marz maerz marzo'),
  split('april apr avril avr aprile'),
  split('may mai maggio magg mag'),
  split('june jun juin juni giugno giu'),
  split('july jul juillet juil juli luglio lug'),
  split('august aug aout agosto'),
  split('september sep septembre settembre'),
  split('october oct octobre oktober okt ottobre ott'),
  split('november nov novembre'),
  split('december dec decembre dezember dez dicembre dic'),
]
export const MONTHS: ReadonlyMap<string, number> = new Map(
  MONTH_WORDS.flatMap((names, i) => names.map((name) => [name, i + 1] as const)),
)

// ——— Typos ———

/** Near misses that are real words, never read as a weekday or a month. */
export const NOT_TYPOS: ReadonlySet<string> = new Set(
  split(
    'match matches marche marcher marches marco mazzo montage monat monate monats sundae domenico fridge junior julie julia maggie avrei sabota',
  ),
)
/** Names that a word one typo away from is read as ("vendredie", "mercedi", "donnerstg", "febraio"). */
export const FUZZY_TARGETS: ReadonlyArray<readonly [string, string]> = [
  ...WEEKDAY_WORDS.flatMap((names, day) => names.map((name) => [name, `WD${day}`] as const)),
  ...MONTH_WORDS.flatMap((names, i) => names.filter((n) => n.length >= 5).map((name) => [name, `MO${i + 1}`] as const)),
]

// ——— Parts of the day ———

/** PMORN morning, PMID midday (lunchtime), PAFT afternoon, PEVE evening. */
export const PARTS: ReadonlyMap<string, string> = new Map([
  ...marked('morning mornings matin matins matinee matinees vormittag vormittags morgens', 'PMORN'),
  ...marked('mattina mattino mattinata mattine mattinate', 'PMORN'),
  ...marked('lunch lunchtime dejeuner dej mittag mittags mittagszeit mittagspause pranzo', 'PMID'),
  ...marked('afternoon afternoons nachmittag nachmittags pomeriggio pomeriggi', 'PAFT'),
  ...marked('evening evenings night soir soirs soiree soirees nuit abend abends', 'PEVE'),
  ...marked('nacht nachts sera sere serata serate notte', 'PEVE'),
])
export const PART_MARKERS: ReadonlySet<string> = new Set(split('PMORN PMID PAFT PEVE'))
/** Italian part-of-the-day words after which "primo"/"prima"/"presto" is early and "fine" late. */
export const ITALIAN_PART_WORDS: ReadonlySet<string> = new Set(
  split('mattina mattino mattinata pomeriggio sera serata'),
)

// ——— Single words for days, hours and edges ———

export const SIMPLE_WORDS: ReadonlyMap<string, string> = new Map([
  ...marked('today heute heut oggi', 'TODAY'),
  ...marked('tomorrow tomorow tommorow tommorrow tmrw tmr demain domani', 'TOMORROW'),
  ...marked('ubermorgen uebermorgen dopodomani', 'DAT'),
  ...marked('yesterday gestern ieri', 'YESTERDAY'),
  ...marked('vorgestern altroieri', 'DBY'),
  ...marked('tonight tonite stasera stanotte', 'TODAY PEVE'),
  ...marked('stamattina stamani stamane', 'TODAY PMORN'),
  ['domattina', 'TOMORROW PMORN'],
  ...marked('noon mezzogiorno mezzodi', 'NOON'),
  ...marked('midnight minuit mitternacht mezzanotte', 'MIDNIGHT'),
  // Edges of a part of the day, or of a month ("début janvier", "late March")
  ...marked('early debut fruhen fruher fruhe tot inizio', 'EARLY'),
  ...marked('late fin tard spaten spater spate tarda tardo tardi', 'LATE'),
  ['fruhmorgens', 'EARLY PMORN'],
  ['fruhabends', 'EARLY PEVE'],
  ['spatabends', 'LATE PEVE'],
  ...marked('spatnachmittag spatnachmittags', 'LATE PAFT'),
  ...marked('spatvormittag spatvormittags', 'LATE PMORN'),
  ['oclock', 'OCLOCK'],
])

/** Words after which German "morgen" is the morning, not tomorrow ("heute Morgen", "am Morgen"). */
export const MORNING_AFTER: ReadonlySet<string> = new Set(
  split('heute gestern am jeden den diesen einen vom guten TODAY YESTERDAY TOMORROW EARLY LATE'),
)

// ——— Language ———

/** Common words of each language, counted to tell the language of a message. */
export const LANGUAGE_MARKERS: Record<Language, ReadonlySet<string>> = {
  fr: new Set(
    split(
      'je j vous voudrais veux pour une le la les des du est et avec demain rendez coupe bonjour merci matin soir apres oui svp plait ce cette heure heures aujourd semaine prochain prochaine à c mon ma peux pouvez avez ai suis quel quelle creneau midi possible plutot samedi dimanche lundi mardi mercredi jeudi vendredi',
    ),
  ),
  de: new Set(
    split(
      'ich sie und der die das ist bitte um uhr einen eine ein haben am termin gerne danke mit fur nicht konnen kann hallo morgen heute nachste nachsten woche mochte hatte geht auch es zu wir halb viertel nach vor samstag sonntag montag dienstag mittwoch donnerstag freitag',
    ),
  ),
  it: new Set(
    split(
      'vorrei il lo gli per alle domani sono grazie buongiorno ciao di che mi appuntamento taglio piega oggi settimana prossima prossimo sera mattina pomeriggio va bene posso ho della del dopodomani verso sabato domenica lunedi martedi mercoledi giovedi venerdi colore tra fra dalle delle dopo',
    ),
  ),
  en: new Set(
    split(
      'i you the at on for please would like to my is can tomorrow book appointment want it me next week and of an haircut this that have do make with could we there pm am saturday sunday monday tuesday wednesday thursday friday',
    ),
  ),
}
