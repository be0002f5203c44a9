/**
 * WHEN a customer wants an appointment, read from free text in French, German, Italian or English:
 * a day (or a period), a time (or both readings of an hour that does not say morning or afternoon),
 * a part of the day, and a few flags. No external service; see `when-text.ts` for the canonical
 * form the rules below read.
 *
 * Rules for what is ambiguous (documented for the dialogue that uses the answer):
 * - An hour 1–11 without a cue (am/pm, "in the afternoon", "du soir", "nachmittags", "di sera"…)
 *   is ambiguous in English, German and Italian: `timeOptions: [h, h + 12]` (in minutes). French is
 *   read on the 24-hour clock ("à 4h" → 04:00), and so is German with "Uhr" ("um 4 Uhr" → 04:00)
 *   and Italian with "ore" ("alle ore 9" → 09:00). A part of the day said next to the hour or in
 *   the same sentence settles it ("ce soir à 8h" → 20:00, "evening 4" → 16:00). 12 is noon;
 *   0, 13–23 and a leading zero ("09:30") are never ambiguous. Minutes do not settle it
 *   ("alle 9:30" → [570, 1290]). A bare number is a time only with a cue (à, at, um, alle, h, Uhr,
 *   ":", am/pm, o'clock, a part of the day); "9.30" counts for quarter hours from 7 to 21.
 * - Weekday alone, "this <weekday>", "le samedi", "samstags": the next such day, today included.
 *   "next <weekday>", "<weekday> prochain", "nächsten <weekday>", "<weekday> prossimo": the next
 *   such day after today. "<weekday> next week": that day in the next Monday–Sunday week.
 *   "last <weekday>" & co: the previous one (pastDate).
 * - A weekday with a day number ("next Wednesday the 9th", "samedi 5 décembre", "am Donnerstag,
 *   dem 17. Dezember", "Do., 17.12."): the number wins.
 * - Day of month alone ("the 12th", "le 12", "am 12.", "il 12"): this month unless passed, else the
 *   next month that has it. Day + month without year: this year's date when it passed at most 6
 *   months ago (then `pastDate`: "November 30" on 1 December), else the next such date, today
 *   included ("15 janvier" on 1 December is next year).
 * - A full stop, "!", "?", "…" or "," after a time ends the sentence, not the time ("à 18h30." is
 *   18:30; "alle 9.30." is a time, not a date with the closing dot).
 * - "même heure", "same time", "zur gleichen Zeit", "alla stessa ora": `sameTime`, no time invented.
 * - Several dates or times: a negated one ("pas mardi", "not Tuesday", "instead of…") is dropped;
 *   one marked as the new choice ("… instead", "plutôt …", "lieber …", "invece …", or after "to"
 *   when the message changes something: "change the time to 11:45") wins, the last such;
 *   otherwise the first one.
 * - "next weekend" is the weekend of next week; "this weekend"/"le week-end" the coming one;
 *   "next month"/"le mois prochain" the whole next month. A date, when there is one, wins over a period.
 * - German "morgen" is tomorrow, but the morning after heute/gestern/am/jeden/a weekday ("heute
 *   Morgen", "Montag morgen"); "morgen früh" is tomorrow morning. French "hier" is yesterday only
 *   when the message is French (German "hier" is "here"). French "dans huit/quinze jours" is 7/14 days.
 */
import type { Language } from '../../../../common/languages'
import { addDays, isLocalDate, weekdayOf } from '../../../../common/time'
import { canonicalize, isPartMarker } from './when-text'

export type PartOfDay = 'morning' | 'midday' | 'afternoon' | 'evening'

export interface WhenContext {
  /** Today's date in the salon's time zone, 'YYYY-MM-DD'. */
  today: string
  /** The language the message is written in, when known (helps with ambiguous words); optional. */
  language?: Language
  /** A period the conversation already spoke of ("next week sometime"): a weekday alone lands in it. */
  week?: { from: string; to: string }
}

export interface When {
  /** The day asked for, resolved against today ('YYYY-MM-DD'); absent when no day is given. */
  date?: string
  /** A period instead of a day: "next week", "this week", "la semaine prochaine", "nächste Woche", "la settimana prossima" (Monday..Sunday; this week starts today). */
  range?: { from: string; to: string }
  /** A window of the day: "entre 14h et 16h", "after 5pm", "zwischen 10 und 12" (minutes after midnight, end exclusive). */
  timeRange?: { from: number; to: number }
  /** A weekday that could mean two days ("mercredi prochain" said on a Tuesday): both, to ask which. `date` is the first. */
  dateAlternatives?: string[]
  /** The time asked for, minutes after midnight (14:30 → 870). */
  time?: number
  /** When the hour alone does not say morning or afternoon ("at 4", "um 4", "alle 4"; French "à 4h" is 24-hour, see the rules above): both readings, e.g. [240, 960]. `time` is then absent. */
  timeOptions?: number[]
  /** A part of the day without an exact time ("in the morning", "l'après-midi", "am Nachmittag", "di pomeriggio", "en début d'après-midi" → afternoon + early). */
  partOfDay?: PartOfDay
  /** "early afternoon", "début d'après-midi", "am frühen Nachmittag", "primo pomeriggio" → 'early'; "late morning", "fin de matinée", "späten Vormittag", "tarda mattinata" → 'late'. */
  partOfDayEdge?: 'early' | 'late'
  /** "around 13:30", "vers 13h30", "gegen 14 Uhr", "verso le 14", "circa" → true. */
  approximate?: boolean
  /** "the first free slot", "as soon as possible", "le plus tôt possible", "premier créneau", "so bald wie möglich", "nächsten freien Termin", "il prima possibile", "primo posto libero" → true. */
  earliest?: boolean
  /** A date was written that lies before today: yesterday/hier/gestern/ieri, "last Friday", an explicit past year, or a day and month without year that passed at most 6 months ago ("le 3 novembre" when today is 1 December → 2026-11-03). A day and month that passed more than 6 months ago means next year instead ("15 janvier" on 1 December). */
  pastDate?: boolean
  /** "même heure", "à la même heure", "same time", "gleiche Zeit", "zur gleichen Uhrzeit", "stessa ora", "alla stessa ora": the time already spoken of in the dialogue stays. No time is made up for it: `time`/`timeOptions` are set only when a time is written as well. */
  sameTime?: true
}

// ---------------------------------------------------------------------------------------------
// Calendar helpers

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

function makeDate(year: number, month: number, day: number): string | undefined {
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
  return isLocalDate(date) ? date : undefined
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]
}

/** The first day of `month` (1-12) of `year`, `offset` months later. */
function shiftMonth(year: number, month: number, offset: number): [number, number] {
  const index = year * 12 + (month - 1) + offset
  return [Math.floor(index / 12), (index % 12) + 1]
}

