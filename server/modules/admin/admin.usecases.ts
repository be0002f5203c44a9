import type { AdminOverview, AdminSalonDetails, FailedJobs } from '@common/schemas/admin'
import type { Salon } from '@common/schemas/salon'
import { formatLocalDateTime, instantToLocal, localDaysRange } from '@common/time'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { bookingStarts, countSalonAppointments, countSalonUpcoming } from '@server/modules/bookings/bookings.usecases'
import { listSalonServices } from '@server/modules/catalog/catalog.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { failedJobNotFound } from '@server/modules/jobs/jobs.errors'
import { countFailedJobs, type FailedJobRow, listFailedJobs, queueOfJob } from '@server/modules/jobs/jobs.repository'
import { isProductQueue } from '@server/modules/jobs/queues'
import { listSalons } from '@server/modules/salons/salons.repository'
import { createSalon, getSalonDetails, type NewSalonInput } from '@server/modules/salons/salons.usecases'
import { setDefaultOpeningHours } from '@server/modules/schedule/schedule.usecases'
import { presentFailedJob } from './admin.presenters'
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
  { db, clock, config }: { db: Database; clock: Clock; config: Config },
  salon: SalonRow,
): Promise<AdminSalonDetails> {
  const now = clock.now()
  const [details, services, bookingsToday, upcomingBookings, totalBookings] = await Promise.all([
    getSalonDetails({ db, config }, salon),
    listSalonServices(db, salon),
    countSalonAppointments(db, salon.id, salonToday(salon, now)),
    countSalonUpcoming(db, salon.id, now),
    countSalonAppointments(db, salon.id),
  ])
  return { salon: details, services, stats: { totalBookings, upcomingBookings, bookingsToday } }
}

/** The panel lists the newest failed jobs; the total says whether there are more. */
const FAILED_JOBS_SHOWN = 50

/** Background jobs that failed for good, newest first, each with what it was about. */
export async function failedJobs({ db }: { db: Database }): Promise<FailedJobs> {
  const [rows, total] = await Promise.all([listFailedJobs(db, FAILED_JOBS_SHOWN), countFailedJobs(db)])
  const references = await jobReferences(db, rows)
  return { jobs: rows.map((row) => presentFailedJob(row, references.get(row.id) ?? null)), total }
}

const textField = (data: FailedJobRow['data'], name: string): string | undefined => {
  const value = data?.[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * A short reference to what each job was about, read from the ids of its payload (never the
 * payload itself): a booking's salon and start on the salon's clock, or a salon's public ID.
 * Jobs about nothing in particular (maintenance) or nothing that can be shown (a release only
 * knows a token and a channel) have none, nor do jobs whose booking or salon is gone.
 */
async function jobReferences(db: Database, rows: FailedJobRow[]): Promise<Map<string, string>> {
  const references = new Map<string, string>()
  if (rows.length === 0) return references
  const bookingIdOf = (row: FailedJobRow) =>
    row.name === 'calendar.push-booking' ? textField(row.data, 'bookingId') : undefined
  const [starts, salons] = await Promise.all([
    bookingStarts(
      db,
      rows.map(bookingIdOf).filter((id) => id !== undefined),
    ),
    listSalons(db),
  ])
  const salonsById = new Map(salons.map((salon) => [salon.id, salon]))
  for (const row of rows) {
    if (row.name === 'calendar.push-booking') {
      const booking = starts.get(bookingIdOf(row) ?? '')
      const salon = booking && salonsById.get(booking.salonId)
      if (booking && salon) {
        references.set(
          row.id,
          `${salon.publicId} · ${formatLocalDateTime(booking.startsAt, salon.timeZone).replace('T', ' ')}`,
        )
      }
    } else if (['calendar.sync-salon', 'instagram.chat', 'instagram.deliver'].includes(row.name)) {
      const salon = salonsById.get(textField(row.data, 'salonId') ?? '')
      if (salon) references.set(row.id, salon.publicId)
    }
  }
  return references
}

/** Puts a failed job back in its queue; a job that is not failed (or not known) is a 404. */
export async function retryFailedJob({ db, jobs }: { db: Database; jobs: Jobs }, id: string): Promise<void> {
  const queue = await queueOfJob(db, id)
  if (!queue || !isProductQueue(queue) || !(await jobs.retry(queue, id))) throw failedJobNotFound()
}

/** "Nouveau Salon" of the admin panel: a salon with the default week and no services yet. */
export async function createSalonAsAdmin(
  { db, clock, config }: { db: Database; clock: Clock; config: Config },
  input: NewSalonInput,
): Promise<Salon> {
  const salon = await db.transaction(async (tx) => {
    const created = await createSalon(tx, { ...input, isActive: input.isActive ?? true, createdAt: clock.now() })
    await setDefaultOpeningHours(tx, created.id)
    return created
  })
  return getSalonDetails({ db, config }, salon)
}
