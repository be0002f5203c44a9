/**
 * The canonical form of a message for `parseWhen`: folded words and numbers, one token each, where
 * calendar words of the four languages became upper-case markers and number words became digits.
 *
 *   "Coupe femme samedi 5 décembre à 10h"      → coupe femme WD5 5 MO12 à 10 h
 *   "morgen früh um halb drei"                  → TOMORROW PMORN um halb 3
 *   "the 4th of this month at evening 4"        → the 4 ORD of THISMONTH at PEVE 4
 *   "dopodomani alle tre del pomeriggio"        → DAT alle 3 del PAFT
 *   "en fin de matinée"                         → en LATE de PMORN
 *
 * Markers: WD0…WD6 (Monday…Sunday), MO1…MO12, ORD (an ordinal ending: 1st, 1er, 1°, 5ten), TODAY,
 * TOMORROW, DAT (day after tomorrow), YESTERDAY, DBY (day before yesterday), PMORN, PMID, PAFT, PEVE
 * (parts of the day), NOON, MIDNIGHT, EARLY, LATE, OCLOCK, APPROX, NEXTWEEK, THISWEEK, FOLLOWINGWEEK,
 * WEEKAFTERNEXT, THISWEEKEND, NEXTWEEKEND, THISMONTH, NEXTMONTH, PHONE, PRICE, DURATION, SAMETIME.
 * Numbers keep their own separators as one token: "14:30", "9.30", "15.12.", "15/12/2026",
 * "2026-12-15"; a trailing dot stays on the number ("am 12." → "12.").
 * The words are data in `vocabulary.ts` and `phrases.ts`.
 */
import type { Language } from '@common/languages'
import { cardinalValue, ORDINAL_WORDS, replaceCompoundNumbers } from '../numbers'
import { EARLIEST, NOT_SAME_TIME, PHRASE_EXPRESSIONS, SAME_TIME, SAME_TIME_MARKER } from './phrases'
import {
  BEFORE_ENGLISH_WEEKDAY,
  ENGLISH_WEEKDAY_ABBREVIATIONS,
  FRENCH_WEEKDAY_ABBREVIATIONS,
  FUZZY_TARGETS,
  GERMAN_WEEKDAY_ABBREVIATIONS,
  GERMAN_WEEKDAY_COMPOUND,
  ITALIAN_PART_WORDS,
  LANGUAGE_MARKERS,
  MONTHS,
  MORNING_AFTER,
  NOT_TYPOS,
  PART_MARKERS,
  PARTS,
  SIMPLE_WORDS,
  WEEKDAYS,
} from './vocabulary'

export interface CanonicalText {
  tokens: string[]
  /** The language used for ambiguous words: the caller's, unless the text clearly reads as another. */
  language?: Language
  /** "as soon as possible", "le premier créneau", "nächsten freien Termin", "il prima possibile"… */
  earliest: boolean
  /** "même heure", "same time", "zur gleichen Zeit", "alla stessa ora" (not negated: "pas à la même heure"). */
  sameTime: boolean
}

// ——— Language ———

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

// ——— Characters ———

const PHONE = /(?<![\d/.:-])(?:\+\s?\d{1,3}[\s.-]?)?(?:\(0\)\s?)?\d(?:[\s.-]?\d){7,}(?![\d/:])/g
const YEAR_GROUP = /(?<!\d)(?:19|20)\d\d(?!\d)/

