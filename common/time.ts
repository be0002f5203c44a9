import { tzOffset } from '@date-fns/tz'

/**
 * Calendar and wall-clock helpers for a salon's IANA time zone.
 *
 * Instants are epoch milliseconds (or Dates); a "local date" is `YYYY-MM-DD` and a "local time"
 * `HH:mm` on the salon's wall clock. Zone data comes from `@date-fns/tz` (which reads the runtime's
 * Intl database); we never guess offsets from a fixed table.
 */

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

/** Weekday numbering used everywhere in Salonia: 0 = Monday … 6 = Sunday (ISO order, zero-based). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6
export const WEEKDAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6]

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

export function isLocalDate(value: string): boolean {
  const m = LOCAL_DATE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const probe = new Date(Date.UTC(y, mo - 1, d))
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d
}

export function isLocalTime(value: string): boolean {
  return LOCAL_TIME.test(value)
}

/** Minutes since local midnight of an `HH:mm` string. */
export function minutesOfDay(time: string): number {
  const m = LOCAL_TIME.exec(time)
  if (!m) throw new RangeError(`Not a local time: ${time}`)
  return Number(m[1]) * 60 + Number(m[2])
}

/** The canonical IANA name of a zone ("europe/paris" → "Europe/Paris"), or null when unknown. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!timeZone.includes('/') && timeZone.toUpperCase() !== 'UTC') return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null
}

function parseLocalDate(date: string): [number, number, number] {
  const m = LOCAL_DATE.exec(date)
  if (!m) throw new RangeError(`Not a local date: ${date}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

/**
 * Offset of the zone at an instant, in milliseconds (positive east of Greenwich). Answers for whole
 * minutes are kept per zone, by minute (zone rules do not change while a process runs): slot lists
 * format the same instants request after request, and each Intl lookup costs a few µs. A small
 * integer key hashes faster than an instant in milliseconds.
 */
function offsetMs(timeZone: string, instant: number): number {
  return rememberedByMinute(offsets, timeZone, instant, zoneOffset)
}

const offsets: ZoneMemory = { limit: 200_000, zones: new Map() }

function zoneOffset(instant: number, timeZone: string): number {
  return tzOffset(timeZone, new Date(instant)) * MINUTE_MS
}

/** Answers kept per time zone and whole minute, up to `limit` per zone (then forgotten at once). */
interface ZoneMemory {
  limit: number
  zones: Map<string, Map<number, number>>
}

/**
 * The remembered answer for this zone and instant, computed once; instants between minutes are not
 * kept. `compute` is a plain function of both (no closure made on every call of a hot path).
 */
function rememberedByMinute(
  memory: ZoneMemory,
  timeZone: string,
  ms: number,
  compute: (ms: number, timeZone: string) => number,
): number {
  if (ms % MINUTE_MS !== 0) return compute(ms, timeZone)
  let zone = memory.zones.get(timeZone)
  if (!zone) {
    zone = new Map()
    memory.zones.set(timeZone, zone)
  }
  const minute = ms / MINUTE_MS
  const known = zone.get(minute)
  if (known !== undefined) return known
  if (zone.size >= memory.limit) zone.clear()
  const answer = compute(ms, timeZone)
  zone.set(minute, answer)
  return answer
}

/**
 * The instant at which the salon's wall clock shows `date` + `minutes` after midnight.
 * A wall time skipped by a DST jump moves forward by the jump (02:30 → 03:30, as `TZDate` does), and
 * a wall time that happens twice resolves to the later of the two (TZDate's choice depends on the
 * zone's sign; ours does not).
 * `minutes` may exceed 24 h (e.g. a closing time on the next day).
 */
export function localToInstant(date: string, minutes: number, timeZone: string): number {
  const [y, mo, d] = parseLocalDate(date)
  return wallClockToInstant(Date.UTC(y, mo - 1, d) + minutes * MINUTE_MS, timeZone)
}

/**
 * A wall-clock reading as a number: the milliseconds at which a UTC clock would show what the
 * salon's clock shows. Whole local days are multiples of DAY_MS, so day-by-day loops need no date
 * strings (the availability engine walks days this way, request after request).
 */
export function instantToWallClock(instant: number, timeZone: string): number {
  return instant + offsetMs(timeZone, instant)
}

/**
 * The instant at which the salon's clock shows this wall-clock reading (see localToInstant for
 * skipped and repeated wall times). Zone rules do not change while a process runs, so each answer
 * is kept, by minute: the engine asks for the same opening times of the same days over and over.
 */
export function wallClockToInstant(wall: number, timeZone: string): number {
  return rememberedByMinute(conversions, timeZone, wall, resolveWallTime)
}

const conversions: ZoneMemory = { limit: 100_000, zones: new Map() }

