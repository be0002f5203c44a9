import { startTestApp } from '@tests/helpers/app'
import {
  connectInstagram,
  type InstagramTestApp,
  OTHER_ACCOUNT,
  otherSalon,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { cookiesFrom, ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

async function salonOf(t: InstagramTestApp, cookie: string, salon = 'SAL001') {
  return (await t.app.inject({ method: 'GET', url: `/api/salons/${salon}`, headers: { cookie } })).json()
}

describe('connecting a salon to Instagram (Business Login)', () => {
  let t: InstagramTestApp
  beforeEach(async () => {
    t = await startInstagramApp()
  })
  afterEach(async () => {
    await t.close()
  })

  it('asks Meta for the two messaging permissions with a signed state, bound to this browser', async () => {
    const cookie = await ownerCookie(t)
    const auth = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/instagram/auth', headers: { cookie } })
    expect(auth.statusCode).toBe(200)
    expect(auth.headers['cache-control']).toBe('no-store')
    const url = new URL(auth.json().authUrl)
    expect(`${url.origin}${url.pathname}`).toBe(`${t.fake.url}/oauth/authorize`)
    expect(url.searchParams.get('client_id')).toBe(t.fakeOptions.appId)
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/instagram/callback`)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_manage_messages')
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(40)
    const binding = auth.cookies.find((c) => c.name === 'salonia_instagram_connect')
    expect(binding).toMatchObject({ httpOnly: true, path: '/api/instagram', sameSite: 'Lax' })
  })

  it('connects: long-lived token kept encrypted, the account named by its user_id, subscribed to messages', async () => {
    const cookie = await ownerCookie(t)
    expect(await connectInstagram(t, { cookie })).toBe('/professional?instagram=connected')
    const salon = await salonOf(t, cookie)
    expect(salon).toMatchObject({ instagramConnected: true, instagramUsername: 'salon.elegance' })
    expect(salon.instagram).toEqual({
      available: true,
      reconnectRequired: false,
      replyToEveryone: false,
      pauseMinutes: 30,
    })
    const [account] = await rowsOf<{
      ig_user_id: string
      app_scoped_id: string
      access_token: string
      subscribed_at: Date
    }>(t, sql`select ig_user_id, app_scoped_id, access_token, subscribed_at from instagram_accounts`)
    expect(account?.ig_user_id).toBe(SALON_ACCOUNT.userId)
    expect(account?.app_scoped_id).toBe(SALON_ACCOUNT.appScopedId)
    expect(account?.subscribed_at).not.toBeNull()
    const live = t.fake.tokensOf(SALON_ACCOUNT.userId)
    expect(live.length).toBeGreaterThan(0)
    for (const token of live) expect(account?.access_token).not.toContain(token)
    expect(t.fake.subscriptions.get(SALON_ACCOUNT.userId)).toEqual(['messages'])
    expect(JSON.stringify(salon)).not.toContain(live[0])
  })

  it.each([
    ['wrapped', false],
    ['flat', true],
  ] as const)(
    'reads the code exchange answer %s (17-digit user id as a number: %s) without rounding it',
    async (shape, numeric) => {
      await t.close()
      t = await startInstagramApp({ fake: { tokenShape: shape, numericUserId: numeric } })
      expect(await connectInstagram(t)).toBe('/professional?instagram=connected')
      const [account] = await rowsOf<{ ig_user_id: string }>(t, sql`select ig_user_id from instagram_accounts`)
      expect(account?.ig_user_id).toBe(SALON_ACCOUNT.userId)
    },
  )

  it('comes back with a reason, and keeps nothing, when the owner cancels at Meta', async () => {
    expect(await connectInstagram(t, { deny: true })).toBe('/professional?instagram=error&reason=denied')
    expect(await rowsOf(t, sql`select 1 from instagram_accounts`)).toHaveLength(0)
  })

  it('refuses a return from another browser, a state used twice, or a return without the owner signed in', async () => {
    const cookie = await ownerCookie(t)
    const auth = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/instagram/auth', headers: { cookie } })
    const back = new URL(await t.fake.consent(auth.json().authUrl))
    const url = `${back.pathname}${back.search}`
    // Another browser: the owner's session, without the binding cookie.
    const other = await t.app.inject({ method: 'GET', url, headers: { cookie } })
    expect(other.headers.location).toBe('/professional?instagram=error&reason=invalid_state')
    // The binding without the owner's session.
    const binding = cookiesFrom(auth)
    const signedOut = await t.app.inject({ method: 'GET', url, headers: { cookie: binding } })
    expect(signedOut.headers.location).toBe('/professional?instagram=error&reason=invalid_state')
    // Single use: the signed-out attempt consumed the state.
    const again = await t.app.inject({ method: 'GET', url, headers: { cookie: cookiesFrom(auth, cookie) } })
    expect(again.headers.location).toBe('/professional?instagram=error&reason=invalid_state')
    expect(await rowsOf(t, sql`select 1 from instagram_accounts`)).toHaveLength(0)
  })

  it("refuses a Google sign-in's state, and an expired one", async () => {
    const cookie = await ownerCookie(t)
    const google = await t.app.inject({ method: 'GET', url: '/api/google/auth-url/SAL001' })
    const googleState = new URL(google.json().authUrl, t.baseUrl).searchParams.get('state') ?? ''
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/instagram/callback?code=abc&state=${encodeURIComponent(googleState)}`,
      headers: { cookie: cookiesFrom(google, cookie) },
    })
    expect(forged.headers.location).toBe('/professional?instagram=error&reason=invalid_state')

    const auth = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/instagram/auth', headers: { cookie } })
    const back = new URL(await t.fake.consent(auth.json().authUrl))
    t.clock.advance(11 * 60 * 1000)
    const late = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookiesFrom(auth, cookie) },
    })
    expect(late.headers.location).toBe('/professional?instagram=error&reason=invalid_state')
  })

  it('refuses an account another salon already answers for', async () => {
    const other = await otherSalon(t)
    expect(await connectInstagram(t)).toBe('/professional?instagram=connected')
    expect(await connectInstagram(t, { salon: other })).toBe('/professional?instagram=error&reason=account_in_use')
    expect(await connectInstagram(t, { salon: other, username: OTHER_ACCOUNT.username })).toBe(
      '/professional?instagram=connected',
    )
  })

  it('says so when Meta fails the code exchange', async () => {
    const cookie = await ownerCookie(t)
    const auth = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/instagram/auth', headers: { cookie } })
    const back = new URL(await t.fake.consent(auth.json().authUrl))
    t.fake.failNext(1, 500)
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookiesFrom(auth, cookie) },
    })
    expect(callback.headers.location).toBe('/professional?instagram=error&reason=exchange_failed')
  })

  it('disconnects: the account and its token go at once, Meta stops notifying us through a job', async () => {
    const cookie = await ownerCookie(t)
    await connectInstagram(t, { cookie })
    const other = await ownerCookie(t, await otherSalon(t))
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/instagram/disconnect',
      headers: { cookie: other },
    })
    expect(refused.statusCode).toBe(403)
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/instagram/disconnect',
      headers: { cookie },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ success: true })
    expect(await salonOf(t, cookie)).toMatchObject({ instagramConnected: false, instagramUsername: null })
    await drainJobs(t.database, ['instagram.release'])
    expect(t.fake.subscriptions.get(SALON_ACCOUNT.userId) ?? []).toEqual([])
    // A later message to the account is acknowledged and dropped.
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    expect((await customer.say('Bonjour')).status).toBe(200)
    expect(await rowsOf(t, sql`select 1 from instagram_events`)).toHaveLength(0)
  })
})

describe('Instagram on a server without an Instagram app', () => {
  it('says so on the salon, refuses to start a connection, and has no webhook', async () => {
    const t = await startTestApp()
    try {
      const cookie = await ownerCookie(t)
      const salon = (await t.app.inject({ method: 'GET', url: '/api/salons/SAL001', headers: { cookie } })).json()
      expect(salon.instagram.available).toBe(false)
      const auth = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/instagram/auth', headers: { cookie } })
      expect(auth.statusCode).toBe(409)
      expect(auth.json().code).toBe('instagram.not_configured')
      const verify = await t.app.inject({
        method: 'GET',
        url: '/api/instagram/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
      })
      expect(verify.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
