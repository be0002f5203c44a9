import { decryptSecret } from '@server/security/secrets'
import { startTestApp } from '@tests/helpers/app'
import { otherSalon } from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { cookiesFrom, ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import {
  connectWhatsApp,
  OTHER_NUMBER,
  SALON_NUMBER,
  startWhatsAppApp,
  TEMPLATE_NAMES,
  type WhatsAppTestApp,
} from '@tests/helpers/whatsapp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A salon connects its own number with Embedded Signup: the browser posts the code and the ids, a
 * job trades the code for the business token (kept encrypted), registers the number, subscribes our
 * app to the WABA and creates the templates; the card shows the number, its quality, its limit, the
 * templates' review and the wa.me link. Disconnecting unsubscribes by a job.
 */
let t: WhatsAppTestApp
let cookie: string
beforeAll(async () => {
  t = await startWhatsAppApp()
  cookie = await ownerCookie(t)
})
afterAll(() => t.close())

const card = async (owner = cookie, salon = 'SAL001') =>
  (await t.app.inject({ method: 'GET', url: `/api/salons/${salon}/whatsapp`, headers: { cookie: owner } })).json()

describe('connecting a WhatsApp number', () => {
  it('says so on a server without a WhatsApp app', async () => {
    const plain = await startTestApp()
    try {
      const owner = await ownerCookie(plain)
      const got = await plain.app.inject({
        method: 'GET',
        url: '/api/salons/SAL001/whatsapp',
        headers: { cookie: owner },
      })
      expect(got.json()).toMatchObject({ state: 'not_configured', signup: null, number: null })
      const signup = await plain.app.inject({
        method: 'GET',
        url: '/api/salons/SAL001/whatsapp/signup',
        headers: { cookie: owner },
      })
      expect(signup.statusCode).toBe(409)
      expect((await plain.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: {} })).statusCode).toBe(
        404,
      )
    } finally {
      await plain.close()
    }
  })

  it("opens Meta's signup window with the app's configuration", async () => {
    expect(await card()).toMatchObject({ state: 'not_connected', number: null })
    const start = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/whatsapp/signup', headers: { cookie } })
    expect(start.statusCode).toBe(200)
    const url = new URL(start.json().url)
    expect(url.origin).toBe(t.fake.url)
    expect(url.searchParams.get('config_id')).toBe(t.fakeOptions.configId)
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/whatsapp/signup-return`)
    // The fake checks the dialog's parameters as Meta does.
    expect((await fetch(url)).status).toBe(200)
  })

  it('refuses a code posted without the browser that started, for another salon, or too late', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/whatsapp/signup', headers: { cookie } })
    const signup = t.fake.signUp(SALON_NUMBER.phoneNumberId)
    const payload = { ...signup, state: start.json().state }
    const noBinding = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/whatsapp/connect',
      headers: { cookie },
      payload,
    })
    expect(noBinding.statusCode).toBe(400)
    expect(noBinding.json().code).toBe('whatsapp.signup_expired')
    const otherId = await otherSalon(t)
    const other = await ownerCookie(t, otherId)
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/salons/${otherId}/whatsapp/connect`,
      headers: { cookie: cookiesFrom(start, other) },
      payload,
    })
    expect(elsewhere.statusCode).toBe(400)
    t.clock.advance(16 * 60_000)
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/whatsapp/connect',
      headers: { cookie: cookiesFrom(start, cookie) },
      payload,
    })
    expect(late.statusCode).toBe(400)
    expect(await card()).toMatchObject({ state: 'not_connected' })
  })

  it('sets the number up by a job and shows it, its quality, its limit, its templates and its link', async () => {
    const connect = await connectWhatsApp(t, { cookie, approve: false })
    expect(connect.statusCode).toBe(200)
    expect(connect.json().state).toBe('connecting')
    const shown = await card()
    expect(shown).toMatchObject({
      state: 'connected',
      number: {
        display: SALON_NUMBER.displayPhoneNumber,
        verifiedName: SALON_NUMBER.verifiedName,
        quality: 'GREEN',
        waLink: 'https://wa.me/33612345678',
      },
      error: null,
    })
    expect(shown.number.messagingLimit).toMatch(/^TIER_/)
    expect(shown.templates).toHaveLength(8)
    expect(new Set(shown.templates.map((x: { status: string }) => x.status))).toEqual(new Set(['PENDING']))
    expect(t.fake.registered(SALON_NUMBER.phoneNumberId)?.pin).toMatch(/^\d{6}$/)
    expect(t.fake.subscribed(SALON_NUMBER.wabaId)).toBe(true)
    const created = t.fake.templates(SALON_NUMBER.wabaId)
    expect(created.map((x) => `${x.name}:${x.language}`).sort()).toEqual(
      TEMPLATE_NAMES.flatMap((name) => ['de', 'en', 'fr', 'it'].map((language) => `${name}:${language}`)).sort(),
    )
    expect(new Set(created.map((x) => x.category))).toEqual(new Set(['UTILITY']))

    // Secrets at rest are sealed: the token and the PIN open only with the app secret.
    const [row] = await rowsOf<{ access_token: string; pin: string; pending_code: string | null }>(
      t,
      sql`select access_token, pin, pending_code from whatsapp_accounts`,
    )
    expect(row?.pending_code).toBeNull()
    const pin = decryptSecret(t.config.appSecret, 'whatsapp-pin', row?.pin ?? '')
    expect(pin).toBe(t.fake.registered(SALON_NUMBER.phoneNumberId)?.pin)
    expect(row?.pin).not.toContain(pin)
    const token = decryptSecret(t.config.appSecret, 'whatsapp-token', row?.access_token ?? '')
    expect(row?.access_token).not.toContain(token)

    // Meta's review arrives by webhook.
    for (const name of TEMPLATE_NAMES) await t.fake.setTemplateStatus(SALON_NUMBER.wabaId, name, 'all', 'APPROVED')
    await t.fake.setTemplateStatus(SALON_NUMBER.wabaId, TEMPLATE_NAMES[1], 'de', 'REJECTED', 'INVALID_FORMAT')
    const reviewed = (await card()).templates as { purpose: string; language: string; status: string }[]
    expect(reviewed.find((x) => x.purpose === 'change' && x.language === 'de')?.status).toBe('REJECTED')
    expect(reviewed.filter((x) => x.status === 'APPROVED')).toHaveLength(7)
  })

  it('refuses a number another salon already uses', async () => {
    const salon = await otherSalon(t)
    const other = await ownerCookie(t, salon)
    const start = await t.app.inject({
      method: 'GET',
      url: `/api/salons/${salon}/whatsapp/signup`,
      headers: { cookie: other },
    })
    const signup = t.fake.signUp(SALON_NUMBER.phoneNumberId)
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/salons/${salon}/whatsapp/connect`,
      headers: { cookie: cookiesFrom(start, other) },
      payload: { ...signup, state: start.json().state },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('whatsapp.number_in_use')
    // Its own number connects.
    const own = await connectWhatsApp(t, { salon, cookie: other, number: OTHER_NUMBER })
    expect(own.statusCode).toBe(200)
    expect((await card(other, salon)).state).toBe('connected')
  })

  it('shows a refused code as a failure to try again', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/whatsapp/signup', headers: { cookie } })
    const used = t.fake.signUp(SALON_NUMBER.phoneNumberId)
    // The code is exchanged once by someone else first: Meta refuses it a second time.
    await fetch(
      `${t.fake.url}/v25.0/oauth/access_token?client_id=${t.fakeOptions.appId}&client_secret=${t.fakeOptions.appSecret}&code=${used.code}`,
    )
    await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/whatsapp/connect',
      headers: { cookie: cookiesFrom(start, cookie) },
      payload: { ...used, state: start.json().state },
    })
    await drainJobs(t.database, ['whatsapp.connect'])
    expect(await card()).toMatchObject({ state: 'failed', error: 'code_refused' })
    // Trying again connects (the number keeps its PIN).
    const pin = t.fake.registered(SALON_NUMBER.phoneNumberId)?.pin
    await connectWhatsApp(t, { cookie })
    expect((await card()).state).toBe('connected')
    expect(t.fake.registered(SALON_NUMBER.phoneNumberId)?.pin).toBe(pin)
  })

  it('disconnects at once and unsubscribes from the WABA by a job', async () => {
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/whatsapp/disconnect',
      headers: { cookie },
    })
    expect(done.json()).toEqual({ success: true })
    expect((await card()).state).toBe('not_connected')
    await drainJobs(t.database, ['whatsapp.release'])
    expect(t.fake.subscribed(SALON_NUMBER.wabaId)).toBe(false)
  })
})
