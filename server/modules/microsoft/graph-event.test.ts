import type { BookingEvent } from '@server/modules/calendar-sync/booking-event'
import { describe, expect, it } from 'vitest'
import { bookingIdOfGraphEvent, busyTimeOfGraphEvent, instantOfGraph } from './graph-busy'
import { BOOKING_ID_PROPERTY, graphEventOf, graphFingerprint, transactionIdOf } from './graph-event'

const booking: BookingEvent = {
  bookingId: '0b6f3c2e-8d1a-4f5b-9c7e-2a4d6e8f0a1b',
  salonPublicId: 'salon-lumiere',
  summary: 'Coupe femme · Zoé',
  description:
    'Téléphone: +33 6 12 34 56 78\nRéservé via le chat en ligne\nVoir dans Salonia: https://salonia.test/professional',
  location: '12 rue des Lilas, 75011 Paris',
  startsAt: new Date('2026-12-02T09:30:00.000Z'),
  endsAt: new Date('2026-12-02T10:15:00.500Z'),
  timeZone: 'Europe/Paris',
  url: 'https://salonia.test/professional',
}

describe('graphEventOf', () => {
  it('is a busy, reminder-free event in UTC with the booking in its transactionId and extended property', () => {
    expect(graphEventOf(booking, { generation: 0 })).toEqual({
      subject: 'Coupe femme · Zoé',
      body: { contentType: 'text', content: booking.description },
      start: { dateTime: '2026-12-02T09:30:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2026-12-02T10:15:00.5000000', timeZone: 'UTC' },
      location: { displayName: '12 rue des Lilas, 75011 Paris' },
      showAs: 'busy',
      isReminderOn: false,
      transactionId: '0b6f3c2e-8d1a-4f5b-9c7e-2a4d6e8f0a1b-0',
      singleValueExtendedProperties: [{ id: BOOKING_ID_PROPERTY, value: booking.bookingId }],
    })
  })

  it('invites no one: Graph would send the attendees an invitation', () => {
    expect(graphEventOf(booking, { generation: 1 })).not.toHaveProperty('attendees')
  })

  it('names an extended property in our own GUID namespace, by name (the reference\'s "{type} {guid} Name {name}")', () => {
    expect(BOOKING_ID_PROPERTY).toMatch(
      /^String \{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\} Name \w+$/,
    )
  })

  it('reads back as our booking, and as the same instants, in graph-busy', () => {
    for (const generation of [0, 1, 27]) {
      const event = graphEventOf(booking, { generation })
      expect(event.transactionId).toBe(transactionIdOf(booking.bookingId, generation))
      expect(bookingIdOfGraphEvent(event)).toBe(booking.bookingId)
      // Our own event never counts as a busy time of the salon.
      expect(busyTimeOfGraphEvent({ id: 'AAk=', ...event }, 'Europe/Paris')).toBeUndefined()
      expect(instantOfGraph(event.start)).toEqual(booking.startsAt)
      expect(instantOfGraph(event.end)).toEqual(booking.endsAt)
    }
    expect(
      bookingIdOfGraphEvent(
        graphEventOf({ ...booking, bookingId: booking.bookingId.toUpperCase() }, { generation: 2 }),
      ),
    ).toBe(booking.bookingId)
  })

  it('refuses a generation that is not a whole number', () => {
    for (const generation of [-1, 1.5, Number.NaN]) {
      expect(() => graphEventOf(booking, { generation })).toThrow(/generation/)
    }
  })
})

describe('graphFingerprint', () => {
  it('is stable, and ignores the generation and the transactionId', () => {
    const fingerprint = graphFingerprint(booking)
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(graphFingerprint({ ...booking })).toBe(fingerprint)
  })

  it('changes with what Outlook shows, and not with what it does not', () => {
    const fingerprint = graphFingerprint(booking)
    const changes: Partial<BookingEvent>[] = [
      { summary: 'Coupe homme · Zoé' },
      { description: 'autre' },
      { location: 'ailleurs' },
      { startsAt: new Date('2026-12-02T09:45:00.000Z') },
      { endsAt: new Date('2026-12-02T10:30:00.000Z') },
    ]
    for (const change of changes) expect(graphFingerprint({ ...booking, ...change })).not.toBe(fingerprint)
    // The zone is not written (times are UTC), and the URL only appears through the description.
    expect(graphFingerprint({ ...booking, timeZone: 'Europe/Zurich', url: 'https://elsewhere.test' })).toBe(fingerprint)
  })
})
