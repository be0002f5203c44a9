import type { Executor } from '@server/db/client'
import { type AccessCodeRow, ambassadorAccessCodes, ambassadors } from '@server/db/schema'
import { and, count, desc, eq, isNull } from 'drizzle-orm'

/** Ambassador access codes. The only code that touches that table. */

export async function insertAccessCode(
  db: Executor,
  code: Pick<AccessCodeRow, 'label' | 'codeHash' | 'hint' | 'createdAt'>,
): Promise<AccessCodeRow | undefined> {
  const [row] = await db.insert(ambassadorAccessCodes).values(code).onConflictDoNothing().returning()
  return row
}

/** The code of a hash, unless revoked. */
export async function findUsableAccessCode(db: Executor, codeHash: string): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(ambassadorAccessCodes)
    .where(and(eq(ambassadorAccessCodes.codeHash, codeHash), isNull(ambassadorAccessCodes.revokedAt)))
    .limit(1)
  return row
}

export async function findAccessCodeById(db: Executor, id: string): Promise<AccessCodeRow | undefined> {
  const [row] = await db.select().from(ambassadorAccessCodes).where(eq(ambassadorAccessCodes.id, id)).limit(1)
  return row
}

export async function listAccessCodes(db: Executor): Promise<(AccessCodeRow & { uses: number })[]> {
  return db
    .select({
      id: ambassadorAccessCodes.id,
      label: ambassadorAccessCodes.label,
      codeHash: ambassadorAccessCodes.codeHash,
      hint: ambassadorAccessCodes.hint,
      createdAt: ambassadorAccessCodes.createdAt,
      revokedAt: ambassadorAccessCodes.revokedAt,
      uses: count(ambassadors.id),
    })
    .from(ambassadorAccessCodes)
    .leftJoin(ambassadors, eq(ambassadors.accessCodeId, ambassadorAccessCodes.id))
    .groupBy(ambassadorAccessCodes.id)
    .orderBy(desc(ambassadorAccessCodes.createdAt))
}

export async function revokeAccessCode(db: Executor, id: string, now: Date): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .update(ambassadorAccessCodes)
    .set({ revokedAt: now })
    .where(and(eq(ambassadorAccessCodes.id, id), isNull(ambassadorAccessCodes.revokedAt)))
    .returning()
  return row ?? findAccessCodeById(db, id)
}
