import type { AffectedBooking, RecurringBlock, TimeOff } from '@common/schemas/schedule'
import { formatLocalDateTime, formatMinutes } from '@common/time'
import type { RecurringBlockRow, TimeOffRow } from '@server/db/schema'
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

export function presentRecurringBlock(row: RecurringBlockRow): RecurringBlock {
  return {
    id: row.id,
    memberId: row.memberId,
    weekdays: row.weekdays,
    startTime: formatMinutes(row.startsMinute),
    endTime: row.endsMinute === 24 * 60 ? '24:00' : formatMinutes(row.endsMinute),
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    reason: row.reason,
  }
}
