import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Bot, GrammyError, InputFile } from 'grammy'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeTelegram, startFakeTelegram, telegramEnv } from './telegram'

/** The fake Telegram Bot API, driven with plain fetch (the wire) and with grammY (as the product drives it). */

let telegram: FakeTelegram

beforeEach(async () => {
  telegram = await startFakeTelegram()
})
afterEach(async () => {
  await telegram.close()
})

// biome-ignore lint/suspicious/noExplicitAny: the tests read Telegram's JSON freely
type Loose = any

interface Reply {
  status: number
  body: Loose
}

/** A Bot API call as JSON, the way grammY sends parameters without files. */
async function call(method: string, params: Record<string, unknown> = {}, token = telegram.token): Promise<Reply> {
  const answer = await fetch(`${telegram.baseUrl}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })
  return { status: answer.status, body: await answer.json() }
}

function grammy(fake = telegram): Bot {
  return new Bot(fake.token, { client: { apiRoot: fake.baseUrl } })
}

/** What a GrammyError says, or a failure of the test if the call succeeded. */
async function refusal(promise: Promise<unknown>): Promise<GrammyError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof GrammyError)) throw new Error(`expected a GrammyError, got ${String(error)}`)
  return error
}

/** A local webhook receiver on 127.0.0.1 answering the statuses given, then 200. */
async function startReceiver(statuses: number[] = []) {
  const received: { path: string; headers: IncomingHttpHeaders; body: Loose }[] = []
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({
      path: request.url ?? '',
      headers: request.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    })
    response.writeHead(statuses.shift() ?? 200).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the bot and its token', () => {
  it('getMe describes the bot, and grammY initialises with it', async () => {
    const { status, body } = await call('getMe')
    expect(status).toBe(200)
    expect(body).toEqual({
      ok: true,
      result: {
        id: telegram.botId,
        is_bot: true,
        first_name: 'Salonia',
        username: 'SaloniaTestBot',
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      },
    })
    const bot = grammy()
    await bot.init()
    expect(bot.botInfo.username).toBe('SaloniaTestBot')
    expect(telegram.token).toMatch(/^\d+:[A-Za-z0-9_-]{35}$/)
    expect(telegramEnv(telegram)).toEqual({
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_BASE_URL: telegram.baseUrl,
    })
  })

  it('answers 401 Unauthorized to a wrong token and 404 Not Found to an unknown method', async () => {
    expect(await call('getMe', {}, `${telegram.botId}:${'x'.repeat(35)}`)).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    })
    expect(await call('sendTelepathy')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found' },
    })
    expect(telegram.calls.map((c) => c.method)).toEqual(['sendTelepathy'])
  })

  it('takes method names in any case, and parameters from the query string or a form', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    const query = await fetch(`${telegram.baseUrl}/bot${telegram.token}/SENDMESSAGE?chat_id=${customer.id}&text=Salut`)
    expect((await query.json()).result.text).toBe('Salut')
    const form = await fetch(`${telegram.baseUrl}/bot${telegram.token}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({
        chat_id: String(customer.id),
        text: 'Choisissez',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Oui', callback_data: 'yes' }]] }),
      }),
    })
    expect((await form.json()).result.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Oui', callback_data: 'yes' }]],
    })
    expect(telegram.calls.map((c) => c.method)).toEqual(['sendMessage', 'sendMessage'])
    expect(customer.messages().map((m) => m.text)).toEqual(['Salut', 'Choisissez'])
  })
})

