import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { InstagramFacts } from '@server/modules/salons/salons.presenters'
import { accountsOfSalons } from './instagram.repository'

/** What salon pages say about Instagram, for several salons in one query. */
export async function instagramFactsOf(
  db: Executor,
  config: Pick<Config, 'instagram'>,
  salonIds: string[],
): Promise<(salonId: string) => InstagramFacts> {
  const accounts = new Map((await accountsOfSalons(db, salonIds)).map((a) => [a.salonId, a]))
  return (salonId) => {
    const account = accounts.get(salonId)
    return {
      available: config.instagram !== undefined,
      account: account && { username: account.username, reconnectRequired: account.reconnectRequiredAt !== null },
    }
  }
}