/** Day of month without a month: this month unless passed, else the next month that has that day. */
function resolveDayOfMonth(today: string, day: number, weekday?: number): string | undefined {
  const [year, month] = parts(today)
  if (weekday !== undefined) {
    // With a weekday ("Wednesday the 9th"): the first of the next two such days that falls on it.
    const candidates: string[] = []
    for (let offset = 0; offset < 13 && candidates.length < 2; offset++) {
      const [y, m] = shiftMonth(year, month, offset)
      const date = makeDate(y, m, day)
      if (date && date >= today) candidates.push(date)
    }
    const matching = candidates.find((date) => weekdayOf(date) === weekday)
    if (matching) return matching
  }
  for (let offset = 0; offset < 13; offset++) {
    const [y, m] = shiftMonth(year, month, offset)
    const date = makeDate(y, m, day)
    if (date && date >= today) return date
  }
  return undefined
}

/** The same day `count` months earlier, on the last day of that month when it is shorter (31 August → 28 February). */
function monthsBefore(date: string, count: number): string {
  const [year, month, day] = parts(date)
  const [y, m] = shiftMonth(year, month, -count)
  for (let d = day; d > 28; d--) {
    const earlier = makeDate(y, m, d)
    if (earlier) return earlier
  }
  return makeDate(y, m, Math.min(day, 28)) as string
}

/**
 * Day and month without a year: this year's date when it has passed at most 6 months ago (a past
 * date), else the next such date, today included (29 February: the next leap year).
 */
function resolveDayMonth(today: string, day: number, month: number): { date: string; past?: true } | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const [year] = parts(today)
  const thisYear = makeDate(year, month, day)
  if (thisYear && thisYear < today && thisYear >= monthsBefore(today, 6)) return { date: thisYear, past: true }
  for (let y = year; y < year + 9; y++) {
    const date = makeDate(y, month, day)
    if (date && date >= today) return { date }
  }
  return undefined
}

function nextWeekday(today: string, weekday: number, strictlyAfter: boolean): string {
  let delta = (weekday - weekdayOf(today) + 7) % 7
  if (delta === 0 && strictlyAfter) delta = 7
  return addDays(today, delta)
}

function previousWeekday(today: string, weekday: number): string {
  let delta = (weekdayOf(today) - weekday + 7) % 7
  if (delta === 0) delta = 7
  return addDays(today, -delta)
}

function mondayOf(date: string): string {
  return addDays(date, -weekdayOf(date))
}

function fullYear(text: string): number {
  const n = Number(text)
  return text.length <= 2 ? 2000 + n : n
}

// ---------------------------------------------------------------------------------------------
// Mentions

interface Mention {
  start: number
  end: number
}

interface DateMention extends Mention {
  /** explicit: a day number was written; weekday: a weekday alone; relative: today, tomorrow, in 3 days… */
  kind: 'explicit' | 'weekday' | 'relative'
  date?: string
  past?: boolean
  /** A day of month without a month, re-resolved when a weekday goes with it. */
  dayOfMonth?: number
  weekday?: number
}

interface RangeMention extends Mention {
  from: string
  to: string
}

interface TimeMention extends Mention {
  hour: number
  minute: number
  /** Minutes were given with a leading-zero hour ("09:30") or the hour is 0 or 13–23. */
  twentyFour: boolean
  /** French "h"/"heures", German "Uhr", Italian "ore": read on the 24-hour clock. */
  clockWord: boolean
  /** "am"/"pm" written after the time. */
  ampm?: 'am' | 'pm'
  part?: PartOfDay
  approximate: boolean
  /** Languages hinted at by the words around ("à", "um", "alle", "at"…). */
  cueLanguage?: Language
}

interface PartMention extends Mention {
  part: PartOfDay
  edge?: 'early' | 'late'
}

const PART_OF: Record<string, PartOfDay> = { PMORN: 'morning', PMID: 'midday', PAFT: 'afternoon', PEVE: 'evening' }

/** The joined canonical tokens, with helpers to look at the words around a span. */
class Text {
  readonly text: string
  /** Same length as `text`; spans already read are overwritten with '#'. */
  work: string
  /** Offset of each token in `text`. */
  private readonly starts: number[]

  constructor(readonly tokens: string[]) {
    this.text = tokens.join(' ')
    this.work = this.text
    this.starts = []
    let offset = 0
    for (const token of tokens) {
      this.starts.push(offset)
      offset += token.length + 1
    }
  }

  /** Marks spans as read, all at once. */
  consume(spans: readonly (readonly [number, number])[]): void {
    if (spans.length === 0) return
    let work = ''
    let from = 0
    for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
      work += this.work.slice(from, start) + '#'.repeat(end - start)
      from = end
    }
    this.work = work + this.work.slice(from)
  }

  /** Index of the first token starting at or after `offset`. */
  private indexAt(offset: number): number {
    let low = 0
    let high = this.starts.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.starts[mid] as number) < offset) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Tokens before `start`, nearest first. */
  before(start: number, count = 4): string[] {
    const index = this.indexAt(start)
    return this.tokens.slice(Math.max(0, index - count), index).reverse()
  }

  /** Tokens after `end`, nearest first. */
  after(end: number, count = 4): string[] {
    const index = this.indexAt(end)
    return this.tokens.slice(index, index + count)
  }

  /** Unread tokens with their offsets (read ones are runs of '#'). */
  workTokens(): { token: string; start: number; end: number }[] {
    const out: { token: string; start: number; end: number }[] = []
    const re = /\S+/g
    for (let m = re.exec(this.work); m; m = re.exec(this.work))
      out.push({ token: m[0], start: m.index, end: m.index + m[0].length })
    return out
  }
}

/** Runs `pattern` (whole tokens) over the unread text; each match that `read` accepts is consumed. */
function scan(text: Text, pattern: string, read: (m: RegExpExecArray) => boolean): void {
  const re = new RegExp(`(?<=^| )(?:${pattern})(?= |$)`, 'g')
  const matches: RegExpExecArray[] = []
  for (let m = re.exec(text.work); m; m = re.exec(text.work)) matches.push(m)
  const spans: [number, number][] = []
  for (const m of matches) if (read(m)) spans.push([m.index, m.index + m[0].length])
  text.consume(spans)
}

// ---------------------------------------------------------------------------------------------
// Vocabulary of the rules

