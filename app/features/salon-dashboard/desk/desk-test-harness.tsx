import { createQueryClient } from '@app/lib/api'
import type { Booking, BookingDetails } from '@common/schemas/booking'
import type { Team, TeamMember } from '@common/schemas/team'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'

/**
 * The desk's component tests: the app's query client and a fetch answering like the server's contract
 * (their French texts come from frenchTexts, in app/test-harness).
 */
export function renderDesk(ui: ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>)
}

/** The salon of the tests: two stylists who both do a brushing, and one booking of Léa's. */
export const SALON = 'SAL001'
export const BRUSHING = '5e1f0a5e-1111-4111-8111-111111111111'
export const MARIE = '0a11e000-2222-4222-8222-222222222222'
export const TOM = '0a11e000-3333-4333-8333-333333333333'
export const LEA = '1ea00000-4444-4444-8444-444444444444'
export const BOOKING = 'b0000000-5555-4555-8555-555555555555'

const member = (id: string, name: string, colour: string, position: number): TeamMember => ({
  id,
  name,
  colour,
  isOwner: position === 0,
  isActive: true,
  position,
  serviceIds: [BRUSHING],
  followsSalonHours: true,
  workingHours: null,
})

export const team: Team = {
  members: [member(MARIE, 'Marie', '#7c3aed', 0), member(TOM, 'Tom', '#0d9488', 1)],
  calendarBlocks: 'salon',
}

export function booking(changes: Partial<Booking> = {}): Booking {
  return {
    id: BOOKING,
    salonId: SALON,
    clientName: 'Léa Dupont',
    clientPhone: '+33 6 12 34 56 78',
    status: 'confirmed',
    appointmentDate: '2099-12-02T09:00:00.000Z',
    endDate: '2099-12-02T09:30:00.000Z',
    localDate: '2099-12-02',
    localTime: '10:00',
    serviceId: BRUSHING,
    service: 'Brushing',
    duration: 30,
    processing: null,
    cleanup: 0,
    price: 3000,
    currency: 'EUR',
    channel: 'web',
    member: { id: MARIE, name: 'Marie' },
    createdAt: '2099-11-20T08:00:00.000Z',
    cancelledAt: null,
    notes: [],
    customerId: LEA,
    cancelReason: null,
    salonNote: null,
    ...changes,
  }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export interface Served {
  url: string
  method: string
  body: unknown
}

/**
 * A fetch that answers from `routes` ("METHOD path", the query string left out) and records every
 * call with its JSON body; anything else is a 404 the test would see.
 */
export function serve(routes: Record<string, (url: URL, body: unknown) => Response>) {
  const calls: Served[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://salonia.test')
      const method = init?.method ?? 'GET'
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ url: `${url.pathname}${url.search}`, method, body })
      const route = routes[`${method} ${url.pathname}`]
      return route ? route(url, body) : json({ code: 'test.unexpected', message: `${method} ${url}` }, 404)
    }),
  )
  return calls
}

/** Free starts of a day, as the availability route gives them (the salon is at UTC+1). */
export function slots(localDate: string, times: string[]) {
  return {
    salonId: SALON,
    serviceId: BRUSHING,
    timeZone: 'Europe/Paris',
    durationMinutes: 30,
    from: localDate,
    to: localDate,
    slots: times.map((time) => {
      const [h, m] = time.split(':').map(Number) as [number, number]
      const start = `${localDate}T${String(h - 1).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`
      return { start, end: start, local: `${localDate}T${time}` }
    }),
  }
}

export const details = (changes: Partial<Booking> = {}): BookingDetails => ({
  booking: booking(changes),
  customer: {
    id: LEA,
    name: 'Léa Dupont',
    phone: '+33 6 12 34 56 78',
    email: 'lea@example.com',
    language: 'fr',
    notes: 'Allergique à l’ammoniaque\nFormule : 6.3 + 20 vol',
  },
  history: [
    {
      kind: 'created',
      actor: 'customer',
      channel: 'web',
      at: { startsAt: '2099-11-20T08:00:00.000Z', localDate: '2099-11-20', localTime: '09:00' },
      from: null,
      to: null,
      status: null,
      reason: null,
      toldBy: [],
      quiet: false,
      undo: false,
      payment: null,
    },
    {
      kind: 'moved',
      actor: 'salon',
      channel: 'dashboard',
      at: { startsAt: '2099-11-21T10:00:00.000Z', localDate: '2099-11-21', localTime: '11:00' },
      from: {
        startsAt: '2099-12-01T13:00:00.000Z',
        localDate: '2099-12-01',
        localTime: '14:00',
        member: { id: TOM, name: 'Tom' },
      },
      to: {
        startsAt: '2099-12-02T09:00:00.000Z',
        localDate: '2099-12-02',
        localTime: '10:00',
        member: { id: MARIE, name: 'Marie' },
      },
      status: null,
      reason: null,
      toldBy: ['email', 'web'],
      quiet: false,
      undo: false,
      payment: null,
    },
  ],
  reminders: [
    {
      kind: 'day_before',
      status: 'sent',
      dueAt: '2099-12-01T09:00:00.000Z',
      dueLocal: '2099-12-01T10:00',
      channel: 'sms',
      sentLocal: '2099-12-01T10:00',
      deliveredLocal: null,
      readLocal: null,
      reason: null,
    },
    {
      kind: 'two_hours',
      status: 'skipped',
      dueAt: '2099-12-02T07:00:00.000Z',
      dueLocal: '2099-12-02T08:00',
      channel: null,
      sentLocal: null,
      deliveredLocal: null,
      readLocal: null,
      reason: 'no_contact',
    },
  ],
})