/** Lower case, no accents (but a lone "à"), phone numbers out, ordinal endings and a.m./p.m. marked. */
function foldCharacters(input: string): string {
  const s = input
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
  return (
    s
      .replace(PHONE, (phone) => (YEAR_GROUP.test(phone) ? phone : ' PHONE '))
      // a.m. / p.m.
      .replace(/(?<![a-z])([ap])\.\s?m(?![a-z])\.?/g, ' $1m ')
      // ordinal endings: 1st, 2nd, 12th, 1er, 1ère, 2e, 2ème, 1°, 5ten, 3te
      .replace(/(?<![\d.:/])(\d{1,2})\s?(?:st|nd|rd|th)(?![a-z])/g, '$1 ORD ')
      .replace(/(?<![\d.:/])(\d{1,2})(?:er|ere|re|eme|e|°|º|ª|ten|te|ter|tes|tem)(?![a-z])/g, '$1 ORD ')
      .replace(/([€$£])/g, ' $1 ')
      .replace(/(\d)([a-z])/g, '$1 $2')
      .replace(/([a-z])(\d)/g, '$1 $2')
      .replace(/['"«»“”„()[\]{};]/g, ' ')
      // hyphens: "après-midi" → "après midi", "14h-16h" → "14 h - 16 h"; "15-12" and "2026-12-15" stay
      .replace(/(?<=[a-z])-(?=[a-z])/g, ' ')
      .replace(/(?<=[a-z])-|-(?=[a-z])/g, ' - ')
  )
}

// ——— The canonical text ———

const GREETINGS =
  /(?<=^| )(?:good (?:morning|afternoon|evening|night)|guten (?:morgen|tag|abend)|gute nacht|buon ?giorno|buona ?(?:sera|serata|notte|giornata)|buon pomeriggio|bonne (?:soiree|journee|nuit|apres midi)|bon apres midi)(?= |$)/g

export function canonicalize(input: string, given?: Language): CanonicalText {
  const raw = foldCharacters(input).match(/\d+(?:[.:/-]\d+)*\.?|[a-z]+|[A-Z]+|à|\S/gu) ?? []
  const language = chooseLanguage(raw, given)
  const { score } = guessLanguage(raw)
  // "hier" is yesterday in French, "here" in German.
  const hierIsYesterday = language === 'fr' && score.de <= score.fr
  let text = raw.join(' ')
  const earliest = EARLIEST.test(text)
  text = text.replace(GREETINGS, ' ')
  // "même heure" & co. become one marker, so that "heure", "time" or "ora" is read as nothing else.
  text = text.replace(SAME_TIME, 'SAMETIME')
  const sameTime = SAME_TIME_MARKER.test(text) && !NOT_SAME_TIME.test(text)
  for (const [expression, marker] of PHRASE_EXPRESSIONS) text = text.replace(expression, marker)
  text = mapWords(text.split(' ').filter(Boolean), language, hierIsYesterday).join(' ')
  text = replaceOrdinalWords(text)
  text = replaceCompoundNumbers(text)
  text = mapNumberWords(text.split(' ').filter(Boolean), language).join(' ')
  return { tokens: markQuantities(text).split(' ').filter(Boolean), language, earliest, sameTime }
}

/** Prices and durations are no times. */
function markQuantities(text: string): string {
  return text
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
}

function isNumberToken(token: string | undefined): boolean {
  return token !== undefined && /^\d/.test(token)
}

// ——— Words ———

interface WordContext {
  prev: string | undefined
  next: string | undefined
  afterNext: string | undefined
  language: Language | undefined
  hierIsYesterday: boolean
}

function mapWords(tokens: readonly string[], language: Language | undefined, hierIsYesterday: boolean): string[] {
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] as string
    const context = {
      prev: out[out.length - 1],
      next: tokens[i + 1],
      afterNext: tokens[i + 2],
      language,
      hierIsYesterday,
    }
    const value = calendarWord(word) ?? wordInContext(word, context) ?? abbreviation(word, context)
    out.push(...(value ?? compoundOrTypo(word)).split(' '))
  }
  return out
}

/** A word that is a calendar word by itself: "demain", "matin", "samedi", "décembre". */
function calendarWord(word: string): string | undefined {
  const simple = SIMPLE_WORDS.get(word) ?? PARTS.get(word)
  if (simple) return simple
  const weekday = WEEKDAYS.get(word)
  if (weekday !== undefined) return `WD${weekday}`
  const month = MONTHS.get(word)
  return month === undefined ? undefined : `MO${month}`
}

/** Words whose meaning depends on their neighbours: "morgen", "früh", "hier", "midi", "sept", "primo"… */
function wordInContext(word: string, c: WordContext): string | undefined {
  const { prev, next, language } = c
  switch (word) {
    case 'morgen':
      return prev !== undefined && (MORNING_AFTER.has(prev) || prev.startsWith('WD')) ? 'PMORN' : 'TOMORROW'
    case 'fruh':
      return prev === 'TOMORROW' || prev === 'TODAY' || prev === 'YESTERDAY' || prev?.startsWith('WD')
        ? 'PMORN'
        : 'EARLY'
    case 'hier':
      return c.hierIsYesterday ? 'YESTERDAY' : word
    case 'midi':
      return prev === 'le' || prev === 'ce' || prev === 'du' ? 'PMID' : 'NOON'
    case 'midday':
      return prev === 'the' || prev === 'over' ? 'PMID' : 'NOON'
    case 'sept':
      // "7 sept", "sept 7", English "Sept": September; otherwise French seven.
      return isNumberToken(prev) || prev === 'ORD' || isNumberToken(next) || language === 'en' ? 'MO9' : word
    case 'mar':
      return language !== 'fr' ? 'MO3' : undefined
    case 'set':
    case 'sett':
      return language === 'it' ? 'MO9' : word
    case 'ago':
      return language === 'it' ? 'MO8' : word
    case 'primo':
    case 'prima':
    case 'primi':
    case 'prime':
    case 'presto':
      return next !== undefined && ITALIAN_PART_WORDS.has(next) ? 'EARLY' : word
    case 'fine':
      return next !== undefined && ITALIAN_PART_WORDS.has(next) ? 'LATE' : word
  }
  return undefined
}