describe('getUpdates', () => {
  it('keeps updates until a later offset confirms them', async () => {
    const customer = telegram.user({ firstName: 'Inès', languageCode: 'fr' })
    const first = await customer.start('salon-lumiere')
    const second = await customer.say('Une coupe demain ?')
    expect(second).toBe(first + 1)

    const all = await call('getUpdates')
    expect(all.body.result.map((u: { update_id: number }) => u.update_id)).toEqual([first, second])
    expect(all.body.result[0].message).toMatchObject({
      message_id: 1,
      from: { id: customer.id, is_bot: false, first_name: 'Inès', language_code: 'fr' },
      chat: { id: customer.id, type: 'private', first_name: 'Inès' },
      text: '/start salon-lumiere',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    })
    expect(all.body.result[1].message.message_id).toBe(2)
    expect((await call('getUpdates')).body.result).toHaveLength(2)
    expect(
      (await call('getUpdates', { offset: second })).body.result.map((u: { update_id: number }) => u.update_id),
    ).toEqual([second])
    expect((await call('getUpdates', { offset: second + 1 })).body).toEqual({ ok: true, result: [] })
    await telegram.delivered(100)
  })

  it('holds a long poll open until a user speaks', async () => {
    const customer = telegram.user()
    const started = Date.now()
    const polled = call('getUpdates', { timeout: 10 })
    setTimeout(() => void customer.say('Vous êtes ouverts ?'), 150)
    const { body } = await polled
    expect(body.result.map((u: { message: { text: string } }) => u.message.text)).toEqual(['Vous êtes ouverts ?'])
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('answers an empty list when a long poll times out', async () => {
    expect((await call('getUpdates', { timeout: 1 })).body).toEqual({ ok: true, result: [] })
  })

  it('ends the older of two long polls with 409 Conflict', async () => {
    const older = call('getUpdates', { timeout: 10 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const newer = call('getUpdates', { timeout: 1 })
    expect(await older).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      },
    })
    expect((await newer).body).toEqual({ ok: true, result: [] })
  })

  it('answers 409 Conflict while a webhook is set', async () => {
    await call('setWebhook', { url: 'http://127.0.0.1:9/hook' })
    expect(await call('getUpdates')).toEqual({
      status: 409,
      body: {
        ok: false,
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      },
    })
    expect((await call('deleteWebhook')).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' })
    expect((await call('getUpdates')).status).toBe(200)
  })

  it('drives a grammY bot that polls and answers', async () => {
    const bot = grammy()
    bot.on('message:text', (ctx) => ctx.reply(`Vous avez dit : ${ctx.message.text}`))
    const running = bot.start({ timeout: 1 })
    const customer = telegram.user()
    await customer.say('Bonjour')
    await telegram.delivered()
    await bot.stop()
    await running
    expect(customer.messages().map((m) => m.text)).toEqual(['Vous avez dit : Bonjour'])
    expect(telegram.calls.map((c) => c.method)).toContain('deleteWebhook')
  })

  it('only queues the kinds of update asked for in allowed_updates', async () => {
    await call('getUpdates', { allowed_updates: ['callback_query'] })
    const customer = telegram.user()
    await customer.say('ignored')
    expect((await call('getUpdates')).body.result).toEqual([])
    expect(telegram.updates).toHaveLength(1)
  })
})

describe('the webhook', () => {
  it('refuses a secret token with other characters than A-Z, a-z, 0-9, _ and -', async () => {
    expect(await call('setWebhook', { url: 'https://salon.example/hook', secret_token: 'pas de secret!' })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: secret token contains unallowed characters' },
    })
    expect((await call('setWebhook', { url: 'http://salon.example/hook' })).body.description).toBe(
      'Bad Request: bad webhook: An HTTPS URL must be provided for webhook',
    )
    expect(telegram.webhook).toBeNull()
  })

  it('POSTs updates with the secret header, at the address given by deliverTo, retrying a failure', async () => {
    const receiver = await startReceiver([500])
    const fake = await startFakeTelegram({ deliverTo: receiver.url })
    try {
      const bot = grammy(fake)
      await bot.api.setWebhook('https://salon.example/api/telegram/webhook', {
        secret_token: 'le-secret_42',
        allowed_updates: ['message', 'callback_query', 'my_chat_member'],
      })
      expect(fake.webhook).toEqual({
        url: 'https://salon.example/api/telegram/webhook',
        secretToken: 'le-secret_42',
        allowedUpdates: ['message', 'callback_query', 'my_chat_member'],
      })
      const updateId = await fake.user().say('Bonjour')
      await fake.delivered()
      expect(receiver.received).toHaveLength(2)
      for (const delivery of receiver.received) {
        expect(delivery.path).toBe('/api/telegram/webhook')
        expect(delivery.headers['x-telegram-bot-api-secret-token']).toBe('le-secret_42')
        expect(delivery.headers['content-type']).toBe('application/json')
        expect(delivery.body.update_id).toBe(updateId)
      }
      const info = await bot.api.getWebhookInfo()
      expect(info).toMatchObject({ url: 'https://salon.example/api/telegram/webhook', pending_update_count: 0 })
      expect(info.last_error_message).toContain('500')
    } finally {
      await fake.close()
      await receiver.close()
    }
  })

  it('redelivers an update with the same update_id', async () => {
    const receiver = await startReceiver()
    await call('setWebhook', { url: `${receiver.url}/hook` })
    try {
      const updateId = await telegram.user().say('Bonjour')
      await telegram.delivered()
      await telegram.redeliver(updateId)
      await telegram.delivered()
      expect(receiver.received.map((r) => r.body.update_id)).toEqual([updateId, updateId])
      expect(receiver.received[0]?.body).toEqual(receiver.received[1]?.body)
      expect(receiver.received[0]?.headers['x-telegram-bot-api-secret-token']).toBeUndefined()
    } finally {
      await receiver.close()
    }
  })
})

describe('sending', () => {
  it('numbers messages per chat and refuses an empty or too long text', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    const api = grammy().api
    const message = await api.sendMessage(customer.id, 'Bienvenue chez Lumière')
    expect(message).toMatchObject({
      message_id: 2,
      chat: { id: customer.id, type: 'private' },
      text: 'Bienvenue chez Lumière',
    })
    expect(message.from).toMatchObject({ id: telegram.botId, is_bot: true })
    const tooLong = await refusal(api.sendMessage(customer.id, 'a'.repeat(4097)))
    expect([tooLong.error_code, tooLong.description]).toEqual([400, 'Bad Request: message is too long'])
    expect((await call('sendMessage', { chat_id: customer.id, text: '' })).body.description).toBe(
      'Bad Request: message text is empty',
    )
    expect(telegram.sent).toEqual([
      { chatId: customer.id, messageId: 2, text: 'Bienvenue chez Lumière', date: message.date },
    ])
  })

  it('refuses a chat it never saw, and a user who never wrote to the bot', async () => {
    expect((await call('sendMessage', { chat_id: 123456789, text: 'Bonjour' })).body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: chat not found',
    })
    const silent = telegram.user()
    expect((await call('sendMessage', { chat_id: silent.id, text: 'Bonjour' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: "Forbidden: bot can't initiate conversation with a user",
    })
  })

  it('refuses callback_data over 64 bytes (BUTTON_DATA_INVALID) and a URL button to this machine', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    const api = grammy().api
    const keyboard = (button: Record<string, string>) => ({
      reply_markup: { inline_keyboard: [[{ text: 'Ok', ...button }]] },
    })
    await api.sendMessage(customer.id, 'Fits', keyboard({ callback_data: 'x'.repeat(64) }) as never)
    const tooLong = await refusal(
      api.sendMessage(customer.id, 'Bytes', keyboard({ callback_data: 'é'.repeat(33) }) as never),
    )
    expect(tooLong.description).toBe('Bad Request: BUTTON_DATA_INVALID')
    const local = await refusal(
      api.sendMessage(customer.id, 'Link', keyboard({ url: 'http://localhost:3000/b/x' }) as never),
    )
    expect(local.description).toBe(
      "Bad Request: inline keyboard button URL 'http://localhost:3000/b/x' is invalid: Wrong HTTP URL",
    )
    expect(customer.messages().map((m) => m.text)).toEqual(['Fits'])
  })

  it('records a document sent with grammY as a multipart upload', async () => {
    const customer = telegram.user()
    await customer.say('Mon rendez-vous ?')
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'
    const message = await grammy().api.sendDocument(customer.id, new InputFile(Buffer.from(ics), 'x.ics'), {
      caption: 'Votre rendez-vous',
    })
    expect(message.document).toMatchObject({ file_name: 'x.ics', mime_type: 'text/calendar', file_size: ics.length })
    expect(customer.documents()).toEqual([
      { chatId: customer.id, messageId: 2, filename: 'x.ics', content: Buffer.from(ics), caption: 'Votre rendez-vous' },
    ])
    expect(telegram.calls.at(-1)?.params.document).toEqual({ filename: 'x.ics', content: Buffer.from(ics) })
  })

  it('records chat actions and edits an inline keyboard', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    const api = grammy().api
    await api.sendChatAction(customer.id, 'typing')
    const sent = await api.sendMessage(customer.id, 'Choisissez', {
      reply_markup: { inline_keyboard: [[{ text: '10:00', callback_data: 'slot:10' }]] },
    })
    await api.editMessageReplyMarkup(customer.id, sent.message_id, { reply_markup: { inline_keyboard: [] } })
    expect(telegram.actions).toEqual([{ chatId: customer.id, action: 'typing' }])
    expect(customer.messages()[0]?.replyMarkup).toBeUndefined()
    const again = await refusal(
      api.editMessageReplyMarkup(customer.id, sent.message_id, { reply_markup: { inline_keyboard: [] } }),
    )
    expect(again.description).toMatch(/^Bad Request: message is not modified/)
  })
})

