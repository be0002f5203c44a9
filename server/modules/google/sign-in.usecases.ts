import type { Language } from '@common/languages'
import { maskEmail } from '@common/privacy'
import type { AmbassadorSignInError } from '@common/schemas/ambassador'
import type { SignInError, SignInPurpose } from '@common/schemas/auth'
import type { Clock } from '@server/clock'
import { type Config, DEMO_ADMIN_EMAIL, DEMO_AMBASSADOR } from '@server/config'
import type { Database } from '@server/db/client'
import type { OAuthStateRow, SalonRow } from '@server/db/schema'
import { findUsableAccessCode, findUsableAccessCodeById } from '@server/modules/ambassadors/access-codes.usecases'
import { findOrCreateAmbassador } from '@server/modules/ambassadors/ambassadors.usecases'
import { type SessionKind, startSession } from '@server/modules/auth/sessions.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { findSalonOfRowId, recordOwnerSignIn } from '@server/modules/salons/salons.usecases'
import {
  decryptSecret,
  encryptSecret,
  hashToken,
  macOf,
  randomToken,
  sameSecret,
  signValue,
  verifySignedValue,
} from '@server/security/secrets'
import { saveGoogleTokens } from './calendar-connection.usecases'
import {
  demoSignInUnavailable,
  googleNotConfigured,
  invalidSignInState,
  noAuthorizedAccount,
  salonInactive,
} from './google.errors'
import * as repo from './google.repository'
import { googleCalendarConnected } from './google-calendar-sync'
import { type GoogleClient, type GoogleTokens, IDENTITY_SCOPES, PROFESSIONAL_SCOPES } from './google-client'

/**
 * Signing in with Google (spec §2 "Calendar connection screen"): the salon's owner proves they hold
 * the salon's authorised Google account, and the salon's calendar is connected on the way.
 * The state parameter is signed, names a row that lives 10 minutes and is deleted on return
 * (single use), and must match a cookie of the browser that started (login CSRF); PKCE binds the
 * code to this server. Without Google (outside production) a demo page stands in for the consent.
 */

export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000
const STATE_PURPOSE = 'oauth-state'
const SECRET_PURPOSE = 'oauth-code-verifier'
const PAYLOAD_PURPOSE = 'oauth-state-payload'

export interface SignInDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
  google: GoogleClient | undefined
}

export interface SignInStart {
  authUrl: string
  /**
   * A random value for the browser's short-lived sign-in cookie, which must come back with the
   * state: only its hash is stored, and nothing about it can be read from the state.
   */
  browserBinding: string
}

export type SignInOutcome =
  | {
      redirectTo: string
      session: { token: string; kind: SessionKind }
      /** A salon's owner signed in: this browser may be offered their account next time (knownAccountReference). */
      knownAccount?: string | undefined
    }
  | { redirectTo: string; session?: undefined; knownAccount?: undefined }

const KNOWN_ACCOUNT_PURPOSE = 'known-account-reference'

/**
 * What a browser keeps of the account it signed in with for a salon: an HMAC of the salon and the
 * address under a key derived from APP_SECRET (43 characters). It says neither — the cookie is
 * read by whoever uses the browser, for a year — and only this server can tell that it names the
 * salon's account: it computes it again from the salon's row when the browser asks to sign in.
 */
export function knownAccountReference(appSecret: string, salonId: string, email: string): string {
  return macOf(appSecret, KNOWN_ACCOUNT_PURPOSE, `${salonId}:${email.toLowerCase()}`).toString('base64url')
}

/**
 * Where the browser goes to sign in for a salon: Google's consent, or the demo page. Google is
 * told which account to pick (`login_hint`) only when this browser already signed in for the salon
 * with the account it still has (`knownAccount`, the reference this server gave it then): anyone
 * can ask for any salon's sign-in address, and it must not tell them the owner's e-mail.
 */
export function beginProfessionalSignIn(
  deps: SignInDeps,
  salon: SalonRow,
  knownAccount?: string | undefined,
): Promise<SignInStart> {
  if (!salon.isActive) throw salonInactive(salon.publicId)
  const authorized = salon.authorizedGoogleEmail
  if (!authorized) throw noAuthorizedAccount(salon.publicId)
  const known =
    knownAccount !== undefined &&
    sameSecret(knownAccount, knownAccountReference(deps.config.appSecret, salon.id, authorized))
  return beginSignIn(deps, 'professional', salon, undefined, known ? authorized : undefined)
}

