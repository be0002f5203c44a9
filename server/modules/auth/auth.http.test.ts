import { buildApp } from '@server/app'
import { sessions } from '@server/db/schema'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { cookiesFrom, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

const DAY = 24 * 60 * 60 * 1000
const sessionOf = (cookie?: string) => t.app.inject({ url: '/api/session', headers: cookie ? { cookie } : {} })

describe('session', () => {
  it('says nobody is signed in without a session, and is never cached', async () => {
    const res = await sessionOf()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ isAuthenticated: false })
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('names the signed-in professional and the salon', async () => {
    const res = await sessionOf(await ownerCookie(t))
    expect(res.json()).toEqual({
      isAuthenticated: true,
      user: { salonId: 'SAL001', email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière', isAdmin: false },
    })
  })

  it('treats a made-up or malformed cookie as signed out and clears it', async () => {
    const res = await sessionOf('salonia_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    expect(res.json()).toEqual({ isAuthenticated: false })
    expect(res.cookies.find((c) => c.name === 'salonia_session')?.value).toBe('')
    expect((await sessionOf("salonia_session=x'; drop table sessions")).json()).toEqual({ isAuthenticated: false })
  })

  it('slides: a session in use lives on, renewed at most once an hour, and sends its cookie again', async () => {
    const cookie = await ownerCookie(t)
    const quiet = await sessionOf(cookie)
    expect(quiet.cookies.find((c) => c.name === 'salonia_session')).toBeUndefined()
    t.clock.advance(6 * DAY)
    const renewed = await sessionOf(cookie)
    expect(renewed.json().isAuthenticated).toBe(true)
    expect(renewed.cookies.find((c) => c.name === 'salonia_session')).toMatchObject({
      maxAge: 7 * 24 * 3600,
      httpOnly: true,
    })
    t.clock.advance(6 * DAY)
    expect((await sessionOf(cookie)).json().isAuthenticated).toBe(true)
  })

  it('ends after a week without use', async () => {
    const cookie = await ownerCookie(t)
    t.clock.advance(7 * DAY + 1000)
    expect((await sessionOf(cookie)).json()).toEqual({ isAuthenticated: false })
  })

  it('ends 30 days after sign-in however much it is used', async () => {
    const cookie = await ownerCookie(t)
    for (let day = 5; day <= 29; day += 6) {
      t.clock.advance(day === 5 ? 5 * DAY : 6 * DAY)
      expect((await sessionOf(cookie)).json().isAuthenticated).toBe(true)
    }
    t.clock.advance(2 * DAY)
    expect((await sessionOf(cookie)).json()).toEqual({ isAuthenticated: false })
  })

  it('logout ends the session on the server, not only in the browser', async () => {
    const cookie = await ownerCookie(t)
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(res.statusCode).toBe(204)
    expect(res.cookies.find((c) => c.name === 'salonia_session')?.value).toBe('')
    // The old cookie, replayed, opens nothing.
    expect((await sessionOf(cookie)).json()).toEqual({ isAuthenticated: false })
    expect((await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })).statusCode).toBe(401)
    // Signing out twice is fine.
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(204)
  })

  it('is shared by every instance on the same database', async () => {
    const second = await buildApp({ config: t.config, db: t.database.db, clock: t.clock, jobs: t.jobs })
    try {
      const cookie = await ownerCookie(t)
      const res = await second.inject({ url: '/api/salons/SAL001', headers: { cookie } })
      expect(res.statusCode).toBe(200)
      await second.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
      expect((await sessionOf(cookie)).json()).toEqual({ isAuthenticated: false })
    } finally {
      await second.close()
    }
  })

  it('marks the cookie Secure in production', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://salonia.example' } })
    try {
      const res = await prod.app.inject({
        url: '/api/session',
        headers: { cookie: 'salonia_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      })
      expect(res.cookies.find((c) => c.name === 'salonia_session')).toMatchObject({ secure: true })
    } finally {
      await prod.close()
    }
  })
})

describe('demo sign-in (no Google configured, not production)', () => {
  async function begin(path = '/api/google/auth-url/SAL001') {
    const res = await t.app.inject({ url: path })
    const authUrl = new URL(res.json().authUrl)
    return { authUrl, state: authUrl.searchParams.get('state') ?? '', cookie: cookiesFrom(res) }
  }

  it("sends the browser to the app's demo page, which names the salon and only hints at its account", async () => {
    const { authUrl, state } = await begin()
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${t.config.publicUrl}/demo-sign-in`)
    const res = await t.app.inject({ url: `/api/auth/demo?state=${encodeURIComponent(state)}` })
    // Any visitor can start a sign-in for any salon: the owner's address is not theirs to read.
    expect(res.body).not.toContain('salon.lumiere.demo@gmail.com')
    expect(res.json()).toEqual({
      purpose: 'professional',
      account: { email: 's•••o@gmail.com', name: 'Salon Lumière' },
      salon: { salonId: 'SAL001', name: 'Salon Lumière' },
    })
  })

  it("signs in as the salon's authorised account on one click, once", async () => {
    const { state, cookie } = await begin()
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: { cookie }, payload: { state } })
    expect(res.statusCode).toBe(200)
    expect(res.json().redirectTo).toBe('/professional?connected=true&salon=SAL001&demo=true')
    const signedIn = cookiesFrom(res, cookie)
    expect((await sessionOf(signedIn)).json().user).toMatchObject({ salonId: 'SAL001' })
    // No Google account: the calendar stays honestly disconnected.
    const salon = await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie: signedIn } })
    expect(salon.json().isGoogleCalendarConnected).toBe(false)

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: { cookie }, payload: { state } })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('auth.invalid_state')
  })

  it('refuses a state without the browser cookie that started it, and a forged one', async () => {
    const { state } = await begin()
    const stranger = await t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { state } })
    expect(stranger.statusCode).toBe(400)
    const forged = await t.app.inject({ url: '/api/auth/demo?state=abc.def' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json().code).toBe('auth.invalid_state')
  })

  it('binds the sign-in to a secret only the starting browser holds, which nothing in the state reveals', async () => {
    const { state, cookie } = await begin()
    const binding = cookie.match(/salonia_sign_in=([^;]+)/)?.[1] ?? ''
    expect(binding).not.toBe('')
    expect(state).not.toContain(binding)
    // Whoever saw the state (a URL in a log, a screen) can rebuild its parts, never the cookie.
    for (const guess of [state, state.slice(0, state.lastIndexOf('.')), state.split('.')[0] ?? '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { cookie: `salonia_sign_in=${encodeURIComponent(guess)}` },
        payload: { state },
      })
      expect(res.statusCode).toBe(400)
      expect(res.cookies.find((c) => c.name === 'salonia_session')).toBeUndefined()
    }
  })

  it('leaves the state to the browser that started it when another one tries it without the binding', async () => {
    const { state, cookie } = await begin()
    const stranger = await t.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { state } })
    expect(stranger.statusCode).toBe(400)
    const owner = await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: { cookie }, payload: { state } })
    expect(owner.statusCode).toBe(200)
    expect(owner.json().redirectTo).toMatch(/^\/professional\?connected=true/)
  })

  it('signs in the demo administrator', async () => {
    const { state, cookie } = await begin('/api/google/admin-auth-url')
    const described = await t.app.inject({ url: `/api/auth/demo?state=${encodeURIComponent(state)}` })
    expect(described.json()).toMatchObject({ purpose: 'admin', account: { email: 'admin@salonia.demo' }, salon: null })
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo', headers: { cookie }, payload: { state } })
    expect(res.json().redirectTo).toBe('/admin?connected=true&demo=true')
    const signedIn = cookiesFrom(res, cookie)
    expect((await sessionOf(signedIn)).json().user).toMatchObject({ salonId: null, isAdmin: true })
    expect((await t.app.inject({ url: '/api/salons', headers: { cookie: signedIn } })).statusCode).toBe(200)
  })

  it('does not exist in production, where sign-in without Google is refused', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://salonia.example' } })
    try {
      expect((await prod.app.inject({ url: '/api/auth/demo?state=x' })).statusCode).toBe(404)
      expect(
        (await prod.app.inject({ method: 'POST', url: '/api/auth/demo', payload: { state: 'x' } })).statusCode,
      ).toBe(404)
      const start = await prod.app.inject({ url: '/api/google/auth-url/SAL001' })
      expect(start.statusCode).toBe(503)
      expect(start.json().code).toBe('auth.google_not_configured')
    } finally {
      await prod.close()
    }
  })
})

describe('cross-site request forgery', () => {
  it('refuses a cookie-authenticated write coming from another site', async () => {
    const cookie = await ownerCookie(t)
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { name: 'Pwned' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('request.cross_site')
    const salon = await t.app.inject({ url: '/api/salons/SAL001', headers: { cookie } })
    expect(salon.json().name).toBe('Salon Lumière')
  })

  it('refuses a cross-site form post without Origin (Sec-Fetch-Site says so), and a sign-out from elsewhere', async () => {
    const cookie = await ownerCookie(t)
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/disconnect',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    })
    expect(form.statusCode).toBe(403)
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'null' },
    })
    expect(logout.statusCode).toBe(403)
    expect((await sessionOf(cookie)).json().isAuthenticated).toBe(true)
  })

  it("accepts the app's own origin (PUBLIC_URL, or the host the request was sent to)", async () => {
    const cookie = await ownerCookie(t)
    for (const origin of [t.config.publicUrl, 'http://127.0.0.1:3000']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/salons/SAL001',
        headers: { cookie, origin, host: '127.0.0.1:3000' },
        payload: { name: 'Salon Lumière' },
      })
      expect(res.statusCode).toBe(200)
    }
  })

  it('lets reads and token-authenticated MCP calls through from anywhere', async () => {
    const read = await t.app.inject({ url: '/api/salon/SAL001', headers: { origin: 'https://evil.example' } })
    expect(read.statusCode).toBe(200)
    const mcp = await t.app.inject({ method: 'POST', url: '/mcp', headers: { origin: 'https://inspector.example' } })
    expect(mcp.statusCode).toBe(401)
    expect(mcp.json().code).toBe('auth.invalid_token')
  })

  it('leaves the sessions table holding hashes only', async () => {
    const cookie = await ownerCookie(t)
    const rows = await t.database.db.select().from(sessions)
    expect(rows.some((r) => cookie.includes(r.tokenHash))).toBe(false)
  })
})
