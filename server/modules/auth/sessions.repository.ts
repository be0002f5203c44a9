import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import { type SalonRow, type SessionRow, salons, sessions } from '@server/db/schema'
import { and, eq, gt, lt, sql } from 'drizzle-orm'

/** Session rows. The only code that reads or writes the sessions table. */

export type NewSession = Pick<
  SessionRow,
  'tokenHash' | 'kind' | 'salonId' | 'ambassadorId' | 'email' | 'name' | 'expiresAt'
>

export async function insertSession(db: Executor, session: NewSession, now: Date): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ ...session, createdAt: now })
    .returning()
  if (!row) throw new Error('insert returned no session')
  return row
}

export interface SessionWithSalon {
  session: Pick<
    SessionRow,
    'id' | 'tokenHash' | 'kind' | 'salonId' | 'ambassadorId' | 'email' | 'name' | 'createdAt' | 'expiresAt'
  >
  salon: SalonRow | null
}

// Read on every signed-in request: prepared once. The salon's whole row comes along, so a salon's
// route has it without a second round trip (server/http/access.ts).
const liveSessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        tokenHash: sessions.tokenHash,
        kind: sessions.kind,
        salonId: sessions.salonId,
        ambassadorId: sessions.ambassadorId,
        email: sessions.email,
        name: sessions.name,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      },
      salon: salons,
    })
    .from(sessions)
    .leftJoin(salons, eq(salons.id, sessions.salonId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('live_session_by_token_hash'),
)

/** The unexpired session of a token hash, with its salon's row (null for a session of no salon). */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SessionWithSalon | undefined> {
  const [row] = await liveSessionByTokenHash(db).execute({ tokenHash, now })
  return row
}

export async function extendSession(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id))
}

export async function deleteSessionByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

/** Ends every session of a salon (its calendar was disconnected, its authorised account changed). */
export async function deleteSessionsOfSalon(db: Executor, salonId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.salonId, salonId))
}

/** Ends every session of an ambassador (deactivated by an administrator). */
export async function deleteSessionsOfAmbassador(db: Executor, ambassadorId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.ambassadorId, ambassadorId))
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })
  return removed.length
}
