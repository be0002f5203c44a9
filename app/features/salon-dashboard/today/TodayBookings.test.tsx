// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Booking } from '../../../../common/schemas/booking'
import type { SalonDashboard } from '../../../../common/schemas/dashboard'
import { createQueryClient } from '../../../lib/api'
import { fr } from '../../../locales/all'
import { TodayBookings } from './TodayBookings'

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'fr', resources: { fr: { translation: fr } }, interpolation: { escapeValue: false } })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function booking(overrides: Partial<Booking>): Booking {
  return {
    id: 'b1',
    salonId: 'SAL001',
    clientName: 'Léa Martin',
    clientPhone: null,
    status: 'confirmed',
    appointmentDate: '2026-12-01T13:00:00.000Z',
    endDate: '2026-12-01T13:45:00.000Z',
    localDate: '2026-12-01',
    localTime: '14:00',
    serviceId: null,
    service: 'Coupe femme',
    duration: 45,
    price: 4500,
    currency: 'EUR',
    channel: 'web',
    customerId: 'c1',
    cancelReason: null,
    salonNote: null,
    member: { id: 'm1', name: 'Léa' },
    createdAt: '2026-11-30T10:00:00.000Z',
    cancelledAt: null,
    notes: [],
    ...overrides,
  }
}

function dashboard(day: Partial<SalonDashboard['day']>): SalonDashboard {
  return {
    today: '2026-12-01',
    stats: { bookingsToday: 0, bookingsThisWeek: 0, activeServices: 6, totalBookings: 0 },
    members: [],
    currency: 'EUR',
    day: { date: '2026-12-01', isToday: true, bookings: [], ...day },
    recentBookings: [],
  }
}

/** Answers GET /api/salons/SAL001/dashboard with the given bodies, one per call (the last repeats). */
function serveDashboard(...bodies: SalonDashboard[]) {
  let calls = 0
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe('/api/salons/SAL001/dashboard')
    const body = bodies[Math.min(calls++, bodies.length - 1)]
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderToday() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <TodayBookings salonId="SAL001" />
    </QueryClientProvider>,
  )
}

describe('Réservations du jour', () => {
  it('says the day is empty, under a heading naming today in French', async () => {
    serveDashboard(dashboard({}))
    renderToday()
    expect(await screen.findByText('Aucune réservation pour cette journée')).toBeTruthy()
    expect(screen.getByRole('heading', { name: "Aujourd'hui — mardi 1 décembre" })).toBeTruthy()
  })

  it('shows tomorrow once the server moved to the next day', async () => {
    serveDashboard(dashboard({ date: '2026-12-02', isToday: false }))
    renderToday()
    expect(await screen.findByRole('heading', { name: 'Demain — mercredi 2 décembre' })).toBeTruthy()
  })

  it('lists each booking with its time, client, status, service, duration and price in the salon currency', async () => {
    serveDashboard(
      dashboard({
        bookings: [
          booking({
            id: 'a',
            localTime: '09:30',
            clientName: 'Nina Keller',
            duration: 90,
            price: 6500,
            currency: 'CHF',
          }),
          booking({ id: 'b', localTime: '11:00', clientName: 'Marc Rossi', status: 'cancelled', service: 'Brushing' }),
        ],
      }),
    )
    renderToday()
    const rows = within(await screen.findByRole('list', { name: 'Réservations du jour' })).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    const [first, second] = rows as [HTMLElement, HTMLElement]
    expect(first.textContent).toContain('09:30')
    expect(first.textContent).toContain('Nina Keller')
    expect(first.textContent).toContain('Confirmé')
    expect(first.textContent).toContain('90 min')
    expect(first.textContent).toContain('65,00\u00a0CHF')
    expect(second.textContent).toContain('Annulé')
    expect(second.textContent).toContain('Brushing')
  })

  it('shows that a customer is running late, by how much and when they said it', async () => {
    const late = (minutes: number | null, localDate = '2026-12-01', localTime = '13:52') => [
      { kind: 'late' as const, minutes, createdAt: '2026-12-01T12:52:00.000Z', localDate, localTime },
    ]
    serveDashboard(
      dashboard({
        bookings: [
          booking({ id: 'a', clientName: 'Léa Martin', notes: late(10) }),
          booking({ id: 'b', clientName: 'Marc Rossi', localTime: '15:00', notes: late(null) }),
          booking({ id: 'c', clientName: 'Nina Keller', localTime: '16:00', notes: late(20, '2026-11-30', '18:10') }),
          booking({ id: 'd', clientName: 'Zoé Blanc', localTime: '17:00', status: 'cancelled', notes: late(5) }),
          booking({ id: 'e', clientName: 'Inès Roy', localTime: '18:00' }),
        ],
      }),
    )
    renderToday()
    const rows = within(await screen.findByRole('list', { name: 'Réservations du jour' })).getAllByRole('listitem')
    const [lea, marc, nina, zoe, ines] = rows.map((row) => row.textContent ?? '')
    expect(lea).toContain('En retard d’environ 10 min')
    expect(lea).toContain('prévenu à 13:52')
    expect(marc).toContain('Annonce un retard')
    expect(nina).toContain('En retard d’environ 20 min')
    expect(nina).toContain('prévenu le lun. 30 nov. à 18:10')
    expect(zoe).not.toContain('retard')
    expect(ines).not.toContain('retard')
  })

  it('refreshes on demand', async () => {
    const fetchMock = serveDashboard(
      dashboard({}),
      dashboard({ bookings: [booking({ clientName: 'Nouvelle Cliente' })] }),
    )
    renderToday()
    await screen.findByText('Aucune réservation pour cette journée')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Actualiser' }))
    expect(await screen.findByText('Nouvelle Cliente')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('says so when the bookings cannot be loaded, and offers to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":"internal","message":"Internal error"}', { status: 500 })),
    )
    renderToday()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Impossible de charger les réservations.')
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
