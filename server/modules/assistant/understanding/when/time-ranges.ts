/**
 * Windows of the day: "entre 14h et 16h", "de 14h à 16h", "14h-16h", "between 2 and 4pm",
 * "from 2 to 4", "zwischen 10 und 12", "von 10 bis 12", "tra le 15 e le 17", "dalle 15 alle 17";
 * one-sided: "après 17h", "à partir de 15h", "after 5pm", "nach 17 Uhr", "ab 15 Uhr", "dopo le 17"
 * (to the end of the day, 24:00) and "avant 10h", "before 10am", "vor 10 Uhr", "bis 12 Uhr",
 * "prima delle 10", "jusqu'à 16h" (from 00:00); "pas avant 10h", "not before 10" are after 10.
 * Minutes after midnight, end exclusive. An hour 1–11 without am/pm or a part of the day takes the
 * reading that makes a plausible salon window: both ends within 7:00–21:00, start before end,
 * most of it in 9:00–19:00 ("between 2 and 4" → 14:00–16:00, "zwischen 10 und 12" → 10:00–12:00).
 */
import { type Core, readClock, readNumericClock } from './clock'
import {
  AFTER_WORDS,
  BEFORE_WORDS,
  BETWEEN_WORDS,
  CLOCK_LEADS,
  FROM_TIME_WORDS,
  RANGE_LINKS,
  RANGE_NEGATIONS,
  RANGE_SKIP,
  UNIT_WORDS,
} from './cue-words'
import { PART_OF, type Text, type TimeRangeMention, type Tok } from './tokens'
import type { PartOfDay } from './types'

const DAY_END = 24 * 60
/** Plausible ends of a window, and the hours a salon is most likely open. */
const PLAUSIBLE = { from: 7 * 60, to: 21 * 60 }
const SALON_HOURS = { from: 9 * 60, to: 19 * 60 }

interface End {
  core: Core
  /** Index of the token after the end. */
  next: number
}

/**
 * Every window of the day in the unread text. When the message changes an appointment, "from 3pm
 * to 5pm" is the old time and the new one, not a window.
 */
export function readTimeRanges(text: Text, change: boolean): TimeRangeMention[] {
  const toks = text.workTokens()
  const part = partOfDayIn(text.tokens)
  const out: TimeRangeMention[] = []
  for (let i = 0; i < toks.length; i++) {
    const found = readRangeAt(toks, i, part, change)
    if (!found) continue
    out.push({ start: (toks[found.first] as Tok).start, end: (toks[found.next - 1] as Tok).end, ...found.window })
    i = found.next - 1
  }
  text.consume(out.map((r) => [r.start, r.end] as const))
  return out
}

function partOfDayIn(tokens: readonly string[]): PartOfDay | undefined {
  for (const token of tokens) if (PART_OF[token]) return PART_OF[token]
  return undefined
}

type Found = { first: number; next: number; window: { from: number; to: number } }

function readRangeAt(toks: readonly Tok[], i: number, part: PartOfDay | undefined, change: boolean): Found | undefined {
  const word = toks[i]?.token as string
  if (BETWEEN_WORDS.has(word) || (FROM_TIME_WORDS.has(word) && !change)) {
    const both = readTwoEnds(toks, skip(toks, i + 1), part)
    if (both) return { first: i, ...both }
  }
  if (FROM_TIME_WORDS.has(word)) {
    const from = readFromOn(toks, i, part)
    if (from) return from
  }
  const span = readSpan(toks, i, part)
  if (span) return span
  const aPartir = word === 'partir' && (toks[i - 1]?.token === 'à' || toks[i - 1]?.token === 'a')
  const after = AFTER_WORDS.has(word) || aPartir
  if (!after && !BEFORE_WORDS.has(word)) return undefined
  const lead = toks[i - 1]?.token ?? ''
  if (/^\d/.test(lead) || CLOCK_LEADS.has(lead)) return undefined // "5 nach 3", "quarter after 3"
  const end = readEnd(toks, skip(toks, i + 1), false)
  if (!end || !isClockLike(toks, end)) return undefined
  const negated = RANGE_NEGATIONS.has(aPartir ? (toks[i - 2]?.token ?? '') : lead)
  const isAfter = after !== negated
  const minutes = oneSided(end.core, isAfter, part)
  if (minutes === undefined) return undefined
  const first = aPartir ? i - 1 : negated ? i - 1 : i
  const window = isAfter ? { from: minutes, to: DAY_END } : { from: 0, to: minutes }
  return { first, next: end.next, window }
}

/** "dalle 15 in poi", "from 3pm on", "from 10 onwards": after. */
function readFromOn(toks: readonly Tok[], i: number, part: PartOfDay | undefined): Found | undefined {
  const end = readEnd(toks, skip(toks, i + 1), false)
  if (!end) return undefined
  const [a, b] = [toks[end.next]?.token, toks[end.next + 1]?.token]
  const length = a === 'in' && b === 'poi' ? 2 : a === 'on' || a === 'onwards' || a === 'onward' ? 1 : 0
  const minutes = length > 0 ? oneSided(end.core, true, part) : undefined
  if (minutes === undefined) return undefined
  return { first: i, next: end.next + length, window: { from: minutes, to: DAY_END } }
}

