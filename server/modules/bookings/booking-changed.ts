import type { Executor } from '@server/db/client'
import { bookingChanged as pushToCalendar } from '@server/modules/calendar-sync/calendar-sync.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { planReminders } from '@server/modules/reminders/reminders.usecases'

/**
 * A booking was created, moved, cancelled or given another status, in `db`'s transaction: what
 * follows from it, in that same transaction — its reminders re-planned, its Google Calendar event
 * pushed by a job. Every path that changes a booking calls this one function.
 */
export async function bookingChanged(
  db: Executor,
  jobs: Jobs,
  salonId: string,
  bookingId: string,
  now: Date,
): Promise<void> {
  await planReminders(db, bookingId, now)
  await pushToCalendar(db, jobs, salonId, bookingId)
}