/** "3.12", "3.12.", "3.": a day (and month) after a German weekday abbreviation ("Do 3.12."). */
const GERMAN_DATE_NUMBER = /^\d{1,2}\.(?:(?:[1-9]|0[1-9]|1[0-2])\.?)?$/
const FRENCH_TIME_CUES = new Set(['à', 'a', 'vers', 'PMORN', 'PAFT', 'PEVE', 'PMID', 'matin', 'soir'])

/** Weekday abbreviations that are also words: "Sat 5th", "next Wed", "jeu 10", "jeu à 10h", "Do 3.12.", "am Fr". */
function abbreviation(word: string, c: WordContext): string | undefined {
  const { prev, next, language } = c
  const beforeNumber = isNumberToken(next) || (next === '.' && isNumberToken(c.afterNext))
  const english = ENGLISH_WEEKDAY_ABBREVIATIONS.get(word)
  if (english !== undefined && (beforeNumber || (prev !== undefined && BEFORE_ENGLISH_WEEKDAY.has(prev))))
    return `WD${english}`
  const french = FRENCH_WEEKDAY_ABBREVIATIONS.get(word)
  const frenchCue = next !== undefined && FRENCH_TIME_CUES.has(next) && language === 'fr'
  if (french !== undefined && (language === 'fr' || language === undefined) && (beforeNumber || frenchCue))
    return `WD${french}`
  const german = GERMAN_WEEKDAY_ABBREVIATIONS.get(word)
  const germanDate = next !== undefined && GERMAN_DATE_NUMBER.test(next)
  if (german !== undefined && germanDate && (language === 'de' || language === undefined || /\.\d/.test(next ?? '')))
    return `WD${german}`
  if (german !== undefined && prev === 'am' && language === 'de' && next !== undefined) return `WD${german}`
  return undefined
}

/** German "Montagmorgen"; a typo of a weekday or a month ("vendredie", "mercedi", "donnerstg"). */
function compoundOrTypo(word: string): string {
  const compound = GERMAN_WEEKDAY_COMPOUND.exec(word)
  if (compound) {
    const day = WEEKDAYS.get(compound[1] as string) as number
    const partWord = compound[2] === 'morgen' ? 'PMORN' : (PARTS.get(compound[2] as string) ?? 'PEVE')
    return `WD${day} ${partWord}`
  }
  return (/^[a-z]{5,}$/.test(word) && !NOT_TYPOS.has(word) ? fuzzyCalendarWord(word) : undefined) ?? word
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

// ——— Number words ———

const ORDINAL_ALTERNATION = [...ORDINAL_WORDS.keys()].sort((a, b) => b.length - a.length).join('|')
const ORDINAL_BEFORE_MONTH = new RegExp(
  `(?<=^| )(${ORDINAL_ALTERNATION})(?= (?:(?:of|de|di|du|del) )?(?:MO\\d+|THISMONTH|NEXTMONTH)(?: |$))`,
  'g',
)
const ORDINAL_AFTER_MONTH = new RegExp(`(?<=(?:^| )MO\\d+ (?:the )?)(${ORDINAL_ALTERNATION})(?= |$)`, 'g')
/**
 * "am ersten um 10", "on the first", "pour le premier": a day of the month after a preposition;
 * "le premier à 10h", "il primo alle 11", "the first at 10": after an article only when a time, a
 * weekday or a part of the day follows ("le premier", "il primo", "the first" alone pick an offer).
 */
const ORDINAL_AS_DAY = new RegExp(
  `(?<=^| )(on the|for the|until the|by the|am|au|zum|bis zum|jusqu au|pour le|per il|entro il|le|il|the|den) (${ORDINAL_ALTERNATION})(?= (\\S+)|$)`,
  'g',
)
const ARTICLES_ONLY = new Set(['le', 'il', 'the', 'den'])
const AFTER_ORDINAL_DAY = /^(?:à|a|at|um|alle|vers|verso|gegen|around|,|\.|\?|!|WD\d|PMORN|PMID|PAFT|PEVE)$/

/** "the first of March" → "the 1 ORD of MO3"; "le premier à 10h" → "le 1 ORD à 10 h". */
function replaceOrdinalWords(text: string): string {
  const ordinal = (word: string) => `${ORDINAL_WORDS.get(word)} ORD`
  return text
    .replace(ORDINAL_BEFORE_MONTH, ordinal)
    .replace(ORDINAL_AFTER_MONTH, ordinal)
    .replace(ORDINAL_AS_DAY, (phrase, before: string, word: string, after: string | undefined) => {
      const day = after === undefined ? !ARTICLES_ONLY.has(before) : AFTER_ORDINAL_DAY.test(after)
      return day ? `${before} ${ordinal(word)}` : phrase
    })
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
