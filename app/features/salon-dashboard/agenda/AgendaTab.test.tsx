// @vitest-environment happy-dom

import { createQueryClient } from '@app/lib/api'
import { frenchTexts } from '@app/test-harness'
import type { Booking } from '@common/schemas/booking'
import type { Salon } from '@common/schemas/salon'
import type { TimeOff, WorkingHours } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AgendaTab } from './AgendaTab'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const day = (openTime: string, closeTime: string) => ({
  isOpen: true,
  openTime,
  closeTime,
  intervals: [{ openTime, closeTime }],
})
const EVERY_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, day('09:00', '19:00')]),
) as WorkingHours

const salon = {
  id: 'row-1',
  salonId: 'SAL001',
  name: 'Salon Lumière',
  timeZone: 'Europe/Paris',
  currency: 'EUR',
  bookingRules: { slotStepMinutes: 15, minimumNoticeMinutes: 60, horizonDays: 90 },
  workingHours: EVERY_DAY,
} as Salon

const member = (id: string, name: string, position: number, overrides: Partial<TeamMember> = {}): TeamMember => ({
  id,
  name,
  colour: position === 0 ? '#7c3aed' : '#0d9488',
  isOwner: position === 0,
  isActive: true,
  position,
  serviceIds: [],
  followsSalonHours: true,
  workingHours: null,
  ...overrides,
})
const LEA = member('lea', 'Léa', 0)
// Hugo starts at 13:00 on Sundays (weekday 6).
const HUGO = member('hugo', 'Hugo', 1, {
  followsSalonHours: false,
  workingHours: { ...EVERY_DAY, '6': day('13:00', '19:00') },
})

function booking(overrides: Partial<Booking>): Booking {
  return {
    id: 'b1',
    salonId: 'SAL001',
    clientName: 'Anaïs Martin',
    clientPhone: '06 12 34 56 78',
    status: 'confirmed',
    // 29 March 2026, the day Paris moves to summer time: 10:00 there is 08:00 UTC.
    appointmentDate: '2026-03-29T08:00:00.000Z',
    endDate: '2026-03-29T08:45:00.000Z',
    localDate: '2026-03-29',
    localTime: '10:00',
    serviceId: 's1',
    service: 'Coupe femme',
    duration: 45,
    processing: null,
    cleanup: 0,
    price: 4500,
    currency: 'EUR',
    channel: 'web',
    customerId: 'c1',
    cancelReason: null,
    salonNote: null,
    member: { id: 'lea', name: 'Léa' },
    createdAt: '2026-03-20T10:00:00.000Z',
    cancelledAt: null,
    notes: [],
    ...overrides,
  }
}