const DAYN = '(\\d{1,2})\\.?(?: ORD)?'
const YEAR = '(\\d{4})\\.?'
const MONTH = 'MO(\\d{1,2})'
const WEEKDAY = 'WD([0-6])'
const UNIT_WORDS = new Set(
  [
    'min mins minute minutes minuten minuti minuto hour hours hrs hr stunde stunden std ore ora',
    'jour jours day days tag tage tagen giorno giorni semaine semaines week weeks woche wochen settimana settimane',
    'mois month months monat monate monaten mese mesi an ans annee annees year years jahr jahre jahren anno anni',
    'personne personnes pers people persons person personen persone persona fois times mal volte',
    '€ $ £ % eur euro euros chf dollar dollars franc francs franken x kg km cm',
    'coupe coupes haircut haircuts enfant enfants kid kids child children kinder kind bambini bambino adultes adults',
    'ORD PRICE DURATION PHONE',
  ]
    .join(' ')
    .split(' '),
)
/** Markers after a number that make it a time of day. */
const TIME_MARKERS = new Set(['h', 'heure', 'heures', 'uhr', 'OCLOCK', 'am', 'pm', 'NOON'])
/** Words right before a number that make it a time of day. */
const TIME_CUES = new Map<string, Language | undefined>([
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
/** Words right before "9.30." that make it a time, not a date with the closing dot. */
const CLOCK_CUES = new Set(['at', '@', 'um', 'alle', 'ore'])
const APPROX_BEFORE = new Set([
  'around',
  'about',
  'approximately',
  'approx',
  'roughly',
  'circa',
  'environ',
  'vers',
  'gegen',
  'ungefahr',
  'etwa',
  'verso',
  'intorno',
  'APPROX',
])
const APPROX_AFTER = new Set(['environ', 'circa', 'ungefahr', 'etwa', 'ish', 'APPROX'])
/** Words between a time and its part of the day ("5 in the evening", "3 heures de l'après-midi"). */
const PART_FILLERS = new Set([
  'in',
  'the',
  'du',
  'de',
  'la',
  'l',
  'd',
  'del',
  'della',
  'dell',
  'di',
  'nel',
  'nella',
  'am',
  'im',
  'der',
  'des',
  'le',
  'il',
  'al',
  'this',
  'ce',
  'cet',
  'cette',
  'en',
  'dans',
  'of',
  'at',
  'on',
  'a',
  'à',
  'zu',
  'tomorrow',
])
const EDGE_FILLERS = new Set([...PART_FILLERS, 'a', 'un', 'une'])
const DURATION_BEFORE = new Set(['dans', 'pendant', 'durant', 'dure', 'duree', 'prend', 'faut', 'en', 'for', 'in'])
const NUMBER_BEFORE_BLOCKERS = new Set([
  '€',
  '$',
  '£',
  'chf',
  'n',
  'no',
  'nr',
  'numero',
  'num',
  'number',
  '#',
  '+',
  'tel',
])

// ---------------------------------------------------------------------------------------------
// Dates

function readDates(text: Text, today: string, language?: Language): { dates: DateMention[]; ranges: RangeMention[] } {
  const dates: DateMention[] = []
  const ranges: RangeMention[] = []
  const explicit = (m: RegExpExecArray, date: string | undefined, extra: Partial<DateMention> = {}) => {
    if (date) dates.push({ start: m.index, end: m.index + m[0].length, kind: 'explicit', date, ...extra })
    return true // an invalid date (31 February) is still no time nor anything else
  }
  const withYear = (m: RegExpExecArray, year: number, month: number, day: number) => {
    const date = makeDate(year, month, day)
    return explicit(m, date, date && date < today ? { past: true } : {})
  }
  /** A day and month without a year (see `resolveDayMonth`). */
  const dayMonth = (m: RegExpExecArray, resolved: { date: string; past?: true } | undefined) =>
    explicit(m, resolved?.date, resolved?.past ? { past: true } : {})
  const nextIsTime = (m: RegExpExecArray) => {
    const next = text.after(m.index + m[0].length, 2)
    return (
      (next[0] !== undefined && (TIME_MARKERS.has(next[0]) || UNIT_WORDS.has(next[0]) || next[0] === 'e')) ||
      (next[0] === 'meno' && next[1] !== undefined)
    )
  }
  const prevIsTimeCue = (m: RegExpExecArray) => {
    const prev = text.before(m.index, 2)
    return prev[0] !== undefined && (TIME_CUES.has(prev[0]) || (prev[0] === 'le' && prev[1] === 'verso'))
  }

  // 2026-12-15
  scan(text, '(\\d{4})-(\\d{1,2})-(\\d{1,2})\\.?', (m) => withYear(m, Number(m[1]), Number(m[2]), Number(m[3])))
  // 15/12/2026, 15.12.2026, 15-12-26
  scan(text, '(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4}|\\d{2})\\.?', (m) => {
    const [a, b] = [Number(m[1]), Number(m[3])]
    const year = fullYear(m[4] as string)
    if (!makeDate(year, b, a) && language === 'en' && makeDate(year, a, b)) return withYear(m, year, a, b)
    return withYear(m, year, b, a)
  })
  // 15.12. (German, with the closing dot); "alle 9.30." and "um 9.10." at the end of a sentence are times
  scan(text, '(\\d{1,2})\\.(\\d{1,2})\\.', (m) => {
    if (Number(m[2]) > 12 || CLOCK_CUES.has(text.before(m.index, 1)[0] ?? '')) return false
    return dayMonth(m, resolveDayMonth(today, Number(m[1]), Number(m[2])))
  })
  // 15/12 (12/15 in English when the day-first reading is impossible)
  scan(text, '(\\d{1,2})/(\\d{1,2})', (m) => {
    if (nextIsTime(m)) return false
    const [a, b] = [Number(m[1]), Number(m[2])]
    const dayFirst = resolveDayMonth(today, a, b)
    return dayMonth(m, dayFirst ?? (language === 'en' ? resolveDayMonth(today, b, a) : undefined))
  })
  // the 4th of this month, le 12 du mois prochain, am 4. dieses Monats, il 4 di questo mese
  scan(
    text,
    `(?:(?:on the|for the|the|le|il|am|den|dem|der|l|on) )?${DAYN} (?:(?:of|de|du|di|del|dello|des) )?(?:the )?(THISMONTH|NEXTMONTH)`,
    (m) => {
      const [year, month] = parts(today)
      const [y, mo] = shiftMonth(year, month, m[2] === 'NEXTMONTH' ? 1 : 0)
      const date = makeDate(y, mo, Number(m[1]))
      return explicit(m, date, date && date < today ? { past: true } : {})
    },
  )
  // 9 décembre (2026), 9. Dezember, 9 dicembre, the 9th of March, 1er mars
  scan(
    text,
    `(?:(?:on the|for the|the|le|il|am|den|dem|der|l|lo|on|du|au|vom|zum|dal|al) )?${DAYN} (?:(?:of|de|di|del|du) )?${MONTH}(?: \\.)?(?: ,)?(?: ${YEAR})?`,
    (m) => {
      const [day, month, year] = [Number(m[1]), Number(m[2]), m[3]]
      if (year) return withYear(m, Number(year), month, day)
      return dayMonth(m, resolveDayMonth(today, day, month))
    },
  )
  // December 9th (2026), Dec 9, March the 3rd
  scan(text, `${MONTH}(?: \\.)?(?: ,)? (?:the )?${DAYN}(?: ,)?(?: ${YEAR})?`, (m) => {
    if (!m[3] && nextIsTime(m)) return false
    const [month, day, year] = [Number(m[1]), Number(m[2]), m[3]]
    if (year) return withYear(m, Number(year), month, day)
    return dayMonth(m, resolveDayMonth(today, day, month))
  })
  // Tuesday next week, mardi de la semaine prochaine, Samstag dieser Woche, sabato di questa settimana
  const weekOf = (marker: string) => (marker === 'NEXTWEEK' ? addDays(mondayOf(today), 7) : mondayOf(today))
  const weekdayInWeek = (m: RegExpExecArray, weekday: number, marker: string) => {
    const date = addDays(weekOf(marker), weekday)
    dates.push({
      start: m.index,
      end: m.index + m[0].length,
      kind: 'weekday',
      date,
      weekday,
      ...(date < today ? { past: true } : {}),
    })
    return true
  }
  scan(
    text,
    `${WEEKDAY}(?: (?:or|ou|oder|o|and|et|und|e|,) WD[0-6])*(?: ,)?(?: (?:of|de|la|della|di|der|in|dans|nella|im|on|the|,)){0,2} (NEXTWEEK|THISWEEK)`,
    (m) => weekdayInWeek(m, Number(m[1]), m[2] as string),
  )
  scan(text, `(NEXTWEEK|THISWEEK)(?: (?:on|am|le|il|au|el|den|,)){0,2} ${WEEKDAY}`, (m) =>
    weekdayInWeek(m, Number(m[2]), m[1] as string),
  )
  // next Wednesday the 9th, mercredi 9, Mittwoch, den 9., sabato 5
  scan(
    text,
    `(?:(?:the next|next|this|this coming|coming|on|le|am|il|ce|diesen|nachsten|questo|prossimo) )?${WEEKDAY}(?: ,)? (?:(?:the|le|den|dem|der|il|lo) )?(\\d{1,2})\\.?(?: ORD)?`,
    (m) => {
      if (nextIsTime(m)) return false
      const [weekday, day] = [Number(m[1]), Number(m[2])]
      if (day < 1 || day > 31) return false
      const date = resolveDayOfMonth(today, day, weekday)
      if (date)
        dates.push({ start: m.index, end: m.index + m[0].length, kind: 'explicit', date, weekday, dayOfMonth: day })
      return true
    },
  )
  // 15.12 (no closing dot): a date unless it reads as a time ("um 11.12", "9.30", "11.12 Uhr")
  scan(text, '(\\d{1,2})\\.(\\d{1,2})', (m) => {
    if (prevIsTimeCue(m) || nextIsTime(m) || m[2]?.length !== 2 || Number(m[2]) > 12) return false
    const resolved = resolveDayMonth(today, Number(m[1]), Number(m[2]))
    return resolved ? dayMonth(m, resolved) : false
  })
  // 15-12 (not "10-12 h")
  scan(text, '(\\d{1,2})-(\\d{1,2})', (m) => {
    if (prevIsTimeCue(m) || nextIsTime(m)) return false
    const resolved = resolveDayMonth(today, Number(m[1]), Number(m[2]))
    return resolved ? dayMonth(m, resolved) : false
  })
  // in 3 days, dans 3 jours, in 3 Tagen, tra 3 giorni, in a week, dans 15 jours
  scan(
    text,
    '(?:in|dans|tra|fra|entro|d ici) (\\d{1,3}|a|an|one|un|une|ein|einem|einer|una|uno) (days?|jours?|tagen?|tage|giorni|giorno|weeks?|semaines?|wochen?|settimane|settimana)(?: (?:from now|later))?|(\\d{1,3}|a) (days?|weeks?) from (?:now|today)',
    (m) => {
      const count = Number(m[1] ?? m[3]) || 1
      const unit = (m[2] ?? m[4]) as string
      const week = /^(?:week|semaine|woche|settiman)/.test(unit)
      let days = week ? count * 7 : count
      // French "dans huit jours" is a week, "dans quinze jours" two.
      if (unit.startsWith('jour') && (count === 8 || count === 15)) days = count - 1
      dates.push({ start: m.index, end: m.index + m[0].length, kind: 'relative', date: addDays(today, days) })
      return true
    },
  )
  // today, tomorrow, yesterday…
  const RELATIVE: Record<string, number> = { TODAY: 0, TOMORROW: 1, DAT: 2, YESTERDAY: -1, DBY: -2 }
  scan(text, 'TODAY|TOMORROW|DAT|YESTERDAY|DBY', (m) => {
    const offset = RELATIVE[m[0]] as number
    dates.push({
      start: m.index,
      end: m.index + m[0].length,
      kind: 'relative',
      date: addDays(today, offset),
      ...(offset < 0 ? { past: true } : {}),
    })
    return true
  })
  // this morning, ce soir, questa sera, diesen Abend: today (the part of the day stays to be read)
  scan(text, '(?:this|ce|cet|cette|questo|questa|diesen|diesem)(?= P(?:MORN|MID|AFT|EVE)(?: |$))', (m) => {
    dates.push({ start: m.index, end: m.index + m[0].length, kind: 'relative', date: today })
    return true
  })
  // Weekdays: samedi, this Saturday, next Sunday, dimanche prochain, nächsten Sonntag, sabato scorso…
  const NEXT_BEFORE =
    'the next|next|this coming|coming|le prochain|la prochaine|prochain|nachsten|nachster|nachstes|nachste|kommenden|kommender|kommendes|kommende|il prossimo|la prossima|prossimo|prossima'
  const LAST_BEFORE = 'last|past|letzten|letzter|letztes|vergangenen|vergangener|lo scorso|la scorsa|scorso|scorsa'
  const THIS_BEFORE = 'this|ce|cette|diesen|dieser|diesem|questo|questa|on|le|(?<![0-9] )am|il|la|lo|the|au|jeden'
  const NEXT_AFTER = 'prochain|prochaine|prossimo|prossima|qui vient'
  const LAST_AFTER = 'dernier|derniere|passe|scorso|scorsa'
  scan(
    text,
    `(?:(${NEXT_BEFORE}) |(${LAST_BEFORE}) |(?:${THIS_BEFORE}) )?${WEEKDAY}(?: (${NEXT_AFTER})| (${LAST_AFTER}))?`,
    (m) => {
      const weekday = Number(m[3])
      const next = m[1] !== undefined || m[4] !== undefined
      const last = m[2] !== undefined || m[5] !== undefined
      const date = last ? previousWeekday(today, weekday) : nextWeekday(today, weekday, next)
      dates.push({
        start: m.index,
        end: m.index + m[0].length,
        kind: 'weekday',
        date,
        weekday,
        ...(last ? { past: true } : {}),
      })
      return true
    },
  )
  // the 12th, on the 5th, le 12, le 1er, am 12., den 3., il 12, l'11
  const bareDay = (m: RegExpExecArray) => {
    if (nextIsTime(m) || (!m[0].endsWith('ORD') && nextIsPart(text, m.index + m[0].length))) return false
    const day = Number(m[1])
    if (day < 1 || day > 31) return false
    const date = resolveDayOfMonth(today, day)
    if (date) dates.push({ start: m.index, end: m.index + m[0].length, kind: 'explicit', date, dayOfMonth: day })
    return true
  }
  scan(text, '(?:(?:on the|for the|by the|until the|the|on|for|le|il|am|den|der|l|lo|el) )?(\\d{1,2})\\.? ORD', bareDay)
  if (language !== 'it') scan(text, 'le (\\d{1,2})', bareDay)
  // "reporter au 10" (only when something is being moved: "au 10" is also an address)
  if (language !== 'it' && language !== 'de' && CHANGE.test(text.text)) scan(text, 'au (\\d{1,2})', bareDay)
  if (language !== 'fr' && language !== 'en') scan(text, '(?:il|l) (\\d{1,2})', bareDay)
  if (language !== 'fr' && language !== 'it' && language !== 'en')
    scan(text, '(?:(?<![0-9] )am|den|dem|der|zum|vom|bis zum) (\\d{1,2})\\.?', bareDay)
  if (language === 'en') scan(text, '(?:on the|for the) (\\d{1,2})', bareDay)

  // Periods
  scan(text, 'NEXTWEEK|THISWEEK|NEXTWEEKEND|THISWEEKEND|NEXTMONTH|THISMONTH', (m) => {
    const monday = mondayOf(today)
    let from: string
    let to: string
    switch (m[0]) {
      case 'NEXTWEEK':
        from = addDays(monday, 7)
        to = addDays(monday, 13)
        break
      case 'THISWEEK':
        from = today
        to = addDays(monday, 6)
        break
      case 'NEXTWEEKEND':
        from = addDays(monday, 12)
        to = addDays(monday, 13)
        break
      case 'THISWEEKEND':
        from = addDays(monday, 5) < today ? today : addDays(monday, 5)
        to = addDays(monday, 6)
        break
      default: {
        const [year, month] = parts(today)
        const [y, mo] = shiftMonth(year, month, m[0] === 'NEXTMONTH' ? 1 : 0)
        const [ny, nm] = shiftMonth(y, mo, 1)
        from = m[0] === 'NEXTMONTH' ? (makeDate(y, mo, 1) as string) : today
        to = addDays(makeDate(ny, nm, 1) as string, -1)
      }
    }
    ranges.push({ start: m.index, end: m.index + m[0].length, from, to })
    return true
  })
  return { dates: mergeWeekdays(text, dates, today), ranges }
}

/** "le 3 de l'après-midi", "le 3 del pomeriggio": an hour, not a day. */
function nextIsPart(text: Text, end: number): boolean {
  const next = text.after(end, 4)
  for (const token of next) {
    if (isPartMarker(token)) return true
    if (!['de', 'du', 'l', 'd', 'del', 'della', 'dell', 'di', 'nel', 'nella', 'la', 'il'].includes(token)) return false
  }
  return false
}

/** A weekday next to an explicit date ("samedi 5 décembre", "Friday, December 4th") goes with it. */
function mergeWeekdays(text: Text, dates: DateMention[], today: string): DateMention[] {
  const sorted = [...dates].sort((a, b) => a.start - b.start)
  const dropped = new Set<DateMention>()
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i] as DateMention
    const b = sorted[i + 1]
    if (!b) break
    const gap = text.text.slice(a.end, b.start)
    const [weekday, date] = a.kind === 'weekday' ? [a, b] : b.kind === 'weekday' ? [b, a] : [undefined, undefined]
    if (!weekday || !date || date.kind !== 'explicit') continue
    if (!/^[\s,.]*(?:(?:the|le|den|dem|der|il|lo|on|am|a|an|un|une|ein|einem|uno|una)\s+)*[\s,.]*$/.test(gap)) continue
    dropped.add(weekday)
    if (date.dayOfMonth !== undefined && date.weekday === undefined && weekday.weekday !== undefined) {
      date.date = resolveDayOfMonth(today, date.dayOfMonth, weekday.weekday) ?? date.date
      date.weekday = weekday.weekday
    }
    date.start = Math.min(date.start, weekday.start)
    date.end = Math.max(date.end, weekday.end)
  }
  return sorted.filter((d) => !dropped.has(d))
}

