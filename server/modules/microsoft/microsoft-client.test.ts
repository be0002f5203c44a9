import { type FakeMicrosoft, startFakeMicrosoft } from '@tests/fakes/microsoft'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GraphError } from './graph-http'
import {
  authorizationUrl,
  exchangeCode,
  fetchMe,
  MicrosoftAuthError,
  type MicrosoftSettings,
  newPkce,
  refreshAccessToken,
} from './microsoft-client'

/**
 * The OAuth layer against the fake Microsoft (tests/fakes/microsoft.ts), which follows
 * https://learn.microsoft.com/entra/identity-platform/v2-oauth2-auth-code-flow and
 * https://learn.microsoft.com/entra/identity-platform/refresh-tokens.
 */

const REDIRECT_URI = 'http://salonia.test/api/microsoft/callback'
let fake: FakeMicrosoft
let settings: MicrosoftSettings

beforeAll(async () => {
  fake = await startFakeMicrosoft({
    accounts: [
      {
        displayName: 'Claire Dubois',
        mail: 'Claire@salon-lumiere.fr',
        userPrincipalName: 'claire@lumiere.onmicrosoft.com',
      },
      // A personal account without a mailbox address: /me's `mail` is null.
      { displayName: 'Zoé Martin', mail: null, userPrincipalName: 'zoe.martin@outlook.com' },
    ],
  })
  settings = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.baseUrl }
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())
afterEach(() => fake.restore())

/** The consent page accepted for `account`; the code and the verifier it needs. */
async function consent(account?: string) {
  const { codeVerifier, codeChallenge } = newPkce()
  const url = authorizationUrl(settings, { redirectUri: REDIRECT_URI, state: 'st-1', codeChallenge })
  const redirect = new URL(await fake.consent(url, account ? { account } : {}))
  expect(redirect.searchParams.get('state')).toBe('st-1')
  return { code: redirect.searchParams.get('code') ?? '', codeVerifier }
}

async function connect(account?: string) {
  const { code, codeVerifier } = await consent(account)
  return exchangeCode(settings, { code, redirectUri: REDIRECT_URI, codeVerifier })
}

async function failure(promise: Promise<unknown>): Promise<MicrosoftAuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(MicrosoftAuthError)
  return error as MicrosoftAuthError
}

describe('authorizationUrl', () => {
  it('asks for a code by query, PKCE S256, an account choice and the three scopes', () => {
    const url = new URL(
      authorizationUrl(
        { clientId: 'app-id', clientSecret: 's' },
        { redirectUri: REDIRECT_URI, state: 'xyz', codeChallenge: 'chal', loginHint: 'claire@salon.fr' },
      ),
    )
    expect(`${url.origin}${url.pathname}`).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-id',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      response_mode: 'query',
      scope: 'offline_access Calendars.ReadWrite User.Read',
      state: 'xyz',
      code_challenge: 'chal',
      code_challenge_method: 'S256',
      prompt: 'select_account',
      login_hint: 'claire@salon.fr',
    })
    const { searchParams } = new URL(
      authorizationUrl(settings, { redirectUri: REDIRECT_URI, state: 's', codeChallenge: 'c' }),
    )
    expect(searchParams.has('login_hint')).toBe(false)
  })
})

