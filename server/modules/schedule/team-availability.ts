import {
  type BusyInterval,
  explainSlot,
  findFreeSlots,
  type OpeningInterval,
  type SalonSchedule,
  type ServiceLength,
  type SlotQuery,
  type SlotRefusal,
} from './availability'

/**
 * The availability engine for a team: a start can be sold when at least one member who performs
 * the service is free for its whole length. Each member is judged by the one engine
 * (availability.ts) on their own schedule: the salon's hours cut to the member's own, the salon's
 * absences (and its calendar's events when they block the salon) plus the member's own absences
 * and bookings. Pure, like the engine.
 */

export interface MemberSchedule {
  id: string
  /** The member's own week; null: whenever the salon is open. */
  hours: readonly OpeningInterval[] | null
  /** The member's bookings and absences (and the calendar's events when they block only the owner). */
  busy: readonly BusyInterval[]
}

export interface TeamSchedule {
  /** The salon's hours, rules and what blocks everyone (its absences, its calendar's events). */
  salon: SalonSchedule
  /** The members who could take the service, in the order the salon lists them. */
  members: readonly MemberSchedule[]
}

/** One member's schedule as the engine reads it. */
export function scheduleOfMember(team: TeamSchedule, member: MemberSchedule): SalonSchedule {
  return {
    ...team.salon,
    openingHours: member.hours ? intersectHours(team.salon.openingHours, member.hours) : team.salon.openingHours,
    busy: member.busy.length === 0 ? team.salon.busy : [...team.salon.busy, ...member.busy],
  }
}

/** Every start in the query's range at which at least one member is free, ascending. */
export function findTeamFreeSlots(team: TeamSchedule, query: SlotQuery): number[] {
  if (team.members.length === 1) return findFreeSlots(scheduleOfMember(team, team.members[0] as MemberSchedule), query)
  const starts = new Set<number>()
  for (const member of team.members) {
    for (const start of findFreeSlots(scheduleOfMember(team, member), query)) starts.add(start)
  }
  return [...starts].sort((a, b) => a - b)
}

/** The members free for the whole service at `start`, in the team's order. */
export function freeMembersAt(
  team: TeamSchedule,
  start: number,
  durationMinutes: ServiceLength,
  now: number,
): string[] {
  return team.members
    .filter((member) => explainSlot(scheduleOfMember(team, member), start, durationMinutes, now) === null)
    .map((member) => member.id)
}

/**
 * Why no member can take the service at `start`, or null when one can. Agrees with
 * findTeamFreeSlots. When every member is busy, the salon's own reason comes first (closed, too
 * soon, off the grid…); a salon open and on the grid but with nobody free says 'taken'.
 */
export function explainTeamSlot(
  team: TeamSchedule,
  start: number,
  durationMinutes: ServiceLength,
  now: number,
): SlotRefusal | null {
  if (freeMembersAt(team, start, durationMinutes, now).length > 0) return null
  return explainSlot(team.salon, start, durationMinutes, now) ?? 'taken'
}

/**
 * The member's week within the salon's: on each weekday, the parts of the member's intervals that
 * the salon's intervals of that weekday cover.
 */
export function intersectHours(
  salon: readonly OpeningInterval[],
  member: readonly OpeningInterval[],
): OpeningInterval[] {
  const result: OpeningInterval[] = []
  for (const own of member) {
    for (const open of salon) {
      if (open.weekday !== own.weekday) continue
      const opens = Math.max(open.opens, own.opens)
      const closes = Math.min(open.closes, own.closes)
      if (closes > opens) result.push({ weekday: own.weekday, opens, closes })
    }
  }
  return result.sort((a, b) => a.weekday - b.weekday || a.opens - b.opens)
}
