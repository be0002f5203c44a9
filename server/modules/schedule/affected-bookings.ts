import { type BookingRules, type OpeningInterval, withinOpeningHours } from './availability'
import { intersectHours } from './team-availability'

/**
 * Which bookings a change of hours leaves outside working time. A member works the salon's hours
 * cut to their own (as the engine reads them, team-availability.ts), so a booking is judged on its
 * member's week before and after the change: it is affected when the week before covered it and
 * the week after does not. A booking already outside before (a time the salon forced) is not the
 * change's doing, and is left out. Pure.
 */

/** The salon's week and each member's own (null: the member follows the salon's). */
export interface TeamHours {
  salon: readonly OpeningInterval[]
  members: ReadonlyMap<string, readonly OpeningInterval[] | null>
}

export interface TimedBooking {
  id: string
  memberId: string
  start: number
  end: number
}

/** The week a member works: the salon's, cut to their own when they have one. */
export function memberWeek(team: TeamHours, memberId: string): readonly OpeningInterval[] {
  const own = team.members.get(memberId)
  return own ? intersectHours(team.salon, own) : team.salon
}

/** The bookings that `before` covered and `after` no longer does, in the given order. */
export function pushedOutByHours<T extends TimedBooking>(
  bookings: readonly T[],
  before: TeamHours,
  after: TeamHours,
  salon: { timeZone: string; rules: BookingRules },
): T[] {
  const covers = (team: TeamHours, booking: TimedBooking) =>
    withinOpeningHours(
      { timeZone: salon.timeZone, rules: salon.rules, openingHours: memberWeek(team, booking.memberId), busy: [] },
      booking.start,
      booking.end,
    )
  return bookings.filter((booking) => covers(before, booking) && !covers(after, booking))
}
