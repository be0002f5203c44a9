import type { Executor } from '@server/db/client'
import { type RecurringBlockRow, recurringBlocks } from '@server/db/schema'
import { and, asc, eq } from 'drizzle-orm'

/** Weekly blocks of a salon. The only code that touches the recurring_blocks table. */

export type NewRecurringBlock = Omit<RecurringBlockRow, 'id' | 'createdAt'>

export function listRecurringBlocks(db: Executor, salonId: string): Promise<RecurringBlockRow[]> {
  return db
    .select()
    .from(recurringBlocks)
    .where(eq(recurringBlocks.salonId, salonId))
    .orderBy(asc(recurringBlocks.startsMinute), asc(recurringBlocks.createdAt))
}

export async function insertRecurringBlock(db: Executor, block: NewRecurringBlock): Promise<RecurringBlockRow> {
  const [row] = await db.insert(recurringBlocks).values(block).returning()
  if (!row) throw new Error('insert returned no block')
  return row
}

/** Whether a block of this salon was removed. */
export async function deleteRecurringBlock(db: Executor, salonId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(recurringBlocks)
    .where(and(eq(recurringBlocks.salonId, salonId), eq(recurringBlocks.id, id)))
    .returning({ id: recurringBlocks.id })
  return rows.length > 0
}
