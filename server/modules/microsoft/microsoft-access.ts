import type { Config, MicrosoftConfig } from '@server/config'
import type { ConnectionContext } from '@server/modules/calendar-sync/calendar-providers'
import {
  CalendarFailure,
  calendarAccessRevoked,
  calendarRefused,
  calendarThrottled,
  calendarUnavailable,
} from '@server/modules/calendar-sync/calendar-sync.errors'
import * as repo from '@server/modules/calendar-sync/calendar-sync.repository'
import { decryptSecret, encryptSecret } from '@server/security/secrets'
import { type GraphApi, graphApi } from './graph-calendar'
import { GraphError } from './graph-http'
import { limitPerKey } from './graph-limit'
import { MicrosoftAuthError, type MicrosoftTokens, refreshAccessToken } from './microsoft-client'

/**
 * A connection's access to Microsoft Graph: its tokens sealed in `calendar_connections.credentials`
 * (never in clear, never logged), refreshed when expired (Microsoft rotates the refresh token on
 * every redemption, so the new one is stored at once), and every failure told to calendar sync in
 * its terms (CalendarFailure).
 */

/** The sealing purpose of a connection's tokens: its own key, derived from APP_SECRET. */
export const TOKEN_PURPOSE = 'microsoft-token'
const MEMO_KEY = 'microsoft.token'
/** An access token this close to its end is refreshed first: a call must not meet its expiry midway. */
const EXPIRY_MARGIN_MS = 2 * 60 * 1000

interface StoredTokens {
  accessToken: string
  refreshToken: string
  /** ISO instant, on this machine's clock (as the token endpoint's expires_in was read). */
  expiresAt: string
}

export function sealTokens(
  appSecret: string,
  tokens: Pick<MicrosoftTokens, 'accessToken' | 'refreshToken' | 'expiresAt'>,
) {
  const stored: StoredTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt.toISOString(),
  }
  return encryptSecret(appSecret, TOKEN_PURPOSE, JSON.stringify(stored))
}

/** The tokens of sealed credentials; undefined when they cannot be read (another APP_SECRET, none stored). */
export function unsealTokens(appSecret: string, sealed: string | null): StoredTokens | undefined {
  if (!sealed) return undefined
  try {
    const parsed = JSON.parse(decryptSecret(appSecret, TOKEN_PURPOSE, sealed)) as Partial<StoredTokens>
    if (typeof parsed.accessToken !== 'string' || typeof parsed.refreshToken !== 'string') return undefined
    return { accessToken: parsed.accessToken, refreshToken: parsed.refreshToken, expiresAt: String(parsed.expiresAt) }
  } catch {
    return undefined
  }
}

export function microsoftSettings(config: Config): MicrosoftConfig {
  // The provider is offered only when configured; a connection left from a configured past cannot be served.
  if (!config.microsoft) throw calendarUnavailable('Outlook calendars are not configured on this server')
  return config.microsoft
}

/**
 * An access token for the connection: the job's, the stored one while it lives, or a new one
 * (`force`: Graph refused the one we had). The rotated refresh token is stored before it is used.
 */
async function accessToken(ctx: ConnectionContext, force = false): Promise<string> {
  const { config, db } = ctx.deps
  const memo = ctx.memo.get(MEMO_KEY) as StoredTokens | undefined
  if (memo && !force) return memo.accessToken
  const stored = memo ?? unsealTokens(config.appSecret, ctx.connection.credentials)
  if (!stored) throw calendarAccessRevoked('The Outlook connection has no readable tokens: connect it again')
  if (!force && new Date(stored.expiresAt).getTime() - Date.now() > EXPIRY_MARGIN_MS) {
    ctx.memo.set(MEMO_KEY, stored)
    return stored.accessToken
  }
  const tokens = await refreshAccessToken(microsoftSettings(config), stored.refreshToken)
  const credentials = sealTokens(config.appSecret, tokens)
  await repo.updateConnection(db, ctx.connection.id, { credentials })
  ctx.connection.credentials = credentials
  const fresh: StoredTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt.toISOString(),
  }
  ctx.memo.set(MEMO_KEY, fresh)
  return fresh.accessToken
}

/**
 * Runs Graph calls for one connection: within the connection's share of Outlook's concurrency
 * (graph-limit.ts), with a live access token; a 401 gets one forced refresh, and a 401 on a fresh
 * token means the grant is gone. Every failure reaches calendar sync as a CalendarFailure.
 */
export async function callGraph<T>(
  ctx: ConnectionContext,
  work: (token: string, api: GraphApi) => Promise<T>,
): Promise<T> {
  try {
    const api = graphApi(microsoftSettings(ctx.deps.config))
    return await limitPerKey(ctx.connection.id, async () => {
      const token = await accessToken(ctx)
      try {
        return await work(token, api)
      } catch (error) {
        if (!(error instanceof GraphError && error.kind === 'unauthorized')) throw error
        return await work(await accessToken(ctx, true), api)
      }
    })
  } catch (error) {
    throw asCalendarFailure(error)
  }
}

/** Graph's and the identity platform's failures in calendar sync's terms (the messages name no token). */
export function asCalendarFailure(error: unknown): unknown {
  if (error instanceof CalendarFailure) return error
  if (error instanceof MicrosoftAuthError) {
    if (error.kind === 'revoked') return calendarAccessRevoked(error.message)
    if (error.kind === 'unavailable') {
      return error.retryAfterSeconds
        ? calendarThrottled(error.retryAfterSeconds * 1000, error.message)
        : calendarUnavailable(error.message)
    }
    return calendarRefused(error.message)
  }
  if (error instanceof GraphError) {
    switch (error.kind) {
      case 'unauthorized':
        return calendarAccessRevoked(error.message)
      case 'throttled':
        return calendarThrottled((error.retryAfterSeconds ?? 30) * 1000, error.message)
      case 'unavailable':
      case 'sync_reset':
        return calendarUnavailable(error.message)
      default:
        return calendarRefused(error.message)
    }
  }
  return error
}

/** Treats "already gone" (404) as done; anything else is thrown again. */
export function goneIsDone(error: unknown): void {
  if (error instanceof GraphError && error.kind === 'not_found') return
  throw error
}
