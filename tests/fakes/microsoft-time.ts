/**
 * Dates and times as Microsoft writes them, for the fake Microsoft (tests/fakes/microsoft.ts):
 * Graph's `dateTimeTimeZone` ({dateTime: '2026-12-02T10:00:00.0000000', timeZone: 'UTC'}: a wall
 * time without offset, seven fraction digits, and a zone name beside it), Graph's timestamps
 * (`createdDateTime`, with `Z`), and the Windows zone names Outlook uses besides IANA ones
 * (https://learn.microsoft.com/graph/api/resources/datetimetimezone).
 */

import { wallToInstant, zoneOffset } from './zones'

export { wallToInstant }

/**
 * The Windows zone names a salon's Outlook is likely to use, with their IANA equivalent (CLDR's
 * windowsZones table). Graph takes either kind in `timeZone` and in `Prefer: outlook.timezone`;
 * a name outside this table and IANA's is refused, as Graph refuses one it does not know.
 */
const WINDOWS_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
  'GMT Standard Time': 'Europe/London',
  'Romance Standard Time': 'Europe/Paris',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'Eastern Standard Time': 'America/New_York',
  'Pacific Standard Time': 'America/Los_Angeles',
}

/** The IANA zone a Graph zone name stands for, or undefined when Graph would not know it. */
export function ianaZone(name: string): string | undefined {
  const windows = WINDOWS_ZONES[name]
  if (windows) return windows
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return name
  } catch {
    return undefined
  }
}

/** The wall-clock time of an instant in a zone, as epoch milliseconds of that wall time read as UTC. */
export function instantToWall(instant: number, zone: string): number {
  return instant + zoneOffset(zone, instant)
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})?$/i

/**
 * An ISO 8601 date-time: with an offset it names an instant; without one it is a wall time in
 * `zone` (Graph reads a bare `startDateTime` of calendarView in UTC, and a `dateTimeTimeZone`'s
 * `dateTime` in its `timeZone`). NaN when it is not one.
 */
export function parseDateTime(value: string, zone = 'UTC'): number {
  const match = DATE_TIME.exec(value)
  if (!match) return Number.NaN
  const [, y, mo, d, h, mi, s, fraction, offset] = match
  const ms = fraction ? Math.floor(Number(`0${fraction}`) * 1000) : 0
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms)
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== Number(d)) return Number.NaN
  if (offset === undefined) return wallToInstant(wall, zone)
  if (offset.toUpperCase() === 'Z') return wall
  const sign = offset.startsWith('-') ? -1 : 1
  return wall - sign * (Number(offset.slice(1, 3)) * 3_600_000 + Number(offset.slice(4, 6)) * 60_000)
}

/** `2026-12-02T10:00:00.0000000`: Graph's `dateTime` of a `dateTimeTimeZone`, an instant shown in a zone. */
export function graphDateTime(instant: number, zone: string): string {
  return `${new Date(instantToWall(instant, zone)).toISOString().slice(0, 23)}0000`
}

/** `2026-12-02T10:00:00.1230000Z`: Graph's timestamps (createdDateTime, lastModifiedDateTime). */
export function graphTimestamp(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 23)}0000Z`
}

/** `2026-12-02T10:00:00`: the `date` of a Graph error's innerError. */
export function innerErrorDate(instant: number): string {
  return new Date(instant).toISOString().slice(0, 19)
}

/** `2026-12-02 10:00:00Z`: the `timestamp` of an identity platform error. */
export function identityTimestamp(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19).replace('T', ' ')}Z`
}

export const DAY_MS = 86_400_000

/** Midnight (as a UTC-read wall time) of the day a wall time falls on. */
export const dayOf = (wall: number): number => Math.floor(wall / DAY_MS) * DAY_MS
