import type { SalonFactsSource } from '@server/modules/salons/salon-plug-ins'
import { getWorkingHoursOfSalons } from './schedule.usecases'

/** The salon's week, on its pages (one read for many salons). */
export const scheduleSalonFacts: SalonFactsSource = {
  name: 'schedule',
  gives: ['workingHours'],
  async read(db, _config, salons) {
    const weeks = await getWorkingHoursOfSalons(db, salons)
    return (salonId) => {
      const workingHours = weeks.get(salonId)
      return workingHours ? { workingHours } : {}
    }
  },
}