describe('the code flow', () => {
  it('redeems the consent code with the verifier, and names the account', async () => {
    const before = Date.now()
    const tokens = await connect()
    expect(tokens.scopes).toEqual(['Calendars.ReadWrite', 'User.Read'])
    expect(tokens.refreshToken).toEqual(expect.any(String))
    // Entra's access tokens live about an hour (the fake answers expires_in 3599).
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_598_000)
    expect(tokens.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3_599_000)
    expect(await fetchMe(settings, tokens.accessToken)).toEqual({
      id: fake.accounts[0]?.id,
      displayName: 'Claire Dubois',
      email: 'claire@salon-lumiere.fr',
    })
    const personal = await connect('zoe.martin@outlook.com')
    expect((await fetchMe(settings, personal.accessToken)).email).toBe('zoe.martin@outlook.com')
  })

  it('refuses a wrong verifier, a spent code and a wrong secret, without echoing any of them', async () => {
    const { code, codeVerifier } = await consent()
    const wrongVerifier = newPkce().codeVerifier
    const wrong = await failure(
      exchangeCode(settings, { code, redirectUri: REDIRECT_URI, codeVerifier: wrongVerifier }),
    )
    expect(wrong).toMatchObject({ kind: 'refused', status: 400, error: 'invalid_grant', aadsts: 501481 })
    expect(wrong.message).toMatch(/AADSTS501481/)
    // A failed redemption spends the code: an exchange is never "revoked", only refused.
    const spent = await failure(exchangeCode(settings, { code, redirectUri: REDIRECT_URI, codeVerifier }))
    expect(spent).toMatchObject({ kind: 'refused', error: 'invalid_grant', aadsts: 54005 })
    const other = await consent()
    const secret = await failure(
      exchangeCode({ ...settings, clientSecret: 'not-the-secret' }, { ...other, redirectUri: REDIRECT_URI }),
    )
    expect(secret).toMatchObject({ kind: 'refused', status: 401, error: 'invalid_client' })
    for (const error of [wrong, spent, secret]) {
      for (const secretValue of [code, codeVerifier, wrongVerifier, fake.clientSecret, 'not-the-secret']) {
        expect(error.message).not.toContain(secretValue)
      }
    }
  })
})

describe('refresh', () => {
  it('rotates the refresh token; the new access token works, and the old refresh token still does', async () => {
    const first = await connect()
    const second = await refreshAccessToken(settings, first.refreshToken)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.accessToken).not.toBe(first.accessToken)
    expect((await fetchMe(settings, second.accessToken)).displayName).toBe('Claire Dubois')
    // Two workers refreshing with the same token at once both succeed (the old one is not revoked).
    const third = await refreshAccessToken(settings, first.refreshToken)
    expect(third.refreshToken).not.toBe(second.refreshToken)
    expect(fake.requests().filter((r) => r.grantType === 'refresh_token')).toHaveLength(2)
  })

  it('reports a revoked, expired or MFA-blocked grant as revoked, and Graph then answers unauthorized', async () => {
    const revoked = await connect()
    fake.revokeGrant()
    const error = await failure(refreshAccessToken(settings, revoked.refreshToken))
    expect(error).toMatchObject({ kind: 'revoked', error: 'invalid_grant', aadsts: 50173 })
    expect(error.message).not.toContain(revoked.refreshToken)
    const me = await fetchMe(settings, revoked.accessToken).catch((e: unknown) => e)
    expect(me).toBeInstanceOf(GraphError)
    expect(me).toMatchObject({ kind: 'unauthorized', status: 401, code: 'InvalidAuthenticationToken' })
    expect((me as Error).message).not.toContain(revoked.accessToken)

    const expired = await connect()
    fake.revokeGrant({ how: 'expired' })
    expect(await failure(refreshAccessToken(settings, expired.refreshToken))).toMatchObject({
      kind: 'revoked',
      aadsts: 700082,
    })
    const mfa = await connect()
    fake.revokeGrant({ how: 'interaction_required' })
    expect(await failure(refreshAccessToken(settings, mfa.refreshToken))).toMatchObject({
      kind: 'revoked',
      error: 'interaction_required',
      aadsts: 50076,
    })
  })

  it('reports an Entra outage and an unreachable endpoint as unavailable', async () => {
    const tokens = await connect()
    fake.failNext({ status: 503, retryAfter: 2, where: 'identity' })
    expect(await failure(refreshAccessToken(settings, tokens.refreshToken))).toMatchObject({
      kind: 'unavailable',
      status: 503,
      error: 'temporarily_unavailable',
      retryAfterSeconds: 2,
    })
    fake.failNext({ status: 500, where: 'identity' })
    expect(await failure(refreshAccessToken(settings, tokens.refreshToken))).toMatchObject({
      kind: 'unavailable',
      error: 'server_error',
    })
    // Port 9 (discard) on loopback: nothing listens there.
    const nowhere = await failure(
      refreshAccessToken({ ...settings, baseUrl: 'http://127.0.0.1:9' }, tokens.refreshToken),
    )
    expect(nowhere).toMatchObject({ kind: 'unavailable', status: 0, error: 'network' })
    expect((await refreshAccessToken(settings, tokens.refreshToken)).accessToken).toEqual(expect.any(String))
  })
})
