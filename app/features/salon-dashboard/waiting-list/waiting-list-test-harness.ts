import type { WaitingEntry } from '@common/schemas/waiting-list'
import { BRUSHING, json, LEA, MARIE, SALON, team } from '../desk/desk-test-harness'

// For the waiting list's component tests only (imported by *.test.tsx files, never by the app).

/** A colour, performed by Marie alone (Tom only does brushings). */
export const COLOUR = '5e1f0a5e-6666-4666-8666-666666666666'
export const PAUL = 'c0000000-7777-4777-8777-777777777777'

/** The test salon's team: Marie does the colours too. */
export const waitingTeam = {
  ...team,
  members: team.members.map((member) => (member.id === MARIE ? { ...member, serviceIds: [BRUSHING, COLOUR] } : member)),
}

export function entry(changes: Partial<WaitingEntry> = {}): WaitingEntry {
  return {
    id: 'e0000000-1111-4111-8111-111111111111',
    day: '2099-12-02',
    part: 'day',
    status: 'waiting',
    customer: { id: LEA, name: 'Léa Dupont', phone: '+33 6 12 34 56 78' },
    services: [{ id: BRUSHING, name: 'Brushing' }],
    member: null,
    channel: 'web',
    joinedAt: '2099-11-30T09:00:00.000Z',
    offeredStart: null,
    toldBy: null,
    toldAt: null,
    unreachable: false,
    ...changes,
  }
}

/** What every screen of the salon reads: the salon (at UTC+1), its day, its services and its team. */
export const salonRoutes = {
  [`GET /api/salons/${SALON}`]: () => json({ id: SALON, timeZone: 'Europe/Paris', country: 'FR', currency: 'EUR' }),
  [`GET /api/salons/${SALON}/dashboard`]: () => json({ today: '2099-12-01', now: '2099-12-01T14:00:00.000Z' }),
  [`GET /api/salons/${SALON}/services`]: () =>
    json([
      { id: BRUSHING, name: 'Brushing', duration: 30, price: 3000, currency: 'EUR', isActive: true },
      { id: COLOUR, name: 'Coloration', duration: 90, price: 6500, currency: 'EUR', isActive: true },
      { id: 'inactive', name: 'Permanente', duration: 120, price: 8000, currency: 'EUR', isActive: false },
    ]),
  [`GET /api/salons/${SALON}/team`]: () => json(waitingTeam),
}

/** A phone (under 640 px) or a desktop, as CSS would tell. */
export function screenWidth(width: number): (query: string) => MediaQueryList {
  return (query: string) =>
    ({
      matches: query.includes('max-width') ? width < 640 : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as unknown as MediaQueryList
}
