import type { SalonFactsSource } from '@server/modules/salons/salon-plug-ins'
import { listLiveAccounts } from './calendar-sync.repository'

/** The salon's pages show the account of the calendar receiving its bookings (none while it needs reconnecting). */
export const calendarSalonFacts: SalonFactsSource = {
  name: 'calendar-sync',
  gives: ['calendar'],
  async read(db, _config, salons) {
    const writers = new Map(
      (
        await listLiveAccounts(
          db,
          salons.map((s) => s.id),
        )
      )
        .filter((c) => c.writesBookings)
        .map((c) => [c.salonId, c.account]),
    )
    return (salonId) => {
      const email = writers.get(salonId)
      return email ? { calendar: { email } } : {}
    }
  },
}
