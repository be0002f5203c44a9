import type { SalonSubscriber } from '@server/modules/salons/salon-plug-ins'
import { createOwnerMember } from './team.usecases'

/** A salon is never without a team: its owner is its first member, so a solo salon books as before. */
export const teamFollowsSalons: SalonSubscriber = {
  name: 'team',
  async onSalonCreated(db, salon) {
    await createOwnerMember(db, salon)
  },
}
