import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow, SessionRow } from '@server/db/schema'
import { hashToken, randomToken } from '@server/security/secrets'
import * as repo from './sessions.repository'

/** A session ends after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Renewal writes at most once an hour per session, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000

export type SessionKind = SessionRow['kind']

export interface SignedInSession {
  id: string
  kind: SessionKind
  /** The salon's row id and public ID (SAL001) for a professional; null for an administrator's own sign-in. */
  salonId: string | null
  salonPublicId: string | null
  /** The salon's row, read with the session (the same request's view of it). */
  salon: SalonRow | null
  ambassadorId: string | null
  email: string
  name: string
  expiresAt: Date
}

export interface SessionStart {
  kind: SessionKind
  salonId?: string | null
  ambassadorId?: string | null
  email: string
  name: string
}

/** Opens a session and returns the token for the cookie (the database keeps only its hash). */
export async function startSession(db: Executor, clock: Clock, start: SessionStart): Promise<{ token: string }> {
  const token = randomToken()
  const now = clock.now()
  // Expired sessions are already refused; each sign-in clears them out so the table stays small.
  await repo.deleteExpiredSessions(db, now)
  await repo.insertSession(
    db,
    {
      tokenHash: hashToken(token),
      kind: start.kind,
      salonId: start.salonId ?? null,
      ambassadorId: start.ambassadorId ?? null,
      email: start.email,
      name: start.name,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    },
    now,
  )
  return { token }
}

/**
 * The live session of a cookie token, or undefined. A session in use has its idle expiry pushed
 * forward (sliding renewal), never past 30 days from sign-in; `renewed` says the cookie should be
 * sent again with the new lifetime.
 */
export async function resumeSession(
  db: Executor,
  clock: Clock,
  kind: SessionKind,
  token: string,
): Promise<{ session: SignedInSession; renewed: boolean } | undefined> {
  const now = clock.now()
  const found = await repo.findLiveSession(db, hashToken(token), now)
  if (!found || found.session.kind !== kind) return undefined
  const row = found.session
  const hardEnd = row.createdAt.getTime() + SESSION_MAX_AGE_MS
  if (now.getTime() >= hardEnd) {
    await repo.deleteSessionByTokenHash(db, row.tokenHash)
    return undefined
  }
  let expiresAt = row.expiresAt
  const wanted = Math.min(now.getTime() + SESSION_IDLE_MS, hardEnd)
  const renewed = wanted - expiresAt.getTime() >= RENEW_AFTER_MS
  if (renewed) {
    expiresAt = new Date(wanted)
    await repo.extendSession(db, row.id, expiresAt)
  }
  return {
    session: {
      id: row.id,
      kind: row.kind,
      salonId: row.salonId,
      salonPublicId: found.salon?.publicId ?? null,
      salon: found.salon,
      ambassadorId: row.ambassadorId,
      email: row.email,
      name: row.name,
      expiresAt,
    },
    renewed,
  }
}

export async function endSession(db: Executor, token: string): Promise<void> {
  await repo.deleteSessionByTokenHash(db, hashToken(token))
}

export async function endSessionsOfSalon(db: Executor, salonId: string): Promise<void> {
  await repo.deleteSessionsOfSalon(db, salonId)
}

export async function endSessionsOfAmbassador(db: Executor, ambassadorId: string): Promise<void> {
  await repo.deleteSessionsOfAmbassador(db, ambassadorId)
}

/** An administrator: the session's Google e-mail is one of ADMIN_EMAILS (read now, so removal takes effect at once). */
export function isAdministrator(config: Config, session: SignedInSession | undefined): boolean {
  return session?.kind === 'staff' && config.adminEmails.includes(session.email.toLowerCase())
}
