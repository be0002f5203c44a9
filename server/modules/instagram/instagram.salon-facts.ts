import type { SalonFactsSource } from '@server/modules/salons/salon-plug-ins'
import { instagramFactsOf } from './instagram-facts'

/** The salon's pages show whether this server has Instagram, and the salon's account. */
export const instagramSalonFacts: SalonFactsSource = {
  name: 'instagram',
  gives: ['instagram'],
  async read(db, config, salons) {
    const facts = await instagramFactsOf(
      db,
      config,
      salons.map((s) => s.id),
    )
    return (salonId) => ({ instagram: facts(salonId) })
  },
}
