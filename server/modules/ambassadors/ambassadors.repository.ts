import type { Executor } from '@server/db/client'
import { type AmbassadorRow, ambassadors } from '@server/db/schema'
import { asc, eq, sql } from 'drizzle-orm'

/** Ambassador rows. The only code that reads or writes the ambassadors table. */

/** The active ambassador owning a referral code; codes are stored upper-case. */
export async function countAmbassadors(db: Executor): Promise<number> {
  return (await db.$count(ambassadors)) as number
}

export type NewAmbassador = Pick<AmbassadorRow, 'name' | 'email' | 'referralCode' | 'language'> &
  Partial<Pick<AmbassadorRow, 'isActive' | 'accessCodeId'>>

/** Inserts an ambassador unless one already has that e-mail or code; undefined then. */
export async function insertAmbassador(db: Executor, ambassador: NewAmbassador): Promise<AmbassadorRow | undefined> {
  const [row] = await db
    .insert(ambassadors)
    .values({ ...ambassador, referralCode: ambassador.referralCode.toUpperCase() })
    .onConflictDoNothing()
    .returning()
  return row
}

export async function findAmbassadorById(db: Executor, id: string): Promise<AmbassadorRow | undefined> {
  const [row] = await db.select().from(ambassadors).where(eq(ambassadors.id, id)).limit(1)
  return row
}

export async function findAmbassadorByEmail(db: Executor, email: string): Promise<AmbassadorRow | undefined> {
  const [row] = await db
    .select()
    .from(ambassadors)
    .where(sql`lower(${ambassadors.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

/** Every ambassador, the oldest first (the administrators' list). */
export async function listAmbassadors(db: Executor): Promise<AmbassadorRow[]> {
  return db.select().from(ambassadors).orderBy(asc(ambassadors.createdAt), asc(ambassadors.id))
}

export async function setAmbassadorActive(
  db: Executor,
  id: string,
  isActive: boolean,
): Promise<AmbassadorRow | undefined> {
  const [row] = await db.update(ambassadors).set({ isActive }).where(eq(ambassadors.id, id)).returning()
  return row
}