// ---------------------------------------------------------------------------------------------
// Times

interface Core {
  hour: number
  minute: number
  end: number // index after the last token used
  clockWord?: boolean
  twentyFour?: boolean
  ampm?: 'am' | 'pm'
  /** Said with a word that makes it a time by itself ("halb", "quarter past", "e mezza", "h"…). */
  strong: boolean
  cue?: Language
}

type Tok = { token: string; start: number; end: number }

function hourValue(token: string | undefined): number | undefined {
  if (token === undefined) return undefined
  if (token === 'NOON') return 12
  if (token === 'MIDNIGHT') return 0
  const m = /^(\d{1,2})\.?$/.exec(token)
  return m ? Number(m[1]) : undefined
}

/**
 * A number of minutes (0–59). After the hour ("14 h 30", "14 Uhr 30", "moins 10", "e 30") `atEnd`
 * lets a full stop end the sentence: "à 18h30." is 18:30.
 */
function minuteValue(token: string | undefined, atEnd = false): number | undefined {
  const m = token === undefined ? null : (atEnd ? /^(\d{1,2})\.?$/ : /^(\d{1,2})$/).exec(token)
  if (!m) return undefined
  const n = Number(m[1])
  return n <= 59 ? n : undefined
}

/** Minutes said after the hour: "et quart", "et demie", "moins le quart", "moins 10", "e mezza", "e un quarto", "meno 10". */
function minuteSuffix(toks: Tok[], i: number, italianCue: boolean): { delta: number; next: number } | undefined {
  const t = (k: number) => toks[i + k]?.token
  if (t(0) === 'et' && t(1) === 'quart') return { delta: 15, next: i + 2 }
  if (t(0) === 'et' && (t(1) === 'demie' || t(1) === 'demi')) return { delta: 30, next: i + 2 }
  if (t(0) === 'moins' && t(1) === 'le' && t(2) === 'quart') return { delta: -15, next: i + 3 }
  if (t(0) === 'moins' && t(1) === 'quart') return { delta: -15, next: i + 2 }
  if (t(0) === 'moins' && minuteValue(t(1), true) !== undefined)
    return { delta: -(minuteValue(t(1), true) as number), next: i + 2 }
  if (t(0) === 'e' && (t(1) === 'mezza' || t(1) === 'mezzo')) return { delta: 30, next: i + 2 }
  if (t(0) === 'e' && t(1) === 'un' && t(2) === 'quarto') return { delta: 15, next: i + 3 }
  if (t(0) === 'e' && t(1) === 'quarto') return { delta: 15, next: i + 2 }
  if (t(0) === 'e' && t(1) === '3' && t(2) === 'quarti') return { delta: 45, next: i + 3 }
  if (t(0) === 'meno' && t(1) === 'un' && t(2) === 'quarto') return { delta: -15, next: i + 3 }
  if (t(0) === 'meno' && t(1) === 'quarto') return { delta: -15, next: i + 2 }
  if (t(0) === 'meno' && minuteValue(t(1), true) !== undefined)
    return { delta: -(minuteValue(t(1), true) as number), next: i + 2 }
  if (italianCue && t(0) === 'e' && minuteValue(t(1), true) !== undefined)
    return { delta: minuteValue(t(1), true) as number, next: i + 2 }
  return undefined
}

