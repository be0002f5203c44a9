import { randomInt } from 'node:crypto'
import type { WhatsAppConnectInput } from '@common/schemas/whatsapp'
import type { SalonRow, WhatsAppAccountRow } from '@server/db/schema'
import type { JobContext } from '@server/modules/jobs/job-engine'
import {
  decryptSecret,
  encryptSecret,
  hashToken,
  randomToken,
  sameSecret,
  signValue,
  verifySignedValue,
} from '@server/security/secrets'
import { whatsappNotConfigured, whatsappNumberInUse, whatsappSignupExpired } from './whatsapp.errors'
import * as repo from './whatsapp.repository'
import {
  exchangeCode,
  readNumber,
  registerNumber,
  signupUrl,
  subscribeApp,
  unsubscribeApp,
  WhatsAppRefused,
  WhatsAppTokenRefused,
} from './whatsapp-api'
import { CODE_PURPOSE, PIN_PURPOSE, TOKEN_PURPOSE, type WhatsAppDeps } from './whatsapp-deps'
import { markReconnect } from './whatsapp-send'
import { syncTemplates } from './whatsapp-templates-setup'

/**
 * Connecting a salon's own WhatsApp Business number with Meta's Embedded Signup. The owner, signed
 * in, opens the signup window (Facebook Login for Business with our configuration); it gives the
 * browser the WABA id and the phone number id (session info) and, on return, a code. The browser
 * posts the three; we keep the code sealed and a job sets the number up — the code traded for the
 * business token (kept encrypted), the number registered for the Cloud API with a two-step PIN we
 * generate and keep encrypted, our app subscribed to the WABA's webhooks, the number's facts read,
 * the templates created — so Meta never sits on the owner's request.
 *
 * The state is signed (salon, expiry, and the hash of a cookie of the browser that started), so a
 * code posted from elsewhere, for another salon, or late is refused.
 */

export const SIGNUP_TTL_MS = 15 * 60 * 1000
const STATE_PURPOSE = 'whatsapp-signup-state'

export const signupRedirectUri = (publicUrl: string) => `${publicUrl}/whatsapp/signup-return`

export function beginSignup(deps: Pick<WhatsAppDeps, 'clock' | 'config'>, salon: SalonRow) {
  const whatsapp = deps.config.whatsapp
  if (!whatsapp) throw whatsappNotConfigured()
  const browserBinding = randomToken()
  const expires = deps.clock.now().getTime() + SIGNUP_TTL_MS
  const state = signValue(deps.config.appSecret, STATE_PURPOSE, `${salon.id}~${expires}~${hashToken(browserBinding)}`)
  return { url: signupUrl(whatsapp, signupRedirectUri(deps.config.publicUrl), state), state, browserBinding }
}

function stateHolds(deps: Pick<WhatsAppDeps, 'clock' | 'config'>, salon: SalonRow, state: string, binding?: string) {
  const value = verifySignedValue(deps.config.appSecret, STATE_PURPOSE, state)
  const [salonId, expires, bindingHash] = value?.split('~') ?? []
  return (
    salonId === salon.id &&
    Number(expires) > deps.clock.now().getTime() &&
    binding !== undefined &&
    sameSecret(hashToken(binding), bindingHash ?? '')
  )
}

/** The signup's outcome, posted by the owner's browser: kept, and the number's setup queued. */
export async function connectWhatsApp(
  deps: Pick<WhatsAppDeps, 'db' | 'clock' | 'config' | 'jobs'>,
  salon: SalonRow,
  input: WhatsAppConnectInput,
  binding: string | undefined,
): Promise<void> {
  if (!deps.config.whatsapp) throw whatsappNotConfigured()
  if (!stateHolds(deps, salon, input.state, binding)) throw whatsappSignupExpired()
  const { appSecret } = deps.config
  await deps.db.transaction(async (tx) => {
    const owner = await repo.findAccountByNumber(tx, input.phoneNumberId)
    if (owner && owner.salonId !== salon.id) throw whatsappNumberInUse()
    const before = await repo.findAccount(tx, salon.id)
    // The number keeps its two-step PIN across reconnections: registering again needs the same one.
    const pin =
      before?.phoneNumberId === input.phoneNumberId
        ? before.pin
        : encryptSecret(appSecret, PIN_PURPOSE, String(randomInt(0, 1_000_000)).padStart(6, '0'))
    if (before?.accessToken && before.wabaId !== input.wabaId) {
      await deps.jobs.send(tx, 'whatsapp.release', { wabaId: before.wabaId, sealedToken: before.accessToken })
    }
    await repo.saveSignup(
      tx,
      {
        salonId: salon.id,
        wabaId: input.wabaId,
        phoneNumberId: input.phoneNumberId,
        pendingCode: encryptSecret(appSecret, CODE_PURPOSE, input.code),
        pin,
      },
      deps.clock.now(),
    )
    await deps.jobs.send(tx, 'whatsapp.connect', { salonId: salon.id, phoneNumberId: input.phoneNumberId })
  })
}