const BOOKINGS = [
  booking({}),
  booking({
    id: 'b2',
    clientName: 'Bruno Keller',
    clientPhone: null,
    appointmentDate: '2026-03-29T12:30:00.000Z',
    endDate: '2026-03-29T13:00:00.000Z',
    localTime: '14:30',
    service: 'Brushing',
    duration: 30,
    processing: null,
    cleanup: 0,
    price: 3000,
    channel: 'telegram',
    status: 'no_show',
    member: { id: 'hugo', name: 'Hugo' },
  }),
  booking({
    id: 'b3',
    clientName: 'Chloé Annulée',
    appointmentDate: '2026-03-29T14:00:00.000Z',
    endDate: '2026-03-29T14:30:00.000Z',
    localTime: '16:00',
    status: 'cancelled',
  }),
]
// The salon closed from its midnight (23:00 UTC on the 28th: still winter time) to 10:00 (08:00 UTC: summer time).
const TIME_OFF: TimeOff[] = [
  {
    id: 't1',
    startDate: '2026-03-28T23:00:00.000Z',
    endDate: '2026-03-29T08:00:00.000Z',
    reason: 'Inventaire',
    memberId: null,
  },
]

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function serve(options: { reschedule?: () => Response } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/salons/SAL001') return json(salon)
    if (url === '/api/salons/SAL001/team') return json({ members: [HUGO, LEA], calendarBlocks: 'salon' })
    if (url === '/api/salons/SAL001/time-off') return json(TIME_OFF)
    if (url === '/api/salons/SAL001/dashboard') return json({ today: '2026-03-29', now: new Date().toISOString() })
    if (url.startsWith('/api/salons/SAL001/bookings?')) {
      const query = new URLSearchParams(url.split('?')[1])
      return json(
        BOOKINGS.filter((b) => b.localDate >= (query.get('from') ?? '') && b.localDate <= (query.get('to') ?? '')),
      )
    }
    if (url === '/api/bookings/b1/reschedule' && init?.method === 'POST' && options.reschedule)
      return options.reschedule()
    return json({ code: 'not_found', message: `unexpected ${url}` }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** A phone (under 640 px) or a desktop, as CSS would tell. */
function screenWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width') ? width < 640 : false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

function renderAgenda(props: Partial<Parameters<typeof AgendaTab>[0]> = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AgendaTab salonId="SAL001" {...props} />
    </QueryClientProvider>,
  )
}

const column = (memberId: string) => document.querySelector(`[data-agenda-column="${memberId}"]`) as HTMLElement
const block = (bookingId: string) => document.querySelector(`[data-booking="${bookingId}"]`) as HTMLElement | null

describe('Agenda, day view', () => {
  it('places each booking in its member’s column by its time on the salon clock, on a DST day too', async () => {
    screenWidth(1280)
    serve()
    renderAgenda()
    expect(await screen.findByText('dimanche 29 mars 2026')).toBeTruthy()
    await waitFor(() => expect(block('b1')).toBeTruthy())
    // Columns in the team's order, whatever order the server lists them in.
    const headings = [...document.querySelectorAll('[data-agenda-column]')].map((c) =>
      c.getAttribute('data-agenda-column'),
    )
    expect(headings).toEqual(['lea', 'hugo'])
    // Grid 08:00–20:00 (720 minutes, 96 px an hour): 10:00 is 2/12 down, 45 minutes are 72 px.
    const anais = block('b1') as HTMLElement
    expect(column('lea').contains(anais)).toBe(true)
    expect(anais.style.top).toBe(`${(120 / 720) * 100}%`)
    expect(anais.style.getPropertyValue('--block-h')).toBe('72px')
    const bruno = block('b2') as HTMLElement
    expect(column('hugo').contains(bruno)).toBe(true)
    expect(bruno.style.top).toBe(`${(390 / 720) * 100}%`)
  })

  it('shows the time, customer, phone to call, service, member, price, channel and status of each booking', async () => {
    screenWidth(1280)
    serve()
    renderAgenda()
    await waitFor(() => expect(block('b2')).toBeTruthy())
    const anais = block('b1') as HTMLElement
    expect(anais.textContent).toContain('10:00–10:45')
    expect(anais.textContent).toContain('Anaïs Martin')
    expect(anais.textContent).toContain('Coupe femme')
    expect(anais.textContent).toContain('Léa')
    expect(anais.textContent).toContain('45,00\u00a0EUR')
    expect(anais.textContent).toContain('Chat en ligne')
    expect(anais.textContent).toContain('Confirmé')
    expect(within(anais).getByRole('link').getAttribute('href')).toBe('tel:0612345678')
    const bruno = block('b2') as HTMLElement
    expect(bruno.textContent).toContain('Telegram')
    expect(bruno.textContent).toContain('Absent')
  })

  it('hides cancelled bookings until asked', async () => {
    screenWidth(1280)
    serve()
    renderAgenda()
    await waitFor(() => expect(block('b1')).toBeTruthy())
    expect(block('b3')).toBeNull()
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Afficher les annulés (1)' }))
    expect(block('b3')?.textContent).toContain('Annulé')
  })

  it('shades the salon’s absence, closed hours and a member’s own hours, and draws the now line on today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-29T09:20:00.000Z')) // 11:20 in Paris (summer time)
    screenWidth(1280)
    serve()
    renderAgenda()
    await waitFor(() => expect(block('b1')).toBeTruthy())
    const shades = (memberId: string, kind: string) =>
      [...column(memberId).querySelectorAll<HTMLElement>(`[data-shade="${kind}"]`)].map((s) => [
        s.style.top,
        s.style.height,
      ])
    const pct = (minutes: number) => `${(minutes / 720) * 100}%`
    // The absence: the salon's midnight to 10:00 (08:00 UTC), in both columns, with its reason.
    expect(shades('lea', 'absence')).toEqual([[pct(0), pct(120)]])
    expect(shades('hugo', 'absence')).toEqual([[pct(0), pct(120)]])
    expect(column('lea').textContent).toContain('Absence\u00a0: Inventaire')
    // Closed: before 09:00 and after 19:00; Hugo until 13:00 on Sundays.
    expect(shades('lea', 'closed')).toEqual([
      ['0%', pct(60)],
      [pct(660), pct(60)],
    ])
    expect(shades('hugo', 'closed')).toEqual([
      ['0%', pct(300)],
      [pct(660), pct(60)],
    ])
    const now = column('lea').querySelector<HTMLElement>('[data-now-line]')
    expect(now?.style.top).toBe(pct(200))
    expect(now?.textContent).toBe('Maintenant\u00a0: 11:20')
  })

  it('opens a booking when clicked, and offers a new booking on an empty time of a member or from the button', async () => {
    screenWidth(1280)
    serve()
    const onOpenBooking = vi.fn()
    const onNewBooking = vi.fn()
    renderAgenda({ onOpenBooking, onNewBooking })
    await waitFor(() => expect(block('b1')).toBeTruthy())
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Ouvrir le rendez-vous de Anaïs Martin à 10:00' }))
    expect(onOpenBooking).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }))
    expect(onOpenBooking).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Nouveau rendez-vous' }))
    expect(onNewBooking).toHaveBeenLastCalledWith({ localDate: '2026-03-29' })
    // A click 3/4 down Hugo's column (720 px high): 17:00.
    const hugo = column('hugo')
    hugo.getBoundingClientRect = () =>
      ({ top: 0, left: 0, right: 200, bottom: 720, height: 720, width: 200 }) as DOMRect
    fireEvent.click(hugo, { clientX: 50, clientY: 540 })
    // The click picks 17:00–17:30 and asks what it is for: a booking from its start…
    expect(hugo.querySelector('[data-picked-range]')?.textContent).toBe('17:00–17:30')
    await user.click(await screen.findByRole('button', { name: 'Nouveau rendez-vous à 17:00' }))
    expect(onNewBooking).toHaveBeenLastCalledWith({ memberId: 'hugo', localDate: '2026-03-29', localTime: '17:00' })
    expect(hugo.querySelector('[data-picked-range]')).toBeNull()
  })

  it('blocks a range picked on a member’s empty time: the block dialog starts from that day and those hours, once', async () => {
    screenWidth(1280)
    serve()
    renderAgenda({ onNewBooking: vi.fn() })
    await waitFor(() => expect(block('b1')).toBeTruthy())
    const user = userEvent.setup()
    const hugo = column('hugo')
    hugo.getBoundingClientRect = () =>
      ({ top: 0, left: 0, right: 200, bottom: 720, height: 720, width: 200 }) as DOMRect
    // A mouse drag from 12:30 to 13:15 (720 px for 12 hours: 1 px = 1 minute, from 08:00).
    fireEvent.pointerDown(hugo, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 50, clientY: 270 })
    fireEvent.pointerMove(hugo, { pointerId: 1, pointerType: 'mouse', clientX: 50, clientY: 300 })
    fireEvent.pointerMove(hugo, { pointerId: 1, pointerType: 'mouse', clientX: 50, clientY: 314 })
    expect(hugo.querySelector('[data-picked-range]')?.textContent).toBe('12:30–13:15')
    fireEvent.pointerUp(hugo, { pointerId: 1, pointerType: 'mouse', clientX: 50, clientY: 314 })
    await user.click(await screen.findByRole('button', { name: 'Bloquer 12:30–13:15' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvelle pause ou nouveau blocage' }))
    expect(dialog.getByRole('radio', { name: 'Une seule fois' })).toHaveProperty('checked', true)
    expect(dialog.getByLabelText(/^Jour/)).toHaveProperty('value', '2026-03-29')
    expect(dialog.getByLabelText(/^De/)).toHaveProperty('value', '12:30')
    expect(dialog.getByLabelText(/^À/)).toHaveProperty('value', '13:15')
    expect(dialog.getByLabelText(/^Pour/)).toHaveProperty('value', 'hugo')
  })

  it('goes to the next day and back to today, and to a date picked', async () => {
    screenWidth(1280)
    const fetchMock = serve()
    renderAgenda()
    await screen.findByText('dimanche 29 mars 2026')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Jour suivant' }))
    expect(await screen.findByText('lundi 30 mars 2026')).toBeTruthy()
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/salons/SAL001/bookings?from=2026-03-30&to=2026-03-30',
        expect.anything(),
      ),
    )
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }))
    expect(await screen.findByText('dimanche 29 mars 2026')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Date affichée'), { target: { value: '2026-04-02' } })
    expect(await screen.findByText('jeudi 2 avril 2026')).toBeTruthy()
  })
})

