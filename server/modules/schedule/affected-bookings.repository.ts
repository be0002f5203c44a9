import { STILL_TO_COME_STATUSES } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import { bookings, customers, teamMembers } from '@server/db/schema'
import { and, asc, eq, gt, inArray, lt, type SQL } from 'drizzle-orm'

/**
 * The bookings a change of hours or an absence may fall on: confirmed or pending, still to start.
 * Read in the change's transaction, with what the salon needs to recognise them.
 */

export interface UpcomingBooking {
  id: string
  memberId: string
  memberName: string
  startsAt: Date
  endsAt: Date
  customerName: string
  customerLanguage: string
  serviceName: string
}

export async function listUpcomingBookings(
  db: Executor,
  salonId: string,
  now: Date,
  filter: { memberId?: string | null | undefined; overlapping?: { from: Date; to: Date } },
): Promise<UpcomingBooking[]> {
  const conditions: SQL[] = [
    eq(bookings.salonId, salonId),
    inArray(bookings.status, [...STILL_TO_COME_STATUSES]),
    gt(bookings.startsAt, now),
  ]
  if (filter.memberId) conditions.push(eq(bookings.memberId, filter.memberId))
  if (filter.overlapping) {
    conditions.push(lt(bookings.startsAt, filter.overlapping.to), gt(bookings.endsAt, filter.overlapping.from))
  }
  return db
    .select({
      id: bookings.id,
      memberId: bookings.memberId,
      memberName: teamMembers.name,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      customerName: customers.name,
      customerLanguage: customers.language,
      serviceName: bookings.serviceName,
    })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .where(and(...conditions))
    .orderBy(asc(bookings.startsAt))
}
