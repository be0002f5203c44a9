import { requestLogSerializers } from '@server/http/logging'
import {
  askOnInstagram,
  connectInstagram,
  type InstagramTestApp,
  SALON_ACCOUNT,
  startInstagramApp,
} from '@tests/helpers/instagram'
import { drainJobs } from '@tests/helpers/jobs'
import { capturedLog } from '@tests/helpers/log'
import { ownerCookie } from '@tests/helpers/sign-in'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { maintainInstagram } from './instagram-tokens'

/** Long-lived tokens: refreshed weekly, a token Meta refuses or lets expire asks the owner to reconnect. */
const DAY = 24 * 60 * 60 * 1000
let t: InstagramTestApp
let cookie: string
let log: ReturnType<typeof capturedLog>

beforeEach(async () => {
  log = capturedLog('info')
  // The request serializers of a real server (server/main.ts), which mask codes and states in URLs.
  t = await startInstagramApp({ logger: { ...log.logger, serializers: requestLogSerializers } })
  cookie = await ownerCookie(t)
  await connectInstagram(t, { cookie })
})
afterEach(() => t.close())

const maintain = () => {
  const instagram = t.config.instagram
  if (!instagram) throw new Error('no Instagram configuration')
  const quiet = { info: () => {}, warn: () => {}, error: () => {} }
  return maintainInstagram({ db: t.database.db, clock: t.clock, jobs: t.jobs, config: t.config, instagram, log: quiet })
}

const account = async () =>
  (
    await rowsOf<{ token_issued_at: Date; token_expires_at: Date; reconnect_required_at: Date | null }>(
      t,
      sql`select token_issued_at, token_expires_at, reconnect_required_at from instagram_accounts`,
    )
  )[0]

/** A fresh session each time: the clock moves on by days here. */
const salon = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/salons/SAL001', headers: { cookie: await ownerCookie(t) } })).json()

describe('Instagram tokens', () => {
  it('refreshes a token once it is a week old, not before, for another 60 days', async () => {
    await maintain()
    expect(t.fake.refreshes).toHaveLength(0)
    t.clock.advance(8 * DAY)
    await maintain()
    expect(t.fake.refreshes).toHaveLength(1)
    const row = await account()
    expect(new Date(row?.token_issued_at ?? 0).getTime()).toBe(t.clock.now().getTime())
    expect(new Date(row?.token_expires_at ?? 0).getTime()).toBeGreaterThan(t.clock.now().getTime() + 59 * DAY)
    await maintain()
    expect(t.fake.refreshes).toHaveLength(1)
    // The new token works: a whitelisted customer is answered.
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    await customer.say('Bonjour')
    await drainJobs(t.database, ['instagram.chat'])
    await t.app.inject({
      method: 'POST',
      url: `/api/instagram/users/${customer.igsid}/whitelist`,
      headers: { cookie: await ownerCookie(t) },
      payload: { whitelisted: true },
    })
    expect(await askOnInstagram(customer, 'Vos horaires ?', 2)).toHaveLength(2)
  })

  it('asks the owner to reconnect when Meta refuses the token at refresh, and a new connection clears it', async () => {
    t.clock.advance(8 * DAY)
    t.fake.revokeAccount(SALON_ACCOUNT.userId)
    await maintain()
    expect((await account())?.reconnect_required_at).not.toBeNull()
    expect((await salon()).instagram.reconnectRequired).toBe(true)
    expect(await connectInstagram(t)).toBe('/professional?instagram=connected')
    expect((await salon()).instagram.reconnectRequired).toBe(false)
  })

  it('asks the owner to reconnect when the token expired unrefreshed', async () => {
    t.clock.advance(61 * DAY)
    await maintain()
    expect((await salon()).instagram.reconnectRequired).toBe(true)
    expect(t.fake.refreshes).toHaveLength(0)
  })

  it('stops answering and asks to reconnect when the Send API refuses the token', async () => {
    const customer = t.fake.customer(SALON_ACCOUNT.userId)
    await customer.say('Bonjour')
    await drainJobs(t.database, ['instagram.chat'])
    await t.app.inject({
      method: 'POST',
      url: `/api/instagram/users/${customer.igsid}/whitelist`,
      headers: { cookie },
      payload: { whitelisted: true },
    })
    t.fake.revokeAccount(SALON_ACCOUNT.userId)
    await customer.say('Une coupe vendredi ?')
    await drainJobs(t.database, ['instagram.chat', 'instagram.deliver'])
    expect(customer.messages()).toEqual([])
    expect((await salon()).instagram.reconnectRequired).toBe(true)
    const [outbox] = await rowsOf<{ status: string; reason: string }>(
      t,
      sql`select status, reason from instagram_outbox`,
    )
    expect(outbox).toEqual({ status: 'failed', reason: 'token_refused' })
  })

  it('keeps tokens and codes out of the log', async () => {
    const tokens = t.fake.tokensOf(SALON_ACCOUNT.userId)
    expect(tokens.length).toBeGreaterThan(0)
    const written = JSON.stringify(log.lines)
    for (const token of tokens) expect(written).not.toContain(token)
    expect(written).toContain('/api/instagram/callback')
    expect(written).not.toMatch(/callback\?[^"]*code=(?!\[)/)
  })
})
