import { languageOrDefault } from '@common/languages'
import { holdsItsTime } from '@common/schemas/booking'
import type { BookingPage, BookingPageTimes } from '@common/schemas/booking-page'
import type { IcsData } from '@common/schemas/chat'
import { addDays, instantToLocal, MINUTE_MS } from '@common/time'
import type { Config } from '@server/config'
import type { SalonRow } from '@server/db/schema'
import { getAvailability } from '@server/modules/bookings/availability.usecases'
import type { BookingChangeBy } from '@server/modules/bookings/booking-history'
import type { BookingWithCustomer } from '@server/modules/bookings/bookings.repository'
import {
  type BookingDeps,
  cancelBooking,
  requireBooking,
  rescheduleBooking,
} from '@server/modules/bookings/bookings.usecases'
import { appointmentIcs } from '@server/modules/calendar-files/ics'
import { findService } from '@server/modules/catalog/catalog.repository'
import { bookedServiceFor } from '@server/modules/catalog/service-for-customer'
import { bookingLinkUrl } from './booking-link'
import { linkExpired, tooLateToChange } from './booking-page.errors'
import { type PageAbilities, presentBookingPage } from './booking-page.presenters'

/**
 * The customer's own booking page (`/r/<token>`): see it, cancel it, move it, add it to a calendar.
 * The link's token was checked before (booking-link.ts, access rule `booking_link`); here are the
 * page's rules. The link opens the booking until the appointment is over. Cancelling or moving is
 * the customer's own change, on the web — through the same use cases as the chat's, so the agenda,
 * the salon's Google Calendar and the reminders follow — and only until the salon's cancellation
 * notice: after it, the page says to call the salon.
 */

export type BookingPageDeps = BookingDeps & { config: Pick<Config, 'publicUrl' | 'appSecret'> }

/** The customer, acting on their own page (a web page: channel `web`). */
const BY_THE_CUSTOMER: BookingChangeBy = { actor: 'customer', channel: 'web' }

/** Days of free times one request of the page reads: a week. */
const TIMES_DAYS = 7

type LinkedBooking = BookingWithCustomer & { salon: SalonRow }

/** The booking a valid link opens, unless its appointment is over (the link has expired then). */
async function openLinked({ db, clock }: BookingDeps, bookingId: string): Promise<LinkedBooking> {
  const found = await requireBooking(db, bookingId, {})
  if (clock.now().getTime() >= found.booking.endsAt.getTime()) throw linkExpired()
  return found
}

function changeableUntil(found: LinkedBooking): Date {
  return new Date(found.booking.startsAt.getTime() - found.salon.cancellationNoticeMinutes * MINUTE_MS)
}

async function abilitiesOf(deps: BookingDeps, found: LinkedBooking): Promise<PageAbilities> {
  const until = changeableUntil(found)
  const open = holdsItsTime(found.booking.status) && deps.clock.now().getTime() <= until.getTime()
  const service = found.booking.serviceId
    ? await findService(deps.db, found.salon.id, found.booking.serviceId)
    : undefined
  return {
    changeableUntil: until,
    canCancel: open,
    canMove: open && found.salon.isActive && service?.isActive === true,
  }
}

/** Refuses a change inside the salon's cancellation notice (cancelled or past ones are refused by the use cases). */
function assertBeforeNotice(deps: BookingDeps, found: LinkedBooking): void {
  if (!holdsItsTime(found.booking.status)) return
  if (deps.clock.now().getTime() > changeableUntil(found).getTime()) throw tooLateToChange(found.salon.publicPhone)
}

export async function showBookingPage(deps: BookingDeps, bookingId: string): Promise<BookingPage> {
  const found = await openLinked(deps, bookingId)
  const service = await bookedServiceFor(
    deps.db,
    found.salon,
    found.booking,
    languageOrDefault(found.customer.language),
  )
  return presentBookingPage(found, found.salon, await abilitiesOf(deps, found), service)
}

export async function cancelFromPage(deps: BookingDeps, bookingId: string): Promise<BookingPage> {
  const found = await openLinked(deps, bookingId)
  assertBeforeNotice(deps, found)
  await cancelBooking(deps, bookingId, BY_THE_CUSTOMER)
  return showBookingPage(deps, bookingId)
}

/** Moves to a start the engine offers (any member free then; its own member first when free). */
export async function moveFromPage(deps: BookingDeps, bookingId: string, startsAt: Date): Promise<BookingPage> {
  const found = await openLinked(deps, bookingId)
  assertBeforeNotice(deps, found)
  await rescheduleBooking(deps, bookingId, { startsAt }, BY_THE_CUSTOMER)
  return showBookingPage(deps, bookingId)
}

/** The free starts for a move over the week from `from` (today at the earliest), day by day. */
export async function freeTimesForMove(
  deps: BookingDeps,
  bookingId: string,
  from: string | undefined,
): Promise<BookingPageTimes> {
  const found = await openLinked(deps, bookingId)
  const { salon, booking } = found
  const today = instantToLocal(deps.clock.now(), salon.timeZone).date
  const lastDay = addDays(today, salon.horizonDays)
  const first = from && from > today ? from : today
  const dates = Array.from({ length: TIMES_DAYS }, (_, i) => addDays(first, i)).filter((date) => date <= lastDay)
  const last = dates.at(-1)
  if (!last || !booking.serviceId) return { days: [], lastDay }
  const availability = await getAvailability(deps.db, deps.clock, salon, {
    serviceId: booking.serviceId,
    from: first,
    to: last,
    movingBookingId: booking.id,
  })
  const byDay = new Map(dates.map((date) => [date, [] as BookingPageTimes['days'][number]['times']]))
  for (const slot of availability.slots) {
    // Its own time is no move at all.
    if (Date.parse(slot.start) === booking.startsAt.getTime()) continue
    byDay.get(slot.local.slice(0, 10))?.push({ startsAt: slot.start, time: slot.local.slice(11) })
  }
  return { days: [...byDay].map(([date, times]) => ({ date, times })), lastDay }
}

/**
 * The appointment as a calendar file (cancelled: one that removes it). SEQUENCE grows with time
 * since the booking was made, as the chat's files do, so a later download updates the event.
 */
export async function calendarFileFromPage(deps: BookingPageDeps, bookingId: string): Promise<IcsData> {
  const { booking, customer, salon } = await openLinked(deps, bookingId)
  const now = deps.clock.now()
  const language = languageOrDefault(customer.language)
  const service = await bookedServiceFor(deps.db, salon, booking, language)
  return appointmentIcs({
    bookingId: booking.id,
    start: booking.startsAt,
    end: booking.endsAt,
    serviceName: service.name,
    salonServiceName: service.salonName,
    serviceDescription: service.description,
    salon,
    customerName: customer.name,
    language,
    sequence: Math.max(0, Math.floor((now.getTime() - booking.createdAt.getTime()) / 1000)),
    cancelled: booking.status === 'cancelled',
    url: bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, booking.id),
    now,
  })
}
