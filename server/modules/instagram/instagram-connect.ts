import type { InstagramConnectError } from '@common/schemas/instagram'
import type { SalonRow } from '@server/db/schema'
import { consumeOAuthState, deleteExpiredOAuthStates, insertOAuthState } from '@server/modules/google/google.repository'
import { encryptSecret, hashToken, randomToken, signValue, verifySignedValue } from '@server/security/secrets'
import { instagramNotConfigured } from './instagram.errors'
import * as repo from './instagram.repository'
import {
  authorizeUrl,
  exchangeCode,
  type InstagramAccountInfo,
  longLivedToken,
  readAccount,
  subscribeMessages,
} from './instagram-api'
import { type InstagramDeps, TOKEN_PURPOSE } from './instagram-deps'
import { cancelQueued } from './instagram-inbox.repository'

/**
 * Connecting a salon's Instagram professional account (Business Login for Instagram, spec §7): the
 * owner, signed in, asks for Meta's consent address; Meta sends the browser back with a code, which
 * we trade for a short-lived token, then a long-lived one (60 days), kept encrypted. The state is
 * signed under its own purpose (a Google sign-in's never passes here), lives 10 minutes, is taken
 * out on return (single use) and must come back with the cookie of the browser that started.
 */

export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000
const STATE_PURPOSE = 'instagram-oauth-state'

export interface ConnectStart {
  authUrl: string
  /** For the browser's short-lived cookie, which must come back with the state (login CSRF). */
  browserBinding: string
}

export async function beginInstagramConnect(
  deps: Pick<InstagramDeps, 'db' | 'clock' | 'config'>,
  salon: SalonRow,
): Promise<ConnectStart> {
  const { db, clock, config } = deps
  const instagram = config.instagram
  if (!instagram) throw instagramNotConfigured()
  const nonce = randomToken()
  const browserBinding = randomToken()
  const now = clock.now()
  await deleteExpiredOAuthStates(db, now)
  await insertOAuthState(db, {
    id: hashToken(nonce),
    purpose: 'instagram',
    salonId: salon.id,
    codeVerifier: null,
    payload: null,
    bindingHash: hashToken(browserBinding),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONNECT_STATE_TTL_MS),
  })
  return { authUrl: authorizeUrl(instagram, signValue(config.appSecret, STATE_PURPOSE, nonce)), browserBinding }
}

export interface ConnectReturn {
  state?: string | undefined
  code?: string | undefined
  error?: string | undefined
  binding?: string | undefined
  /** The salon of the browser's staff session, if signed in. */
  sessionSalonId?: string | undefined
}

export type ConnectOutcome = { connected: true } | { connected: false; reason: InstagramConnectError }

/** Meta sent the browser back: check everything, then keep the account, or say why not. */
export async function completeInstagramConnect(
  deps: Pick<InstagramDeps, 'db' | 'clock' | 'config' | 'jobs'>,
  input: ConnectReturn,
): Promise<ConnectOutcome> {
  const { db, clock, config } = deps
  const instagram = config.instagram
  if (!instagram) return { connected: false, reason: 'not_configured' }
  const nonce = input.state ? verifySignedValue(config.appSecret, STATE_PURPOSE, input.state) : undefined
  if (!nonce || !input.binding) return { connected: false, reason: 'invalid_state' }
  const row = await consumeOAuthState(db, hashToken(nonce), hashToken(input.binding))
  // Only the owner who asked may finish: the state's salon must be the session's.
  if (row?.purpose !== 'instagram' || row.expiresAt <= clock.now() || !row.salonId) {
    return { connected: false, reason: 'invalid_state' }
  }
  if (row.salonId !== input.sessionSalonId) return { connected: false, reason: 'invalid_state' }
  if (input.error || !input.code) return { connected: false, reason: 'denied' }

  let token: { accessToken: string; expiresInSeconds: number }
  let account: InstagramAccountInfo
  try {
    const short = await exchangeCode(instagram, input.code)
    token = await longLivedToken(instagram, short.accessToken)
    account = await readAccount(instagram, token.accessToken)
  } catch {
    return { connected: false, reason: 'exchange_failed' }
  }
  const salonId = row.salonId
  const holder = await repo.findAccountByIgUserId(db, account.userId)
  if (holder && holder.salonId !== salonId) return { connected: false, reason: 'account_in_use' }

  // Subscribing may fail for a moment: the account is kept and the periodic job tries again.
  const now = clock.now()
  const subscribed = await subscribeMessages(instagram, token.accessToken).then(
    () => true,
    () => false,
  )
  await db.transaction(async (tx) => {
    const previous = await repo.findAccount(tx, salonId)
    if (previous && previous.igUserId !== account.userId) {
      // Another account replaces the salon's: the old one stops notifying us, its replies stop.
      await cancelQueued(tx, salonId, undefined, 'disconnected')
      await deps.jobs.send(tx, 'instagram.release', { sealedToken: previous.accessToken })
    }
    await repo.saveAccount(tx, {
      salonId,
      igUserId: account.userId,
      appScopedId: account.id ?? null,
      username: account.username,
      accessToken: encryptSecret(config.appSecret, TOKEN_PURPOSE, token.accessToken),
      tokenIssuedAt: now,
      tokenExpiresAt: new Date(now.getTime() + token.expiresInSeconds * 1000),
      subscribedAt: subscribed ? now : null,
      connectedAt: now,
    })
  })
  return { connected: true }
}

/** Disconnect: the account and its token go now; Meta is told to stop by a job (it may be down). */
export async function disconnectInstagram(deps: Pick<InstagramDeps, 'db' | 'jobs'>, salon: SalonRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const account = await repo.deleteAccount(tx, salon.id)
    if (!account) return
    await cancelQueued(tx, salon.id, undefined, 'disconnected')
    await deps.jobs.send(tx, 'instagram.release', { sealedToken: account.accessToken })
  })
}
