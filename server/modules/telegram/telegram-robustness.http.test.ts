import { CHAT_MESSAGES_PER_MINUTE } from '@server/modules/assistant/chat-budgets'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startFakeTelegram, telegramEnv } from '@tests/fakes/telegram'
import { startTestApp } from '@tests/helpers/app'
import { openTestDatabase } from '@tests/helpers/database'
import { drainJobs, eventually } from '@tests/helpers/jobs'
import {
  ask,
  buttonsOf,
  messagesOf,
  press,
  rowsOf,
  startTelegramApp,
  type TelegramTestApp,
} from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTelegram } from './telegram-start'

/**
 * What Telegram and customers do to a bot: flood control, a blocked bot, a restart in the middle of
 * a conversation, a customer typing too fast, links that lead nowhere, a shared phone number, and
 * a token that must never reach a log.
 */

let t: TelegramTestApp
let hash: string

beforeAll(async () => {
  t = await startTelegramApp()
  hash = (await findSalonByPublicId(t.database.db, 'SAL001'))?.hash ?? ''
})
afterAll(() => t.close())

/** Every stored update answered and every queued message sent: nothing more is on its way. */
const settled = () => drainJobs(t.database, ['telegram.chat', 'telegram.deliver'])

const sendsTo = (chatId: number) =>
  t.fake.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === chatId).length

describe('Telegram says no', () => {
  it('waits as long as a 429 asks, then sends the reply once', async () => {
    const user = t.fake.user({ firstName: 'Flora', languageCode: 'fr' })
    t.fake.floodNext('sendMessage', 1, 2)
    const asked = Date.now()
    await user.start(hash)
    const [greeting] = await messagesOf(user, 1)
    expect(greeting?.text).toContain('Salon Lumière')
    expect(Date.now() - asked).toBeGreaterThanOrEqual(2000)
    expect(sendsTo(user.id)).toBe(2)
    await settled()
    expect(user.messages()).toHaveLength(1)
  })

  it('marks a customer who blocked the bot, tries no more, and writes again once they do', async () => {
    const user = t.fake.user({ firstName: 'Bruno', languageCode: 'fr' })
    await user.start(hash)
    await messagesOf(user, 1)
    // Telegram answers 403 (the account went away without a my_chat_member update).
    t.fake.failNext('sendMessage', 1, 403)
    await user.say('bonjour')
    await eventually(async () => {
      const [chat] = await rowsOf<{ blocked: boolean }>(
        t,
        sql`select blocked_at is not null as blocked from telegram_chats where chat_id = ${user.id}`,
      )
      return chat?.blocked ? true : undefined
    })
    const [row] = await rowsOf<{ status: string }>(
      t,
      sql`select status from telegram_outbox where chat_id = ${user.id} order by seq desc limit 1`,
    )
    expect(row?.status).toBe('blocked')
    expect(sendsTo(user.id)).toBe(2)
    // Writing again lifts the block.
    const answer = await ask(user, 'bonjour')
    expect(answer.text).toContain('Salon Lumière')
  })

  it('retries a reply Telegram could not take (5xx) until it is taken, once', async () => {
    const user = t.fake.user({ firstName: 'Tina', languageCode: 'en' })
    t.fake.failNext('sendMessage', 2, 502)
    await user.start(hash)
    await messagesOf(user, 1, 30_000)
    expect(sendsTo(user.id)).toBe(3)
    expect(user.messages()).toHaveLength(1)
  })
})