/** Job `whatsapp.connect`: each step once (a retry resumes after the last that worked). */
export async function setUpNumber(
  deps: WhatsAppDeps,
  salonId: string,
  phoneNumberId: string,
  job: JobContext,
): Promise<void> {
  let account = await repo.findAccount(deps.db, salonId)
  if (!account || account.phoneNumberId !== phoneNumberId || account.state !== 'connecting') return
  const { appSecret } = deps.config
  const update = async (change: repo.AccountChange) => {
    const now = deps.clock.now()
    const row = await repo.updateAccount(deps.db, salonId, phoneNumberId, change, now)
    if (row) account = row
    return row
  }
  try {
    if (!account.accessToken) {
      const code = account.pendingCode ? decryptSecret(appSecret, CODE_PURPOSE, account.pendingCode) : ''
      const token = await exchangeCode(deps.whatsapp, code, signupRedirectUri(deps.config.publicUrl)).catch(
        (error: unknown) => {
          throw error instanceof WhatsAppRefused || error instanceof WhatsAppTokenRefused
            ? new Step('code_refused')
            : error
        },
      )
      await update({ accessToken: encryptSecret(appSecret, TOKEN_PURPOSE, token), pendingCode: null })
    }
    const token = decryptSecret(appSecret, TOKEN_PURPOSE, account.accessToken as string)
    if (!account.registeredAt) {
      const pin = decryptSecret(appSecret, PIN_PURPOSE, account.pin)
      await step('register_failed', registerNumber(deps.whatsapp, token, phoneNumberId, pin))
      await update({ registeredAt: deps.clock.now() })
    }
    if (!account.subscribedAt) {
      await step('subscribe_failed', subscribeApp(deps.whatsapp, token, account.wabaId))
      await update({ subscribedAt: deps.clock.now() })
    }
    const facts = await step('unavailable', readNumber(deps.whatsapp, token, phoneNumberId))
    const connected = await update({ ...facts, factsReadAt: deps.clock.now(), state: 'connected', lastError: null })
    if (connected) await syncTemplates(deps, connected, token)
  } catch (error) {
    const last = job.retryCount >= job.retryLimit
    if (error instanceof Step || last) {
      const reason = error instanceof Step ? error.reason : 'unavailable'
      deps.log.warn({ salonId, reason }, 'the WhatsApp number could not be set up')
      await update({ state: 'failed', lastError: reason, lastErrorAt: deps.clock.now(), pendingCode: null })
      return
    }
    throw error
  }
}

/** A step Meta refused for good: the card says which, and the owner starts again. */
class Step extends Error {
  constructor(
    readonly reason: 'code_refused' | 'register_failed' | 'subscribe_failed' | 'token_refused' | 'unavailable',
  ) {
    super(reason)
  }
}

async function step<T>(reason: Step['reason'], call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof WhatsAppTokenRefused) throw new Step('token_refused')
    if (error instanceof WhatsAppRefused) throw new Step(reason)
    throw error
  }
}

/** The owner lets the number go: the assistant stops at once; a job unsubscribes our app from the WABA. */
export async function disconnectWhatsApp(deps: Pick<WhatsAppDeps, 'db' | 'jobs'>, salon: SalonRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const removed = await repo.deleteAccount(tx, salon.id)
    if (!removed?.accessToken) return
    const others = await repo.findAccountsByWaba(tx, removed.wabaId)
    if (others.length === 0) {
      await deps.jobs.send(tx, 'whatsapp.release', { wabaId: removed.wabaId, sealedToken: removed.accessToken })
    }
  })
}

/** Job `whatsapp.release`: Meta stops sending this WABA's notifications. A refused token has nothing left to stop. */
export async function releaseWaba(deps: WhatsAppDeps, wabaId: string, sealedToken: string): Promise<void> {
  const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, sealedToken)
  try {
    await unsubscribeApp(deps.whatsapp, token, wabaId)
  } catch (error) {
    if (error instanceof WhatsAppTokenRefused || error instanceof WhatsAppRefused) return
    throw error
  }
}

/** Job `whatsapp.maintain`: each connected number's quality and limit, and its templates' reviews, read again. */
export async function maintainWhatsApp(deps: WhatsAppDeps): Promise<void> {
  for (const account of await repo.listConnectedAccounts(deps.db)) {
    await maintainOne(deps, account).catch((error: unknown) =>
      deps.log.warn(
        { salonId: account.salonId, err: (error as Error).name },
        'WhatsApp maintenance failed for a number',
      ),
    )
  }
}

async function maintainOne(deps: WhatsAppDeps, account: WhatsAppAccountRow) {
  if (!account.accessToken) return
  const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, account.accessToken)
  try {
    const facts = await readNumber(deps.whatsapp, token, account.phoneNumberId)
    const now = deps.clock.now()
    await repo.updateAccount(deps.db, account.salonId, account.phoneNumberId, { ...facts, factsReadAt: now }, now)
    await syncTemplates(deps, account, token)
  } catch (error) {
    if (error instanceof WhatsAppTokenRefused) return markReconnect(deps, account, error.message)
    throw error
  }
}
