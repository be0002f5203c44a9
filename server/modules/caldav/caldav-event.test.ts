import type { BookingEvent } from '@server/modules/calendar-sync/booking-event'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { busyTimesOfCalendarObject } from './caldav-busy'
import { caldavEventIcs, caldavFingerprint } from './caldav-event'

const bookingId = '3f1c2a9e-0b7d-4c1e-9a55-2d8e6f4b7c10'

/** Saturday 5 December 2026, 10:00–10:45 in Paris (UTC+1). */
const event = (overrides: Partial<BookingEvent> = {}): BookingEvent => ({
  bookingId,
  salonPublicId: 'salon-lumiere',
  summary: 'Coupe femme · Zoé · avec Léa',
  description:
    'Téléphone: +33 6 12 34 56 78\nRéservé via le chat en ligne\nVoir dans Salonia: https://salonia.test/professional',
  location: '12 rue des Lilas, 75011 Paris',
  startsAt: new Date('2026-12-05T09:00:00Z'),
  endsAt: new Date('2026-12-05T09:45:00Z'),
  timeZone: 'Europe/Paris',
  url: 'https://salonia.test/professional',
  ...overrides,
})

const now = new Date('2026-12-01T07:30:00Z')

/** RFC 5545 §3.1: a CRLF followed by one space continues the previous line. */
const unfold = (content: string) => content.replace(/\r\n[ \t]/g, '')
const lines = (content: string) => unfold(content).split('\r\n')
const property = (content: string, name: string) =>
  lines(content)
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1)

describe('our CalDAV calendar object', () => {
  it('is one VEVENT in a VCALENDAR, CRLF, with UTC times, our UID and the booking id', () => {
    const ics = caldavEventIcs(event(), { sequence: 2, now })
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true)
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    // A stored calendar object carries no METHOD (RFC 4791 §4.1).
    expect(ics).not.toContain('METHOD:')
    expect(property(ics, 'UID')).toBe(`salonia-${bookingId}`)
    expect(property(ics, 'X-SALONIA-BOOKING-ID')).toBe(bookingId)
    expect(property(ics, 'DTSTART')).toBe('20261205T090000Z')
    expect(property(ics, 'DTEND')).toBe('20261205T094500Z')
    expect(property(ics, 'DTSTAMP')).toBe('20261201T073000Z')
    expect(property(ics, 'SEQUENCE')).toBe('2')
    expect(property(ics, 'TRANSP')).toBe('OPAQUE')
    expect(property(ics, 'URL')).toBe('https://salonia.test/professional')
    expect(property(ics, 'SUMMARY')).toBe('Coupe femme · Zoé · avec Léa')
  })

  it('escapes TEXT values (RFC 5545 §3.3.11) and folds lines at 75 octets without splitting a character', () => {
    const ics = caldavEventIcs(
      event({
        summary: 'Brushing; coupe, couleur \\ soin',
        location: '12, rue des Lilas; Paris',
        description: `Ligne un\nLigne deux\r\n${'é'.repeat(80)} 💇‍♀️`,
      }),
      { sequence: 0, now },
    )
    expect(property(ics, 'SUMMARY')).toBe('Brushing\\; coupe\\, couleur \\\\ soin')
    expect(property(ics, 'LOCATION')).toBe('12\\, rue des Lilas\\; Paris')
    expect(property(ics, 'DESCRIPTION')).toBe(`Ligne un\\nLigne deux\\n${'é'.repeat(80)} 💇‍♀️`)
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
      expect(line).not.toContain('\uFFFD')
    }
    // A calendar reads the same text back.
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')
    expect(vevent?.getFirstPropertyValue('summary')).toBe('Brushing; coupe, couleur \\ soin')
    expect(vevent?.getFirstPropertyValue('description')).toBe(`Ligne un\nLigne deux\n${'é'.repeat(80)} 💇‍♀️`)
    expect(vevent?.getFirstPropertyValue('location')).toBe('12, rue des Lilas; Paris')
  })

  it('refuses a booking that does not end after it starts, and a negative sequence', () => {
    expect(() => caldavEventIcs(event({ endsAt: new Date('2026-12-05T09:00:00Z') }), { sequence: 0, now })).toThrow(
      RangeError,
    )
    expect(() => caldavEventIcs(event(), { sequence: -1, now })).toThrow(RangeError)
  })

  it('has a stable fingerprint that ignores DTSTAMP and SEQUENCE, and changes with the event', () => {
    const fingerprint = caldavFingerprint(event())
    expect(fingerprint).toMatch(/^[\w-]{22}$/)
    expect(caldavFingerprint(event())).toBe(fingerprint)
    // What changes with every write, without the event changing, is left out.
    const a = caldavEventIcs(event(), { sequence: 0, now })
    const b = caldavEventIcs(event(), { sequence: 3, now: new Date('2027-01-01T00:00:00Z') })
    expect(a).not.toBe(b)
    expect(caldavFingerprint(event())).toBe(fingerprint)
    expect(caldavFingerprint(event({ endsAt: new Date('2026-12-05T10:00:00Z') }))).not.toBe(fingerprint)
    expect(caldavFingerprint(event({ summary: 'Coupe homme · Léo' }))).not.toBe(fingerprint)
    expect(caldavFingerprint(event({ location: '1 place du Marché' }))).not.toBe(fingerprint)
    // The salon's zone is not in the object (UTC times): it does not change the fingerprint.
    expect(caldavFingerprint(event({ timeZone: 'Europe/Berlin' }))).toBe(fingerprint)
  })

  it('is recognised as ours by the CalDAV busy-time reader, and blocks nothing there', () => {
    const ics = caldavEventIcs(event(), { sequence: 1, now })
    const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2026-12-31T00:00:00Z') }
    const read = busyTimesOfCalendarObject(ics, `/salonia/calendar/${bookingId}.ics`, window, 'Europe/Paris')
    expect(read).toEqual({ busy: [], ours: [bookingId] })
  })
})