function withDelta(hour: number, minute: number, delta: number): [number, number] {
  const total = (((hour * 60 + minute + delta) % 1440) + 1440) % 1440
  return [Math.floor(total / 60), total % 60]
}

/** Hour said as "the next hour" in "quarter to 11", "halb drei", "viertel vor zehn": 1 → 12 (noon). */
function before(hour: number, minutesBefore: number): [number, number] {
  const [h, m] = withDelta(hour, 0, -minutesBefore)
  return [h === 0 && hour === 1 ? 12 : h, m]
}

/** Reads a time whose first token is toks[i]; undefined when there is none there. */
function readCore(toks: Tok[], i: number, italianCue: boolean, cued: boolean): Core | undefined {
  const t = (k: number) => toks[i + k]?.token
  const first = t(0)
  if (first === undefined) return undefined
  // English: a quarter past ten, half past 6, 20 past 3, quarter to 11, 10 to 4
  {
    let k = 0
    if (t(0) === 'a' && t(1) === 'quarter') k = 1
    const lead = t(k)
    const amount = lead === 'quarter' ? 15 : lead === 'half' ? 30 : minuteValue(lead)
    const link = t(k + 1) === 'minutes' ? t(k + 2) : t(k + 1)
    const hourIndex = t(k + 1) === 'minutes' ? k + 3 : k + 2
    const hour = hourValue(t(hourIndex))
    // Numbers: only the usual five-minute steps, so that "from 3 to 4" stays a span of hours.
    const usual = lead === 'quarter' || lead === 'half' || [5, 10, 20, 25].includes(amount ?? -1)
    if (amount !== undefined && usual && hour !== undefined && hour <= 12) {
      if (link === 'past' || link === 'after') {
        return { hour, minute: amount, end: i + hourIndex + 1, strong: true, cue: 'en' }
      }
      if ((link === 'to' || link === 'till' || link === 'before') && lead !== 'half') {
        const [h, m] = before(hour, amount)
        return { hour: h, minute: m, end: i + hourIndex + 1, strong: lead === 'quarter', cue: 'en' }
      }
    }
    // British "half six"
    if (lead === 'half' && k === 0) {
      const h = hourValue(t(1))
      if (h !== undefined && h >= 1 && h <= 12 && !/\.$/.test(t(1) as string))
        return { hour: h, minute: 30, end: i + 2, strong: false, cue: 'en' }
    }
  }
  // German: halb drei, viertel nach neun, viertel vor zehn, dreiviertel zehn, viertel zehn, 5 nach halb 3, 10 vor 4
  {
    const hourAt = (k: number) => {
      const h = hourValue(t(k))
      return h !== undefined && h >= 1 && h <= 12 ? h : undefined
    }
    if (first === 'halb' && hourAt(1) !== undefined) {
      const [h, m] = before(hourAt(1) as number, 30)
      return { hour: h, minute: m, end: i + 2, strong: true, cue: 'de' }
    }
    if (first === 'viertel' && t(1) === 'nach' && hourAt(2) !== undefined)
      return { hour: hourAt(2) as number, minute: 15, end: i + 3, strong: true, cue: 'de' }
    if (first === 'viertel' && t(1) === 'vor' && hourAt(2) !== undefined) {
      const [h, m] = before(hourAt(2) as number, 15)
      return { hour: h, minute: m, end: i + 3, strong: true, cue: 'de' }
    }
    if ((first === 'dreiviertel' && hourAt(1) !== undefined) || (first === '3' && t(1) === 'viertel' && hourAt(2))) {
      const k = first === 'dreiviertel' ? 1 : 2
      const [h, m] = before(hourAt(k) as number, 15)
      return { hour: h, minute: m, end: i + k + 1, strong: true, cue: 'de' }
    }
    if (first === 'viertel' && hourAt(1) !== undefined) {
      const [h, m] = before(hourAt(1) as number, 45)
      return { hour: h, minute: m, end: i + 2, strong: true, cue: 'de' }
    }
    const amount = minuteValue(first)
    if (amount !== undefined && amount >= 1 && amount < 30) {
      if ((t(1) === 'nach' || t(1) === 'vor') && t(2) === 'halb' && hourAt(3) !== undefined) {
        const [h, m] = before(hourAt(3) as number, t(1) === 'nach' ? 30 - amount : 30 + amount)
        return { hour: h, minute: m, end: i + 4, strong: true, cue: 'de' }
      }
      if (t(1) === 'nach' && hourAt(2) !== undefined && !UNIT_WORDS.has(t(3) ?? ''))
        return { hour: hourAt(2) as number, minute: amount, end: i + 3, strong: true, cue: 'de' }
      if (t(1) === 'vor' && hourAt(2) !== undefined && !UNIT_WORDS.has(t(3) ?? '')) {
        const [h, m] = before(hourAt(2) as number, amount)
        return { hour: h, minute: m, end: i + 3, strong: true, cue: 'de' }
      }
    }
  }
  // Noon, midnight (+ "et demi", "e mezza", "moins le quart"…)
  if (first === 'NOON' || first === 'MIDNIGHT') {
    const hour = first === 'NOON' ? 12 : 0
    const suffix = minuteSuffix(toks, i + 1, true)
    const [h, m] = suffix ? withDelta(hour, 0, suffix.delta) : [hour, 0]
    return { hour: h, minute: m, end: suffix ? suffix.next : i + 1, twentyFour: true, strong: true }
  }
  // Numbers: 14, 14:30, 9.30, 10-12 h
  let hour: number | undefined
  let minute = 0
  let separator = ''
  let leadingZero = false
  const plain = /^(\d{1,2})\.?$/.exec(first)
  const withMinutes = /^(\d{1,2})([:.])(\d{2})\.?$/.exec(first)
  const span = /^(\d{1,2})-\d{1,2}$/.exec(first)
  const digits = (plain ?? withMinutes)?.[1]
  if (digits) leadingZero = digits.length === 2 && digits.startsWith('0')
  if (plain) hour = Number(plain[1])
  else if (withMinutes) {
    hour = Number(withMinutes[1])
    minute = Number(withMinutes[3])
    separator = withMinutes[2] as string
  } else if (span && TIME_MARKERS.has(t(1) ?? '')) hour = Number(span[1])
  if (hour === undefined || hour > 24 || minute > 59) return undefined
  const core: Core = { hour, minute, end: i + 1, strong: separator === ':', twentyFour: leadingZero }
  let k = 1
  const marker = t(k)
  if (marker === 'h' || marker === 'heure' || marker === 'heures') {
    core.clockWord = true
    core.strong = true
    core.cue = 'fr'
    k++
    const mm = separator ? undefined : minuteValue(t(k), true)
    if (mm !== undefined && !TIME_MARKERS.has(t(k + 1) ?? '')) {
      core.minute = mm
      k++
    }
  } else if (marker === 'uhr') {
    core.clockWord = true
    core.strong = true
    core.cue = 'de'
    k++
    const mm = separator ? undefined : minuteValue(t(k), true)
    if (mm !== undefined && !TIME_MARKERS.has(t(k + 1) ?? '') && !UNIT_WORDS.has(t(k + 1) ?? '')) {
      core.minute = mm
      k++
    }
  } else if (marker === 'OCLOCK') {
    core.strong = true
    core.cue = 'en'
    k++
  } else if (marker === 'NOON' && hour === 12) {
    core.strong = true
    k++
  }
  if (!separator) {
    const suffix = minuteSuffix(toks, i + k, italianCue)
    if (suffix) {
      ;[core.hour, core.minute] = withDelta(core.hour, core.minute, suffix.delta)
      if (suffix.delta < 0 && core.hour === 0 && hour === 1) core.hour = 12
      core.strong = true
      k = suffix.next - i
    } else if (k === 1 && hour <= 23) {
      // "at seven thirty", "7 45 pm": minutes as a second number, after a cue or before am/pm
      const mm = minuteValue(t(1), true)
      const following = t(2) ?? ''
      if (
        mm !== undefined &&
        mm >= 10 &&
        (cued || following === 'am' || following === 'pm') &&
        !UNIT_WORDS.has(following)
      ) {
        core.minute = mm
        k = 2
      }
    }
  }
  const ampm = t(k)
  if (ampm === 'pm' || ampm === 'am') {
    core.ampm = ampm
    core.strong = true
    core.cue = core.cue ?? 'en'
    k++
  }
  if (t(k) === 'ish') k++
  core.end = i + k
  if (core.hour >= 24) return undefined
  return core
}

