import type { TimeOff } from '../../../common/schemas/schedule'
import type { TimeOffRow } from '../../db/schema'

export function presentTimeOff(row: TimeOffRow): TimeOff {
  return {
    id: row.id,
    startDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    reason: row.reason,
    memberId: row.memberId,
  }
}
