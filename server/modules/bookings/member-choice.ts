import { instantToLocal } from '@common/time'
import { PG_DEADLOCK_DETECTED, PG_EXCLUSION_VIOLATION, sqlState } from '@server/db/client'
import type { ServiceLength } from '@server/modules/schedule/availability'
import type { TeamSchedule } from '@server/modules/schedule/team-availability'
import { freeMembersAt } from '@server/modules/schedule/team-availability'

/**
 * Who takes an appointment when the customer named nobody — the rule the README documents: among
 * the members who perform the service and are free for its whole length, the one with the fewest
 * appointments that day (the salon's day), so the day's work spreads over the team; on a tie, the
 * team's order (the owner first unless the salon reordered it). A member the appointment already
 * has (a booking being moved) keeps it when free.
 *
 * Returns every free member in that order: when a concurrent request takes the first one a moment
 * before us, the database refuses our insert for that member only, and the caller tries the next.
 */
export function membersInAssignmentOrder(
  team: TeamSchedule,
  start: number,
  durationMinutes: ServiceLength,
  now: number,
  keep?: string,
): string[] {
  const free = freeMembersAt(team, start, durationMinutes, now)
  if (keep && free.includes(keep)) return [keep, ...free.filter((id) => id !== keep)]
  const day = instantToLocal(start, team.salon.timeZone).date
  const load = new Map(
    team.members.map((member) => [
      member.id,
      member.busy.filter((b) => b.kind === 'booking' && instantToLocal(b.start, team.salon.timeZone).date === day)
        .length,
    ]),
  )
  const order = new Map(team.members.map((member, index) => [member.id, index]))
  return free.sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || (order.get(a) ?? 0) - (order.get(b) ?? 0))
}

/** How often a write that PostgreSQL chose as a deadlock's victim is tried again (with that member). */
const DEADLOCK_RETRIES = 3

/**
 * Writes with the first member who can take it. The exclusion constraint settles a race for one
 * member: a write that loses it is rolled back and tried with the next free member; when none is
 * left, `allTaken` says so (`bookings.slot_taken`). Writes take their member's lock first
 * (bookings.repository.ts lockMembersTime), so two never deadlock over one member's time; should
 * PostgreSQL still roll one back as a deadlock's victim, it is tried again.
 */
export async function withFirstFreeMember<T>(
  memberIds: readonly string[],
  write: (memberId: string) => Promise<T>,
  allTaken: () => Error,
): Promise<T> {
  for (const memberId of memberIds) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write(memberId)
      } catch (error) {
        const state = sqlState(error)
        if (state === PG_DEADLOCK_DETECTED && attempt < DEADLOCK_RETRIES) {
          // A few milliseconds apart, so that the transactions that deadlocked do not meet again.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)))
          continue
        }
        if (state !== PG_EXCLUSION_VIOLATION) throw error
        break
      }
    }
  }
  throw allTaken()
}