function readTimes(text: Text, language?: Language): TimeMention[] {
  const toks = text.workTokens()
  const times: TimeMention[] = []
  const usedUntil = { index: -1 }
  for (let i = 0; i < toks.length; i++) {
    if (i <= usedUntil.index) continue
    const tok = toks[i] as Tok
    if (tok.token.startsWith('#')) continue
    const prev = (k: number) => toks[i - k]?.token
    // Cue before: "à", "at", "um", "alle", "verso le", "vers les", "alle ore"
    let cueIndex = i - 1
    while (cueIndex >= 0 && ['le', 'les', 'the', 'ore'].includes(toks[cueIndex]?.token ?? '') && cueIndex > i - 3)
      cueIndex--
    const cueToken = toks[cueIndex]?.token
    const italianLe = language === 'it' && prev(1) === 'le'
    const aCue = prev(1) === 'a' && (language === 'fr' || language === 'it' || language === undefined)
    const hasCue = (cueToken !== undefined && TIME_CUES.has(cueToken)) || prev(1) === 'ore' || italianLe || aCue
    const italianCue = ['alle', 'ore', 'verso', 'dalle'].includes(cueToken ?? '') || italianLe
    const core = readCore(toks, i, italianCue, hasCue)
    if (!core) continue
    const last = toks[core.end - 1] as Tok
    const after = toks[core.end]?.token
    // Part of the day just before ("evening 4", "in the afternoon 1") or just after ("5 in the evening")
    let part: PartOfDay | undefined
    if (isPartMarker(prev(1))) part = PART_OF[prev(1) as string]
    let partEnd = core.end
    for (let k = core.end; k < toks.length && k < core.end + 4; k++) {
      const token = toks[k]?.token as string
      if (isPartMarker(token)) {
        part = PART_OF[token]
        partEnd = k + 1
        break
      }
      if (!PART_FILLERS.has(token)) break
    }
    const isNumberLed = /^\d/.test(tok.token)
    const quarterDot = /^(?:[7-9]|1\d|2[01])\.(?:00|15|30|45)\.?$/.test(tok.token)
    if (isNumberLed && !core.strong && !hasCue && !part && !core.ampm && !quarterDot) continue
    if (isNumberLed && after !== undefined && UNIT_WORDS.has(after) && !core.strong) continue
    if (NUMBER_BEFORE_BLOCKERS.has(prev(1) ?? '')) continue
    if (core.clockWord && core.cue === 'fr' && DURATION_BEFORE.has(prev(1) ?? '') && !hasCue) continue
    // "9.30" is a time when its minutes are a quarter of a salon hour ("9.30", "14.45"), else it needs a cue
    if (/^\d{1,2}\.\d{2}/.test(tok.token) && !quarterDot && !hasCue && !core.clockWord && !core.ampm && !part) continue
    // German "am" after an hour is "on the…", not a.m.
    if (core.ampm === 'am' && (language === 'de' || cueToken === 'um')) {
      core.ampm = undefined
      core.end--
    }
    const approxBefore = approximateBefore(text.before(tok.start, 4))
    const approxAfter = text.after(last.end, 2).some((w) => APPROX_AFTER.has(w)) || toks[core.end - 1]?.token === 'ish'
    const cueLanguage =
      core.cue ?? (cueToken !== undefined ? TIME_CUES.get(cueToken) : undefined) ?? (aCue ? 'fr' : undefined)
    times.push({
      start: (hasCue && cueToken !== undefined ? (toks[cueIndex] as Tok) : tok).start,
      end: (toks[Math.max(partEnd, core.end) - 1] as Tok).end,
      hour: core.hour,
      minute: core.minute,
      twentyFour: core.twentyFour === true || core.hour === 0 || core.hour >= 13,
      clockWord: core.clockWord === true || prev(1) === 'ore',
      ...(core.ampm ? { ampm: core.ampm } : {}),
      ...(part ? { part } : {}),
      approximate: approxBefore || approxAfter,
      ...(cueLanguage ? { cueLanguage } : {}),
    })
    usedUntil.index = Math.max(partEnd, core.end) - 1
  }
  return times
}

