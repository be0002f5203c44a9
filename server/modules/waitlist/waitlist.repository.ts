import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { ambassadors, type ReferralRow, referrals } from '../../db/schema'

/** Referral rows (waitlist entries). The only code that reads or writes the referrals table. */

export type NewReferral = Pick<
  ReferralRow,
  'ambassadorId' | 'referralCode' | 'salonName' | 'contactEmail' | 'phone' | 'address' | 'country' | 'language'
> &
  Pick<ReferralRow, 'createdAt'>

export async function insertReferral(db: Executor, referral: NewReferral): Promise<ReferralRow> {
  const [row] = await db.insert(referrals).values(referral).returning()
  if (!row) throw new Error('insert returned no referral')
  return row
}

export interface ReferralWithAmbassador {
  referral: ReferralRow
  ambassadorName: string | null
}

/** Every referral, newest first, with the name of the ambassador it is credited to. */
export async function listReferrals(db: Executor): Promise<ReferralWithAmbassador[]> {
  return db
    .select({ referral: referrals, ambassadorName: ambassadors.name })
    .from(referrals)
    .leftJoin(ambassadors, eq(ambassadors.id, referrals.ambassadorId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
}