describe('customers', () => {
  it('answers a customer typing too fast once, then waits for the minute to pass', async () => {
    const user = t.fake.user({ firstName: 'Rapid', languageCode: 'en' })
    await user.start(hash)
    await messagesOf(user, 1)
    for (let i = 0; i <= CHAT_MESSAGES_PER_MINUTE + 2; i++) await user.say('hello')
    await t.fake.delivered()
    const texts = await eventually(() => {
      const all = user.messages().map((m) => m.text)
      return all.some((text) => text.includes('very fast')) ? all : undefined
    }, 60_000)
    await settled()
    expect(user.messages().filter((m) => m.text.includes('very fast'))).toHaveLength(1)
    expect(texts.length).toBeLessThanOrEqual(1 + CHAT_MESSAGES_PER_MINUTE + 1)
  })

  it('explains how to reach a salon: /start alone, a link that leads nowhere, a message before any link', async () => {
    const user = t.fake.user({ firstName: 'Lost', languageCode: 'it' })
    await user.start()
    await user.start('not-a-salon-hash')
    await user.say('un taglio domani')
    const [alone, nowhere, before] = await messagesOf(user, 3)
    expect(alone?.text).toContain('link Telegram del Suo salone')
    expect(nowhere?.text).toContain('non porta a nessun salone')
    expect(before?.text).toContain('link Telegram del Suo salone')
  })

  it('reads the language of the message first, Telegram’s language for its own words', async () => {
    const user = t.fake.user({ firstName: 'Hans', languageCode: 'de' })
    await user.start(hash)
    const [greeting] = await messagesOf(user, 1)
    expect(greeting?.text).toMatch(/^Hallo!/)
    const answer = await ask(user, 'bonjour, quels sont vos horaires ?')
    expect(answer.text).toMatch(/horaires|ouvert/i)
  })

  it('keeps the customer’s own number from the share button, and refuses someone else’s', async () => {
    const user = t.fake.user({ firstName: 'Paola', languageCode: 'it' })
    await user.start(hash)
    await messagesOf(user, 1)
    await user.say('/phone')
    const [, prompt] = await messagesOf(user, 2)
    expect(JSON.stringify(prompt?.replyMarkup)).toContain('request_contact')
    await user.shareContact('393331234567', 777)
    await user.shareContact('393339876543')
    const [, , foreign, thanks] = await messagesOf(user, 4)
    expect(foreign?.text).toContain('solo il Suo numero')
    expect(thanks?.text).toContain('Grazie')
    const [chat] = await rowsOf<{ phone: string }>(t, sql`select phone from telegram_chats where chat_id = ${user.id}`)
    expect(chat?.phone).toBe('+393339876543')
  })

  it('answers a stale button with a notice only', async () => {
    const user = t.fake.user({ firstName: 'Ugo', languageCode: 'fr' })
    await user.start(hash)
    await messagesOf(user, 1)
    const proposal = await ask(user, 'une coupe femme jeudi à 15h')
    expect(buttonsOf(proposal).flat()).toEqual(['Oui', 'Un autre moment'])
    await ask(user, 'non')
    const count = user.messages().length
    await user.tap('Oui', proposal)
    await eventually(() =>
      t.fake.callbackAnswers.some((a) => a.text?.includes("plus d'actualité")) ? true : undefined,
    )
    await settled()
    expect(user.messages()).toHaveLength(count)
  })
})

describe('a restart in the middle of a conversation', () => {
  it('books on the "yes" given after the server restarted', async () => {
    const fake = await startFakeTelegram()
    const database = await openTestDatabase('pglite')
    try {
      const first = await startTelegramApp({ fake, database })
      const salon = await findSalonByPublicId(database.db, 'SAL001')
      const user = fake.user({ firstName: 'Rita', languageCode: 'fr' })
      await user.start(salon?.hash)
      await messagesOf(user, 1)
      const proposal = await ask(user, 'une coupe femme jeudi à 15h')
      expect(buttonsOf(proposal).flat()).toContain('Oui')
      await first.close()

      const second = await startTelegramApp({ fake, database })
      try {
        const booked = await press(user, 'Oui', 2)
        expect(booked.text).toBeTruthy()
        expect(user.messages().some((m) => m.text.includes('réservé'))).toBe(true)
        expect(user.documents()).toHaveLength(1)
      } finally {
        await second.close()
      }
    } finally {
      await database.close()
      await fake.close()
    }
  })
})

describe('a token Telegram refuses', () => {
  it('is said in the log without the token, and the rest of Salonia runs', async () => {
    const fake = await startFakeTelegram()
    const wrong = `${fake.botId}:${'x'.repeat(35)}`
    const app = await startTestApp({ env: { ...telegramEnv(fake), TELEGRAM_BOT_TOKEN: wrong } })
    const lines: string[] = []
    const log = {
      info: () => {},
      warn: () => {},
      error: (obj: object, msg: string) => lines.push(JSON.stringify({ obj, msg })),
    }
    const telegram = app.config.telegram as NonNullable<typeof app.config.telegram>
    const bot = startTelegram({
      db: app.database.db,
      clock: app.clock,
      jobs: app.jobs,
      config: app.config,
      telegram,
      log,
    })
    try {
      await eventually(() => (lines.length > 0 ? true : undefined))
      expect(lines.join('\n')).toContain('TELEGRAM_BOT_TOKEN')
      expect(lines.join('\n')).not.toContain('x'.repeat(35))
      expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await bot.stop()
      await app.close()
      await fake.close()
    }
  })
})
