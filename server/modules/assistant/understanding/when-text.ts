/**
 * The canonical form of a message for `parseWhen`: folded words and numbers, one token each, where
 * calendar words of the four languages became upper-case markers and number words became digits.
 *
 *   "Coupe femme samedi 5 décembre à 10h"      → coupe femme WD5 5 MO12 à 10 h
 *   "morgen früh um halb drei"                  → TOMORROW PMORN um halb 3
 *   "the 4th of this month at evening 4"        → the 4 ORD of THISMONTH at PEVE 4
 *   "dopodomani alle tre del pomeriggio"        → DAT alle 3 del PAFT
 *
 * Markers: WD0…WD6 (Monday…Sunday), MO1…MO12, ORD (an ordinal ending: 1st, 1er, 1°), TODAY,
 * TOMORROW, DAT (day after tomorrow), YESTERDAY, DBY (day before yesterday), PMORN, PMID, PAFT, PEVE
 * (parts of the day), NOON, MIDNIGHT, EARLY, LATE, OCLOCK, APPROX, NEXTWEEK, THISWEEK,
 * THISWEEKEND, NEXTWEEKEND, THISMONTH, NEXTMONTH, PHONE, PRICE, DURATION, SAMETIME ("même heure").
 * Numbers keep their own separators as one token: "14:30", "9.30", "15.12.", "15/12/2026",
 * "2026-12-15"; a trailing dot stays on the number ("am 12." → "12.").
 */
import type { Language } from '../../../../common/languages'
import { cardinalValue, ORDINAL_WORDS, replaceCompoundNumbers } from './numbers'

