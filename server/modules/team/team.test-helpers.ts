import type { Executor } from '@server/db/client'
import { teamMembers } from '@server/db/schema'
import { and, eq } from 'drizzle-orm'

/**
 * Makes the salon a team of one (its owner) for tests about what one chair does — chaining,
 * edges of time — and returns how to bring the others back. The demo salon has two stylists.
 */
export async function soloSalon(db: Executor, salonId: string): Promise<() => Promise<void>> {
  const others = and(eq(teamMembers.salonId, salonId), eq(teamMembers.isOwner, false))
  await db.update(teamMembers).set({ isActive: false }).where(others)
  return async () => {
    await db.update(teamMembers).set({ isActive: true }).where(others)
  }
}
