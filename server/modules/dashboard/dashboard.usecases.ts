import { currencyForCountry } from '@common/countries'
import type { SalonDashboard } from '@common/schemas/dashboard'
import { intervalMinutes, type WorkingHours } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { addDays, instantToLocal, type LocalParts, localDaysRange } from '@common/time'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import type { MemberBookingFigures } from '@server/modules/bookings/bookings.repository'
import { bookingFigures, listSalonBookingsOfDay, noShowFigures } from '@server/modules/bookings/bookings.usecases'
import { listSalonServices } from '@server/modules/catalog/catalog.usecases'
import { getWorkingHours } from '@server/modules/schedule/schedule.usecases'
import { listTeam } from '@server/modules/team/team.usecases'

const RECENT_BOOKINGS = 5
/** The no-show rate looks back this many days. */
const NO_SHOW_DAYS = 30

/**
 * The salon dashboard's figures and day, on the server's clock in the salon's time zone: the
 * browser's clock and zone may differ from the salon's.
 */
export async function getSalonDashboard(
  deps: { db: Database; clock: Clock },
  salon: SalonRow,
): Promise<SalonDashboard> {
  const { db, clock } = deps
  const instant = clock.now()
  const now = instantToLocal(instant, salon.timeZone)
  const [hours, services, team] = await Promise.all([
    getWorkingHours(db, salon),
    listSalonServices(db, salon),
    listTeam(db, salon),
  ])
  const isToday = !todaysHoursAreOver(hours, now)
  const date = isToday ? now.date : addDays(now.date, 1)
  const weekStart = addDays(now.date, -now.weekday)
  const dayRange = (from: string, days: number) => localDaysRange(from, days, salon.timeZone)
  const [figures, dayBookings, noShows] = await Promise.all([
    bookingFigures(db, salon, { today: dayRange(now.date, 1), week: dayRange(weekStart, 7), recent: RECENT_BOOKINGS }),
    listSalonBookingsOfDay(db, salon, dayRange(date, 1)),
    noShowFigures(db, salon.id, instant, NO_SHOW_DAYS),
  ])
  return {
    today: now.date,
    now: instant.toISOString(),
    stats: {
      bookingsToday: figures.today,
      bookingsThisWeek: figures.week,
      activeServices: services.filter((s) => s.isActive).length,
      totalBookings: figures.total,
    },
    members: membersFigures(team, figures.perMember),
    noShows,
    currency: currencyForCountry(salon.country),
    day: { date, isToday, bookings: dayBookings },
    recentBookings: figures.recent,
  }
}

/** Each member's figures in the team's order: the active members, and an inactive one with bookings this week. */
function membersFigures(team: TeamMember[], figures: MemberBookingFigures[]): SalonDashboard['members'] {
  const byMember = new Map(figures.map((f) => [f.memberId, f]))
  return team
    .filter((member) => member.isActive || byMember.has(member.id))
    .map((member) => {
      const f = byMember.get(member.id)
      return {
        id: member.id,
        name: member.name,
        colour: member.colour,
        isActive: member.isActive,
        bookingsToday: f?.today ?? 0,
        bookingsThisWeek: f?.week ?? 0,
        bookedMinutesThisWeek: f?.weekMinutes ?? 0,
        revenueThisWeek: f?.weekRevenueMinor ?? 0,
      }
    })
}

/** Closed today, or past today's last closing time (a closing after midnight ends tomorrow). */
function todaysHoursAreOver(hours: WorkingHours, now: LocalParts): boolean {
  const day = hours[String(now.weekday) as keyof WorkingHours]
  if (!day.isOpen || day.intervals.length === 0) return true
  const lastClose = Math.max(...day.intervals.map((i) => intervalMinutes(i.openTime, i.closeTime)[1]))
  return now.minutes >= lastClose
}