/** Skips "le", "les", "the", "delle", "de"… after a window word. */
function skip(toks: readonly Tok[], i: number): number {
  let k = i
  while (k < i + 2 && RANGE_SKIP.has(toks[k]?.token ?? '')) k++
  return k
}

/** One end of a window: a number first ("10 to 12" is no "ten to twelve" here), else any clock phrase. */
function readEnd(toks: readonly Tok[], i: number, italianCue: boolean): End | undefined {
  const token = toks[i]?.token
  if (token === undefined || token.startsWith('#')) return undefined
  const core = readNumericClock(toks, i, italianCue, true) ?? readClock(toks, i, italianCue, true)
  return core ? { core, next: core.end } : undefined
}

/** Not a count of something ("entre 2 et 3 personnes", "after 2 weeks"). */
function isClockLike(toks: readonly Tok[], end: End): boolean {
  const after = toks[end.next]?.token
  return end.core.strong || after === undefined || !UNIT_WORDS.has(after)
}

/** "14 et 16h", "2 and 4pm", "10 bis 12", "15 e le 17". */
function readTwoEnds(
  toks: readonly Tok[],
  i: number,
  part: PartOfDay | undefined,
): { next: number; window: { from: number; to: number } } | undefined {
  const a = readEnd(toks, i, false)
  if (!a) return undefined
  const link = toks[a.next]?.token
  if (link === undefined || !RANGE_LINKS.has(link)) return undefined
  const b = readEnd(toks, skip(toks, a.next + 1), link === 'alle')
  if (!b || !isClockLike(toks, b)) return undefined
  const window = twoSided(a.core, b.core, part)
  return window ? { next: b.next, window } : undefined
}

/** "14h-16h", "14-16 Uhr", "2-4pm", "10-12h": a span of hours written with a hyphen. */
function readSpan(toks: readonly Tok[], i: number, part: PartOfDay | undefined): Found | undefined {
  const token = toks[i]?.token as string
  const joined = /^(\d{1,2})-(\d{1,2})$/.exec(token)
  const marker = toks[i + 1]?.token
  if (joined) {
    if (marker !== 'h' && marker !== 'uhr' && marker !== 'pm' && marker !== 'am') return undefined
    const a: Core = { hour: Number(joined[1]), minute: 0, end: i + 1, strong: true }
    const b: Core = { hour: Number(joined[2]), minute: 0, end: i + 2, strong: true }
    if (marker === 'pm' || marker === 'am') b.ampm = marker
    const window = twoSided(a, b, part)
    return window ? { first: i, next: i + 2, window } : undefined
  }
  if (!/^\d/.test(token)) return undefined
  const a = readEnd(toks, i, false)
  if (!a || toks[a.next]?.token !== '-') return undefined
  const b = readEnd(toks, a.next + 1, false)
  if (!b || !(a.core.strong || b.core.strong)) return undefined
  const window = twoSided(a.core, b.core, part)
  return window ? { first: i, next: b.next, window } : undefined
}

/** The readings of an end: minutes after midnight, one or two. */
function readings(core: Core, part: PartOfDay | undefined): number[] {
  const at = (h: number) => h * 60 + core.minute
  if (core.ampm === 'pm') return [at(core.hour < 12 ? core.hour + 12 : core.hour)]
  if (core.ampm === 'am') return [at(core.hour === 12 ? 0 : core.hour)]
  if (core.twentyFour || core.hour === 0 || core.hour >= 12) return [at(core.hour)]
  if (part === 'afternoon' || part === 'evening') return [at(core.hour + 12)]
  if (part === 'morning') return [at(core.hour)]
  return [at(core.hour), at(core.hour + 12)]
}

function twoSided(a: Core, b: Core, part: PartOfDay | undefined): { from: number; to: number } | undefined {
  const pairs: [number, number][] = []
  for (const from of readings(a, part)) for (const to of readings(b, part)) if (from < to) pairs.push([from, to])
  const plausible = pairs.filter(([from, to]) => from >= PLAUSIBLE.from && to <= PLAUSIBLE.to)
  const overlap = ([from, to]: [number, number]) =>
    Math.max(0, Math.min(to, SALON_HOURS.to) - Math.max(from, SALON_HOURS.from))
  const best = [...plausible].sort((x, y) => overlap(y) - overlap(x) || x[0] - y[0])[0] ?? pairs[0]
  return best ? { from: best[0], to: best[1] } : undefined
}

/** "after 5" → 17:00, "after 9" → 9:00, "before 3" → 15:00, "before 10" → 10:00. */
function oneSided(core: Core, after: boolean, part: PartOfDay | undefined): number | undefined {
  const options = readings(core, part)
  const [low, high] = after ? [PLAUSIBLE.from, PLAUSIBLE.to - 60] : [PLAUSIBLE.from + 60, PLAUSIBLE.to]
  return options.find((m) => m >= low && m <= high) ?? options[0]
}
