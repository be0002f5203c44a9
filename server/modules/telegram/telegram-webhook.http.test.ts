import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp } from '@tests/helpers/app'
import { eventually } from '@tests/helpers/jobs'
import { ask, messagesOf, press, rowsOf, startTelegramApp, type TelegramTestApp } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookSecret } from './telegram-updates'

/**
 * Updates by webhook (PUBLIC_URL is HTTPS): Telegram's secret header is the only way in, each
 * update is answered once however often it comes, and the call is answered before any work.
 */

let t: TelegramTestApp
let hash: string

const update = (updateId: number, chatId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: 1,
    date: 1796000000,
    chat: { id: chatId, type: 'private', first_name: 'Mallory' },
    from: { id: chatId, is_bot: false, first_name: 'Mallory', language_code: 'en' },
    text,
  },
})

beforeAll(async () => {
  t = await startTelegramApp({ mode: 'webhook' })
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')
  hash = salon.hash
})
afterAll(() => t.close())

/** Posts a body to the webhook as Telegram would, with the secret the bot registered. */
const postUpdate = (payload: object | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: {
      'content-type': 'application/json',
      'x-telegram-bot-api-secret-token': t.fake.webhook?.secretToken ?? '',
    },
    payload,
  })

const storedUpdates = async (chatId: number) =>
  Number(
    (await rowsOf<{ n: number }>(t, sql`select count(*)::int as n from telegram_updates where chat_id = ${chatId}`))[0]
      ?.n,
  )

describe('the Telegram webhook', () => {
  it('is set at start with a secret, at PUBLIC_URL, for the updates the bot reads', () => {
    expect(t.fake.webhook).toMatchObject({
      url: 'https://salonia.test/api/telegram/webhook',
      secretToken: webhookSecret(t.config.appSecret, t.config.telegram as NonNullable<typeof t.config.telegram>),
      allowedUpdates: ['message', 'callback_query', 'my_chat_member'],
    })
  })

  it('refuses a call without the secret header, or with a wrong one, and stores nothing', async () => {
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'forged-secret' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: update(900_001, 31337, `/start ${hash}`),
      })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('telegram.forbidden')
    }
    expect(await storedUpdates(31337)).toBe(0)
  })

  it('answers a customer whose updates come by webhook, and answers a redelivered update once', async () => {
    const user = t.fake.user({ firstName: 'Noah', languageCode: 'en' })
    const start = await user.start(hash)
    await messagesOf(user, 1)
    const offer = await ask(user, "a women's haircut on Thursday at 3pm")
    expect(offer.text).toContain('15:00')
    // Telegram was unsure the update arrived: it comes again, with the same update_id.
    await t.fake.redeliver(start)
    const answer = await press(user, 'Yes', 2)
    expect(answer.text).toBeTruthy()
    await t.fake.delivered()
    const texts = user.messages().map((m) => m.text)
    expect(texts.filter((text) => text.startsWith('Hello! You'))).toHaveLength(1)
    expect(user.documents()).toHaveLength(1)
  })

  it('answers at once, before the assistant has read the message', async () => {
    const res = await postUpdate(update(900_002, 424242, 'hello'))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({})
    expect(await storedUpdates(424242)).toBe(1)
  })

  it('keeps a message with a NUL character or a broken one, readably', async () => {
    const res = await postUpdate(JSON.stringify(update(900_003, 515151, 'coupe\u0000 demain \ud800')))
    expect(res.statusCode).toBe(200)
    const [row] = await rowsOf<{ text: string }>(
      t,
      sql`select "update"->'message'->>'text' as text from telegram_updates where update_id = 900003`,
    )
    expect(row?.text).toBe('coupe demain \ufffd')
  })

  it('leaves a group it is added to, saying where it answers', async () => {
    const member = t.fake.user({ firstName: 'Zoe', languageCode: 'fr' })
    const group = t.fake.group({ member })
    await eventually(() => (t.fake.left.includes(group.id) ? true : undefined))
    const said = t.fake.sent.filter((m) => m.chatId === group.id)
    expect(said).toHaveLength(1)
    expect(said[0]?.text).toContain(`https://t.me/${t.fake.username}`)
  })
})

describe('a server that polls', () => {
  it('has no webhook: the route answers 404', async () => {
    const polling = await startTestApp({
      env: { TELEGRAM_BOT_TOKEN: t.fake.token, TELEGRAM_API_BASE_URL: t.fake.baseUrl },
    })
    try {
      const res = await polling.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'anything' },
        payload: update(900_004, 1, 'hello'),
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await polling.close()
    }
  })
})