/** The weekday of a wall-clock reading (1 January 1970 was a Thursday). */
export function weekdayOfWallClock(wall: number): Weekday {
  return ((((Math.floor(wall / DAY_MS) + 3) % 7) + 7) % 7) as Weekday
}

/** Local midnight of a wall-clock reading's day, as a wall-clock reading. */
export function wallClockDay(wall: number): number {
  return Math.floor(wall / DAY_MS) * DAY_MS
}

function resolveWallTime(wall: number, timeZone: string): number {
  // The instants that can show this wall time lie between wall - 14 h and wall + 12 h (offsets run
  // from -12:00 to +14:00), so the offsets a whole day before and after bound every transition near
  // it (half a day is not enough east of +12:00: Pacific/Auckland in summer is +13:00). Each gives
  // one candidate instant, kept only if the zone really shows that wall time then.
  const before = offsetMs(timeZone, wall - DAY_MS)
  const after = offsetMs(timeZone, wall + DAY_MS)
  const candidates = [wall - before, wall - after].filter((t) => t + offsetMs(timeZone, t) === wall)
  if (candidates.length > 0) return Math.max(...candidates)
  // In a gap no instant shows that wall time: move forward by the size of the jump.
  return wall - before
}

export interface LocalParts {
  date: string
  time: string
  minutes: number
  weekday: Weekday
}

/** The instants of `days` whole local days from `date` (midnight to midnight on the salon's clock). */
export function localDaysRange(date: string, days: number, timeZone: string): { from: Date; to: Date } {
  return {
    from: new Date(localToInstant(date, 0, timeZone)),
    to: new Date(localToInstant(addDays(date, days), 0, timeZone)),
  }
}

/** The salon's wall-clock reading of an instant. */
export function instantToLocal(instant: number | Date, timeZone: string): LocalParts {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const wall = new Date(ms + offsetMs(timeZone, ms))
  const h = wall.getUTCHours()
  const mi = wall.getUTCMinutes()
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(h)}:${pad(mi)}`,
    minutes: h * 60 + mi,
    weekday: ((wall.getUTCDay() + 6) % 7) as Weekday,
  }
}

/** Minutes after midnight as `HH:mm` (a closing time past midnight wraps: 1500 → "01:00"). */
export function formatMinutes(minutes: number): string {
  const m = minutes % (24 * 60)
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`
}

/** `YYYY-MM-DDTHH:mm` on the salon's wall clock. */
export function formatLocalDateTime(instant: number | Date, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const wall = instantToWallClock(ms, timeZone)
  if (wall % MINUTE_MS === 0 && wall >= FIRST_FOUR_DIGIT_YEAR && wall < FIRST_FIVE_DIGIT_YEAR) return wholeMinute(wall)
  const { date, time } = instantToLocal(ms, timeZone)
  return `${date}T${time}`
}

/**
 * An instant as `new Date(instant).toISOString()` writes it (`2026-12-08T08:00:00.000Z`). A slot
 * list writes dozens per request, and whole minutes of years 0000–9999 are written here from a
 * table of days and one of minutes in a tenth of the runtime's time.
 */
export function isoInstant(instant: number): string {
  if (instant % MINUTE_MS === 0 && instant >= FIRST_FOUR_DIGIT_YEAR && instant < FIRST_FIVE_DIGIT_YEAR) {
    return `${wholeMinute(instant)}:00.000Z`
  }
  return new Date(instant).toISOString()
}

const FIRST_FOUR_DIGIT_YEAR = Date.parse('0000-01-01T00:00:00Z')
const FIRST_FIVE_DIGIT_YEAR = Date.parse('+010000-01-01T00:00:00Z')

/** `YYYY-MM-DDTHH:mm` of a whole minute (UTC, or a wall-clock reading), years 0000–9999. */
function wholeMinute(ms: number): string {
  const day = Math.floor(ms / DAY_MS)
  let date = dayNames.get(day)
  if (date === undefined) {
    if (dayNames.size >= MAX_REMEMBERED_DAYS) dayNames.clear()
    date = new Date(day * DAY_MS).toISOString().slice(0, 10)
    dayNames.set(day, date)
  }
  return `${date}T${MINUTE_NAMES[(ms - day * DAY_MS) / MINUTE_MS]}`
}

const MAX_REMEMBERED_DAYS = 100_000
const dayNames = new Map<number, string>()
const MINUTE_NAMES = Array.from({ length: 24 * 60 }, (_, m) => formatMinutes(m))

/** Calendar arithmetic on local dates (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = parseLocalDate(date)
  const next = new Date(Date.UTC(y, mo - 1, d + days))
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`
}

export function weekdayOf(date: string): Weekday {
  const [y, mo, d] = parseLocalDate(date)
  return ((new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 6) % 7) as Weekday
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = parseLocalDate(a)
  const [by, bm, bd] = parseLocalDate(b)
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / DAY_MS)
}
