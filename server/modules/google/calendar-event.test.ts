import { bookingEventOf } from '@server/modules/calendar-sync/booking-event'
import { describe, expect, it } from 'vitest'
import { eventOf, fingerprintOf } from './calendar-event'

const salon = { publicId: 'SAL001', address: '12 rue de la Paix, Paris', timeZone: 'Europe/Paris', country: 'FR' }
const late = {
  id: '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  serviceName: 'Coupe femme',
  startsAt: new Date('2026-12-02T09:00:00Z'),
  endsAt: new Date('2026-12-02T09:45:00Z'),
  channel: 'web' as const,
  customerName: 'Zoé Martin',
  customerPhone: '+33611223344',
  memberName: 'Léa',
  teamOfSeveral: true,
  lateMinutes: 10,
  lateNotedAt: new Date('2026-12-02T08:52:00Z'),
}
const plain = {
  id: '1b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  serviceName: 'Brushing',
  startsAt: new Date('2027-03-28T08:00:00Z'),
  endsAt: new Date('2027-03-28T08:30:00Z'),
  channel: 'telegram' as const,
  customerName: 'Hans',
  customerPhone: null,
}

describe("a booking's Google event", () => {
  // Every pushed event's fingerprint is stored: if the same booking gave another one, the next
  // synchronisation would rewrite every event of every salon. These are the fingerprints the
  // events had before their words moved to calendar-sync/booking-event.ts.
  it.each([
    ['FR', late, 'QwtKA5Bu3ozdGHgRCYU7lZ'],
    ['FR', plain, 'GB88F3GiR8kk611BlYoTpZ'],
    ['DE', late, 'MJcIs2mxliHsRSDy48usVp'],
    ['DE', plain, 'IIPXpsF_avQ0GGFI-Sy7oF'],
    ['IT', late, 'EuDI55Wl8kURb6xl0nWta_'],
    ['IT', plain, 'RZ59om5Fbmq8QGT7lv1VBu'],
    ['GB', late, 'p_eylpuRkWo6i79Ks0YySj'],
    ['GB', plain, 'F00qdUF4q3R5pvk3rplOTH'],
  ])('keeps the fingerprint it was stored with (%s, %#)', (country, booking, fingerprint) => {
    expect(fingerprintOf(eventOf(booking, { ...salon, country }, 'https://x.test'))).toBe(fingerprint)
  })

  it("says what the neutral booking event says, on Google's fields", () => {
    const neutral = bookingEventOf(late, salon, 'https://x.test')
    const event = eventOf(late, salon, 'https://x.test')
    expect(neutral.summary).toBe('Coupe femme · Zoé · avec Léa')
    expect(neutral.description.split('\n')[0]).toBe("⏱ En retard d'environ 10 min (prévenu à 09:52)")
    expect(event).toMatchObject({
      id: '0b6f4a3e1c2d4e5f8a9b0c1d2e3f4a5b',
      summary: neutral.summary,
      description: neutral.description,
      location: neutral.location,
      start: { dateTime: '2026-12-02T09:00:00.000Z', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-12-02T09:45:00.000Z', timeZone: 'Europe/Paris' },
      source: { title: 'Salonia', url: 'https://x.test/professional' },
    })
  })
})