describe('customers', () => {
  it('tap presses a button: a callback_query with its data, answered once', async () => {
    const customer = telegram.user({ firstName: 'Léa' })
    await customer.say('Bonjour')
    await grammy().api.sendMessage(customer.id, 'Quel créneau ?', {
      reply_markup: {
        inline_keyboard: [[{ text: '10:00', callback_data: 'slot:10' }], [{ text: '11:00', callback_data: 'slot:11' }]],
      },
    })
    const updateId = await customer.tap('11:00')
    const update: Loose = telegram.updates.at(-1)
    expect(update.update_id).toBe(updateId)
    expect(update.callback_query).toMatchObject({
      from: { id: customer.id, first_name: 'Léa' },
      message: { message_id: 2, text: 'Quel créneau ?', chat: { id: customer.id } },
      data: 'slot:11',
    })
    expect(update.callback_query.chat_instance).toEqual(expect.any(String))
    await expect(customer.tap('12:00')).rejects.toThrow(/No callback button "12:00".*"10:00", "11:00"/)

    const api = grammy().api
    await api.answerCallbackQuery(update.callback_query.id, { text: 'Réservé' })
    expect(telegram.callbackAnswers).toEqual([{ callbackQueryId: update.callback_query.id, text: 'Réservé' }])
    const twice = await refusal(api.answerCallbackQuery(update.callback_query.id))
    expect(twice.description).toBe('Bad Request: query is too old and response timeout expired or query ID is invalid')
  })

  it('shares a contact', async () => {
    const customer = telegram.user({ firstName: 'Paul' })
    await customer.shareContact('+33612345678')
    const { body } = await call('getUpdates')
    expect(body.result[0].message.contact).toEqual({
      phone_number: '+33612345678',
      first_name: 'Paul',
      user_id: customer.id,
    })
  })

  it('a blocked user: my_chat_member kicked, then 403 until unblocked', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    await customer.block()
    const api = grammy().api
    const blocked = await refusal(api.sendMessage(customer.id, 'Rappel'))
    expect([blocked.error_code, blocked.description]).toEqual([403, 'Forbidden: bot was blocked by the user'])
    await customer.unblock()
    await api.sendMessage(customer.id, 'Rappel')
    const kinds = telegram.updates.slice(1).map((u): Loose => u.my_chat_member)
    expect(kinds.map((m) => [m.old_chat_member.status, m.new_chat_member.status])).toEqual([
      ['member', 'kicked'],
      ['kicked', 'member'],
    ])
    expect(kinds[0]?.new_chat_member.user).toMatchObject({ id: telegram.botId, is_bot: true })
  })

  it('a group: the bot is added, a member speaks, the bot leaves', async () => {
    const group = telegram.group({ title: 'Copines' })
    expect(group.id).toBeLessThan(0)
    await group.say('Salut tout le monde')
    await grammy().api.leaveChat(group.id)
    expect(telegram.left).toEqual([group.id])
    const kinds = telegram.updates.map((u) => Object.keys(u)[1])
    expect(kinds).toEqual(['my_chat_member', 'message', 'my_chat_member'])
    expect((telegram.updates[1] as Loose).message.chat).toEqual({
      id: group.id,
      type: 'group',
      title: 'Copines',
      all_members_are_administrators: true,
    })
    const unheard = await group.say('Encore là ?')
    expect((await call('getUpdates')).body.result.map((u: Loose) => u.update_id)).not.toContain(unheard)
  })
})

