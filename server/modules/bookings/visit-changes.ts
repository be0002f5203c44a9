import type { Booking } from '@common/schemas/booking'
import { MINUTE_MS } from '@common/time'
import type { Database } from '@server/db/client'
import { badRequest } from '@server/errors'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { type BookingChangeBy, recordBookingEvent } from './booking-history'
import { salonNotBooking } from './bookings.errors'
import { presentBooking } from './bookings.presenters'
import * as repo from './bookings.repository'
import {
  assertChangeable,
  type BookingDeps,
  type BookingScope,
  markCancelled,
  requireBooking,
} from './bookings.usecases'
import {
  judgeTeamVisit,
  loadVisitTeam,
  MAX_SERVICES_PER_VISIT,
  requireServices,
  spanAround,
  startInstant,
  sum,
  visitRefused,
} from './consecutive'
import { withFirstFreeMember } from './member-choice'

/**
 * Moves a visit — several appointments of one customer booked back to back — as a whole to a new
 * first start: each keeps its service, length and order, and they stay back to back with one
 * member (the visit's own when free, else any member free for all of it, as when booking). All
 * move in one transaction under the bookings' exclusion constraint, or none does: a time taken
 * since the check is the `bookings.slot_taken` every caller knows, with nothing changed.
 */
export async function rescheduleVisit(
  { db, clock, jobs }: BookingDeps,
  bookingIds: readonly string[],
  start: string | Date,
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking[]> {
  const visit = await requireVisit(db, bookingIds, by.scope ?? {})
  const { salon } = visit[0] as VisitPart
  const ids = visit.map((v) => v.booking.id)
  const now = clock.now()
  for (const { booking } of visit) assertChangeable(booking, now)
  if (!salon.isActive) throw salonNotBooking()
  // What was sold stays: the services must still be bookable, and each keeps its own length.
  await requireServices(
    db,
    salon,
    visit.map((v) => v.booking.serviceId ?? ''),
  )
  const durations = visit.map((v) => v.booking.durationMinutes)
  const startsAt = startInstant(start, salon)
  const team = await loadVisitTeam(
    db,
    salon,
    spanAround(startsAt, sum(durations)),
    { serviceIds: visit.map((v) => v.booking.serviceId ?? '') },
    ids,
  )
  const verdict = judgeTeamVisit(team, startsAt, durations, now.getTime())
  if (!verdict.free) throw visitRefused(verdict.failedAt, verdict.reason)
  // The visit's own member first, when they are free for all of it.
  const own = visit[0]?.booking.memberId
  const memberIds =
    own && verdict.memberIds.includes(own) ? [own, ...verdict.memberIds.filter((m) => m !== own)] : verdict.memberIds

  const moved = await withFirstFreeMember(
    memberIds,
    (memberId) =>
      db.transaction(async (tx) => {
        const member = await requireMemberRef(tx, memberId)
        const planned = plan(visit, durations, startsAt)
        // One member's bookings may not overlap, each other's old times included: when the visit
        // moves later, its last appointment moves first, and the other way round.
        const order = startsAt > (visit[0]?.booking.startsAt.getTime() ?? 0) ? [...planned].reverse() : planned
        const done = new Map<string, Booking>()
        for (const { found: f, from, to } of order) {
          const updated = await repo.updateBooking(tx, f.booking.id, { memberId, startsAt: from, endsAt: to }, now)
          await recordBookingEvent(tx, jobs, f.booking, 'moved', by, now, {
            fromStartsAt: f.booking.startsAt,
            fromMemberId: f.booking.memberId,
            toStartsAt: from,
            toMemberId: memberId,
          })
          done.set(f.booking.id, presentBooking({ booking: updated, customer: f.customer, member }, salon))
        }
        return planned.map((p) => done.get(p.found.booking.id) as Booking)
      }),
    () => visitRefused(0, 'taken'),
  )
  return moved
}

/**
 * Cancels a visit as a whole, in one transaction: every appointment of it or none (one already
 * cancelled or begun refuses them all, as cancelling it alone would).
 */
export async function cancelVisit(
  { db, clock, jobs }: BookingDeps,
  bookingIds: readonly string[],
  by: BookingChangeBy & { scope?: BookingScope | undefined },
): Promise<Booking[]> {
  const visit = await requireVisit(db, bookingIds, by.scope ?? {})
  const now = clock.now()
  for (const { booking } of visit) assertChangeable(booking, now)
  return db.transaction(async (tx) => {
    const cancelled: Booking[] = []
    for (const found of visit) {
      const updated = await markCancelled(tx, jobs, found.booking, by, now)
      cancelled.push(presentBooking({ booking: updated, customer: found.customer, member: found.member }, found.salon))
    }
    return cancelled
  })
}

type VisitPart = Awaited<ReturnType<typeof requireBooking>>

/** The appointments of one customer's visit at one salon, in time order (each as `requireBooking` finds it). */
async function requireVisit(db: Database, bookingIds: readonly string[], scope: BookingScope): Promise<VisitPart[]> {
  const ids = [...new Set(bookingIds)]
  if (ids.length === 0) throw noBookings()
  if (ids.length > MAX_SERVICES_PER_VISIT) throw tooManyBookings()
  const found = await Promise.all(ids.map((id) => requireBooking(db, id, scope)))
  const [first] = found
  if (!first) throw noBookings()
  if (found.some((f) => f.booking.salonId !== first.salon.id || f.booking.customerId !== first.booking.customerId))
    throw notOneVisit()
  return found.sort((a, b) => a.booking.startsAt.getTime() - b.booking.startsAt.getTime())
}

/** Each appointment's new span: back to back from `start`, in the visit's order. */
function plan<T extends { booking: { id: string } }>(visit: T[], durations: number[], start: number) {
  let at = start
  return visit.map((found, index) => {
    const from = new Date(at)
    at += (durations[index] ?? 0) * MINUTE_MS
    return { found, from, to: new Date(at) }
  })
}

const noBookings = () => badRequest('bookings.no_services', 'A visit to move needs at least one booking')
const tooManyBookings = () =>
  badRequest('bookings.too_many_services', `A visit holds at most ${MAX_SERVICES_PER_VISIT} appointments`)
const notOneVisit = () => badRequest('bookings.not_one_visit', "These appointments are not one customer's visit")