/** Where the browser goes to sign in as an administrator. */
export function beginAdminSignIn(deps: SignInDeps): Promise<SignInStart> {
  return beginSignIn(deps, 'admin', undefined)
}

/**
 * Where the browser goes to sign in as an ambassador, with a valid access code (kept, encrypted,
 * with the state: it is checked again on the way back). An unknown or revoked code goes straight
 * back to the login page.
 */
export async function beginAmbassadorSignIn(
  deps: SignInDeps,
  accessCode: string,
): Promise<SignInStart | { redirectTo: string }> {
  const code = await findUsableAccessCode(deps.db, accessCode)
  if (!code) return { redirectTo: ambassadorFailure('invalid_access_code').redirectTo }
  return beginSignIn(deps, 'ambassador', undefined, encryptSecret(deps.config.appSecret, PAYLOAD_PURPOSE, code.id))
}

async function beginSignIn(
  deps: SignInDeps,
  purpose: SignInPurpose,
  salon: SalonRow | undefined,
  payload?: string,
  loginHint?: string,
): Promise<SignInStart> {
  const { config, google, clock } = deps
  if (!google && !config.demoSignIn) throw googleNotConfigured()
  // The purpose rides in the signed state, so even an expired state returns to the right page.
  const nonce = `${purpose}~${randomToken()}`
  const state = signValue(config.appSecret, STATE_PURPOSE, nonce)
  const browserBinding = randomToken()
  const pkce = google ? await google.newCodeVerifier() : { codeVerifier: randomToken(), codeChallenge: '' }
  const now = clock.now()
  await repo.deleteExpiredOAuthStates(deps.db, now)
  await repo.insertOAuthState(deps.db, {
    id: hashToken(nonce),
    purpose,
    salonId: salon?.id ?? null,
    codeVerifier: encryptSecret(config.appSecret, SECRET_PURPOSE, pkce.codeVerifier),
    payload: payload ?? null,
    bindingHash: hashToken(browserBinding),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_STATE_TTL_MS),
  })
  const authUrl = google
    ? google.authorizationUrl({
        state,
        codeChallenge: pkce.codeChallenge,
        scopes: purpose === 'professional' ? PROFESSIONAL_SCOPES : IDENTITY_SCOPES,
        loginHint,
        offline: purpose === 'professional',
      })
    : `${config.publicUrl}/demo-sign-in?state=${encodeURIComponent(state)}`
  return { authUrl, browserBinding }
}

/** The purpose a genuine state names (even an expired one): which page to come back to. */
function purposeOfState(deps: SignInDeps, state: string | undefined): SignInPurpose {
  const nonce = state ? verifySignedValue(deps.config.appSecret, STATE_PURPOSE, state) : undefined
  const purpose = nonce?.split('~')[0]
  return purpose === 'admin' || purpose === 'ambassador' ? purpose : 'professional'
}

/**
 * The state's row, taken out (single use), when the state is genuine and this browser started it.
 * A browser without the binding consumes nothing: whoever merely saw the state (a URL in a log, a
 * shoulder) can neither complete the sign-in nor spoil it for the browser that started it.
 */
async function consumeState(deps: SignInDeps, state: string | undefined, binding: string | undefined) {
  const nonce = state ? verifySignedValue(deps.config.appSecret, STATE_PURPOSE, state) : undefined
  if (!nonce || !binding) return undefined
  const row = await repo.consumeOAuthState(deps.db, hashToken(nonce), hashToken(binding))
  if (!row || row.expiresAt <= deps.clock.now()) return undefined
  return signInState(row)
}

/** A sign-in's state (Instagram's and Microsoft's connections keep theirs in the same table, signed apart). */
function signInState(row: OAuthStateRow) {
  const { purpose, codeVerifier } = row
  if (purpose === 'instagram' || purpose === 'microsoft' || codeVerifier === null) return undefined
  return { ...row, purpose, codeVerifier }
}

function failure(purpose: SignInPurpose, error: SignInError, extra: Record<string, string> = {}): SignInOutcome {
  if (purpose === 'ambassador') return ambassadorFailure(AMBASSADOR_ERROR_OF[error])
  const page = purpose === 'admin' ? '/admin' : '/professional'
  return { redirectTo: `${page}?${new URLSearchParams({ error, ...extra })}` }
}

