import { apiRequest } from '@app/lib/api'
import type { BookingPage, BookingPageTimes } from '@common/schemas/booking-page'
import type { BookingPagePayment } from '@common/schemas/payments'

/** The customer's own booking page talks to /api/r/<token>: the token is the only key. */
const base = (token: string) => `/api/r/${encodeURIComponent(token)}`

export const bookingPageKey = (token: string) => ['booking-page', token] as const
/**
 * Set by the server's render of a link it never gave out (app/entry-server.tsx, answered 404): the
 * page says the link is not valid without asking for it, in the browser as on the server.
 */
export const refusedLinkKey = (token: string) => ['booking-link-refused', token] as const
export const freeTimesKey = (token: string, from: string | undefined) => ['booking-page', token, 'times', from] as const

/**
 * The booking's payment, read again when the booking's status changes (held → confirmed once paid,
 * cancelled: refunded or kept); under the page's key, so reading the page again reads it too.
 */
export const paymentKey = (token: string, status: string | undefined) =>
  ['booking-page', token, 'payment', status] as const

export async function fetchBookingPage(token: string): Promise<BookingPage> {
  return (await apiRequest('GET', base(token))).json()
}

export async function fetchFreeTimes(token: string, from: string | undefined): Promise<BookingPageTimes> {
  const query = from ? `?from=${encodeURIComponent(from)}` : ''
  return (await apiRequest('GET', `${base(token)}/times${query}`)).json()
}

/** What the booking asks (a deposit, a card guarantee) and what happened to it; null: nothing asked. */
export async function fetchPayment(token: string): Promise<BookingPagePayment | null> {
  return ((await (await apiRequest('GET', `${base(token)}/payment`)).json()) as { payment: BookingPagePayment | null })
    .payment
}

export async function cancelAppointment(token: string): Promise<BookingPage> {
  return (await apiRequest('POST', `${base(token)}/cancel`)).json()
}

export async function moveAppointment(token: string, startsAt: string): Promise<BookingPage> {
  return (await apiRequest('POST', `${base(token)}/move`, { startsAt })).json()
}

/** The appointment as a calendar file, downloaded by the browser (a phone offers to add it). */
export const calendarFileUrl = (token: string) => `${base(token)}/calendar.ics`