const APPROX_SKIP = new Set(['à', 'a', 'at', 'um', 'alle', 'le', 'les', 'the', 'ore', '@'])

/** "around 3", "vers 13h30", "gegen 14 Uhr", "verso le 14" (but not "how about 3"). Words nearest first. */
function approximateBefore(words: string[]): boolean {
  for (let i = 0; i < words.length && i < 3; i++) {
    const word = words[i] as string
    if (APPROX_BEFORE.has(word)) return !(word === 'about' && (words[i + 1] === 'how' || words[i + 1] === 'what'))
    if (!APPROX_SKIP.has(word)) return false
  }
  return false
}

/** Minutes after midnight, or both readings of an hour that does not say which half of the day. */
function resolveTime(t: TimeMention, part: PartOfDay | undefined, language?: Language): number | number[] {
  const minutes = (h: number) => h * 60 + t.minute
  if (t.ampm === 'pm') return minutes(t.hour < 12 ? t.hour + 12 : t.hour)
  if (t.ampm === 'am') return minutes(t.hour === 12 ? 0 : t.hour)
  const p = t.part ?? part
  if (t.hour >= 1 && t.hour <= 11 && !t.twentyFour) {
    if (p === 'afternoon' || p === 'evening') return minutes(t.hour + 12)
    if (p === 'midday' && t.hour <= 3) return minutes(t.hour + 12)
    if (p === 'morning' || p === 'midday') return minutes(t.hour)
  }
  if (t.twentyFour || t.hour === 0 || t.hour >= 12) return minutes(t.hour)
  if (t.clockWord) return minutes(t.hour)
  const lang = t.cueLanguage ?? language
  if (lang === 'fr') return minutes(t.hour)
  return [minutes(t.hour), minutes(t.hour + 12)]
}

// ---------------------------------------------------------------------------------------------
// Parts of the day

function readParts(text: Text): PartMention[] {
  const toks = text.workTokens()
  const out: PartMention[] = []
  toks.forEach((tok, i) => {
    const part = PART_OF[tok.token]
    if (!part) return
    let edge: 'early' | 'late' | undefined
    let start = tok.start
    for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
      const token = toks[k]?.token as string
      if (token === 'EARLY' || token === 'LATE') {
        edge = token === 'EARLY' ? 'early' : 'late'
        start = (toks[k] as Tok).start
        break
      }
      if (!EDGE_FILLERS.has(token)) break
    }
    const next = toks[i + 1]?.token
    if (!edge && (next === 'EARLY' || next === 'LATE')) edge = next === 'EARLY' ? 'early' : 'late'
    out.push({ start, end: tok.end, part, ...(edge ? { edge } : {}) })
  })
  return out
}

