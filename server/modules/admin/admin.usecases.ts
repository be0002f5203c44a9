import type { AdminOverview, AdminSalonDetails } from '../../../common/schemas/admin'
import { instantToLocal, localDaysRange } from '../../../common/time'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { SalonRow } from '../../db/schema'
import { countSalonAppointments } from '../bookings/bookings.usecases'
import { listSalonServices } from '../catalog/catalog.usecases'
import { listSalons } from '../salons/salons.repository'
import { getSalonDetails } from '../salons/salons.usecases'
import * as repo from './admin.repository'

/** The success rate looks at the last 30 days of conversations. */
const SUCCESS_WINDOW_DAYS = 30

/** Today in a salon's own time zone, as instants. */
function salonToday(salon: SalonRow, now: Date) {
  return localDaysRange(instantToLocal(now, salon.timeZone).date, 1, salon.timeZone)
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
  // One count per salon: each has its own today. The panel lists every salon anyway.
  const todays = await Promise.all(salons.map((salon) => countSalonAppointments(db, salon.id, salonToday(salon, now))))
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
  const [details, services, bookingsToday, upcomingBookings, totalBookings] = await Promise.all([
    getSalonDetails(db, salon),
    listSalonServices(db, salon),
    countSalonAppointments(db, salon.id, salonToday(salon, now)),
    countSalonAppointments(db, salon.id, { from: now, to: new Date(Date.UTC(9999, 0, 1)) }),
    countSalonAppointments(db, salon.id),
  ])
  return { salon: details, services, stats: { totalBookings, upcomingBookings, bookingsToday } }
}
