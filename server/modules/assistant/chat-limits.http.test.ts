import { openDatabase } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { consumeLimit } from '@server/http/rate-limits'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { type FakeOpenAi, startFakeOpenAi } from '@tests/fakes/openai'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { testDrivers } from '@tests/helpers/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHAT_MESSAGES_PER_CLIENT_PER_MINUTE,
  CHAT_MESSAGES_PER_MINUTE,
  MODEL_MESSAGES_PER_SALON_PER_HOUR,
  MODEL_PER_SALON,
} from './assistant.routes'

/**
 * The chat's limits cannot be side-stepped: one conversation has one budget however its salon and
 * chat id are spelled, new chat ids do not buy a client new allowance, every instance counts on the
 * same counters, and the model's per-salon budget hands over to the built-in assistant.
 */
const newChat = (label = 'limits') => newTestChat('en', 'Sam', label)
let address = 0
/** A fresh client address: each test's budgets start empty. */
const freshAddress = () => `198.51.100.${++address}`

async function demoSalon(t: TestApp): Promise<SalonRow> {
  return (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
}

describe('the chat limits', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(() => t.close())

  it('gives one chat one budget, whether it names the salon by ID in any case or by its hash, its id padded or not', async () => {
    const { hash } = await demoSalon(t)
    const chat = newChat()
    const salonSpellings = ['SAL001', ' sal001 ', 'Sal001', hash]
    const chatSpellings = [chat.chatId, `  ${chat.chatId}\t`, chat.chatId.toUpperCase(), chat.chatId.toLowerCase()]
    const statuses: number[] = []
    for (let i = 0; i <= CHAT_MESSAGES_PER_MINUTE; i++) {
      // A new address each time: the chat's own budget is what is tested, not the client's.
      const variant: TestChat = { ...chat, ip: freshAddress(), chatId: chatSpellings[i % 4] as string }
      const res = await postChat(t.app, variant, 'hello', { salonId: salonSpellings[Math.floor(i / 4) % 4] })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, CHAT_MESSAGES_PER_MINUTE).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // The legacy URL is the same chat.
    expect((await postChat(t.app, chat, 'hello', { url: '/api/ai/chat' })).statusCode).toBe(429)
  })

  it('holds back a client that opens chat after chat, not the clients next to it', async () => {
    const ip = freshAddress()
    for (let i = 0; i < CHAT_MESSAGES_PER_CLIENT_PER_MINUTE; i++) {
      const res = await postChat(t.app, { ...newChat('script'), ip }, 'hello')
      expect(res.statusCode, `message ${i + 1}`).toBe(200)
    }
    const refused = await postChat(t.app, { ...newChat('script'), ip }, 'hello')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'request.rate_limited', retryAfterSeconds: expect.any(Number) })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Even a message that is not valid counts, and is refused before it is read.
    const malformed = await t.app.inject({ method: 'POST', url: '/api/mcp/chat', remoteAddress: ip, payload: {} })
    expect(malformed.statusCode).toBe(429)

    expect((await postChat(t.app, { ...newChat('neighbour'), ip: freshAddress() }, 'hello')).statusCode).toBe(200)
  })

  it('counts no client ceiling for the machine itself (its own tools, or a proxy without TRUST_PROXY), only each chat', async () => {
    for (const ip of ['127.0.0.1', '::1']) {
      for (let i = 0; i <= CHAT_MESSAGES_PER_CLIENT_PER_MINUTE; i++) {
        const res = await postChat(t.app, { ...newChat('local'), ip }, 'hello')
        expect(res.statusCode, `${ip} message ${i + 1}`).toBe(200)
      }
      const chat = { ...newChat('local'), ip }
      for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await postChat(t.app, chat, 'hello')
      expect((await postChat(t.app, chat, 'hello')).statusCode).toBe(429)
    }
  })

  it('lets the chat write again once its minute is over', async () => {
    const chat = { ...newChat(), ip: freshAddress() }
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await postChat(t.app, chat, 'hello')
    const refused = await postChat(t.app, chat, 'hello')
    expect(refused.statusCode).toBe(429)
    t.clock.advance(Number(refused.headers['retry-after']) * 1000)
    expect((await postChat(t.app, chat, 'hello')).statusCode).toBe(200)
  })
})

describe.each(testDrivers())('the chat limits across instances on %s', (driver) => {
  let first: TestApp
  let second: TestApp
  let secondClose: () => Promise<void>

  beforeAll(async () => {
    first = await startTestApp({ driver })
    // The second instance has its own connections (its own pool on a server) to the same database.
    const own =
      driver === 'postgres' && first.database.url
        ? await openDatabase({ driver: 'postgres', url: first.database.url, poolSize: 4 })
        : undefined
    second = await startTestApp({ driver, seed: false, database: own ?? first.database })
    secondClose = async () => {
      await second.close()
      await own?.close()
    }
  })
  afterAll(async () => {
    await secondClose()
    await first.close()
  })

  it('counts one chat on both instances: half on each, then both refuse', async () => {
    const chat = { ...newChat('two-instances'), ip: freshAddress() }
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) {
      const res = await postChat(i % 2 === 0 ? first.app : second.app, chat, 'hello')
      expect(res.statusCode).toBe(200)
    }
    expect((await postChat(first.app, chat, 'hello')).statusCode).toBe(429)
    expect((await postChat(second.app, chat, 'hello')).statusCode).toBe(429)
  })
})

describe("the language model's budget per salon", () => {
  let fake: FakeOpenAi
  let t: TestApp

  beforeAll(async () => {
    fake = await startFakeOpenAi()
    fake.script = () => ({ text: 'The model speaks.' })
    t = await startTestApp({
      env: { AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-test-key', AI_MODEL: 'salon-model', AI_TIMEOUT_MS: '1500' },
    })
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
  })

  it('hands over to the built-in assistant once the hour is spent, and back to the model the next hour', async () => {
    const chat = { ...newChat('model'), ip: freshAddress() }
    const first = await postChat(t.app, chat, 'Hello, I would like a haircut')
    expect(first.json().response).toBe('The model speaks.')
    expect(fake.requests).toHaveLength(1)

    // The rest of the hour's budget, spent by other chats of the salon.
    const salon = await demoSalon(t)
    for (let i = 1; i < MODEL_MESSAGES_PER_SALON_PER_HOUR; i++) {
      await consumeLimit({ db: t.database.db, clock: t.clock }, MODEL_PER_SALON, salon.id)
    }

    const builtIn = await postChat(t.app, chat, 'What are your opening hours?')
    expect(builtIn.statusCode).toBe(200)
    expect(fake.requests).toHaveLength(1)
    expect(builtIn.json().response).not.toBe('The model speaks.')
    expect(builtIn.json().response).toMatch(/Tuesday|9:00|09:00/)

    t.clock.advance(60 * 60_000)
    expect((await postChat(t.app, chat, 'Thanks')).json().response).toBe('The model speaks.')
    expect(fake.requests).toHaveLength(2)
  })
})