describe('failures on demand', () => {
  it('floodNext answers 429 with parameters.retry_after, as a GrammyError', async () => {
    const customer = telegram.user()
    await customer.say('Bonjour')
    telegram.floodNext('sendMessage', 2, 7)
    expect(await call('sendMessage', { chat_id: customer.id, text: 'Un' })).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 7',
        parameters: { retry_after: 7 },
      },
    })
    const flood = await refusal(grammy().api.sendMessage(customer.id, 'Deux'))
    expect(flood.error_code).toBe(429)
    expect(flood.parameters.retry_after).toBe(7)
    await grammy().api.sendMessage(customer.id, 'Trois')
    expect(customer.messages().map((m) => m.text)).toEqual(['Trois'])
  })

  it('failNext answers a server error with ok:false, for any method with "*"', async () => {
    telegram.failNext('*', 1, 502)
    expect(await call('getMe')).toEqual({
      status: 502,
      body: { ok: false, error_code: 502, description: 'Bad Gateway' },
    })
    expect((await call('getMe')).status).toBe(200)
  })
})

describe('the bot profile', () => {
  it('keeps commands and descriptions per language', async () => {
    const api = grammy().api
    await api.setMyCommands([{ command: 'start', description: 'Start' }])
    await api.setMyCommands([{ command: 'start', description: 'Commencer' }], { language_code: 'fr' })
    await api.setMyDescription('Prenez rendez-vous', { language_code: 'fr' })
    await api.setMyShortDescription('Rendez-vous', { language_code: 'fr' })
    expect(telegram.commands).toEqual({
      '': [{ command: 'start', description: 'Start' }],
      fr: [{ command: 'start', description: 'Commencer' }],
    })
    expect(telegram.descriptions).toEqual({ fr: 'Prenez rendez-vous' })
    expect(telegram.shortDescriptions).toEqual({ fr: 'Rendez-vous' })
    const invalid = await refusal(api.setMyCommands([{ command: 'Start!', description: 'x' }]))
    expect(invalid.description).toBe('Bad Request: BOT_COMMAND_INVALID')
  })
})
