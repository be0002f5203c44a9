import type { JobHandlers } from '../jobs/job-engine'
import {
  type CalendarSyncDeps,
  maintainCalendars,
  pushBooking,
  releaseCalendar,
  syncSalon,
} from './calendar-sync.usecases'

/** The calendar sync's workers: each job reads the current facts, so running one twice is harmless. */
export function calendarSyncWorkers(deps: CalendarSyncDeps): JobHandlers {
  return {
    'calendar.push-booking': async ({ bookingId }) => {
      await pushBooking(deps, bookingId)
    },
    'calendar.sync-salon': async ({ salonId, reason }) => {
      await syncSalon(deps, salonId, reason)
    },
    'calendar.maintain': async () => {
      await maintainCalendars(deps)
    },
    'calendar.release': async (release) => {
      await releaseCalendar(deps, release)
    },
  }
}