// ---------------------------------------------------------------------------------------------
// Choosing among several mentions

const FILLERS = new Set([
  'the',
  'a',
  'an',
  'on',
  'at',
  'for',
  'le',
  'la',
  'l',
  'les',
  'au',
  'aux',
  'am',
  'um',
  'den',
  'dem',
  'der',
  'die',
  'das',
  'il',
  'lo',
  'alle',
  'al',
  'à',
  'de',
  'du',
  'd',
  'it',
  'ore',
  'en',
  'in',
  'im',
  'di',
  'del',
  'della',
  'un',
  'une',
  'ein',
  'einen',
  'einem',
  'zum',
  'zur',
  ',',
  'be',
  'maybe',
  'perhaps',
  'vielleicht',
  'peut',
  'etre',
  'forse',
])
const NEGATIONS = new Set(['not', 'pas', 'nicht', 'non', 'kein', 'keinen', 'keine', 'never', 'jamais', 'nie', 'mai'])
const PREFERRED_AFTER = new Set(['instead', 'plutot', 'invece', 'stattdessen', 'lieber', 'rather', 'piuttosto'])
const PREFERRED_BEFORE = new Set([...PREFERRED_AFTER, 'anzi', 'eher', 'sondern', 'mais', 'but', 'ma', 'better'])
const NEGATED_BEFORE =
  /(?:can t|cannot|can not|couldn t|won t|don t|peux pas|pourrai pas|kann nicht|kann ich nicht|non posso)(?: (?:do|make|come|manage|venir|kommen|venire))?$/
const PREFERRED_PHRASE_BEFORE = /(?:what about|how about|et si|wie ware es mit|wie wars mit|che ne dici di|e se)$/
const FROM_WORDS = new Set(['from', 'von', 'vom', 'dal', 'dalla', 'da'])
const REPLACED_BEFORE = [
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
const TO_WORDS = new Set(['to', 'à', 'a', 'au', 'auf', 'pour', 'per', 'su', 'into', 'al', 'alla', 'alle', 'for'])
const CHANGE =
  /(?<=^| )(?:chang\w*|mov\w*|switch\w*|resched\w*|shift\w*|postpon\w*|push|make it|deplac\w*|decal\w*|modifi\w*|avanc\w*|report\w*|repouss\w*|verschieb\w*|verleg\w*|ander\w*|umbuch\w*|sposta\w*|spostia\w*|cambia\w*|anticip\w*|posticip\w*)(?= |$)/

function score(text: Text, mention: Mention, change: boolean): number {
  const beforeWords = text.before(mention.start, 6)
  let k = 0
  let toBefore = false
  while (k < beforeWords.length && FILLERS.has(beforeWords[k] as string)) {
    if (TO_WORDS.has(beforeWords[k] as string)) toBefore = true
    k++
  }
  const lead = beforeWords[k]
  const lead2 = `${beforeWords[k + 1] ?? ''} ${lead ?? ''}`.trim()
  if (lead !== undefined && TO_WORDS.has(lead)) toBefore = true
  // "au 10", "to the 12th": the preposition may be part of the mention itself
  if (TO_WORDS.has(text.text.slice(mention.start, mention.end).split(' ')[0] ?? '')) toBefore = true
  if (change && (beforeWords[0] === 'de' || beforeWords[0] === 'du' || beforeWords[0] === 'd')) return -1
  const phrase = beforeWords
    .slice(k, k + 4)
    .reverse()
    .join(' ')
  if ((lead !== undefined && NEGATIONS.has(lead)) || NEGATED_BEFORE.test(phrase)) return -2
  if (PREFERRED_PHRASE_BEFORE.test(phrase)) return 1
  if (lead !== undefined && (REPLACED_BEFORE.includes(lead) || REPLACED_BEFORE.includes(lead2)))
    return change || !FROM_WORDS.has(lead) ? -1 : 0
  if (lead !== undefined && PREFERRED_BEFORE.has(lead)) return 1
  if (change && toBefore) return 1
  const afterWords = text.after(mention.end, 4)
  const offset = afterWords[0] === ',' ? 1 : 0
  const next = afterWords[offset]
  const following = afterWords[offset + 1]
  if (next !== undefined && PREFERRED_AFTER.has(next) && !['of', 'di', 'than', 'que', 'del'].includes(following ?? ''))
    return 1
  if (next === 'a' && following === 'la' && afterWords[offset + 2] === 'place') return 1
  return 0
}

function choose<T extends Mention>(text: Text, mentions: T[], change: boolean): T | undefined {
  let best: T | undefined
  let bestScore = Number.NEGATIVE_INFINITY
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    const s = score(text, mention, change)
    if (s > bestScore || (s === bestScore && s > 0)) {
      best = mention
      bestScore = s
    }
  }
  return best
}

function sentenceBreakBetween(text: Text, a: Mention, b: Mention): boolean {
  const [first, second] = a.start < b.start ? [a, b] : [b, a]
  return /(?:^| )[.?!;](?= |$)/.test(text.text.slice(first.end, second.start))
}

// ---------------------------------------------------------------------------------------------

export function parseWhen(message: string, context: WhenContext): When {
  const { today } = context
  const canonical = canonicalize(message, context.language)
  const language = canonical.language
  const text = new Text(canonical.tokens)
  const change =
    CHANGE.test(text.text) || /(?<=^| )(?:instead|plutot|invece|stattdessen|lieber|rather)(?= |$)/.test(text.text)

  const { dates, ranges } = readDates(text, today, language)
  const times = readTimes(text, language)
  const partsOfDay = readParts(text)

  const when: When = {}
  const date = choose(text, dates, change)
  if (date?.date) {
    when.date = date.date
    if (date.past) when.pastDate = true
  } else {
    const range = choose(text, ranges, change)
    if (range) when.range = { from: range.from, to: range.to }
  }

  const partMention = choose(text, partsOfDay, change)
  const time = choose(text, times, change)
  let part = time?.part ?? partMention?.part
  if (time) {
    // A part of the day said in the same sentence settles the hour ("ce soir à 8h", "tomorrow morning at 9").
    const sameSentence = partMention !== undefined && !sentenceBreakBetween(text, partMention, time)
    const value = resolveTime(time, sameSentence ? partMention.part : undefined, language)
    if (Array.isArray(value)) when.timeOptions = value
    else when.time = value
    if (time.approximate) when.approximate = true
    if (time.part) part = time.part
  }
  if (part) {
    when.partOfDay = part
    const edgeSource =
      partMention && partMention.part === part ? partMention : partsOfDay.find((p) => p.part === part && p.edge)
    if (edgeSource?.edge) when.partOfDayEdge = edgeSource.edge
    if (!time && partMention && approximateBefore(text.before(partMention.start, 4))) when.approximate = true
  }
  if (canonical.earliest) when.earliest = true
  if (canonical.sameTime) when.sameTime = true
  return when
}
