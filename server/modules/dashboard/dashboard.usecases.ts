import type { SalonDashboard } from '../../../common/schemas/dashboard'
import { intervalMinutes, type WorkingHours } from '../../../common/schemas/schedule'
import { addDays, instantToLocal, type LocalParts, localDaysRange } from '../../../common/time'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { SalonRow } from '../../db/schema'
import { bookingFigures, listSalonBookingsOfDay } from '../bookings/bookings.usecases'
import { listSalonServices } from '../catalog/catalog.usecases'
import { getWorkingHours } from '../schedule/schedule.usecases'

const RECENT_BOOKINGS = 5

/**
 * The salon dashboard's figures and day, on the server's clock in the salon's time zone: the
 * browser's clock and zone may differ from the salon's.
 */
export async function getSalonDashboard(
  deps: { db: Database; clock: Clock },
  salon: SalonRow,
): Promise<SalonDashboard> {
  const { db, clock } = deps
  const now = instantToLocal(clock.now(), salon.timeZone)
  const [hours, services] = await Promise.all([getWorkingHours(db, salon), listSalonServices(db, salon)])
  const isToday = !todaysHoursAreOver(hours, now)
  const date = isToday ? now.date : addDays(now.date, 1)
  const weekStart = addDays(now.date, -now.weekday)
  const dayRange = (from: string, days: number) => localDaysRange(from, days, salon.timeZone)
  const [figures, dayBookings] = await Promise.all([
    bookingFigures(db, salon, { today: dayRange(now.date, 1), week: dayRange(weekStart, 7), recent: RECENT_BOOKINGS }),
    listSalonBookingsOfDay(db, salon, dayRange(date, 1)),
  ])
  return {
    today: now.date,
    stats: {
      bookingsToday: figures.today,
      bookingsThisWeek: figures.week,
      activeServices: services.filter((s) => s.isActive).length,
      totalBookings: figures.total,
    },
    day: { date, isToday, bookings: dayBookings },
    recentBookings: figures.recent,
  }
}

/** Closed today, or past today's last closing time (a closing after midnight ends tomorrow). */
function todaysHoursAreOver(hours: WorkingHours, now: LocalParts): boolean {
  const day = hours[String(now.weekday) as keyof WorkingHours]
  if (!day.isOpen || day.intervals.length === 0) return true
  const lastClose = Math.max(...day.intervals.map((i) => intervalMinutes(i.openTime, i.closeTime)[1]))
  return now.minutes >= lastClose
}
