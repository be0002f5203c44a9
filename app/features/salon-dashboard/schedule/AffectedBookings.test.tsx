// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { AffectedBooking, WorkingDay, WorkingHours } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SchedulePanel } from './SchedulePanel'

/** The Hours tab with a team: whose schedule, and the choice when a change falls on bookings. */

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const closed: WorkingDay = { isOpen: false, openTime: null, closeTime: null, intervals: [] }
const open = (openTime: string, closeTime: string): WorkingDay => ({
  isOpen: true,
  openTime,
  closeTime,
  intervals: [{ openTime, closeTime }],
})
const WEEK: WorkingHours = {
  '0': closed,
  '1': open('09:00', '19:00'),
  '2': open('09:00', '19:00'),
  '3': open('09:00', '19:00'),
  '4': open('09:00', '19:00'),
  '5': open('09:00', '17:00'),
  '6': closed,
}
const member = (id: string, name: string, colour: string, own?: WorkingHours): TeamMember => ({
  id,
  name,
  colour,
  isOwner: id === 'lea',
  isActive: true,
  position: 0,
  serviceIds: [],
  followsSalonHours: !own,
  workingHours: own ?? null,
})
const TEAM = {
  members: [
    member('lea', 'Léa', '#7c3aed'),
    member('hugo', 'Hugo', '#0d9488', { ...WEEK, '2': open('09:00', '13:00') }),
  ],
  calendarBlocks: 'salon',
}
const BOOKING: AffectedBooking = {
  id: 'b1',
  startsAt: '2026-12-16T10:00:00.000Z',
  localDate: '2026-12-16',
  localTime: '11:00',
  endLocalTime: '11:30',
  customerName: 'Camille Martin',
  service: 'Brushing',
  member: { id: 'hugo', name: 'Hugo' },
}
const AFFECTED = {
  code: 'schedule.bookings_affected',
  message: 'This change leaves 1 booking(s)…',
  bookings: [BOOKING],
}

interface Call {
  method: string
  url: string
  body: Record<string, unknown> | undefined
}

/**
 * A fake of the salon's API: a change (POST, PUT, PATCH) is refused with the 409 until it carries
 * `affectedBookings`, as the server does.
 */
function serve(): { calls: Call[] } {
  const calls: Call[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, url, body })
      if (method !== 'GET') {
        if (!body?.affectedBookings) return json(409, AFFECTED)
        if (url.endsWith('/time-off'))
          return json(201, { id: 't9', ...body, reason: null, memberId: body.memberId ?? null })
        if (url.includes('/team/')) return json(200, TEAM.members[1])
        return json(200, WEEK)
      }
      if (url === '/api/salons/SAL001/working-hours') return json(200, WEEK)
      if (url === '/api/salons/SAL001/time-off') return json(200, [])
      if (url === '/api/salons/SAL001/blocks') return json(200, [])
      if (url === '/api/salons/SAL001/team') return json(200, TEAM)
      if (url === '/api/salons/SAL001') return json(200, { salonId: 'SAL001', timeZone: 'Europe/Paris' })
      return json(404, { code: 'route.not_found', message: `No route ${method} ${url}` })
    }),
  )
  return { calls }
}

function renderPanel() {
  return renderWithQueries(<SchedulePanel salonId="SAL001" />)
}

const changes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET')

async function addHugosAbsence(user: ReturnType<typeof userEvent.setup>) {
  renderPanel()
  const whose = await screen.findByRole('radiogroup', { name: 'Planning de' })
  await user.click(within(whose).getByRole('radio', { name: 'Hugo' }))
  expect(screen.getByRole('heading', { name: 'Horaires de Hugo' })).toBeTruthy()
  await user.click(screen.getByRole('button', { name: 'Ajouter une absence' }))
  const dialog = screen.getByRole('dialog', { name: "Nouvelle période d'absence" })
  expect((within(dialog).getByLabelText('Absence de') as HTMLSelectElement).value).toBe('hugo')
  fireEvent.change(within(dialog).getByLabelText(/Date de début/), { target: { value: '2026-12-16' } })
  fireEvent.change(within(dialog).getByLabelText(/Dernier jour d'absence/), { target: { value: '2026-12-17' } })
  await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
  return dialog
}

describe('an absence over bookings', () => {
  it('lists the bookings it falls on, then cancels them and tells the customers when asked', async () => {
    const { calls } = serve()
    const user = userEvent.setup()
    const dialog = await addHugosAbsence(user)
    const list = await within(dialog).findByRole('list', { name: 'Rendez-vous concernés' })
    expect(list.textContent).toContain('mercredi 16 décembre, 11:00')
    expect(list.textContent).toContain('Camille Martin · Brushing · Hugo')

    await user.click(within(dialog).getByRole('button', { name: 'Les annuler et prévenir les clients' }))
    expect(await screen.findByText("Période d'absence ajoutée")).toBeTruthy()
    expect(screen.getByText('Rendez-vous annulés : 1.')).toBeTruthy()
    expect(changes(calls).map((c) => c.body)).toEqual([
      { startDate: '2026-12-16', endDate: '2026-12-17', memberId: 'hugo' },
      {
        startDate: '2026-12-16',
        endDate: '2026-12-17',
        memberId: 'hugo',
        affectedBookings: 'cancel',
        affectedBookingIds: ['b1'],
      },
    ])
  })

  it('keeps them when asked', async () => {
    const { calls } = serve()
    const user = userEvent.setup()
    const dialog = await addHugosAbsence(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Les garder' }))
    expect(await screen.findByText("Période d'absence ajoutée")).toBeTruthy()
    expect(changes(calls)[1]?.body?.affectedBookings).toBe('keep')
  })

  it('goes back to the form as it was, sending nothing', async () => {
    const { calls } = serve()
    const user = userEvent.setup()
    const dialog = await addHugosAbsence(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Retour' }))
    expect((within(dialog).getByLabelText(/Date de début/) as HTMLInputElement).value).toBe('2026-12-16')
    expect(changes(calls)).toHaveLength(1)
  })
})

describe("a member's hours", () => {
  it('shows their own week, and saves new hours with the choice after the list', async () => {
    const { calls } = serve()
    const user = userEvent.setup()
    renderPanel()
    await user.click(within(await screen.findByRole('radiogroup')).getByRole('radio', { name: 'Hugo' }))
    const table = screen.getByRole('table', { name: "Horaires d'ouverture de la semaine" })
    expect(within(table).getAllByRole('row')[3]?.textContent).toContain('09:00–13:00')

    await user.click(screen.getByRole('button', { name: 'Modifier les horaires' }))
    const dialog = screen.getByRole('dialog', { name: 'Horaires de Hugo' })
    await user.click(within(dialog).getByRole('switch', { name: 'Suivre les horaires du salon' }))
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Les garder' }))
    expect(await screen.findByText('Horaires mis à jour')).toBeTruthy()
    expect(changes(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/salons/SAL001/team/hugo', { workingHours: null }],
      ['PATCH', '/api/salons/SAL001/team/hugo', { workingHours: null, affectedBookings: 'keep' }],
    ])
  })

  it('leaves a salon of one without the choice of whose schedule', async () => {
    serve()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body =
          url === '/api/salons/SAL001/team'
            ? { members: [TEAM.members[0]], calendarBlocks: 'salon' }
            : url.endsWith('/working-hours')
              ? WEEK
              : url.endsWith('/time-off') || url.endsWith('/blocks')
                ? []
                : { salonId: 'SAL001', timeZone: 'Europe/Paris' }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }),
    )
    renderPanel()
    await screen.findByRole('table')
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })
})
