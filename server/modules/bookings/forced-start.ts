import { occupiedMinutes, phasesOfLength } from '@common/service-phases'
import { DAY_MS, instantToLocal, MINUTE_MS } from '@common/time'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { type ServiceLength, shapeOf } from '@server/modules/schedule/availability'
import type { TeamSchedule } from '@server/modules/schedule/team-availability'
import { memberNotFound } from '@server/modules/team/team.errors'
import { loadTeamSchedule } from './availability.usecases'
import { appointmentPast, memberAbsent, slotTaken } from './bookings.errors'

/**
 * The desk's forced time ("a walk-in at 18:50"): the salon books a member at a start the engine
 * would not offer — off the grid, outside the hours, within the notice, past the horizon, or
 * earlier today for someone who just sat down. Two things still hold: the member must perform the
 * service, and the time never overlaps the member's other bookings (checked here for a clear
 * answer, and by the exclusion constraint, which settles a race: `bookings.slot_taken`, 409) nor
 * an absence — the member's own or the salon's closure (`bookings.member_absent`, 422): an absence
 * is a decision the salon took, which a forced booking does not silently override.
 */
export function forcedMember(
  db: Database,
  salon: SalonRow,
  asked: { startsAt: Date; serviceId: string | null; durationMinutes: ServiceLength; memberId: string },
  now: Date,
  movingBookingId?: string,
): Promise<string> {
  const start = asked.startsAt.getTime()
  const end = start + occupiedMinutes(phasesOfLength(asked.durationMinutes)) * MINUTE_MS
  return forcedMemberOf(salon, asked, now, () =>
    loadTeamSchedule(
      db,
      salon,
      { from: new Date(start - DAY_MS), to: new Date(end + DAY_MS) },
      { serviceIds: asked.serviceId ? [asked.serviceId] : [], memberId: asked.memberId },
      movingBookingId,
    ),
  )
}

/** The same, with the team's schedule (a day either side of the time at least) from the caller. */
export async function forcedMemberOf(
  salon: SalonRow,
  asked: { startsAt: Date; durationMinutes: ServiceLength; memberId: string },
  now: Date,
  teamAround: () => TeamSchedule | Promise<TeamSchedule>,
): Promise<string> {
  if (instantToLocal(asked.startsAt, salon.timeZone).date < instantToLocal(now, salon.timeZone).date) {
    throw appointmentPast()
  }
  const start = asked.startsAt.getTime()
  // The member's working stretches: a processing pause leaves them free, as the engine counts it.
  const { work } = shapeOf(asked.durationMinutes)
  const team = await teamAround()
  const member = team.members.find((m) => m.id === asked.memberId)
  if (!member) throw memberNotFound()
  const overlapping = [...team.salon.busy, ...member.busy].filter((busy) =>
    work.some((span) => busy.start < start + span.end && start + span.start < busy.end),
  )
  if (overlapping.some((busy) => busy.kind === 'time_off')) throw memberAbsent()
  if (overlapping.some((busy) => busy.kind === 'booking' || busy.kind === 'booking_resumed')) throw slotTaken()
  return member.id
}
