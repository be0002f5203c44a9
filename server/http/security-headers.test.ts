import { startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

describe('security headers', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it.each([
    ['an API answer', '/api/health', 200],
    // A public route, so the error is the route's own (salon routes refuse a signed-out caller first).
    ['an API error', '/api/salons/by-id/SAL999', 404],
    ['a refusal to a signed-out caller', '/api/salons/SAL999', 401],
  ])('are on %s', async (_, url, status) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(status)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-powered-by']).toBeUndefined()
  })

  it("keep the dashboard's handle on the WhatsApp signup popup, and the popup's last page on its opener", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/professional' })
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    const back = await t.app.inject({ method: 'GET', url: '/whatsapp/signup-return?code=x&state=y' })
    expect(back.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    expect(back.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('on the build’s files are only those that apply to a file: the page’s policy governs them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(res.headers['content-security-policy']).toBeUndefined()
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('keep every API answer out of browser and proxy caches: they carry personal data', async () => {
    const seeded = await startTestApp()
    try {
      const cookie = await ownerCookie(seeded)
      for (const url of [
        '/api/salons/SAL001',
        '/api/salons/SAL001/bookings',
        '/api/session',
        '/api/salons/by-id/SAL001',
      ]) {
        const res = await seeded.app.inject({ url, headers: { cookie } })
        expect(res.statusCode, url).toBe(200)
        expect(res.headers['cache-control'], url).toBe('no-store')
      }
    } finally {
      await seeded.close()
    }
  })
})
