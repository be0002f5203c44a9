import { googleAccounts, salons, sessions } from '@server/db/schema'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { decryptSecret } from '@server/security/secrets'
import { type FakeGoogle, startFakeGoogle } from '@tests/fakes/google'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { cookiesFrom } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/** Google sign-in, end to end against a local fake of Google's real endpoints. */

const OWNER = { email: 'salon.lumiere.demo@gmail.com', name: 'Claire Dubois' }
const STRANGER = { email: 'someone.else@gmail.com', name: 'Someone Else' }
const UNVERIFIED = { email: 'unverified@gmail.com', name: 'Unverified', emailVerified: false }
const BOSS = { email: 'boss@salonia.test', name: 'The Boss' }
const PUBLIC_URL = 'http://salonia.test'

let google: FakeGoogle
let t: TestApp

beforeAll(async () => {
  google = await startFakeGoogle({ accounts: [OWNER, STRANGER, UNVERIFIED, BOSS] })
  t = await startTestApp({
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_BASE_URL: google.baseUrl,
      PUBLIC_URL,
      ADMIN_EMAILS: BOSS.email,
    },
  })
})
afterAll(async () => {
  await t.close()
  await google.close()
})
beforeEach(async () => {
  await t.database.db.delete(googleAccounts)
  await t.database.db.delete(sessions)
})

/** Asks for the sign-in address as the web app does; the browser keeps the sign-in cookie. */
async function begin(path = '/api/google/auth-url/SAL001') {
  const res = await t.app.inject({ url: path })
  expect(res.statusCode).toBe(200)
  return { authUrl: res.json().authUrl as string, cookie: cookiesFrom(res) }
}