export interface CanonicalText {
  tokens: string[]
  /** The language used for ambiguous words: the caller's, unless the text clearly reads as another. */
  language?: Language
  /** "as soon as possible", "le premier créneau", "nächsten freien Termin", "il prima possibile"… */
  earliest: boolean
  /** "même heure", "same time", "zur gleichen Zeit", "alla stessa ora" (not negated: "pas à la même heure"). */
  sameTime: boolean
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const WEEKDAY_WORDS: ReadonlyArray<readonly string[]> = [
  ['monday', 'lundi', 'montag', 'lunedi'],
  ['tuesday', 'mardi', 'dienstag', 'martedi'],
  ['wednesday', 'mercredi', 'mittwoch', 'mercoledi'],
  ['thursday', 'jeudi', 'donnerstag', 'giovedi'],
  ['friday', 'vendredi', 'freitag', 'venerdi'],
  ['saturday', 'samedi', 'samstag', 'sabato', 'sonnabend'],
  ['sunday', 'dimanche', 'sonntag', 'domenica'],
]
const weekdays = new Map<string, number>()
WEEKDAY_WORDS.forEach((names, day) => {
  for (const name of names) {
    weekdays.set(name, day)
    weekdays.set(`${name}s`, day) // saturdays, samedis, samstags
  }
})
weekdays.set('sabati', 5)
weekdays.set('domeniche', 6)
for (const [word, day] of [
  ['tue', 1],
  ['tues', 1],
  ['thu', 3],
  ['thur', 3],
  ['thurs', 3],
  ['fri', 4],
] as const)
  weekdays.set(word, day)
/**
 * Abbreviations that are also common words ("mon", "sat", "mer", "sam"): weekdays only before a day
 * number ("Sat 5th", "sam. 5 déc.") or after "next"/"this"/"on" ("next Wed").
 */
const ENGLISH_WEEKDAY_ABBREVIATIONS = new Map([
  ['mon', 0],
  ['wed', 2],
  ['sat', 5],
  ['sun', 6],
])
const FRENCH_WEEKDAY_ABBREVIATIONS = new Map([
  ['lun', 0],
  ['mar', 1],
  ['mer', 2],
  ['jeu', 3],
  ['ven', 4],
  ['sam', 5],
  ['dim', 6],
])
const BEFORE_ENGLISH_WEEKDAY = new Set(['next', 'this', 'on', 'last', 'coming', 'every'])

const MONTH_WORDS: ReadonlyArray<readonly string[]> = [
  ['january', 'jan', 'janvier', 'janv', 'januar', 'janner', 'gennaio', 'genn', 'gen'],
  ['february', 'feb', 'febr', 'fevrier', 'fevr', 'fev', 'februar', 'febbraio', 'febb'],
  ['march', 'mars', 'marz', 'maerz', 'marzo'],
  ['april', 'apr', 'avril', 'avr', 'aprile'],
  ['may', 'mai', 'maggio', 'magg', 'mag'],
  ['june', 'jun', 'juin', 'juni', 'giugno', 'giu'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'luglio', 'lug'],
  ['august', 'aug', 'aout', 'agosto'],
  ['september', 'sep', 'septembre', 'settembre'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'ottobre', 'ott'],
  ['november', 'nov', 'novembre'],
  ['december', 'dec', 'decembre', 'dezember', 'dez', 'dicembre', 'dic'],
]
const months = new Map<string, number>()
MONTH_WORDS.forEach((names, i) => {
  for (const name of names) months.set(name, i + 1)
})

/** Near misses that are real words, never read as a weekday or a month. */
const NOT_TYPOS = new Set([
  'match',
  'matches',
  'marche',
  'marcher',
  'marches',
  'marco',
  'mazzo',
  'montage',
  'monat',
  'monate',
  'monats',
  'sundae',
  'domenico',
  'fridge',
  'junior',
  'julie',
  'julia',
  'maggie',
  'avrei',
  'sabota',
])
const FUZZY_TARGETS: ReadonlyArray<readonly [string, string]> = [
  ...WEEKDAY_WORDS.flatMap((names, day) => names.map((name) => [name, `WD${day}`] as const)),
  ...MONTH_WORDS.flatMap((names, i) => names.filter((n) => n.length >= 5).map((name) => [name, `MO${i + 1}`] as const)),
]

const PARTS: ReadonlyMap<string, string> = new Map([
  ...['morning', 'mornings', 'matin', 'matins', 'matinee', 'matinees', 'vormittag', 'vormittags', 'morgens'].map(
    (w) => [w, 'PMORN'] as const,
  ),
  ...['mattina', 'mattino', 'mattinata', 'mattine', 'mattinate'].map((w) => [w, 'PMORN'] as const),
  ...['lunch', 'lunchtime', 'dejeuner', 'mittag', 'mittags', 'mittagszeit', 'mittagspause', 'pranzo'].map(
    (w) => [w, 'PMID'] as const,
  ),
  ...['afternoon', 'afternoons', 'nachmittag', 'nachmittags', 'pomeriggio', 'pomeriggi'].map(
    (w) => [w, 'PAFT'] as const,
  ),
  ...['evening', 'evenings', 'night', 'soir', 'soirs', 'soiree', 'soirees', 'nuit', 'abend', 'abends'].map(
    (w) => [w, 'PEVE'] as const,
  ),
  ...['nacht', 'nachts', 'sera', 'sere', 'serata', 'serate', 'notte'].map((w) => [w, 'PEVE'] as const),
])
const PART_MARKERS = new Set(['PMORN', 'PMID', 'PAFT', 'PEVE'])
const ITALIAN_PART_WORDS = new Set(['mattina', 'mattino', 'mattinata', 'pomeriggio', 'sera', 'serata'])

const SIMPLE_WORDS: ReadonlyMap<string, string> = new Map([
  ...['today', 'heute', 'heut', 'oggi'].map((w) => [w, 'TODAY'] as const),
  ...['tomorrow', 'tomorow', 'tommorow', 'tommorrow', 'tmrw', 'tmr', 'demain', 'domani'].map(
    (w) => [w, 'TOMORROW'] as const,
  ),
  ...['ubermorgen', 'uebermorgen', 'dopodomani'].map((w) => [w, 'DAT'] as const),
  ...['yesterday', 'gestern', 'ieri'].map((w) => [w, 'YESTERDAY'] as const),
  ...['vorgestern', 'altroieri'].map((w) => [w, 'DBY'] as const),
  ...['tonight', 'tonite', 'stasera', 'stanotte'].map((w) => [w, 'TODAY PEVE'] as const),
  ...['stamattina', 'stamani', 'stamane'].map((w) => [w, 'TODAY PMORN'] as const),
  ['domattina', 'TOMORROW PMORN'],
  ...['noon', 'mezzogiorno', 'mezzodi'].map((w) => [w, 'NOON'] as const),
  ...['midnight', 'minuit', 'mitternacht', 'mezzanotte'].map((w) => [w, 'MIDNIGHT'] as const),
  ...['early', 'debut', 'fruhen', 'fruher', 'fruhe', 'tot', 'inizio'].map((w) => [w, 'EARLY'] as const),
  ...['late', 'fin', 'tard', 'spaten', 'spater', 'spate', 'tarda', 'tardo', 'tardi'].map((w) => [w, 'LATE'] as const),
  ['fruhmorgens', 'EARLY PMORN'],
  ['fruhabends', 'EARLY PEVE'],
  ['spatabends', 'LATE PEVE'],
  ...['spatnachmittag', 'spatnachmittags'].map((w) => [w, 'LATE PAFT'] as const),
  ...['spatvormittag', 'spatvormittags'].map((w) => [w, 'LATE PMORN'] as const),
  ['oclock', 'OCLOCK'],
])

/** Words after which German "morgen" is the morning, not tomorrow ("heute Morgen", "am Morgen"). */
const MORNING_AFTER = new Set([
  'heute',
  'gestern',
  'am',
  'jeden',
  'den',
  'diesen',
  'einen',
  'vom',
  'guten',
  'TODAY',
  'YESTERDAY',
  'TOMORROW',
  'EARLY',
  'LATE',
])

const GERMAN_WEEKDAY_COMPOUND =
  /^(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag)(morgen|vormittag|mittag|nachmittag|abend|nacht)s?$/

// ---------------------------------------------------------------------------------------------
// Phrases (on the folded, tokenised text, before word mapping)

const PHRASES: ReadonlyArray<readonly [string, string]> = [
  ['(?:the )?day after tomorrow|apres demain', 'DAT'],
  ['(?:the )?day before yesterday|avant hier|(?:l )?altro ieri', 'DBY'],
  ['aujourd hui|aujourdhui|aujourd', 'TODAY'],
  ['apres midi|apresmidi|aprem|aprems|apm', 'PAFT'],
  ['o clock|o clocks', 'OCLOCK'],
  ['week end', 'weekend'],
  ['fin (?:de (?:la )?)?journee|(?:the )?end of the day|fine (?:della )?giornata|(?:am )?ende des tages', 'LATE PAFT'],
  ['de bonne heure', 'EARLY'],
  ['(?:all|l) una', 'alle 1'],
  [
    'ca \\.|more or less|or so|a peu pres|aux alentours de|autour de|piu o meno|all incirca|oder so|so(?= um| gegen)',
    'APPROX',
  ],
  [
    'next weekend|(?:le )?weekend (?:prochain|d apres)|(?:le )?prochain weekend|(?:nachstes|nachsten|kommendes|kommenden) wochenende|(?:il )?prossimo (?:fine settimana|weekend)|(?:il )?(?:fine settimana|weekend) prossimo',
    'NEXTWEEKEND',
  ],
  [
    '(?:this |the |ce |le |questo |il |nel |sto )?weekend|(?:dieses |diesem |am |zum |das |ubers )?wochenende|(?:questo |il |nel |sto )?fine settimana',
    'THISWEEKEND',
  ],
  [
    '(?:the )?next week|the following week|(?:la )?semaine (?:prochaine|d apres|suivante)|(?:la )?prochaine semaine|(?:nachste|nachsten|nachster|kommende|kommenden) woche|(?:la )?(?:settimana prossima|prossima settimana|settimana successiva|settimana dopo)',
    'NEXTWEEK',
  ],
  ['this week|cette semaine(?: ci)?|(?:diese|dieser|diesen) woche|(?:questa|sta) settimana', 'THISWEEK'],
  [
    '(?:this|the current) month|ce mois(?: ci)?|(?:dieses|diesen|diesem) monat(?:s)?|(?:questo|corrente) mese|mese corrente',
    'THISMONTH',
  ],
  [
    'next month|(?:le )?mois prochain|(?:nachsten|nachster|kommenden) monat(?:s)?|(?:il )?(?:prossimo mese|mese prossimo)',
    'NEXTMONTH',
  ],
]
const phraseExpressions = PHRASES.map(([pattern, marker]) => [wordPattern(pattern), marker] as const)

function wordPattern(pattern: string): RegExp {
  return new RegExp(`(?<=^| )(?:${pattern})(?= |$)`, 'g')
}

const EARLIEST = wordPattern(
  [
    'as soon as possible|asap|soonest|earliest|(?:the )?first (?:free|available|open|possible)|first slot|next (?:free|available|open)',
    'le plus tot possible|au plus tot|des que possible|le plus vite possible|au plus vite|(?:le )?(?:premier|prochain) creneau|premiere (?:disponibilite|place|date)|prochaine disponibilite',
    'so bald wie moglich|so fruh wie moglich|moglichst (?:bald|fruh)|baldmoglichst|schnellstmoglich|fruhestmoglich\\w*|nachstmoglich\\w*|(?:nachsten|nachster|ersten|erster|fruhesten|fruhester) (?:freien |freier |verfugbaren |verfugbarer )?termin',
    '(?:il )?prima possibile|appena possibile|quanto prima|al piu presto|(?:il )?primo (?:posto|appuntamento|orario|momento|slot) (?:libero|disponibile)|prima disponibilita|primo disponibile|primo libero',
  ].join('|'),
)

/** The time already spoken of: "à la même heure", "same time", "zur gleichen Uhrzeit", "alla stessa ora". */
const SAME_TIME = wordPattern(
  [
    '(?:(?:à|a) )?(?:la )?meme (?:heure|horaire)',
    '(?:at )?(?:the )?same (?:time|hour)',
    '(?:(?:zur|zu der|um die|um) )?(?:gleichen|gleiche|selben|selbe|dieselbe|derselben) (?:zeit|uhrzeit)',
    '(?:(?:alla|all|a|la) )?(?:stessa ora|stesso orario|medesima ora)',
  ].join('|'),
)
/** Not global (`test` keeps no state between messages). */
const NOT_SAME_TIME = new RegExp(
  wordPattern(
    '(?:not|pas|nicht|non|never|jamais|nie|mai)(?: (?:forcement|necessairement|unbedingt|necessarily|necessariamente))? SAMETIME',
  ).source,
)
const SAME_TIME_MARKER = /(?<=^| )SAMETIME(?= |$)/

// ---------------------------------------------------------------------------------------------
// Language

const LANGUAGE_MARKERS: Record<Language, ReadonlySet<string>> = {
  fr: new Set(
    'je j vous voudrais veux pour une le la les des du est et avec demain rendez coupe bonjour merci matin soir apres oui svp plait ce cette heure heures aujourd semaine prochain prochaine à c mon ma peux pouvez avez ai suis quel quelle creneau midi possible plutot samedi dimanche lundi mardi mercredi jeudi vendredi'.split(
      ' ',
    ),
  ),
  de: new Set(
    'ich sie und der die das ist bitte um uhr einen eine ein haben am termin gerne danke mit fur nicht konnen kann hallo morgen heute nachste nachsten woche mochte hatte geht auch es zu wir halb viertel nach vor samstag sonntag montag dienstag mittwoch donnerstag freitag'.split(
      ' ',
    ),
  ),
  it: new Set(
    'vorrei il lo gli per alle domani sono grazie buongiorno ciao di che mi appuntamento taglio piega oggi settimana prossima prossimo sera mattina pomeriggio va bene posso ho della del dopodomani verso sabato domenica lunedi martedi mercoledi giovedi venerdi colore'.split(
      ' ',
    ),
  ),
  en: new Set(
    'i you the at on for please would like to my is can tomorrow book appointment want it me next week and of an haircut this that have do make with could we there pm am saturday sunday monday tuesday wednesday thursday friday'.split(
      ' ',
    ),
  ),
}

/** The language of a text when its words say so clearly enough (a crude count of common words). */
export function guessLanguage(words: readonly string[]): { language?: Language; score: Record<Language, number> } {
  const score: Record<Language, number> = { fr: 0, de: 0, it: 0, en: 0 }
  for (const word of words) {
    for (const language of ['fr', 'de', 'it', 'en'] as const)
      if (LANGUAGE_MARKERS[language].has(word)) score[language]++
  }
  const ranked = (Object.entries(score) as [Language, number][]).sort((a, b) => b[1] - a[1])
  const [first, second] = ranked
  if (!first || first[1] === 0 || (second && second[1] === first[1])) return { score }
  return { language: first[0], score }
}

function chooseLanguage(words: readonly string[], given?: Language): Language | undefined {
  const { language, score } = guessLanguage(words)
  if (!given) return language
  if (language && language !== given && score[language] >= 2 && score[language] >= score[given] + 2) return language
  return given
}

// ---------------------------------------------------------------------------------------------
// Canonicalisation

const PHONE = /(?<![\d/.:-])(?:\+\s?\d{1,3}[\s.-]?)?(?:\(0\)\s?)?\d(?:[\s.-]?\d){7,}(?![\d/:])/g
const YEAR_GROUP = /(?<!\d)(?:19|20)\d\d(?!\d)/

export function canonicalize(input: string, given?: Language): CanonicalText {
  let s = input
    .normalize('NFC')
    .replace(/[’‘`´′]/g, "'")
    .replace(/(?<=\p{L})"(?=\p{L})/gu, "'")
    .toLowerCase()
    .replace(/(?<![\p{L}\p{N}])à(?![\p{L}\p{N}])/gu, '\uE000')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\uE000/g, ' à ')
    .replace(/[‐‑‒–—]/g, '-')
  // Phone numbers (8 digits or more in groups) are no dates or times; dates with a year stay.
  s = s.replace(PHONE, (phone) => (YEAR_GROUP.test(phone) ? phone : ' PHONE '))
  s = s
    // a.m. / p.m.
    .replace(/(?<![a-z])([ap])\.\s?m(?![a-z])\.?/g, ' $1m ')
    // ordinal endings: 1st, 2nd, 12th, 1er, 1ère, 2e, 2ème, 1°
    .replace(/(?<![\d.:/])(\d{1,2})\s?(?:st|nd|rd|th)(?![a-z])/g, '$1 ORD ')
    .replace(/(?<![\d.:/])(\d{1,2})(?:er|ere|re|eme|e|°|º|ª)(?![a-z])/g, '$1 ORD ')
    .replace(/([€$£])/g, ' $1 ')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/['"«»“”„()[\]{};]/g, ' ')
    // hyphens: "après-midi" → "après midi", "14h-16h" → "14 h - 16 h"; "15-12" and "2026-12-15" stay
    .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
    .replace(/(?<=[a-z])-|-(?=[a-z])/g, ' - ')
  const raw = s.match(/\d+(?:[.:/-]\d+)*\.?|[a-z]+|[A-Z]+|à|\S/gu) ?? []
  const language = chooseLanguage(raw, given)
  const { score } = guessLanguage(raw)
  // "hier" is yesterday in French, "here" in German.
  const hierIsYesterday = language === 'fr' && score.de <= score.fr
  let text = raw.join(' ')
  const earliest = EARLIEST.test(text)
  EARLIEST.lastIndex = 0
  text = text.replace(
    /(?<=^| )(?:good (?:morning|afternoon|evening|night)|guten (?:morgen|tag|abend)|gute nacht)(?= |$)/g,
    ' ',
  )
  text = text.replace(
    /(?<=^| )(?:buon ?giorno|buona ?(?:sera|serata|notte|giornata)|buon pomeriggio|bonne (?:soiree|journee|nuit|apres midi)|bon apres midi)(?= |$)/g,
    ' ',
  )
  // "même heure" & co. become one marker, so that "heure", "time" or "ora" is read as nothing else.
  text = text.replace(SAME_TIME, 'SAMETIME')
  const sameTime = SAME_TIME_MARKER.test(text) && !NOT_SAME_TIME.test(text)
  for (const [expression, marker] of phraseExpressions) text = text.replace(expression, marker)
  let tokens = mapWords(text.split(' ').filter(Boolean), language, hierIsYesterday)
  text = tokens.join(' ')
  text = replaceOrdinalWords(text)
  text = replaceCompoundNumbers(text)
  tokens = mapNumberWords(text.split(' ').filter(Boolean), language)
  text = tokens.join(' ')
  // Prices and durations are no times.
  text = text
    .replace(/(?<=^| )(?:€|\$|£|chf|eur|sfr) (?:\d+(?:[.,]\d+)?)(?= |$)/g, 'PRICE')
    .replace(/(?<=^| )\d+(?:[.,]\d+)? (?:€|\$|£|chf|eur|euro|euros|dollars?|francs?|franken|sfr)(?= |$)/g, 'PRICE')
    .replace(
      /(?<=^| )\d+(?:[.,:]\d+)? (?:min|mins|minute|minutes|minuten|minuti|minuto|hours?|hrs?|stunden?|std|ore)(?= |$)/g,
      'DURATION',
    )
    .replace(
      /(?<=^| )(?:dans|pendant|durant|dure|duree|prend|prendra|faut|faudra|en|compter) \d+(?:[.,:]\d+)? (?:h|heures?)(?: \d+)?(?= |$)/g,
      'DURATION',
    )
  return { tokens: text.split(' ').filter(Boolean), language, earliest, sameTime }
}

function isNumberToken(token: string | undefined): boolean {
  return token !== undefined && /^\d/.test(token)
}

function mapWords(tokens: readonly string[], language: Language | undefined, hierIsYesterday: boolean): string[] {
  const out: string[] = []
  const push = (value: string) => out.push(...value.split(' '))
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string
    const next = tokens[i + 1]
    const prev = out[out.length - 1]
    const simple = SIMPLE_WORDS.get(word)
    if (simple) {
      push(simple)
      continue
    }
    const part = PARTS.get(word)
    if (part) {
      push(part)
      continue
    }
    const weekday = weekdays.get(word)
    if (weekday !== undefined) {
      push(`WD${weekday}`)
      continue
    }
    const month = months.get(word)
    if (month !== undefined) {
      push(`MO${month}`)
      continue
    }
    switch (word) {
      case 'morgen':
        push(prev !== undefined && (MORNING_AFTER.has(prev) || prev.startsWith('WD')) ? 'PMORN' : 'TOMORROW')
        continue
      case 'fruh':
        push(
          prev === 'TOMORROW' || prev === 'TODAY' || prev === 'YESTERDAY' || prev?.startsWith('WD') ? 'PMORN' : 'EARLY',
        )
        continue
      case 'hier':
        push(hierIsYesterday ? 'YESTERDAY' : word)
        continue
      case 'midi':
        push(prev === 'le' || prev === 'ce' || prev === 'du' ? 'PMID' : 'NOON')
        continue
      case 'midday':
        push(prev === 'the' || prev === 'over' ? 'PMID' : 'NOON')
        continue
      case 'sept':
        // "7 sept", "sept 7", English "Sept": September; otherwise French seven.
        push(isNumberToken(prev) || prev === 'ORD' || isNumberToken(next) || language === 'en' ? 'MO9' : word)
        continue
      case 'mar':
        if (language !== 'fr') {
          push('MO3')
          continue
        }
        break
      case 'set':
      case 'sett':
        push(language === 'it' ? 'MO9' : word)
        continue
      case 'ago':
        push(language === 'it' ? 'MO8' : word)
        continue
      case 'primo':
      case 'prima':
      case 'primi':
      case 'prime':
      case 'presto':
        push(next !== undefined && ITALIAN_PART_WORDS.has(next) ? 'EARLY' : word)
        continue
      case 'fine':
        push(next !== undefined && ITALIAN_PART_WORDS.has(next) ? 'LATE' : word)
        continue
    }
    const beforeNumber = isNumberToken(next) || (next === '.' && isNumberToken(tokens[i + 2]))
    const english = ENGLISH_WEEKDAY_ABBREVIATIONS.get(word)
    if (english !== undefined && (beforeNumber || (prev !== undefined && BEFORE_ENGLISH_WEEKDAY.has(prev)))) {
      push(`WD${english}`)
      continue
    }
    const french = FRENCH_WEEKDAY_ABBREVIATIONS.get(word)
    if (french !== undefined && beforeNumber && (language === 'fr' || language === undefined)) {
      push(`WD${french}`)
      continue
    }
    const compound = GERMAN_WEEKDAY_COMPOUND.exec(word)
    if (compound) {
      const day = weekdays.get(compound[1] as string) as number
      const partWord = compound[2] === 'morgen' ? 'PMORN' : (PARTS.get(compound[2] as string) ?? 'PEVE')
      push(`WD${day} ${partWord}`)
      continue
    }
    const fuzzy = /^[a-z]{5,}$/.test(word) && !NOT_TYPOS.has(word) ? fuzzyCalendarWord(word) : undefined
    push(fuzzy ?? word)
  }
  return out
}

function fuzzyCalendarWord(word: string): string | undefined {
  for (const [name, marker] of FUZZY_TARGETS) {
    if (name.length < 5) continue
    if (distanceAtMostOne(word, name) || (word.endsWith('s') && distanceAtMostOne(word.slice(0, -1), name)))
      return marker
  }
  return undefined
}

/** Whether two words are within one edit (insertion, deletion, substitution or swap of neighbours). */
export function distanceAtMostOne(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2) // swap
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}

const ORDINAL_ALTERNATION = [...ORDINAL_WORDS.keys()].sort((a, b) => b.length - a.length).join('|')
const ORDINAL_BEFORE_MONTH = new RegExp(
  `(?<=^| )(${ORDINAL_ALTERNATION})(?= (?:(?:of|de|di|du|del) )?(?:MO\\d+|THISMONTH|NEXTMONTH)(?: |$))`,
  'g',
)

const ORDINAL_AFTER_MONTH = new RegExp(`(?<=(?:^| )MO\\d+ (?:the )?)(${ORDINAL_ALTERNATION})(?= |$)`, 'g')

/** "the first of March" → "the 1 ORD of MO3"; only next to a month, as "first" says many other things. */
function replaceOrdinalWords(text: string): string {
  const ordinal = (word: string) => `${ORDINAL_WORDS.get(word)} ORD`
  return text.replace(ORDINAL_BEFORE_MONTH, ordinal).replace(ORDINAL_AFTER_MONTH, ordinal)
}

const HOUR_WORDS = new Set(['heure', 'heures', 'uhr'])

function mapNumberWords(tokens: readonly string[], language?: Language): string[] {
  return tokens.map((word, i) => {
    const next = tokens[i + 1]
    const prev = tokens[i - 1]
    if (word === 'un' || word === 'une' || word === 'ein' || word === 'eine')
      return next !== undefined && HOUR_WORDS.has(next) ? '1' : word
    if (word === 'sept' && (isNumberToken(prev) || isNumberToken(next))) return 'MO9'
    if (word === 'sei' && language !== 'it') return word
    const value = cardinalValue(word)
    return value === undefined ? word : String(value)
  })
}

export function isPartMarker(token: string | undefined): boolean {
  return token !== undefined && PART_MARKERS.has(token)
}
