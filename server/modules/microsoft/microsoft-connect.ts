import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import { calendarConnected } from '@server/modules/calendar-sync/calendar-providers'
import { consumeOAuthState, deleteExpiredOAuthStates, insertOAuthState } from '@server/modules/google/google.repository'
import type { Jobs } from '@server/modules/jobs/job-engine'
import {
  decryptSecret,
  encryptSecret,
  hashToken,
  randomToken,
  signValue,
  verifySignedValue,
} from '@server/security/secrets'
import { type GraphCalendar, graphApi } from './graph-calendar'
import { GraphError } from './graph-http'
import { microsoftNotConfigured } from './microsoft.errors'
import { sealTokens } from './microsoft-access'
import { authorizationUrl, exchangeCode, fetchMe, MicrosoftAuthError, newPkce } from './microsoft-client'

/**
 * Connecting a salon's Outlook calendar: the signed-in owner asks for Microsoft's consent address
 * (authorization code flow with PKCE); Microsoft sends the browser back with a code, which we
 * redeem for tokens, kept sealed in the connection. The state is signed under its own purpose,
 * lives 10 minutes, is taken out on return (single use) and must come back with the cookie of the
 * browser that started, and with that salon's session (login CSRF). No code, token or verifier is
 * ever logged or put in a redirect.
 */

export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000
const STATE_PURPOSE = 'microsoft-oauth-state'
const VERIFIER_PURPOSE = 'microsoft-code-verifier'

export interface ConnectDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

export interface ConnectStart {
  authUrl: string
  /** For the browser's short-lived cookie, which must come back with the state. */
  browserBinding: string
}

export async function beginMicrosoftConnect(
  deps: Pick<ConnectDeps, 'db' | 'clock' | 'config'>,
  salonId: string,
): Promise<ConnectStart> {
  const { db, clock, config } = deps
  const microsoft = config.microsoft
  if (!microsoft) throw microsoftNotConfigured()
  const nonce = randomToken()
  const browserBinding = randomToken()
  const pkce = newPkce()
  const now = clock.now()
  await deleteExpiredOAuthStates(db, now)
  await insertOAuthState(db, {
    id: hashToken(nonce),
    purpose: 'microsoft',
    salonId,
    codeVerifier: encryptSecret(config.appSecret, VERIFIER_PURPOSE, pkce.codeVerifier),
    payload: null,
    bindingHash: hashToken(browserBinding),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONNECT_STATE_TTL_MS),
  })
  const authUrl = authorizationUrl(microsoft, {
    redirectUri: microsoft.redirectUri,
    state: signValue(config.appSecret, STATE_PURPOSE, nonce),
    codeChallenge: pkce.codeChallenge,
  })
  return { authUrl, browserBinding }
}

/**
 * Why a connection did not happen, as the dashboard's query says it (stable codes):
 * denied (the owner cancelled), invalid_state (expired, reused, another browser or salon),
 * unavailable (Microsoft did not answer: try again), refused (Microsoft refused the code or the
 * account), no_calendar (the account has no calendar we can write to), not_configured.
 */
export type MicrosoftConnectError =
  | 'denied'
  | 'invalid_state'
  | 'unavailable'
  | 'refused'
  | 'no_calendar'
  | 'not_configured'

export interface ConnectReturn {
  state?: string | undefined
  code?: string | undefined
  error?: string | undefined
  binding?: string | undefined
  /** The salon of the browser's staff session, if signed in. */
  sessionSalonId?: string | undefined
}

export type ConnectOutcome = { connected: true } | { connected: false; reason: MicrosoftConnectError }

/** Microsoft sent the browser back: check everything, then keep the calendar, or say why not. */
export async function completeMicrosoftConnect(deps: ConnectDeps, input: ConnectReturn): Promise<ConnectOutcome> {
  const { db, clock, config, jobs } = deps
  const microsoft = config.microsoft
  if (!microsoft) return { connected: false, reason: 'not_configured' }
  const nonce = input.state ? verifySignedValue(config.appSecret, STATE_PURPOSE, input.state) : undefined
  if (!nonce || !input.binding) return { connected: false, reason: 'invalid_state' }
  const row = await consumeOAuthState(db, hashToken(nonce), hashToken(input.binding))
  if (row?.purpose !== 'microsoft' || row.expiresAt <= clock.now() || !row.salonId || !row.codeVerifier) {
    return { connected: false, reason: 'invalid_state' }
  }
  // Only the owner who asked may finish: the state's salon must be the session's.
  if (row.salonId !== input.sessionSalonId) return { connected: false, reason: 'invalid_state' }
  if (input.error || !input.code) return { connected: false, reason: 'denied' }

  let codeVerifier: string
  try {
    codeVerifier = decryptSecret(config.appSecret, VERIFIER_PURPOSE, row.codeVerifier)
  } catch {
    // Sealed under another APP_SECRET (rotated since): the owner starts again.
    return { connected: false, reason: 'invalid_state' }
  }
  let account: { email: string; calendar: GraphCalendar; credentials: string }
  try {
    const tokens = await exchangeCode(microsoft, { code: input.code, redirectUri: microsoft.redirectUri, codeVerifier })
    const me = await fetchMe(microsoft, tokens.accessToken)
    const calendars = await graphApi(microsoft).listCalendars(tokens.accessToken)
    // The account's own calendar, the one Outlook opens on: where bookings are written.
    const calendar = calendars.find((c) => c.isDefaultCalendar && c.canEdit) ?? calendars.find((c) => c.canEdit)
    if (!calendar) return { connected: false, reason: 'no_calendar' }
    account = { email: me.email, calendar, credentials: sealTokens(config.appSecret, tokens) }
  } catch (error) {
    return { connected: false, reason: failureOf(error) }
  }
  const salonId = row.salonId
  await db.transaction(async (tx) => {
    await calendarConnected(tx, jobs, {
      salonId,
      provider: 'microsoft',
      account: account.email,
      calendarRef: account.calendar.id,
      calendarName: account.calendar.name || null,
      credentials: account.credentials,
      connectedAt: clock.now(),
    })
  })
  return { connected: true }
}

function failureOf(error: unknown): MicrosoftConnectError {
  if (error instanceof MicrosoftAuthError && error.kind === 'unavailable') return 'unavailable'
  if (error instanceof GraphError && (error.kind === 'unavailable' || error.kind === 'throttled')) return 'unavailable'
  if (error instanceof MicrosoftAuthError || error instanceof GraphError) return 'refused'
  throw error
}
