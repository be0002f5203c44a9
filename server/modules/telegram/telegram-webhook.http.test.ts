import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp } from '@tests/helpers/app'
import { drainJobs, eventually } from '@tests/helpers/jobs'
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

/**
 * Every kind of update the Bot API documents, in shapes the fake's customers never produce: the
 * chat's job handles each once and finishes (never a throw, which would retry it until the
 * customer is told to write again), whatever optional field is missing.
 */
describe('updates in every shape the Bot API documents', () => {
  const SHAPES_FROM = 950_000_001
  let nextId = SHAPES_FROM
  const post = async (body: Record<string, unknown>) => {
    const updateId = nextId++
    const res = await postUpdate({ update_id: updateId, ...body })
    expect(res.statusCode).toBe(200)
    return updateId
  }
  const privateChat = (id: number, name?: string) => ({ id, type: 'private', ...(name ? { first_name: name } : {}) })
  const nameless = (id: number) => ({ id, is_bot: false })
  const outcome = async (updateIds: number[]) => {
    await drainJobs(t.database, ['telegram.chat'])
    return rowsOf<{ update_id: number; status: string; attempts: number }>(
      t,
      sql`select update_id::int, status, attempts from telegram_updates where update_id >= ${SHAPES_FROM} order by update_id`,
    ).then((rows) => rows.filter((row) => updateIds.includes(row.update_id)))
  }
  /** Each update handled once, and finished. */
  const doneOnce = (updateIds: number[]) =>
    updateIds.map((updateId) => ({ update_id: updateId, status: 'done', attempts: 1 }))
  /** Whether the bot answered a callback query (the customer's spinner stops). */
  const answered = (queryId: string) =>
    t.fake.calls.some((c) => c.method === 'answerCallbackQuery' && String(c.params.callback_query_id) === queryId)
  const date = 1796000000
  const repliesTo = async (chatId: number) =>
    Number(
      (
        await rowsOf<{ n: number }>(
          t,
          sql`select count(*)::int as n from telegram_outbox where chat_id = ${chatId} and kind = 'reply'`,
        )
      )[0]?.n,
    )

  it('answers a customer whose Telegram profile has no first name, in every kind of update', async () => {
    const id = 61_000_001
    const ids = [
      await post({
        my_chat_member: {
          chat: privateChat(id),
          from: nameless(id),
          date,
          old_chat_member: { user: { id: t.fake.botId, is_bot: true, first_name: 'Bot' }, status: 'kicked' },
          new_chat_member: { user: { id: t.fake.botId, is_bot: true, first_name: 'Bot' }, status: 'member' },
        },
      }),
      await post({
        message: { message_id: 1, date, chat: privateChat(id), from: nameless(id), text: `/start ${hash}` },
      }),
      await post({ message: { message_id: 2, date, chat: privateChat(id), from: nameless(id), text: 'hello' } }),
    ]
    expect(await outcome(ids)).toEqual(doneOnce(ids))
    // The greeting and the answer (this chat is not the fake's: they are queued, Telegram refuses them).
    expect(await repliesTo(id)).toBe(2)
  })

  it('answers a tap on a message too old to come with it, in the customer’s private chat', async () => {
    const user = t.fake.user({ firstName: 'Olga', languageCode: 'en' })
    await user.start(hash)
    await messagesOf(user, 1)
    const offer = await ask(user, "a women's haircut on Thursday at 3pm")
    const yes = (offer.replyMarkup as { inline_keyboard: { text: string; callback_data?: string }[][] }).inline_keyboard
      .flat()
      .find((button) => button.text === 'Yes')?.callback_data
    expect(yes).toBeTruthy()
    const before = user.messages().length
    const tap = await post({
      callback_query: {
        id: '7000000000000000001',
        from: { id: user.id, is_bot: false, first_name: 'Olga' },
        chat_instance: '-42',
        data: yes,
      },
    })
    expect(await outcome([tap])).toEqual(doneOnce([tap]))
    expect(answered('7000000000000000001')).toBe(true)
    await eventually(() => (user.messages().length > before && user.documents().length === 1 ? true : undefined))
  })

  it('answers a tap it cannot act on: on an inline-mode message, on an inaccessible one of a chat with no salon, a game', async () => {
    const stranger = 61_000_002
    const from = { id: stranger, is_bot: false, first_name: 'Ines' }
    const queries = [
      { id: '7000000000000000002', from, chat_instance: '-43', inline_message_id: 'AAAAAgAAAB', data: 'y' },
      {
        id: '7000000000000000003',
        from,
        chat_instance: '-44',
        message: { chat: privateChat(stranger, 'Ines'), message_id: 3, date: 0 },
        data: 'y',
      },
      { id: '7000000000000000004', from: nameless(stranger), chat_instance: '-45', game_short_name: 'quiz' },
    ]
    const ids: number[] = []
    for (const query of queries) ids.push(await post({ callback_query: query }))
    expect(await outcome(ids)).toEqual(doneOnce(ids))
    for (const query of queries) expect(answered(query.id), query.id).toBe(true)
  })

  it('handles messages without text, without sender, on behalf of a chat, in channels, and edits', async () => {
    const id = 61_000_003
    const channel = { id: -1001000000003, type: 'channel', title: 'Salon news' }
    const group = { id: -1001000000004, type: 'supergroup', title: 'Salon friends' }
    const anonymous = { id: 1087968824, is_bot: true, first_name: 'Group', username: 'GroupAnonymousBot' }
    const from = { id, is_bot: false, first_name: 'Lea', language_code: 'en' }
    const ids = [
      await post({ message: { message_id: 1, date, chat: privateChat(id, 'Lea'), from, text: `/start ${hash}` } }),
      await post({
        message: {
          message_id: 2,
          date,
          chat: privateChat(id, 'Lea'),
          from,
          sticker: {
            file_id: 'CAAC',
            file_unique_id: 'x',
            type: 'regular',
            width: 512,
            height: 512,
            is_animated: false,
            is_video: false,
          },
        },
      }),
      await post({
        message: {
          message_id: 3,
          date,
          chat: privateChat(id, 'Lea'),
          from,
          photo: [{ file_id: 'AgAC', file_unique_id: 'y', width: 90, height: 90 }],
          caption: 'this cut please',
        },
      }),
      // A private chat's message without `from` (only channels' lack it): the chat is the customer.
      await post({ message: { message_id: 4, date, chat: privateChat(id, 'Lea'), text: 'hello' } }),
      await post({ message: { message_id: 5, date, chat: group, from: anonymous, sender_chat: group, text: 'hello' } }),
      await post({ message: { message_id: 6, date, chat: channel, sender_chat: channel, text: 'news' } }),
      await post({
        my_chat_member: {
          chat: channel,
          from: nameless(id),
          date,
          old_chat_member: { user: { id: t.fake.botId, is_bot: true, first_name: 'Bot' }, status: 'left' },
          new_chat_member: {
            user: { id: t.fake.botId, is_bot: true, first_name: 'Bot' },
            status: 'administrator',
            can_be_edited: false,
            can_manage_chat: true,
            can_change_info: false,
            can_delete_messages: false,
            can_invite_users: false,
            can_restrict_members: false,
            can_promote_members: false,
            can_manage_video_chats: false,
            is_anonymous: false,
            can_post_messages: true,
            can_edit_messages: false,
            can_post_stories: false,
            can_edit_stories: false,
            can_delete_stories: false,
          },
        },
      }),
    ]
    // Kinds the bot does not ask for are acknowledged and dropped.
    for (const kind of ['edited_message', 'channel_post', 'edited_channel_post']) {
      await post({
        [kind]: {
          message_id: 7,
          date,
          edit_date: date,
          chat: kind === 'edited_message' ? privateChat(id, 'Lea') : channel,
          text: 'edited',
        },
      })
    }
    expect(await outcome(ids)).toEqual(doneOnce(ids))
    expect(await storedUpdates(channel.id)).toBe(2)
    // The greeting, "text only" for the sticker and the photo, and an answer to the sender-less "hello".
    expect(await repliesTo(id)).toBe(4)
    // The bot leaves the group and the channel (Telegram refuses: they are not the fake's).
    const left = t.fake.calls.filter((c) => c.method === 'leaveChat').map((c) => Number(c.params.chat_id))
    expect(left).toEqual(expect.arrayContaining([group.id, channel.id]))
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
