import type { Language } from '@common/languages'
import { localToInstant } from '@common/time'
import { describe, expect, it } from 'vitest'
import { type AppointmentIcsInput, appointmentIcs, appointmentsIcs, foldLine, slug } from './ics'

const lumiere = {
  name: 'Salon Lumière',
  address: '12 rue des Lilas, 75011 Paris',
  timeZone: 'Europe/Paris',
  contactEmail: 'salon.lumiere.demo@gmail.com',
}

/** Saturday 5 December 2026, 10:00–10:45 in Paris (UTC+1). */
const appointment = (overrides: Partial<AppointmentIcsInput> = {}): AppointmentIcsInput => ({
  bookingId: '3f1c2a9e-0b7d-4c1e-9a55-2d8e6f4b7c10',
  start: new Date('2026-12-05T09:00:00Z'),
  end: new Date('2026-12-05T09:45:00Z'),
  serviceName: 'Coupe femme',
  salon: lumiere,
  customerName: 'Marie',
  language: 'fr',
  now: new Date('2026-12-01T07:30:00Z'),
  ...overrides,
})

/** RFC 5545 §3.1: a CRLF followed by one space or tab continues the previous line. */
const unfold = (content: string) => content.replace(/\r\n[ \t]/g, '')
const lines = (content: string) => unfold(content).split('\r\n')
const property = (content: string, name: string) =>
  lines(content)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '')

/** Reads a `YYYYMMDDTHHMMSSZ` value back into an instant. */
const parseUtc = (value: string | undefined) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '')
  if (!m) throw new Error(`Not a UTC date-time: ${value}`)
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = m.slice(1).map(Number)
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s))
}

/** Un-escapes a TEXT value. */
const text = (value: string | undefined) =>
  (value ?? '').replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))