describe('Agenda on a phone', () => {
  it('shows one member at a time, switched by name, and lists the week by day', async () => {
    screenWidth(412)
    serve()
    renderAgenda()
    await waitFor(() => expect(block('b1')).toBeTruthy())
    expect(document.querySelectorAll('[data-agenda-column]')).toHaveLength(1)
    expect(column('lea')).toBeTruthy()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Hugo' }))
    expect(document.querySelectorAll('[data-agenda-column]')).toHaveLength(1)
    expect(column('hugo').contains(block('b2'))).toBe(true)
    expect(block('b1')).toBeNull()

    // The week keeps the member shown, and offers the whole team.
    await user.click(screen.getByRole('button', { name: 'Semaine' }))
    const sunday = await screen.findByRole('region', { name: 'dimanche 29 mars' })
    expect(document.querySelectorAll('[data-agenda-column]')).toHaveLength(0)
    const listed = () =>
      within(sunday)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-booking'))
    expect(listed()).toEqual(['b2'])
    await user.selectOptions(screen.getByLabelText('Collaborateur'), "Toute l'équipe")
    expect(listed()).toEqual(['b1', 'b2'])
    expect(screen.getByRole('region', { name: 'lundi 23 mars' }).textContent).toContain('Aucun rendez-vous.')
  })
})
