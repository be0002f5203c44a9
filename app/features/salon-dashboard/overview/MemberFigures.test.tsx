// @vitest-environment happy-dom

import { frenchTexts } from '@app/test-harness'
import type { SalonDashboard } from '@common/schemas/dashboard'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MemberFigures } from './MemberFigures'

beforeAll(frenchTexts)
afterEach(cleanup)

type Member = SalonDashboard['members'][number]

const member = (overrides: Partial<Member>): Member => ({
  id: 'm1',
  name: 'Léa',
  colour: '#7c3aed',
  isActive: true,
  bookingsToday: 0,
  bookingsThisWeek: 0,
  bookedMinutesThisWeek: 0,
  revenueThisWeek: 0,
  ...overrides,
})

const dashboard = (members: Member[]): SalonDashboard => ({
  today: '2026-12-01',
  now: '2026-12-01T07:30:00.000Z',
  stats: { bookingsToday: 3, bookingsThisWeek: 4, activeServices: 6, totalBookings: 5 },
  noShows: { days: 30, appointments: 0, noShows: 0 },
  members,
  currency: 'EUR',
  day: { date: '2026-12-01', isToday: true, bookings: [] },
  recentBookings: [],
})

describe('figures per member', () => {
  it("shows each member's bookings today and this week, booked hours and the week's revenue, in their colour", () => {
    render(
      <MemberFigures
        dashboard={dashboard([
          member({ bookingsToday: 1, bookingsThisWeek: 2, bookedMinutesThisWeek: 135, revenueThisWeek: 11000 }),
          member({
            id: 'm2',
            name: 'Hugo',
            colour: '#0d9488',
            bookingsToday: 2,
            bookingsThisWeek: 12,
            bookedMinutesThisWeek: 60,
            revenueThisWeek: 2500,
          }),
        ])}
      />,
    )
    expect(screen.getByText('Par membre')).toBeTruthy()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['Membre', 'Aujourd’hui', 'Semaine', 'CA semaine'])
    const hugo = screen.getByRole('row', { name: /Hugo/ })
    expect(
      within(hugo)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '12', '25,00\u00a0EUR'])
    expect(within(hugo).getByText('1 h réservées')).toBeTruthy()
    expect(within(hugo).getByTestId('member-colour').style.backgroundColor).toMatch(/#0d9488|rgb\(13, 148, 136\)/)
    const lea = screen.getByRole('row', { name: /Léa/ })
    expect(
      within(lea)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '110,00\u00a0EUR'])
    expect(within(lea).getByText(/^2,3\s?h réservées$/)).toBeTruthy()
  })

  it('marks an inactive member who still has bookings this week', () => {
    render(<MemberFigures dashboard={dashboard([member({}), member({ id: 'm2', name: 'Hugo', isActive: false })])} />)
    expect(within(screen.getByRole('row', { name: /Hugo/ })).getByText('Inactif')).toBeTruthy()
  })

  it('shows nothing for a solo salon: its figures are the salon’s', () => {
    const { container } = render(<MemberFigures dashboard={dashboard([member({ bookingsToday: 3 })])} />)
    expect(container.textContent).toBe('')
  })
})
