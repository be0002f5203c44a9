import { metaJson } from '@tests/fakes/instagram-wire'
import {
  connectInstagram,
  type InstagramTestApp,
  OTHER_ACCOUNT,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Meta's webhook: verification, signatures on the raw bytes, de-duplication, what is kept. */
let t: InstagramTestApp
beforeAll(async () => {
  t = await startInstagramApp()
  await connectInstagram(t)
})
afterAll(() => t.close())

const events = (userId: string) =>
  rowsOf<{ mid: string; text: string | null; direction: string }>(
    t,
    sql`select mid, text, direction from instagram_events where user_id = ${userId} order by sent_at`,
  )

describe('the Instagram webhook', () => {
  it("answers Meta's verification with the challenge only when the verify token is ours", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/instagram/webhook?hub.mode=subscribe&hub.verify_token=fake-verify-token&hub.challenge=1158201444',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    expect(ok.headers['content-type']).toMatch(/^text\/plain/)
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=fake-verify-token&hub.challenge=1',
      'hub.mode=subscribe&hub.verify_token=fake-verify-token&hub.challenge=%3Cscript%3E',
      'hub.mode=subscribe&hub.verify_token=fake-verify-token',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/instagram/webhook?${query}` })
      expect(refused.statusCode, query).toBe(403)
      expect(refused.body).not.toContain('script')
    }
  })

  it('refuses a notification without, or with a forged, signature and stores nothing', async () => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    const body = metaJson({
      object: 'instagram',
      entry: [
        {
          id: SALON_ACCOUNT.userId,
          time: t.fake.now(),
          messaging: [
            {
              sender: { id: customer.igsid },
              recipient: { id: SALON_ACCOUNT.userId },
              timestamp: t.fake.now(),
              message: { mid: 'forged-mid-1', text: 'Réservez-moi tout' },
            },
          ],
        },
      ],
    })
    expect((await t.fake.post(body, null)).status).toBe(401)
    expect((await t.fake.post(body, 'sha256=00')).status).toBe(401)
    expect((await t.fake.post(body, t.fake.sign(`${body} `))).status).toBe(401)
    const other = await t.fake.post(body, `sha256=${'a'.repeat(64)}`)
    expect(other.status).toBe(401)
    expect(JSON.parse(other.text).code).toBe('instagram.forbidden')
    expect(await events(customer.igsid)).toEqual([])
    // The same bytes, signed with our app secret, are taken — accents escaped as Meta sends them.
    expect(body).toContain('\\u00e9')
    expect((await t.fake.post(body)).status).toBe(200)
    expect((await events(customer.igsid)).map((e) => e.mid)).toEqual(['forged-mid-1'])
  })

  it('stores a message Meta delivers twice once, and answers the customer once', async () => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    const { mid } = await customer.say('Bonjour')
    expect(await t.fake.redeliver(mid)).toBe(200)
    expect(await t.fake.redeliver(mid)).toBe(200)
    await drainJobs(t.database, ['instagram.chat'])
    expect((await events(customer.igsid)).map((e) => e.mid)).toEqual([mid])
    const [user] = await rowsOf<{ message_count: number }>(
      t,
      sql`select message_count from instagram_users where user_id = ${customer.igsid}`,
    )
    expect(user?.message_count).toBe(1)
  })

  it('takes a batch of messages of several customers in one notification, and a batch redelivered adds nothing', async () => {
    const a = t.fake.customer(SALON_ACCOUNT.userId)
    const b = t.fake.customer(SALON_ACCOUNT.userId)
    expect(
      await t.fake.batch([
        { customer: a, text: 'Une coupe ?' },
        { customer: b, text: 'Des horaires ?' },
        { customer: a, text: 'Samedi' },
      ]),
    ).toBe(200)
    await drainJobs(t.database, ['instagram.chat'])
    expect((await events(a.igsid)).map((e) => e.text)).toHaveLength(2)
    expect((await events(b.igsid)).map((e) => e.text)).toHaveLength(1)
    const [first] = await events(a.igsid)
    expect(await t.fake.redeliver(first?.mid ?? '')).toBe(200)
    await drainJobs(t.database, ['instagram.chat'])
    expect(await events(a.igsid)).toHaveLength(2)
  })

  it('drops messages to an account no salon connected, and what is not a message', async () => {
    const stranger = t.fake.customer(OTHER_ACCOUNT.userId)
    expect((await stranger.say('Hello')).status).toBe(200)
    const read = metaJson({
      object: 'instagram',
      entry: [
        {
          id: SALON_ACCOUNT.userId,
          time: t.fake.now(),
          messaging: [
            { sender: { id: '123' }, recipient: { id: SALON_ACCOUNT.userId }, timestamp: 1, read: { mid: 'x' } },
            {
              sender: { id: '123' },
              recipient: { id: SALON_ACCOUNT.userId },
              timestamp: 1,
              reaction: { mid: 'x', action: 'react', reaction: 'love' },
            },
          ],
          changes: [{ field: 'comments', value: { text: 'Top' } }],
        },
      ],
    })
    expect((await t.fake.post(read)).status).toBe(200)
    expect((await t.fake.post(metaJson({ object: 'page', entry: [] }))).status).toBe(200)
    expect(await rowsOf(t, sql`select 1 from instagram_events where user_id in (${stranger.igsid}, '123')`)).toEqual([])
  })

  it('refuses a signed body that is not JSON with a 400, never a 500', async () => {
    expect((await t.fake.post('{"object":')).status).toBe(400)
  })
})
