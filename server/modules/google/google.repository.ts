import type { Executor } from '@server/db/client'
import { type GoogleAccountRow, googleAccounts, type OAuthStateRow, oauthStates } from '@server/db/schema'
import { and, eq, gt, lt } from 'drizzle-orm'

/** Sign-in states and salons' Google accounts. The only code that touches those tables. */

export async function insertOAuthState(db: Executor, state: typeof oauthStates.$inferInsert): Promise<void> {
  await db.insert(oauthStates).values(state)
}

/** The live state of an id, left in place (the demo page shows it before the click). */
export async function findLiveOAuthState(db: Executor, id: string, now: Date): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .select()
    .from(oauthStates)
    .where(and(eq(oauthStates.id, id), gt(oauthStates.expiresAt, now)))
    .limit(1)
  return row
}

/**
 * Takes a state out for the browser that started it: one DELETE … RETURNING, so of two requests
 * racing with the same state only one gets it (single use, even across instances). A request
 * without that browser's binding takes nothing, and the state stays for the right browser.
 */
export async function consumeOAuthState(
  db: Executor,
  id: string,
  bindingHash: string,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.id, id), eq(oauthStates.bindingHash, bindingHash)))
    .returning()
  return row
}

export async function deleteExpiredOAuthStates(db: Executor, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now))
}

export async function findGoogleAccount(db: Executor, salonId: string): Promise<GoogleAccountRow | undefined> {
  const [row] = await db.select().from(googleAccounts).where(eq(googleAccounts.salonId, salonId)).limit(1)
  return row
}

export async function upsertGoogleAccount(db: Executor, account: typeof googleAccounts.$inferInsert): Promise<void> {
  const { salonId: _, ...changes } = account
  await db.insert(googleAccounts).values(account).onConflictDoUpdate({ target: googleAccounts.salonId, set: changes })
}

export async function updateGoogleAccount(
  db: Executor,
  salonId: string,
  changes: Partial<Omit<GoogleAccountRow, 'salonId'>>,
): Promise<void> {
  await db.update(googleAccounts).set(changes).where(eq(googleAccounts.salonId, salonId))
}

export async function deleteGoogleAccount(db: Executor, salonId: string): Promise<GoogleAccountRow | undefined> {
  const [row] = await db.delete(googleAccounts).where(eq(googleAccounts.salonId, salonId)).returning()
  return row
}
