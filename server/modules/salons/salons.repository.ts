import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import { type SalonRow, salons } from '@server/db/schema'
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'

/** Salon rows. The only code that reads or writes the salons table. */

const salonByPublicId = preparedPerDatabase((db) =>
  db
    .select()
    .from(salons)
    .where(eq(salons.publicId, sql.placeholder('publicId')))
    .limit(1)
    .prepare('salon_by_public_id'),
)

export async function findSalonByPublicId(db: Executor, publicId: string): Promise<SalonRow | undefined> {
  const [row] = await salonByPublicId(db).execute({ publicId })
  return row
}

/** The chat link carries either the public ID or the secure hash. */
export async function findSalonByPublicIdOrHash(db: Executor, idOrHash: string): Promise<SalonRow | undefined> {
  const [row] = await db
    .select()
    .from(salons)
    .where(or(eq(salons.publicId, idOrHash.toUpperCase()), eq(salons.hash, idOrHash)))
    .limit(1)
  return row
}

export async function findSalonById(db: Executor, id: string): Promise<SalonRow | undefined> {
  const [row] = await db.select().from(salons).where(eq(salons.id, id)).limit(1)
  return row
}

export async function listSalons(db: Executor): Promise<SalonRow[]> {
  return db.select().from(salons).orderBy(asc(salons.publicId))
}

export async function countSalons(db: Executor): Promise<number> {
  return (await db.$count(salons)) as number
}

export type NewSalon = Pick<SalonRow, 'hash' | 'name' | 'contactEmail' | 'address' | 'country' | 'timeZone'> &
  Partial<
    Pick<
      SalonRow,
      | 'authorizedGoogleEmail'
      | 'isActive'
      | 'publicId'
      | 'publicPhone'
      | 'practicalInfo'
      | 'practicalInfoTranslations'
      | 'createdAt'
      | 'updatedAt'
    >
  >

export async function insertSalon(db: Executor, salon: NewSalon): Promise<SalonRow> {
  const [row] = await db.insert(salons).values(salon).returning()
  if (!row) throw new Error('insert returned no salon')
  return row
}

export type SalonChanges = Partial<
  Pick<
    SalonRow,
    | 'name'
    | 'address'
    | 'country'
    | 'contactEmail'
    | 'timeZone'
    | 'authorizedGoogleEmail'
    | 'isActive'
    | 'publicPhone'
    | 'practicalInfo'
    | 'practicalInfoTranslations'
    | 'calendarBlocks'
    | 'remindDayBefore'
    | 'remindTwoHours'
    | 'remindBySms'
    | 'reminderChannels'
    | 'cancellationNoticeMinutes'
    | 'instagramReplyToEveryone'
    | 'instagramPauseMinutes'
  >
>

export async function updateSalon(db: Executor, id: string, changes: SalonChanges, now: Date): Promise<SalonRow> {
  const [row] = await db
    .update(salons)
    .set({ ...changes, updatedAt: now })
    .where(eq(salons.id, id))
    .returning()
  if (!row) throw new Error('update returned no salon')
  return row
}

/** Records the owner's first sign-in (later sign-ins leave the first date). */
export async function markOwnerSignedIn(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(salons)
    .set({ ownerFirstSignedInAt: now })
    .where(and(eq(salons.id, id), isNull(salons.ownerFirstSignedInAt)))
}

/**
 * A new MCP token version: every earlier token stops matching. `issuedAt` is when the new token was
 * issued, or null when the salon is left without one (revoked).
 */
export async function bumpMcpTokenVersion(
  db: Executor,
  id: string,
  issuedAt: Date | null,
  now: Date,
): Promise<SalonRow> {
  const [row] = await db
    .update(salons)
    .set({ mcpTokenVersion: sql`${salons.mcpTokenVersion} + 1`, mcpTokenIssuedAt: issuedAt, updatedAt: now })
    .where(eq(salons.id, id))
    .returning()
  if (!row) throw new Error('update returned no salon')
  return row
}