describe('appointmentIcs', () => {
  it('writes one VEVENT inside a VCALENDAR, every line ended by CRLF', () => {
    const { content } = appointmentIcs(appointment())
    expect(content.endsWith('\r\n')).toBe(true)
    expect(content.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const all = lines(content)
    expect(all.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Salonia//Booking//FR',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ])
    expect(all.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', ''])
    expect(all.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
    expect(property(content, 'STATUS')).toBe('CONFIRMED')
  })

  it('carries the booking as UTC instants, its UID, DTSTAMP and SEQUENCE 0', () => {
    const { content } = appointmentIcs(appointment())
    expect(property(content, 'UID')).toBe('3f1c2a9e-0b7d-4c1e-9a55-2d8e6f4b7c10@salonia')
    expect(property(content, 'DTSTART')).toBe('20261205T090000Z')
    expect(property(content, 'DTEND')).toBe('20261205T094500Z')
    expect(property(content, 'DTSTAMP')).toBe('20261201T073000Z')
    expect(property(content, 'SEQUENCE')).toBe('0')
  })

  it('names the service and the salon, and gives the address as LOCATION', () => {
    const { content } = appointmentIcs(appointment())
    expect(text(property(content, 'SUMMARY'))).toBe('Coupe femme — Salon Lumière')
    expect(text(property(content, 'LOCATION'))).toBe('12 rue des Lilas, 75011 Paris')
    expect(text(property(content, 'DESCRIPTION'))).toBe(
      'Coupe femme chez Salon Lumière pour Marie.\nRéservé avec Salonia.',
    )
    expect(property(content, 'ORGANIZER')).toBe('mailto:salon.lumiere.demo@gmail.com')
  })

  it.each([
    ['de', 'Gebucht mit Salonia', 'in 2 Stunden'],
    ['it', 'Prenotato con Salonia', 'tra 2 ore'],
    ['en', 'Booked with Salonia', 'in 2 hours'],
  ] as const)('describes the appointment in %s', (language, booked, reminder) => {
    const { content } = appointmentIcs(appointment({ language }))
    expect(text(property(content, 'SUMMARY'))).toBe('Coupe femme — Salon Lumière')
    expect(text(property(content, 'DESCRIPTION'))).toContain(booked)
    expect(text(property(content, 'DESCRIPTION'))).toContain('Coupe femme')
    expect(unfold(content)).toContain(reminder)
  })

  it('reminds the customer 24 hours and 2 hours before, in exact hours', () => {
    const all = lines(appointmentIcs(appointment()).content)
    const alarms: string[][] = []
    for (let at = all.indexOf('BEGIN:VALARM'); at >= 0; at = all.indexOf('BEGIN:VALARM', at + 1)) {
      alarms.push(all.slice(at, all.indexOf('END:VALARM', at) + 1))
    }
    expect(alarms.map((alarm) => alarm.find((l) => l.startsWith('TRIGGER:')))).toEqual([
      'TRIGGER:-PT24H',
      'TRIGGER:-PT2H',
    ])
    for (const alarm of alarms) expect(alarm).toContain('ACTION:DISPLAY')
    expect(alarms.map((alarm) => text(alarm.find((l) => l.startsWith('DESCRIPTION:'))?.slice(12) ?? ''))).toEqual([
      'Rappel\u00a0: Coupe femme chez Salon Lumière dans 24 heures',
      'Rappel\u00a0: Coupe femme chez Salon Lumière dans 2 heures',
    ])
  })

  it('gives each appointment of a visit its own two reminders', () => {
    const visit = appointmentsIcs([
      appointment(),
      appointment({
        bookingId: 'second',
        start: new Date('2026-12-05T10:15:00Z'),
        end: new Date('2026-12-05T10:45:00Z'),
      }),
    ])
    expect(unfold(visit.content).match(/BEGIN:VALARM/g)).toHaveLength(4)
  })

  it('a move keeps the UID with a higher SEQUENCE; a cancellation says CANCEL and drops the reminder', () => {
    const first = appointmentIcs(appointment())
    const moved = appointmentIcs(
      appointment({ start: new Date('2026-12-08T13:00:00Z'), end: new Date('2026-12-08T13:45:00Z'), sequence: 1 }),
    )
    expect(property(moved.content, 'UID')).toBe(property(first.content, 'UID'))
    expect(property(moved.content, 'SEQUENCE')).toBe('1')
    expect(property(moved.content, 'DTSTART')).toBe('20261208T130000Z')
    expect(moved.filename).toBe('rendez-vous-salon-lumiere-2026-12-08.ics')

    const cancelled = appointmentIcs(appointment({ sequence: 2, cancelled: true }))
    expect(property(cancelled.content, 'METHOD')).toBe('CANCEL')
    expect(property(cancelled.content, 'STATUS')).toBe('CANCELLED')
    expect(property(cancelled.content, 'SEQUENCE')).toBe('2')
    expect(cancelled.content).not.toContain('BEGIN:VALARM')
  })

  it('escapes backslashes, commas, semicolons and line breaks in names and addresses', () => {
    const { content } = appointmentIcs(
      appointment({
        serviceName: 'Coupe; brushing',
        salon: { ...lumiere, name: 'Chez A\\B, Paris', address: 'Bât. B; 2e étage\n3, rue X\r\nParis' },
      }),
    )
    expect(property(content, 'SUMMARY')).toBe('Coupe\\; brushing — Chez A\\\\B\\, Paris')
    expect(property(content, 'LOCATION')).toBe('Bât. B\\; 2e étage\\n3\\, rue X\\nParis')
    expect(text(property(content, 'LOCATION'))).toBe('Bât. B; 2e étage\n3, rue X\nParis')
    // The only line breaks left are the file's own.
    expect(
      unfold(content)
        .split('\r\n')
        .every((l) => !/[\r\n]/.test(l)),
    ).toBe(true)
  })

  it('drops control characters that have no place in a calendar', () => {
    const { content } = appointmentIcs(
      appointment({ salon: { ...lumiere, address: '12 rue\u0000 des\u0007 Lilas\u001B' } }),
    )
    expect(property(content, 'LOCATION')).toBe('12 rue des Lilas')
  })

  it('keeps a line break in a salon name out of the summary', () => {
    const { content } = appointmentIcs(appointment({ salon: { ...lumiere, name: 'Salon\nLumière' } }))
    expect(text(property(content, 'SUMMARY'))).toBe('Coupe femme — Salon Lumière')
  })

  it('folds lines at 75 octets without cutting an accent or an emoji', () => {
    const address =
      'Résidence « Les Châtaigniers » 💇‍♀️✨, 128 boulevard de l’Hôpital-Saint-Éloi, Bâtiment Ç, 75013 Paris 🇫🇷'
    const { content } = appointmentIcs(appointment({ salon: { ...lumiere, address } }))
    const physical = content.split('\r\n')
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(physical.some((line) => line.startsWith(' '))).toBe(true)
    // Each physical line is valid UTF-8 on its own: no replacement character after a round trip.
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).not.toContain('\uFFFD')
    expect(text(property(content, 'LOCATION'))).toBe(address)
  })

  it('folds by octets, so a line of two-byte letters breaks earlier than one of ASCII', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75))
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`)
    const accented = foldLine(`A:${'é'.repeat(40)}`)
    const [first, second] = accented.split('\r\n')
    expect(Buffer.byteLength(first ?? '', 'utf8')).toBe(74) // 2 + 36 × 2: a 37th é would make 76
    expect(second).toBe(` ${'é'.repeat(4)}`)
    const emoji = foldLine(`${'x'.repeat(73)}😀`)
    expect(emoji).toBe(`${'x'.repeat(73)}\r\n 😀`)
  })

  it.each([
    ['fr', 'rendez-vous-salon-lumiere-2026-12-05.ics'],
    ['de', 'termin-salon-lumiere-2026-12-05.ics'],
    ['it', 'appuntamento-salon-lumiere-2026-12-05.ics'],
    ['en', 'appointment-salon-lumiere-2026-12-05.ics'],
  ] as [Language, string][])('names the file in %s: %s', (language, filename) => {
    expect(appointmentIcs(appointment({ language })).filename).toBe(filename)
  })

  it.each([
    ['Coiffure  Ève & Zoé', 'rendez-vous-coiffure-eve-zoe-2026-12-05.ics'],
    ['Haar/Studio ∕ Großstraße', 'rendez-vous-haar-studio-grossstrasse-2026-12-05.ics'],
    ['../../etc/passwd', 'rendez-vous-etc-passwd-2026-12-05.ics'],
    ['東京サロン', 'rendez-vous-2026-12-05.ics'],
  ])('keeps the file name to safe ASCII for %s', (name, filename) => {
    expect(appointmentIcs(appointment({ salon: { ...lumiere, name } })).filename).toBe(filename)
  })

  it('dates the file name on the salon clock, not in UTC', () => {
    // 00:30 on Sunday 6 December in Paris is still Saturday in UTC.
    const start = new Date(localToInstant('2026-12-06', 30, 'Europe/Paris'))
    const { content, filename } = appointmentIcs(appointment({ start, end: new Date(start.getTime() + 45 * 60_000) }))
    expect(property(content, 'DTSTART')).toBe('20261205T233000Z')
    expect(filename).toBe('rendez-vous-salon-lumiere-2026-12-06.ics')
  })

  it('keeps the right instant across the spring DST change in Paris', () => {
    // Sunday 29 March 2026: clocks jump from 02:00 to 03:00 (UTC+1 → UTC+2).
    const start = new Date(localToInstant('2026-03-29', 10 * 60, 'Europe/Paris'))
    const end = new Date(start.getTime() + 45 * 60_000)
    const { content, filename } = appointmentIcs(appointment({ start, end, now: new Date('2026-03-25T10:00:00Z') }))
    expect(property(content, 'DTSTART')).toBe('20260329T080000Z')
    expect(property(content, 'DTEND')).toBe('20260329T084500Z')
    expect(filename).toBe('rendez-vous-salon-lumiere-2026-03-29.ics')

    // The same wall time the day before is an hour later in UTC.
    const dayBefore = new Date(localToInstant('2026-03-28', 10 * 60, 'Europe/Paris'))
    const saturday = appointmentIcs(appointment({ start: dayBefore, end: new Date(dayBefore.getTime() + 45 * 60_000) }))
    expect(property(saturday.content, 'DTSTART')).toBe('20260328T090000Z')
  })

  it('reads back the booking start and end from the file, seconds included', () => {
    const start = new Date('2026-07-14T12:15:30Z')
    const end = new Date('2026-07-14T13:45:30Z')
    const { content } = appointmentIcs(appointment({ start, end, salon: { ...lumiere, address: 'é'.repeat(200) } }))
    expect(parseUtc(property(content, 'DTSTART')).getTime()).toBe(start.getTime())
    expect(parseUtc(property(content, 'DTEND')).getTime()).toBe(end.getTime())
  })

  it('leaves ORGANIZER out without a usable contact e-mail', () => {
    expect(appointmentIcs(appointment({ salon: { ...lumiere, contactEmail: null } })).content).not.toContain(
      'ORGANIZER',
    )
    expect(
      appointmentIcs(appointment({ salon: { ...lumiere, contactEmail: 'x@y.z\r\nATTENDEE:mailto:a@b.c' } })).content,
    ).not.toMatch(/ORGANIZER|ATTENDEE/)
  })

  it('refuses an appointment that ends before it starts', () => {
    expect(() => appointmentIcs(appointment({ end: new Date('2026-12-05T08:00:00Z') }))).toThrow(RangeError)
  })
})

describe('slug', () => {
  it('drops accents and joins words with hyphens', () => {
    expect(slug('  Salon Lumière — Édition Spéciale! ')).toBe('salon-lumiere-edition-speciale')
  })
})
