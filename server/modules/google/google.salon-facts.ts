import type { SalonFactsSource } from '@server/modules/salons/salon-plug-ins'
import { calendarConnectionsOf } from './calendar-connection.usecases'

/** The salon's pages show the Google account its calendar is connected with (none while it needs reconnecting). */
export const googleSalonFacts: SalonFactsSource = {
  name: 'google',
  gives: ['calendar'],
  async read(db, _config, salons) {
    const emails = await calendarConnectionsOf(
      db,
      salons.map((s) => s.id),
    )
    return (salonId) => {
      const email = emails.get(salonId)
      return email ? { calendar: { email } } : {}
    }
  },
}
