import type { FakeInstagramCustomer } from '@tests/fakes/instagram'
import {
  askOnInstagram,
  connectInstagram,
  type InstagramTestApp,
  instagramMessagesOf,
  otherSalon,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Who gets the assistant's replies (spec §6): the whitelist, pauses, the owner's takeover, anti-spam, Meta's 24 hours. */
let t: InstagramTestApp
let cookie: string
beforeAll(async () => {
  t = await startInstagramApp()
  cookie = await ownerCookie(t)
  await connectInstagram(t, { cookie })
})
afterAll(() => t.close())

const settled = async () => {
  await t.fake.settle()
  await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
  await t.fake.settle()
  await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
}

async function call(method: 'GET' | 'POST', url: string, payload?: object, as = cookie) {
  return t.app.inject({ method, url, headers: { cookie: as }, ...(payload ? { payload } : {}) })
}

async function listed(customer: FakeInstagramCustomer) {
  const users = (await call('GET', '/api/salons/SAL001/instagram/users')).json() as { userId: string }[]
  return users.find((u) => u.userId === customer.igsid) as Record<string, unknown> | undefined
}

async function whitelisted(text = 'Bonjour'): Promise<FakeInstagramCustomer> {
  const customer = t.fake.customer(SALON_ACCOUNT.userId)
  await customer.say(text)
  await settled()
  expect(
    (await call('POST', `/api/instagram/users/${customer.igsid}/whitelist`, { whitelisted: true })).statusCode,
  ).toBe(200)
  return customer
}

describe('who the Instagram assistant answers', () => {
  it('lists a sender who is not whitelisted, counts their messages, and never answers them', async () => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    await customer.say('Bonjour, une coupe samedi ?')
    t.clock.advance(1000)
    await customer.say('Vous êtes là ?')
    await settled()
    expect(customer.messages()).toEqual([])
    expect(await listed(customer)).toMatchObject({
      messageCount: 2,
      whitelisted: false,
      status: 'active',
      pausedUntil: null,
    })
    // Their words are not kept: the unanswered are counted, not read.
    const texts = await rowsOf<{ text: string | null }>(
      t,
      sql`select text from instagram_events where user_id = ${customer.igsid}`,
    )
    expect(texts.map((r) => r.text)).toEqual([null, null])
    const stats = (await call('GET', '/api/salons/SAL001/instagram/stats')).json()
    expect(stats.totalUsers).toBeGreaterThanOrEqual(1)
    expect(stats.recentMessages).toBeGreaterThanOrEqual(2)
    expect(stats.statusBreakdown).toContainEqual({ _id: 'active', count: expect.any(Number) })
  })

  it('answers everyone when the salon says so', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { instagramReplyToEveryone: true },
    })
    expect(patch.json().instagram.replyToEveryone).toBe(true)
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    const answers = await askOnInstagram(customer, 'Quels sont vos horaires ?', 2)
    expect(answers[0]).toMatch(/assistant automatique/)
    await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { instagramReplyToEveryone: false },
    })
  })

  it('stays quiet with a paused customer until the pause ends', async () => {
    const customer = await whitelisted()
    const paused = await call('POST', `/api/instagram/users/${customer.igsid}/pause`, { minutes: 45 })
    expect(paused.statusCode).toBe(200)
    expect(paused.json()).toMatchObject({ status: 'paused' })
    expect(paused.json().pausedUntil).toBe(new Date(t.clock.now().getTime() + 45 * 60_000).toISOString())
    await customer.say('Une coupe vendredi ?')
    await settled()
    expect(customer.messages()).toEqual([])
    t.clock.advance(46 * 60_000)
    expect(await listed(customer)).toMatchObject({ status: 'active', pausedUntil: null })
    const answers = await askOnInstagram(customer, 'Une coupe femme vendredi ?', 2)
    expect(answers[1]).toMatch(/vendredi/)
    for (const minutes of [0, 1441, 2.5, '30']) {
      const refused = await call('POST', `/api/instagram/users/${customer.igsid}/pause`, { minutes })
      expect(refused.statusCode, String(minutes)).toBe(400)
    }
  })

  it("steps back when the owner answers by hand, for the salon's pause, and never for its own messages", async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { instagramPauseMinutes: 90 },
    })
    expect(patch.json().instagram.pauseMinutes).toBe(90)
    const customer = await whitelisted()
    await askOnInstagram(customer, 'Une coupe femme jeudi ?', 2)
    await settled()
    // Our own replies came back as echoes: still active.
    expect(await listed(customer)).toMatchObject({ status: 'active' })

    await customer.ownerReplies('Bonjour, je regarde pour vous !')
    await settled()
    const user = await listed(customer)
    expect(user).toMatchObject({ status: 'paused' })
    expect(user?.pausedUntil).toBe(new Date(t.clock.now().getTime() + 90 * 60_000).toISOString())
    const before = customer.messages().length
    await customer.say('Merci !')
    await settled()
    expect(customer.messages()).toHaveLength(before)

    // After the pause, the assistant speaks again and says again that it is automated.
    t.clock.advance(91 * 60_000)
    const [again] = await askOnInstagram(customer, 'Et samedi ?', 2)
    expect(again).toMatch(/assistant automatique/)
    await t.app.inject({
      method: 'PATCH',
      url: '/api/salons/SAL001',
      headers: { cookie },
      payload: { instagramPauseMinutes: 30 },
    })
  })

  it('holds back a sender who writes more than ten messages a minute, blocks them at the third time, and the owner lifts it', async () => {
    const customer = await whitelisted()
    const burst = async () => {
      for (let i = 0; i < 11; i++) await customer.say(`spam ${i}`)
      await settled()
    }
    const before = customer.messages().length
    await burst()
    expect(await listed(customer)).toMatchObject({ status: 'cooldown' })
    const afterFirst = customer.messages().length
    expect(afterFirst - before).toBeLessThanOrEqual(10 * 2)
    await customer.say('encore')
    await settled()
    expect(customer.messages()).toHaveLength(afterFirst)

    t.clock.advance(16 * 60_000)
    await burst()
    t.clock.advance(16 * 60_000)
    await burst()
    expect(await listed(customer)).toMatchObject({ status: 'blocked' })
    t.clock.advance(60 * 60_000)
    const quiet = customer.messages().length
    await customer.say('Bonjour ?')
    await settled()
    expect(customer.messages()).toHaveLength(quiet)

    const lifted = await call('POST', `/api/instagram/users/${customer.igsid}/unblock`)
    expect(lifted.json()).toMatchObject({ status: 'active' })
    const answers = await askOnInstagram(customer, 'Une coupe femme vendredi ?', 1)
    expect(answers.length).toBeGreaterThan(0)
  })

  it("does not answer a message older than Meta's 24 hours (a late retry)", async () => {
    const customer = await whitelisted()
    const before = customer.messages().length
    t.fake.advance(0)
    const { mid } = await customer.say('Une coupe ?', t.clock.now().getTime() - 25 * 60 * 60 * 1000)
    await settled()
    expect(customer.messages()).toHaveLength(before)
    const [event] = await rowsOf<{ status: string }>(t, sql`select status from instagram_events where mid = ${mid}`)
    expect(event?.status).toBe('ignored')
  })

  it("answers another salon's sender, or an unknown id, as not found", async () => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    await customer.say('Bonjour')
    await settled()
    const stranger = await ownerCookie(t, await otherSalon(t))
    for (const [method, path, payload] of [
      ['POST', 'whitelist', { whitelisted: true }],
      ['POST', 'pause', { minutes: 10 }],
      ['POST', 'unblock', undefined],
    ] as const) {
      const foreign = await call(method, `/api/instagram/users/${customer.igsid}/${path}`, payload, stranger)
      expect(foreign.statusCode, path).toBe(404)
      expect(foreign.json().code).toBe('instagram.user_not_found')
      const unknown = await call(method, `/api/instagram/users/12345678901234567/${path}`, payload)
      expect(unknown.statusCode, path).toBe(404)
    }
    expect(
      (await call('POST', `/api/instagram/users/${customer.igsid}/whitelist`, { whitelisted: true }, '')).statusCode,
    ).toBe(401)
  })

  it('answers a photo with the words "I read text only"', async () => {
    const customer = await whitelisted()
    const before = customer.messages().length
    await customer.sendImage()
    const messages = await instagramMessagesOf(customer, before + 1)
    expect(messages[messages.length - 1]).toMatch(/messages écrits/)
  })
})
