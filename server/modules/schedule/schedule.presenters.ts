import type { AffectedBooking, TimeOff } from '@common/schemas/schedule'
import { formatLocalDateTime } from '@common/time'
import type { TimeOffRow } from '@server/db/schema'
import type { UpcomingBooking } from './affected-bookings.repository'

export function presentTimeOff(row: TimeOffRow): TimeOff {
  return {
    id: row.id,
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    reason: row.reason,
    memberId: row.memberId,
  }
}

export function presentAffectedBooking(booking: UpcomingBooking, timeZone: string): AffectedBooking {
  const start = formatLocalDateTime(booking.startsAt, timeZone)
  return {
    id: booking.id,
    startsAt: booking.startsAt.toISOString(),
    localDate: start.slice(0, 10),
    localTime: start.slice(11),
    endLocalTime: formatLocalDateTime(booking.endsAt, timeZone).slice(11),
    customerName: booking.customerName,
    service: booking.serviceName,
    member: { id: booking.memberId, name: booking.memberName },
  }
}
