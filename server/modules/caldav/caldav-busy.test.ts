import { describe, expect, it } from 'vitest'
import { type BusyTime, busyTimesOfCalendarObject } from './caldav-busy'

const href = '/cal/salon/abc.ics'
const paris = 'Europe/Paris'
const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-06-01T00:00:00Z') }

function ics(...vevents: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents.flat(), 'END:VCALENDAR'].join('\r\n')
}

function vevent(...lines: string[]): string[] {
  return ['BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT']
}

function read(text: string, timeZone = paris, w = window) {
  return busyTimesOfCalendarObject(text, href, w, timeZone)
}

const iso = (d: Date) => d.toISOString()

function only(busy: BusyTime[]): BusyTime {
  const [first, ...others] = busy
  if (!first || others.length > 0) throw new Error(`expected one busy time, got ${busy.length}`)
  return first
}

const newYork = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

describe('busyTimesOfCalendarObject: single events', () => {
  it('reads a UTC event under its href, with its summary cut to 200 characters', () => {
    const { busy, ours } = read(
      ics(vevent('UID:a', 'DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z', `SUMMARY:${'x'.repeat(250)}`)),
    )
    expect(ours).toEqual([])
    expect(busy).toHaveLength(1)
    expect(only(busy)).toMatchObject({ eventId: href, allDay: false })
    expect(iso(only(busy).startsAt)).toBe('2026-12-02T10:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2026-12-02T11:00:00.000Z')
    expect(only(busy).summary).toHaveLength(200)
  })

  it('honours DURATION', () => {
    const { busy } = read(ics(vevent('UID:a', 'DTSTART:20261202T100000Z', 'DURATION:PT1H30M')))
    expect(iso(only(busy).endsAt)).toBe('2026-12-02T11:30:00.000Z')
    expect(only(busy).summary).toBeNull()
  })

  it('reads a TZID through its VTIMEZONE', () => {
    const { busy } = read(
      ics(
        newYork,
        vevent('UID:a', 'DTSTART;TZID=America/New_York:20261202T100000', 'DTEND;TZID=America/New_York:20261202T110000'),
      ),
    )
    expect(iso(only(busy).startsAt)).toBe('2026-12-02T15:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2026-12-02T16:00:00.000Z')
  })

  it('reads a TZID without VTIMEZONE as an IANA name (summer time too)', () => {
    const { busy } = read(
      ics(
        vevent('UID:a', 'DTSTART;TZID=America/New_York:20270415T100000', 'DTEND;TZID=America/New_York:20270415T110000'),
      ),
    )
    expect(iso(only(busy).startsAt)).toBe('2027-04-15T14:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2027-04-15T15:00:00.000Z')
  })

  it("reads a floating time on the salon's clock", () => {
    const { busy } = read(ics(vevent('UID:a', 'DTSTART:20261202T100000', 'DTEND:20261202T110000')))
    expect(iso(only(busy).startsAt)).toBe('2026-12-02T09:00:00.000Z')
    const inTokyo = read(ics(vevent('UID:a', 'DTSTART:20261202T100000', 'DTEND:20261202T110000')), 'Asia/Tokyo')
    expect(iso(only(inTokyo.busy).startsAt)).toBe('2026-12-02T01:00:00.000Z')
  })

  it("reads VALUE=DATE as whole days in the salon's zone, DTEND exclusive", () => {
    const { busy } = read(ics(vevent('UID:a', 'DTSTART;VALUE=DATE:20261202', 'DTEND;VALUE=DATE:20261204')))
    expect(only(busy).allDay).toBe(true)
    expect(iso(only(busy).startsAt)).toBe('2026-12-01T23:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2026-12-03T23:00:00.000Z')
  })

  it('reads a VALUE=DATE without DTEND as one day', () => {
    const { busy } = read(ics(vevent('UID:a', 'DTSTART;VALUE=DATE:20261202')))
    expect(iso(only(busy).startsAt)).toBe('2026-12-01T23:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2026-12-02T23:00:00.000Z')
  })

  it('covers the days across the 28 March 2027 change to summer time in Paris', () => {
    const { busy } = read(ics(vevent('UID:a', 'DTSTART;VALUE=DATE:20270327', 'DTEND;VALUE=DATE:20270329')))
    expect(iso(only(busy).startsAt)).toBe('2027-03-26T23:00:00.000Z')
    expect(iso(only(busy).endsAt)).toBe('2027-03-28T22:00:00.000Z')
  })

  it('frees transparent and cancelled events', () => {
    const transparent = vevent('UID:a', 'DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z', 'TRANSP:TRANSPARENT')
    const cancelled = vevent('UID:a', 'DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z', 'STATUS:CANCELLED')
    expect(read(ics(transparent)).busy).toEqual([])
    expect(read(ics(cancelled)).busy).toEqual([])
  })

  it('returns our own events as booking ids, not busy', () => {
    const id = '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
    const { busy, ours } = read(ics(vevent(`UID:salonia-${id}`, 'DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z')))
    expect(busy).toEqual([])
    expect(ours).toEqual([id])
  })

  it('keeps only events that overlap the window', () => {
    expect(read(ics(vevent('UID:a', 'DTSTART:20261102T100000Z', 'DTEND:20261102T110000Z'))).busy).toEqual([])
  })

  it('names events by UID when the object holds several', () => {
    const { busy } = read(
      ics(
        vevent('UID:a', 'DTSTART:20261202T100000Z', 'DTEND:20261202T110000Z'),
        vevent('UID:b', 'DTSTART:20261203T100000Z', 'DTEND:20261203T110000Z'),
      ),
    )
    expect(busy.map((b) => b.eventId)).toEqual([`${href}#a`, `${href}#b`])
  })

  it('gives nothing for malformed input, without throwing', () => {
    for (const text of ['', 'not ics at all', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\nEND:VEVENT']) {
      expect(read(text)).toEqual({ busy: [], ours: [] })
    }
    expect(read(ics(vevent('UID:a', 'DTSTART:2026120', 'DTEND:20261202T110000Z')))).toEqual({ busy: [], ours: [] })
  })
})

describe('busyTimesOfCalendarObject: series', () => {
  const weekly = (...lines: string[]) =>
    vevent('UID:s', 'DTSTART;TZID=Europe/Paris:20261202T100000', 'DTEND;TZID=Europe/Paris:20261202T110000', ...lines)

  it('expands a weekly rule with COUNT, one id per instance', () => {
    const { busy } = read(ics(weekly('RRULE:FREQ=WEEKLY;COUNT=3')))
    expect(busy.map((b) => b.eventId)).toEqual([
      `${href}#2026-12-02T09:00:00.000Z`,
      `${href}#2026-12-09T09:00:00.000Z`,
      `${href}#2026-12-16T09:00:00.000Z`,
    ])
    expect(busy.every((b) => b.endsAt.getTime() - b.startsAt.getTime() === 3_600_000)).toBe(true)
  })

  it('stops at UNTIL and keeps the wall-clock time across the change to summer time', () => {
    const { busy } = read(
      ics(
        vevent(
          'UID:s',
          'DTSTART;TZID=Europe/Paris:20270318T100000',
          'DTEND;TZID=Europe/Paris:20270318T110000',
          'RRULE:FREQ=WEEKLY;UNTIL=20270401T090000Z',
        ),
      ),
    )
    expect(busy.map((b) => iso(b.startsAt))).toEqual([
      '2027-03-18T09:00:00.000Z',
      '2027-03-25T09:00:00.000Z',
      '2027-04-01T08:00:00.000Z',
    ])
  })

  it('skips EXDATE instances', () => {
    const { busy } = read(ics(weekly('RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=Europe/Paris:20261209T100000')))
    expect(busy.map((b) => iso(b.startsAt))).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-16T09:00:00.000Z'])
  })

  it('skips an EXDATE written in UTC for a series in a zone without VTIMEZONE', () => {
    const { busy } = read(ics(weekly('RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE:20261209T090000Z')))
    expect(busy.map((b) => iso(b.startsAt))).toEqual(['2026-12-02T09:00:00.000Z', '2026-12-16T09:00:00.000Z'])
  })

  it('expands a series in an embedded VTIMEZONE, across its change to summer time (14 March 2027)', () => {
    const { busy } = read(
      ics(
        newYork,
        vevent(
          'UID:s',
          'DTSTART;TZID=America/New_York:20270312T100000',
          'DTEND;TZID=America/New_York:20270312T110000',
          'RRULE:FREQ=WEEKLY;COUNT=2',
        ),
      ),
    )
    expect(busy.map((b) => [iso(b.startsAt), iso(b.endsAt)])).toEqual([
      ['2027-03-12T15:00:00.000Z', '2027-03-12T16:00:00.000Z'],
      ['2027-03-19T14:00:00.000Z', '2027-03-19T15:00:00.000Z'],
    ])
  })

  it('replaces an overridden instance, moved or cancelled', () => {
    const { busy } = read(
      ics(
        weekly('RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Team'),
        vevent(
          'UID:s',
          'RECURRENCE-ID;TZID=Europe/Paris:20261209T100000',
          'DTSTART;TZID=Europe/Paris:20261210T140000',
          'DTEND;TZID=Europe/Paris:20261210T153000',
          'SUMMARY:Team (moved)',
        ),
        vevent(
          'UID:s',
          'RECURRENCE-ID:20261216T090000Z',
          'DTSTART;TZID=Europe/Paris:20261216T100000',
          'DTEND;TZID=Europe/Paris:20261216T110000',
          'STATUS:CANCELLED',
        ),
      ),
    )
    expect(busy.map((b) => [b.eventId, iso(b.startsAt), iso(b.endsAt), b.summary]).sort()).toEqual([
      [`${href}#2026-12-02T09:00:00.000Z`, '2026-12-02T09:00:00.000Z', '2026-12-02T10:00:00.000Z', 'Team'],
      [`${href}#2026-12-09T09:00:00.000Z`, '2026-12-10T13:00:00.000Z', '2026-12-10T14:30:00.000Z', 'Team (moved)'],
    ])
  })

  it('keeps only instances in the window, and caps an endless rule', () => {
    const w = { from: new Date('2027-01-01T00:00:00Z'), to: new Date('2027-01-15T00:00:00Z') }
    expect(read(ics(weekly('RRULE:FREQ=WEEKLY')), paris, w).busy.map((b) => iso(b.startsAt))).toEqual([
      '2027-01-06T09:00:00.000Z',
      '2027-01-13T09:00:00.000Z',
    ])
    const minutely = read(ics(weekly('RRULE:FREQ=MINUTELY')), paris, window)
    expect(minutely.busy).toHaveLength(1_000)
  })

  it("expands an all-day series as whole days in the salon's zone, across the DST change", () => {
    const { busy } = read(
      ics(vevent('UID:s', 'DTSTART;VALUE=DATE:20270327', 'DTEND;VALUE=DATE:20270328', 'RRULE:FREQ=DAILY;COUNT=2')),
    )
    expect(busy.map((b) => [b.eventId, iso(b.startsAt), iso(b.endsAt), b.allDay])).toEqual([
      [`${href}#2027-03-26T23:00:00.000Z`, '2027-03-26T23:00:00.000Z', '2027-03-27T23:00:00.000Z', true],
      [`${href}#2027-03-27T23:00:00.000Z`, '2027-03-27T23:00:00.000Z', '2027-03-28T22:00:00.000Z', true],
    ])
  })

  it('frees a transparent series and returns our own series as ours', () => {
    expect(read(ics(weekly('RRULE:FREQ=WEEKLY;COUNT=3', 'TRANSP:TRANSPARENT'))).busy).toEqual([])
    const ours = vevent(
      'UID:salonia-b1',
      'DTSTART:20261202T100000Z',
      'DTEND:20261202T110000Z',
      'RRULE:FREQ=DAILY;COUNT=2',
    )
    expect(read(ics(ours))).toEqual({ busy: [], ours: ['b1'] })
  })
})