/** The ambassador login page has its own error words (spec §8). */
const AMBASSADOR_ERROR_OF: Record<SignInError, AmbassadorSignInError> = {
  wrong_account: 'auth_failed',
  access_denied: 'auth_failed',
  invalid_state: 'callback_error',
  auth_failed: 'auth_failed',
  no_authorized_account: 'auth_failed',
  salon_inactive: 'auth_failed',
  not_admin: 'auth_failed',
}

function ambassadorFailure(error: AmbassadorSignInError): SignInOutcome {
  return { redirectTo: `/ambassador?error=${error}` }
}

/** Google sent the browser back: check everything, then sign in or say why not. */
export async function completeGoogleSignIn(
  deps: SignInDeps,
  input: {
    state?: string | undefined
    code?: string | undefined
    error?: string | undefined
    binding?: string | undefined
    /** The browser's language: a new ambassador's kit and e-mails are in it. */
    language?: Language | undefined
  },
): Promise<SignInOutcome> {
  const row = await consumeState(deps, input.state, input.binding)
  if (!row) return failure(purposeOfState(deps, input.state), 'invalid_state')
  const purpose = row.purpose
  // The salon comes back in a refusal, so the connect form can offer to try again at once.
  const salon = row.salonId ? await findSalonOfRowId(deps.db, row.salonId) : undefined
  const about: Record<string, string> = salon ? { salon: salon.publicId } : {}
  if (input.error) return failure(purpose, input.error === 'access_denied' ? 'access_denied' : 'auth_failed', about)
  if (!deps.google || !input.code) return failure(purpose, 'auth_failed', about)

  let tokens: GoogleTokens
  let identity: { email: string; emailVerified: boolean; name: string }
  try {
    const codeVerifier = decryptSecret(deps.config.appSecret, SECRET_PURPOSE, row.codeVerifier)
    tokens = await deps.google.exchangeCode(input.code, codeVerifier)
  } catch {
    return failure(purpose, 'auth_failed', about)
  }
  try {
    identity = await deps.google.identity(tokens.accessToken)
  } catch {
    await deps.google.revoke(tokens.accessToken).catch(() => {})
    return purpose === 'ambassador' ? ambassadorFailure('token_invalid') : failure(purpose, 'auth_failed', about)
  }
  const outcome = identity.emailVerified
    ? await finishSignIn(deps, row, salon, { ...identity, language: input.language }, tokens)
    : purpose === 'ambassador'
      ? ambassadorFailure('token_invalid')
      : failure(purpose, 'auth_failed', about)
  // Tokens of a refused account are not kept: hand them back to Google.
  if (!outcome.session) await deps.google.revoke(tokens.refreshToken ?? tokens.accessToken).catch(() => {})
  return outcome
}

/** What the demo page shows before its one click. */
export async function describeDemoSignIn(deps: SignInDeps, state: string) {
  if (!deps.config.demoSignIn) throw demoSignInUnavailable()
  const nonce = verifySignedValue(deps.config.appSecret, STATE_PURPOSE, state)
  const found = nonce ? await repo.findLiveOAuthState(deps.db, hashToken(nonce), deps.clock.now()) : undefined
  const row = found && signInState(found)
  if (!row) throw invalidSignInState()
  const salon = row.salonId ? await findSalonOfRowId(deps.db, row.salonId) : undefined
  const account = demoAccount(deps.config, row.purpose, salon)
  return {
    purpose: row.purpose,
    // Anyone can open this page for any salon: its owner's address is only hinted at.
    account: salon ? { ...account, email: maskEmail(account.email) } : account,
    salon: salon ? { salonId: salon.publicId, name: salon.name } : null,
  }
}

/** The demo page's one click: signs in as the salon's authorised account (or the first administrator). */
export async function approveDemoSignIn(
  deps: SignInDeps,
  input: { state: string; binding: string | undefined; language?: Language | undefined },
): Promise<SignInOutcome> {
  if (!deps.config.demoSignIn) throw demoSignInUnavailable()
  const row = await consumeState(deps, input.state, input.binding)
  if (!row) throw invalidSignInState()
  const salon = row.salonId ? await findSalonOfRowId(deps.db, row.salonId) : undefined
  const account = { ...demoAccount(deps.config, row.purpose, salon), language: input.language }
  const outcome = await finishSignIn(deps, row, salon, account, undefined)
  if (!outcome.session || row.purpose === 'ambassador') return outcome
  return { ...outcome, redirectTo: `${outcome.redirectTo}&demo=true` }
}

