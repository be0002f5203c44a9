import type { Clock } from '../../clock'
import type { Config } from '../../config'
import type { Database, Executor } from '../../db/client'
import type { SalonRow } from '../../db/schema'
import { decryptSecret, encryptSecret } from '../../security/secrets'
import { endSessionsOfSalon } from '../auth/sessions.usecases'
import { calendarNotConnected, calendarReconnectRequired, googleUnavailable } from './google.errors'
import * as repo from './google.repository'
import { type GoogleClient, GoogleError, type GoogleTokens } from './google-client'

/**
 * A salon's Google account: its tokens kept encrypted, refreshed when they expire, revoked on
 * disconnect. Its presence is what "calendar connected" means.
 */

const TOKEN_PURPOSE = 'google-token'
/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60 * 1000

export interface CalendarDeps {
  db: Executor
  clock: Clock
  config: Config
}

export async function saveGoogleTokens(deps: CalendarDeps, salonId: string, email: string, tokens: GoogleTokens) {
  const { db, clock, config } = deps
  const now = clock.now()
  const previous = await repo.findGoogleAccount(db, salonId)
  // Google sends a refresh token only on consent; a later sign-in without one keeps the old one.
  const refreshToken = tokens.refreshToken
    ? encryptSecret(config.appSecret, TOKEN_PURPOSE, tokens.refreshToken)
    : previous?.email === email
      ? previous.refreshToken
      : null
  await repo.upsertGoogleAccount(db, {
    salonId,
    email,
    accessToken: encryptSecret(config.appSecret, TOKEN_PURPOSE, tokens.accessToken),
    refreshToken,
    accessTokenExpiresAt: expiryOf(now, tokens),
    scopes: tokens.scopes,
    connectedAt: previous?.email === email ? previous.connectedAt : now,
    lastSyncedAt: previous?.lastSyncedAt ?? null,
    updatedAt: now,
  })
}

function expiryOf(now: Date, tokens: GoogleTokens): Date | null {
  return tokens.expiresInSeconds === undefined ? null : new Date(now.getTime() + tokens.expiresInSeconds * 1000)
}

/** The Google account connected for a salon (its e-mail), if any. */
export async function calendarConnectionOf(db: Executor, salonId: string): Promise<{ email: string } | undefined> {
  const account = await repo.findGoogleAccount(db, salonId)
  return account ? { email: account.email } : undefined
}

/** The connected Google e-mail of each salon that has one. */
export async function calendarConnectionsOf(db: Executor, salonIds: string[]): Promise<Map<string, string>> {
  return new Map((await repo.listGoogleAccounts(db, salonIds)).map((a) => [a.salonId, a.email]))
}

/**
 * A usable access token for the salon's calendar, refreshed through Google when it has expired.
 * A grant Google no longer honours disconnects the calendar: the owner must sign in again.
 */
export async function freshAccessToken(deps: CalendarDeps & { google: GoogleClient | undefined }, salon: SalonRow) {
  const { db, clock, config, google } = deps
  const account = await repo.findGoogleAccount(db, salon.id)
  if (!account) throw calendarNotConnected()
  const now = clock.now()
  const expiresAt = account.accessTokenExpiresAt
  if (!expiresAt || expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime()) {
    return decryptSecret(config.appSecret, TOKEN_PURPOSE, account.accessToken)
  }
  if (!google || !account.refreshToken) throw calendarReconnectRequired()
  let tokens: GoogleTokens
  try {
    tokens = await google.refresh(decryptSecret(config.appSecret, TOKEN_PURPOSE, account.refreshToken))
  } catch (error) {
    if (error instanceof GoogleError && error.oauthError === 'invalid_grant') {
      await repo.deleteGoogleAccount(db, salon.id)
      throw calendarReconnectRequired()
    }
    throw googleUnavailable()
  }
  await repo.updateGoogleAccount(db, salon.id, {
    accessToken: encryptSecret(config.appSecret, TOKEN_PURPOSE, tokens.accessToken),
    refreshToken: encryptSecret(config.appSecret, TOKEN_PURPOSE, tokens.refreshToken ?? ''),
    accessTokenExpiresAt: expiryOf(now, tokens),
    updatedAt: now,
  })
  return tokens.accessToken
}

/**
 * "Synchroniser": checks the connection is alive (a fresh token from Google) and records when.
 * Copying bookings into the calendar arrives with the calendar-sync issue.
 */
export async function syncCalendar(deps: CalendarDeps & { google: GoogleClient | undefined }, salon: SalonRow) {
  await freshAccessToken(deps, salon)
  const syncedAt = deps.clock.now()
  await repo.updateGoogleAccount(deps.db, salon.id, { lastSyncedAt: syncedAt })
  return { success: true as const, syncedAt: syncedAt.toISOString() }
}

/**
 * Disconnects the salon's calendar: Google's grant is revoked (the refresh token revokes the whole
 * grant), the stored tokens are deleted, and every session of the salon ends — the calendar
 * connection is the owner's sign-in. Google being unreachable does not keep the salon connected.
 */
export async function disconnectCalendar(
  deps: { db: Database; clock: Clock; config: Config; google: GoogleClient | undefined },
  salon: SalonRow,
  log: { warn(obj: object, msg: string): void },
) {
  const removed = await deps.db.transaction(async (tx) => {
    const account = await repo.deleteGoogleAccount(tx, salon.id)
    await endSessionsOfSalon(tx, salon.id)
    return account
  })
  if (removed && deps.google) {
    const sealed = removed.refreshToken ?? removed.accessToken
    try {
      await deps.google.revoke(decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, sealed))
    } catch (error) {
      log.warn({ salonId: salon.publicId, reason: (error as Error).message }, 'Google token revocation failed')
    }
  }
  return { success: true as const, message: 'The calendar is disconnected and the session ended.' }
}
