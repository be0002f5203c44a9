import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { decryptSecret, encryptSecret } from '@server/security/secrets'
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

/**
 * Keeps the tokens of the owner's sign-in. Signing in again clears a "reconnect" state; another
 * Google account than before starts the calendar sync afresh (`accountChanged`).
 */
export async function saveGoogleTokens(
  deps: CalendarDeps,
  salonId: string,
  email: string,
  tokens: GoogleTokens,
): Promise<{ accountChanged: boolean }> {
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
    updatedAt: now,
  })
  return { accountChanged: Boolean(previous && previous.email !== email) }
}

function expiryOf(now: Date, tokens: GoogleTokens): Date | null {
  return tokens.expiresInSeconds === undefined ? null : new Date(now.getTime() + tokens.expiresInSeconds * 1000)
}

/**
 * A usable access token for the salon's calendar, refreshed through Google when it has expired (or
 * when Google refused it: `force`). A grant Google no longer honours is "reconnect required" (calendar
 * sync marks the calendar so); the account stays, so the owner's next sign-in picks up where the
 * sync stopped.
 */
export async function freshAccessToken(
  deps: CalendarDeps & { google: GoogleClient | undefined },
  salon: Pick<SalonRow, 'id'>,
  options: { force?: boolean } = {},
) {
  const { db, clock, config, google } = deps
  const account = await repo.findGoogleAccount(db, salon.id)
  if (!account) throw calendarNotConnected()
  const now = clock.now()
  const expiresAt = account.accessTokenExpiresAt
  if (!options.force && (!expiresAt || expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime())) {
    return decryptSecret(config.appSecret, TOKEN_PURPOSE, account.accessToken)
  }
  if (!google || !account.refreshToken) throw calendarReconnectRequired()
  let tokens: GoogleTokens
  try {
    tokens = await google.refresh(decryptSecret(config.appSecret, TOKEN_PURPOSE, account.refreshToken))
  } catch (error) {
    if (error instanceof GoogleError && error.oauthError === 'invalid_grant') throw calendarReconnectRequired()
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
 * The owner disconnects (in `db`'s transaction): the stored tokens are deleted. Returns what is
 * needed to release the grant at Google afterwards (a job: Google is never on the request's path).
 */
export async function removeGoogleAccount(db: Executor, salonId: string) {
  const removed = await repo.deleteGoogleAccount(db, salonId)
  if (!removed) return undefined
  return {
    sealedToken: removed.refreshToken ?? removed.accessToken,
    tokenKind: removed.refreshToken ? ('refresh' as const) : ('access' as const),
  }
}

/**
 * Releases a disconnected salon's grant at Google: its push channel is stopped (with an access
 * token the grant still gives), then the grant is revoked. A grant already gone is no failure.
 */
export async function releaseGoogleGrant(
  deps: { config: Config; google: GoogleClient | undefined; stopChannel: (accessToken: string) => Promise<void> },
  release: { sealedToken: string; tokenKind: 'refresh' | 'access' },
): Promise<void> {
  const { google, config } = deps
  if (!google) return
  const token = decryptSecret(config.appSecret, TOKEN_PURPOSE, release.sealedToken)
  let accessToken = release.tokenKind === 'access' ? token : undefined
  if (!accessToken) {
    try {
      accessToken = (await google.refresh(token)).accessToken
    } catch (error) {
      if (error instanceof GoogleError && error.oauthError === 'invalid_grant') return
      throw error
    }
  }
  await deps.stopChannel(accessToken)
  try {
    await google.revoke(token)
  } catch (error) {
    // Google answers 400 invalid_token for a grant already revoked: nothing left to release.
    if (error instanceof GoogleError && error.oauthError === 'invalid_token') return
    throw error
  }
}