/** Who the demo sign-in stands for: the salon's account, the demo ambassador, or the first administrator. */
function demoAccount(config: Config, purpose: SignInPurpose, salon: SalonRow | undefined) {
  if (salon) return { email: salon.authorizedGoogleEmail ?? salon.contactEmail, name: salon.name }
  if (purpose === 'ambassador') return { email: DEMO_AMBASSADOR.email, name: DEMO_AMBASSADOR.name }
  return { email: config.adminEmails[0] ?? DEMO_ADMIN_EMAIL, name: 'Demo administrator' }
}

async function finishSignIn(
  deps: SignInDeps,
  row: OAuthStateRow,
  salon: SalonRow | undefined,
  identity: { email: string; name: string; language?: Language | undefined },
  tokens: GoogleTokens | undefined,
): Promise<SignInOutcome> {
  const { db, clock, config } = deps
  const email = identity.email.toLowerCase()
  if (row.purpose === 'admin') {
    if (!config.adminEmails.includes(email)) return failure('admin', 'not_admin')
    const { token } = await startSession(db, clock, { kind: 'staff', salonId: null, email, name: identity.name })
    return { redirectTo: '/admin?connected=true', session: { token, kind: 'staff' } }
  }
  if (row.purpose === 'ambassador') {
    return finishAmbassadorSignIn(deps, row, { email, name: identity.name, language: identity.language })
  }
  if (!salon) return failure('professional', 'invalid_state')
  const about = { salon: salon.publicId }
  if (!salon.isActive) return failure('professional', 'salon_inactive', about)
  const authorized = salon.authorizedGoogleEmail?.toLowerCase()
  if (!authorized) return failure('professional', 'no_authorized_account', about)
  if (email !== authorized) {
    return failure('professional', 'wrong_account', { ...about, expected: maskEmail(authorized) })
  }

  return db.transaction(async (tx) => {
    if (tokens) {
      // The calendar is connected (or reconnected): a synchronisation copies what is to come into it.
      const saved = await saveGoogleTokens({ db: tx, clock, config }, salon.id, email, tokens)
      await googleCalendarConnected(tx, deps.jobs, salon.id, { email, ...saved, now: clock.now() })
    }
    await recordOwnerSignIn(tx, salon, clock.now())
    const { token } = await startSession(tx, clock, { kind: 'staff', salonId: salon.id, email, name: identity.name })
    // Not the e-mail: this address lands in the next request's log line and the browser's history.
    // The page reads who signed in from GET /api/session.
    const query = new URLSearchParams({ connected: 'true', salon: salon.publicId })
    return {
      redirectTo: `/professional?${query}`,
      session: { token, kind: 'staff' as const },
      knownAccount: knownAccountReference(config.appSecret, salon.id, email),
    }
  })
}

/**
 * An ambassador back from Google: the access code must still be valid (not revoked meanwhile);
 * the first sign-in creates the ambassador from the Google account, later ones find it.
 */
async function finishAmbassadorSignIn(
  deps: SignInDeps,
  row: OAuthStateRow,
  identity: { email: string; name: string; language?: Language | undefined },
): Promise<SignInOutcome> {
  const { db, clock, config } = deps
  let codeId: string
  try {
    codeId = decryptSecret(config.appSecret, PAYLOAD_PURPOSE, row.payload ?? '')
  } catch {
    return ambassadorFailure('callback_error')
  }
  if (!(await findUsableAccessCodeById(db, codeId))) return ambassadorFailure('invalid_access_code')
  let ambassador: Awaited<ReturnType<typeof findOrCreateAmbassador>>
  try {
    ambassador = await findOrCreateAmbassador(db, identity, codeId)
  } catch {
    return ambassadorFailure('creation_failed')
  }
  if (!ambassador.isActive) return ambassadorFailure('auth_failed')
  const { token } = await startSession(db, clock, {
    kind: 'ambassador',
    ambassadorId: ambassador.id,
    email: ambassador.email,
    name: ambassador.name,
  })
  return { redirectTo: '/ambassador/dashboard', session: { token, kind: 'ambassador' } }
}