/** Follows Google's redirect back to the app, as the browser would. */
async function callback(location: string, cookie: string) {
  const url = new URL(location)
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/google/callback`)
  const res = await t.app.inject({ url: `${url.pathname}${url.search}`, headers: { cookie } })
  expect(res.statusCode).toBe(302)
  return { location: res.headers.location as string, cookie: cookiesFrom(res, cookie), res }
}

async function signIn(account: { email: string }, path?: string) {
  const { authUrl, cookie } = await begin(path)
  return callback(await google.consent(authUrl, account), cookie)
}

const session = async (cookie: string) => (await t.app.inject({ url: '/api/session', headers: { cookie } })).json()

describe('professional sign-in with Google', () => {
  it('asks Google for identity, the calendar and offline access, with PKCE and a state', async () => {
    const { authUrl, cookie } = await begin()
    const url = new URL(authUrl)
    expect(`${url.origin}${url.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`)
    const q = url.searchParams
    expect(q.get('client_id')).toBe(google.clientId)
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/google/callback`)
    expect(q.get('response_type')).toBe('code')
    expect(q.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'openid',
        'email',
        'profile',
        'https://www.googleapis.com/auth/calendar.events',
        'https://www.googleapis.com/auth/calendar.freebusy',
      ]),
    )
    expect(q.get('access_type')).toBe('offline')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('state')).toBeTruthy()
    expect(cookie).toMatch(/^salonia_sign_in=/)
  })

  it("never tells a browser the salon's Google account, unless it signed in for that salon before", async () => {
    // Anyone can ask for any salon's sign-in address.
    const anonymous = new URL((await begin()).authUrl)
    expect(anonymous.searchParams.get('login_hint')).toBeNull()
    expect(anonymous.toString()).not.toContain('lumiere')
    // The owner's own browser, after a sign-in, is offered their account next time.
    const { cookie } = await signIn(OWNER)
    const again = await t.app.inject({ url: '/api/google/auth-url/SAL001', headers: { cookie } })
    expect(new URL(again.json().authUrl).searchParams.get('login_hint')).toBe(OWNER.email)
    // A cookie it did not sign, or one for another salon, is no proof.
    const forged = await t.app.inject({
      url: '/api/google/auth-url/SAL001',
      headers: { cookie: 'salonia_known_account=SAL001%3Asalon.lumiere.demo%40gmail.com.abc' },
    })
    expect(new URL(forged.json().authUrl).searchParams.get('login_hint')).toBeNull()
  })

  it("keeps no e-mail address in the browser's reminder of the account, and forgets it at sign-out", async () => {
    const { cookie, res } = await signIn(OWNER)
    const known = res.cookies.find((c) => c.name === 'salonia_known_account')
    expect(known).toMatchObject({ httpOnly: true, path: '/api/google' })
    // An opaque reference the server checks against the salon's account: no address, no name.
    for (const readable of [OWNER.email, encodeURIComponent(OWNER.email), 'salon.lumiere', 'gmail']) {
      expect(known?.value).not.toContain(readable)
    }
    expect(decodeURIComponent(known?.value ?? '')).not.toMatch(/@/)

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(out.statusCode).toBe(204)
    const cleared = out.cookies.find((c) => c.name === 'salonia_known_account')
    expect(cleared).toMatchObject({ value: '', path: '/api/google' })
    const after = await t.app.inject({
      url: '/api/google/auth-url/SAL001',
      headers: { cookie: cookiesFrom(out, cookie) },
    })
    expect(new URL(after.json().authUrl).searchParams.get('login_hint')).toBeNull()
  })

  it('drops a reminder of the account written in the old way, with the address in clear', async () => {
    const old =
      'salonia_known_account=2b1c4c3e-0000-4000-8000-000000000000%3Asalon.lumiere.demo%40gmail.com.c2lnbmF0dXJl'
    const res = await t.app.inject({ url: '/api/google/auth-url/SAL001', headers: { cookie: old } })
    expect(new URL(res.json().authUrl).searchParams.get('login_hint')).toBeNull()
    expect(res.cookies.find((c) => c.name === 'salonia_known_account')).toMatchObject({
      value: '',
      path: '/api/google',
    })
  })

  it("signs in the salon's authorised account, connects the calendar and keeps the tokens encrypted", async () => {
    const { location, cookie, res } = await signIn(OWNER)
    // Not the address: the page reads who signed in from GET /api/session (the URL lands in logs and history).
    expect(location).toBe('/professional?connected=true&salon=SAL001')
    const set = res.cookies.find((c) => c.name === 'salonia_session')
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(await session(cookie)).toEqual({
      isAuthenticated: true,
      user: { salonId: 'SAL001', email: OWNER.email, name: OWNER.name, isAdmin: false },
    })

    const salon = await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })
    expect(salon.json()).toMatchObject({ isGoogleCalendarConnected: true, googleConnectedEmail: OWNER.email })
    const lookup = await t.app.inject({ url: '/api/salons/by-id/SAL001' })
    expect(lookup.json()).toMatchObject({ isGoogleCalendarConnected: true })

    const [account] = await t.database.db.select().from(googleAccounts)
    expect(account?.accessToken).not.toMatch(/ya29/)
    expect(account?.refreshToken).not.toMatch(/refresh-/)
    expect(decryptSecret(t.config.appSecret, 'google-token', account?.accessToken ?? '')).toMatch(/^ya29\./)
    const [row] = await t.database.db.select().from(sessions)
    expect(cookie).not.toContain(row?.tokenHash)
    const [salonRow] = await t.database.db.select().from(salons).where(eq(salons.publicId, 'SAL001'))
    expect(salonRow?.ownerFirstSignedInAt).toEqual(t.clock.now())
  })

  it('refuses another Google account, says which one is expected without showing it, and hands its tokens back', async () => {
    const revokedBefore = google.revoked.length
    const { location, cookie } = await signIn(STRANGER)
    expect(location).toBe(
      `/professional?error=wrong_account&salon=SAL001&expected=${encodeURIComponent('s•••o@gmail.com')}`,
    )
    expect(location).not.toContain('lumiere')
    expect(await session(cookie)).toEqual({ isAuthenticated: false })
    expect(google.revoked.length).toBe(revokedBefore + 1)
    expect(await t.database.db.select().from(googleAccounts)).toEqual([])
  })

  it('refuses an account whose e-mail Google has not verified', async () => {
    const { location, cookie } = await signIn(UNVERIFIED)
    expect(location).toBe('/professional?error=auth_failed&salon=SAL001')
    expect(await session(cookie)).toEqual({ isAuthenticated: false })
  })

  it('comes back signed out when the owner cancels on Google', async () => {
    const { authUrl, cookie } = await begin()
    const { location, cookie: after } = await callback(await google.consent(authUrl, 'deny'), cookie)
    expect(location).toBe('/professional?error=access_denied&salon=SAL001')
    expect(await session(after)).toEqual({ isAuthenticated: false })
  })

  it('uses a state once: the same answer replayed signs nobody in', async () => {
    const { authUrl, cookie } = await begin()
    const back = await google.consent(authUrl, OWNER)
    expect((await callback(back, cookie)).location).toMatch(/connected=true/)
    const replay = await callback(back, cookie)
    expect(replay.location).toBe('/professional?error=invalid_state')
    expect(replay.res.cookies.find((c) => c.name === 'salonia_session')).toBeUndefined()
  })

  it('refuses a forged state, a state from another browser, and an expired one', async () => {
    const forged = await begin()
    const forgedBack = new URL(await google.consent(forged.authUrl, OWNER))
    forgedBack.searchParams.set('state', `${forgedBack.searchParams.get('state')?.slice(0, -3)}abc`)
    expect((await callback(forgedBack.toString(), forged.cookie)).location).toBe('/professional?error=invalid_state')

    const elsewhere = await begin()
    const back = await google.consent(elsewhere.authUrl, OWNER)
    expect((await callback(back, '')).location).toBe('/professional?error=invalid_state')
    // That attempt consumed nothing: the browser that started can still finish.
    expect((await callback(back, elsewhere.cookie)).location).toMatch(/^\/professional\?connected=true/)

    const late = await begin()
    const lateBack = await google.consent(late.authUrl, OWNER)
    t.clock.advance(11 * 60 * 1000)
    expect((await callback(lateBack, late.cookie)).location).toBe('/professional?error=invalid_state')
    // Only the browser that started the second sign-in got a session.
    expect(await t.database.db.select().from(sessions)).toHaveLength(1)
  })

  it('says why no sign-in can start: unknown salon, no authorised account, inactive salon', async () => {
    expect((await t.app.inject({ url: '/api/google/auth-url/SAL999' })).json().code).toBe('salons.not_found')
    const bare = await createSalon(t.database.db, {
      name: 'Sans compte',
      contactEmail: 'contact@example.com',
      address: '1 rue A',
      country: 'FR',
    })
    const noAccount = await t.app.inject({ url: `/api/google/auth-url/${bare.publicId}` })
    expect(noAccount.statusCode).toBe(409)
    expect(noAccount.json().code).toBe('auth.no_authorized_account')
    const closed = await createSalon(t.database.db, {
      name: 'Fermé',
      contactEmail: 'closed@example.com',
      authorizedGoogleEmail: OWNER.email,
      address: '2 rue B',
      country: 'FR',
      isActive: false,
    })
    const inactive = await t.app.inject({ url: `/api/google/auth-url/${closed.publicId}` })
    expect(inactive.statusCode).toBe(403)
    expect(inactive.json().code).toBe('salons.inactive')
    expect((await t.app.inject({ url: '/api/google/auth-url/not-an-id' })).statusCode).toBe(400)
  })

  it('offers no demo sign-in when Google is configured', async () => {
    expect((await t.app.inject({ url: '/api/auth/demo?state=x' })).statusCode).toBe(404)
  })
})

describe('administrator sign-in with Google', () => {
  it('signs in an e-mail of ADMIN_EMAILS, with identity scopes only', async () => {
    const { authUrl, cookie } = await begin('/api/google/admin-auth-url')
    const scopes = new URL(authUrl).searchParams.get('scope')?.split(' ')
    expect(scopes).toEqual(['openid', 'email', 'profile'])
    const back = await callback(await google.consent(authUrl, BOSS), cookie)
    expect(back.location).toBe('/admin?connected=true')
    expect(await session(back.cookie)).toEqual({
      isAuthenticated: true,
      user: { salonId: null, email: BOSS.email, name: BOSS.name, isAdmin: true },
    })
    expect((await t.app.inject({ url: '/api/salons', headers: { cookie: back.cookie } })).statusCode).toBe(200)
  })

  it('refuses any other account', async () => {
    const { location, cookie } = await signIn(OWNER, '/api/google/admin-auth-url')
    expect(location).toBe('/admin?error=not_admin')
    expect(await session(cookie)).toEqual({ isAuthenticated: false })
  })
})
