import type { Executor } from '@server/db/client'
import { type AmbassadorRow, ambassadors, type ReferralRow, referrals, salons } from '@server/db/schema'
import { and, desc, eq } from 'drizzle-orm'

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
  salonPublicId: string | null
}

const withAmbassadorAndSalon = (db: Executor) =>
  db
    .select({ referral: referrals, ambassadorName: ambassadors.name, salonPublicId: salons.publicId })
    .from(referrals)
    .leftJoin(ambassadors, eq(ambassadors.id, referrals.ambassadorId))
    .leftJoin(salons, eq(salons.id, referrals.salonId))

/** Every referral, newest first, with the ambassador it is credited to and the salon it became. */
export async function listReferrals(db: Executor): Promise<ReferralWithAmbassador[]> {
  return withAmbassadorAndSalon(db).orderBy(desc(referrals.createdAt), desc(referrals.id))
}

export async function findReferralWithAmbassador(
  db: Executor,
  id: string,
): Promise<ReferralWithAmbassador | undefined> {
  const [row] = await withAmbassadorAndSalon(db).where(eq(referrals.id, id)).limit(1)
  return row
}

export async function deleteReferral(db: Executor, id: string): Promise<void> {
  await db.delete(referrals).where(eq(referrals.id, id))
}

export interface ReferralWithSalon {
  referral: ReferralRow
  salonPublicId: string | null
  salonIsActive: boolean | null
  ownerFirstSignedInAt: Date | null
}

/** One ambassador's referrals, newest first, with the salon each became. */
export async function listReferralsOfAmbassador(db: Executor, ambassadorId: string): Promise<ReferralWithSalon[]> {
  return db
    .select({
      referral: referrals,
      salonPublicId: salons.publicId,
      salonIsActive: salons.isActive,
      ownerFirstSignedInAt: salons.ownerFirstSignedInAt,
    })
    .from(referrals)
    .leftJoin(salons, eq(salons.id, referrals.salonId))
    .where(eq(referrals.ambassadorId, ambassadorId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
}

/** A referral, locked for the transaction that converts it (two activations at once: one wins). */
export async function findReferralForUpdate(db: Executor, id: string): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id)).limit(1).for('update')
  return row
}

export async function findReferralOfSalon(db: Executor, salonId: string): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.salonId, salonId)).limit(1)
  return row
}

export async function updateReferral(
  db: Executor,
  id: string,
  changes: Partial<Pick<ReferralRow, 'status' | 'salonId' | 'authorizedGoogleEmail' | 'convertedAt' | 'ambassadorId'>>,
): Promise<void> {
  await db.update(referrals).set(changes).where(eq(referrals.id, id))
}

/** The active ambassador a referral code names (the waitlist's link `?ref=`), if any. */
export async function findActiveAmbassadorByReferralCode(
  db: Executor,
  referralCode: string,
): Promise<AmbassadorRow | undefined> {
  const [row] = await db
    .select()
    .from(ambassadors)
    .where(and(eq(ambassadors.referralCode, referralCode.toUpperCase()), eq(ambassadors.isActive, true)))
    .limit(1)
  return row
}
