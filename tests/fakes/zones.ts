/**
 * Wall-clock arithmetic in IANA zones for the calendar fakes (Google's and Microsoft's answers
 * write times in a zone), with nothing but Intl: a fake must not lean on the product's own helpers.
 */

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** Milliseconds a zone is ahead of UTC at an instant. */
export function zoneOffset(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a wall-clock time in a zone names. A wall time skipped by a spring-forward change
 * lands an hour later, and one repeated in autumn is its first (daylight) occurrence.
 */
export function wallToInstant(wall: number, zone: string): number {
  const first = wall - zoneOffset(zone, wall)
  return wall - zoneOffset(zone, first)
}
