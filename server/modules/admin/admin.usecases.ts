import type { AdminOverview, AdminSalonDetails } from '../../../common/schemas/admin'
import { addDays, instantToLocal, localToInstant } from '../../../common/time'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { SalonRow } from '../../db/schema'
import { listSalonServices } from '../catalog/catalog.usecases'
import { listSalons } from '../salons/salons.repository'
import { getSalonDetails } from '../salons/salons.usecases'
import * as repo from './admin.repository'

/** The success rate looks at the last 30 days of conversations. */
const SUCCESS_WINDOW_DAYS = 30

/** Today in a salon's own time zone, as instants. */
function salonToday(salon: SalonRow, now: Date) {
  const today = instantToLocal(now, salon.timeZone).date
  return {
    from: new Date(localToInstant(today, 0, salon.timeZone)),
    to: new Date(localToInstant(addDays(today, 1), 0, salon.timeZone)),
  }
}

/**
 * The panel's four figures, computed (the spec's 47 / 94 % / 289 were placeholders):
 * bookings today count each salon's today in its own time zone; the success rate is the share
 * of the last 30 days' chat conversations that ended in a booking; bot users are the distinct
 * customers who wrote to an assistant.
 */
export async function adminOverview({ db, clock }: { db: Database; clock: Clock }): Promise<AdminOverview> {
  const now = clock.now()
  const salons = await listSalons(db)
  const todays = await Promise.all(
    salons.map((salon) => {
      const { from, to } = salonToday(salon, now)
      return repo.countSalonBookingsBetween(db, salon.id, from, to)
    }),
  )
  const since = new Date(now.getTime() - SUCCESS_WINDOW_DAYS * 24 * 60 * 60 * 1000)
  const [activeSalons, outcomes, botUsers] = await Promise.all([
    repo.countActiveSalons(db),
    repo.conversationOutcomesSince(db, since),
    repo.countBotUsers(db),
  ])
  return {
    activeSalons,
    bookingsToday: todays.reduce((sum, n) => sum + n, 0),
    successRate: outcomes.total === 0 ? null : Math.round((outcomes.booked / outcomes.total) * 1000) / 10,
    botUsers,
    conversationsLast30Days: outcomes.total,
  }
}

/** What "view" shows of a salon: its details, its services and its booking figures. */
export async function adminSalonDetails(
  { db, clock }: { db: Database; clock: Clock },
  salon: SalonRow,
): Promise<AdminSalonDetails> {
  const now = clock.now()
  const { from, to } = salonToday(salon, now)
  const far = new Date(Date.UTC(9999, 0, 1))
  const [details, services, bookingsToday, upcomingBookings, totalBookings] = await Promise.all([
    getSalonDetails(db, salon),
    listSalonServices(db, salon),
    repo.countSalonBookingsBetween(db, salon.id, from, to),
    repo.countSalonBookingsBetween(db, salon.id, now, far),
    repo.countSalonBookingsBetween(db, salon.id, new Date(0), far),
  ])
  return { salon: details, services, stats: { totalBookings, upcomingBookings, bookingsToday } }
}
