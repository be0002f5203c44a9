import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type ChatState,
  chatMemberJson,
  inlineMarkup,
  type Json,
  messageJson,
  NOT_BY_DEFAULT,
  type Person,
  sentContent,
  simulatedGroup,
  simulatedUser,
  unixNow,
  updateKind,
  type World,
} from './telegram-updates'

/**
 * A local stand-in for Telegram's Bot API, on its real paths (`/bot<token>/<method>`, GET or POST,
 * parameters as query string, JSON, urlencoded or multipart) and with its real answers
 * (`{ok:true,result}` or `{ok:false,error_code,description,parameters?}`), so grammY and the
 * product's code run unchanged against it (`apiRoot: fake.baseUrl`). Customers are simulated with
 * `user()`: what they say becomes updates, POSTed to the webhook when one is set (with the secret
 * header, retried on failure) or kept for getUpdates (offset confirms, long polls wait, 409s as
 * Telegram's). The refusals a bot meets in production are Telegram's words: chat not found,
 * blocked by the user, message too long, BUTTON_DATA_INVALID, flood control (429 retry_after).
 */

export interface FakeSentMessage {
  chatId: number
  messageId: number
  text: string
  /** As sent (inline keyboard, reply keyboard…), or as last edited by editMessageReplyMarkup. */
  replyMarkup?: Json
  /** Unix seconds, as Telegram dates messages. */
  date: number
}

export interface FakeDocument {
  chatId: number
  messageId: number
  filename: string
  content: Buffer
  caption?: string
}

/** A file part of a multipart request. */
export interface FakeFile {
  filename: string
  content: Buffer
}

export interface FakeTelegramUser {
  id: number
  firstName: string
  lastName?: string
  username?: string
  languageCode?: string
  /** Sends "/start <payload>" (or "/start" alone), a bot_command; unblocks first if blocked, as the client's Restart does. */
  start(payload?: string): Promise<number>
  say(text: string): Promise<number>
  /** Presses the inline button with this text (or callback_data) on `message`, by default the last one sent here with an inline keyboard. */
  tap(buttonText: string, message?: FakeSentMessage): Promise<number>
  /** Shares a contact: their own unless `of` (another user's id) is given. */
  shareContact(phone: string, of?: number): Promise<number>
  /** my_chat_member 'kicked': sends to this chat then answer 403 "Forbidden: bot was blocked by the user". */
  block(): Promise<number>
  unblock(): Promise<number>
  messages(): FakeSentMessage[]
  documents(): FakeDocument[]
}

export interface FakeTelegram {
  baseUrl: string
  token: string
  botId: number
  username: string
  /** As set by setWebhook, or null (then updates wait for getUpdates). */
  webhook: { url: string; secretToken?: string; allowedUpdates?: string[] } | null
  /** Every call made with the right token, in order; method names as documented (sendMessage), whatever the case used. */
  calls: { method: string; params: Record<string, unknown> }[]
  sent: FakeSentMessage[]
  documents: FakeDocument[]
  actions: { chatId: number; action: string }[]
  callbackAnswers: { callbackQueryId: string; text?: string; showAlert?: boolean }[]
  /** setMyCommands / setMyDescription / setMyShortDescription, keyed by language_code ('' for the default). */
  commands: Record<string, { command: string; description: string }[]>
  descriptions: Record<string, string>
  shortDescriptions: Record<string, string>
  left: number[]
  user(options?: Partial<Person>): FakeTelegramUser
  /** A group the bot was just added to (a my_chat_member update), with one member who may talk. */
  group(options?: { id?: number; title?: string; member?: FakeTelegramUser }): {
    id: number
    say(text: string): Promise<number>
  }
  /** The next `count` calls of `method` ('*': any) answer 429 "Too Many Requests: retry after N". */
  floodNext(method: string, count: number, retryAfter: number): void
  /** The next `count` calls of `method` ('*': any) answer this status with ok:false. */
  failNext(method: string, count: number, status?: number): void
  /**
   * Delivers an already delivered update again (same update_id), as Telegram does when unsure: to
   * the webhook, or once more to getUpdates even though the offset already passed it.
   */
  redeliver(updateId: number): Promise<void>
  /** Resolves when no update waits: each answered 2xx by the webhook (or given up), or confirmed by a later getUpdates offset. */
  delivered(timeoutMs?: number): Promise<void>
  updates: Json[]
  close(): Promise<void>
}

/** The server's settings that use this fake. */
export function telegramEnv(fake: FakeTelegram): Record<string, string> {
  return { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_BASE_URL: fake.baseUrl }
}

/** A Bot API refusal: its HTTP status is its error_code. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly parameters?: Json,
  ) {
    super(description)
  }
}
const bad = (what: string) => new Refusal(400, `Bad Request: ${what}`)
const WEBHOOK_ACTIVE =
  "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"
const OTHER_POLL = 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running'

/** A result with Telegram's note beside it (setWebhook's "Webhook was set"). */
class Noted {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}

/** An update not yet delivered (webhook) or not yet confirmed (getUpdates). */
interface Pending {
  update: Json
  id: number
  /** A redelivered update is older than the offset: it goes once more before being forgotten. */
  again: boolean
  returned: boolean
}

const CHAT_ACTIONS = new Set(
  'typing upload_photo record_video upload_video record_voice upload_voice upload_document choose_sticker find_location record_video_note upload_video_note'.split(
    ' ',
  ),
)
const MIME: Record<string, string> = {
  ics: 'text/calendar',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
}
/** Attempts at one webhook delivery, and the pause before the first retry (doubling). */
const WEBHOOK_ATTEMPTS = 5
const WEBHOOK_BACKOFF_MS = 100

export async function startFakeTelegram(
  options: { token?: string; username?: string; deliverTo?: string } = {},
): Promise<FakeTelegram> {
  const token =
    options.token ?? `${randomInt(1_000_000_000, 8_000_000_000)}:${randomBytes(27).toString('base64url').slice(0, 35)}`
  const botId = Number(token.split(':')[0])
  if (!Number.isSafeInteger(botId)) throw new Error('A bot token starts with the bot id: "<digits>:<secret>".')
  const username = options.username ?? 'SaloniaTestBot'
  const bot: Json = { id: botId, is_bot: true, first_name: 'Salonia', username }
  const files = new Map<string, FakeFile>()
  const injected: { method: string; count: number; refusal: Refusal }[] = []
  const watchers = new Set<() => void>()
  let pending: Pending[] = []
  let allowedUpdates: string[] = []
  let nextUpdateId = randomInt(100_000_000, 900_000_000)
  let poll: { end(refusal?: Refusal): void } | null = null
  let lastError: { date: number; message: string } | undefined
  let delivering = false
  let closed = false

  const fake: FakeTelegram = {
    baseUrl: '',
    token,
    botId,
    username,
    webhook: null,
    calls: [],
    sent: [],
    documents: [],
    actions: [],
    callbackAnswers: [],
    commands: {},
    descriptions: {},
    shortDescriptions: {},
    left: [],
    updates: [],
    user: (given = {}) => simulatedUser(world, given),
    group: (given = {}) => simulatedGroup(world, given),
    floodNext(method, count, retryAfter) {
      const refusal = new Refusal(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter })
      injected.push({ method: method.toLowerCase(), count, refusal })
    },
    failNext(method, count, status = 500) {
      injected.push({
        method: method.toLowerCase(),
        count,
        refusal: new Refusal(status, STATUS_CODES[status] ?? 'Error'),
      })
    },
    async redeliver(updateId) {
      const update = fake.updates.find((u) => u.update_id === updateId)
      if (!update) throw new Error(`No update ${updateId} was ever delivered.`)
      queue({ update, id: updateId, again: true, returned: false })
    },
    delivered: (timeoutMs = 5000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pending.length > 0) return
          done()
          resolve()
        }
        const timer = setTimeout(() => {
          done()
          const how = fake.webhook ? `webhook ${fake.webhook.url}` : 'getUpdates (is anyone polling?)'
          reject(new Error(`${pending.length} update(s) still wait for ${how}: ${pending.map((p) => p.id).join(', ')}`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          watchers.delete(check)
        }
        watchers.add(check)
        check()
      }),
    close: async () => {
      closed = true
      // A waiting long poll gets its empty answer before the connections go.
      poll?.end()
      await new Promise((resolve) => setImmediate(resolve))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const world: World = {
    bot,
    chats: new Map(),
    people: new Map(),
    callbackIds: new Set(),
    sent: fake.sent,
    documents: fake.documents,
    emit,
  }

  // === Updates: created by simulated people, then delivered (webhook) or kept (getUpdates)

  function emit(body: Json, deliver = true): number {
    const update = { update_id: nextUpdateId++, ...body }
    fake.updates.push(update)
    const kind = updateKind(update)
    const wanted = allowedUpdates.length > 0 ? allowedUpdates.includes(kind) : !NOT_BY_DEFAULT.includes(kind)
    if (deliver && wanted) queue({ update, id: update.update_id, again: false, returned: false })
    return update.update_id
  }

  function queue(entry: Pending): void {
    pending.push(entry)
    if (fake.webhook) void deliverAll()
    else poll?.end()
  }

  /** Settles delivered() once nothing waits. */
  function changed(): void {
    for (const check of [...watchers]) check()
  }

  /** One update at a time, in order: a chat's updates never overtake one another. */
  async function deliverAll(): Promise<void> {
    if (delivering) return
    delivering = true
    try {
      while (!closed && fake.webhook && pending.length > 0) {
        const entry = pending[0] as Pending
        if (await post(fake.webhook, entry.update)) pending = pending.filter((p) => p !== entry)
        changed()
      }
    } finally {
      delivering = false
    }
  }

  /** True once the webhook took the update (2xx) or Telegram would give up; false if the webhook changed meanwhile. */
  async function post(hook: NonNullable<FakeTelegram['webhook']>, update: Json): Promise<boolean> {
    const url = new URL(hook.url)
    const target = options.deliverTo ? `${new URL(options.deliverTo).origin}${url.pathname}${url.search}` : hook.url
    for (let attempt = 0; attempt < WEBHOOK_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, WEBHOOK_BACKOFF_MS * 2 ** (attempt - 1)))
      if (closed || fake.webhook !== hook) return false
      try {
        const reply = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(hook.secretToken ? { 'x-telegram-bot-api-secret-token': hook.secretToken } : {}),
          },
          body: JSON.stringify(update),
          signal: AbortSignal.timeout(10_000),
        })
        await reply.arrayBuffer().catch(() => undefined)
        if (reply.ok) return true
        lastError = {
          date: unixNow(),
          message: `Wrong response from the webhook: ${reply.status} ${reply.statusText}`,
        }
      } catch (error) {
        lastError = { date: unixNow(), message: `Connection failed: ${(error as Error).message}` }
      }
    }
    return true
  }

  // === The Bot API's methods

  /** The chat a bot writes to, or Telegram's refusal. */
  function reachable(chatId: unknown): ChatState {
    if (chatId === undefined || chatId === '') throw bad('chat_id is empty')
    const chat = world.chats.get(Number(chatId))
    if (!chat) throw bad('chat not found')
    if (chat.blocked) throw new Refusal(403, 'Forbidden: bot was blocked by the user')
    if (!chat.started) throw new Refusal(403, "Forbidden: bot can't initiate conversation with a user")
    if (chat.left) throw new Refusal(403, 'Forbidden: bot is not a member of the group chat')
    return chat
  }

  const methods: Record<string, (p: Json, response: ServerResponse) => unknown> = {
    getMe: () => ({
      ...bot,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
    setWebhook(p) {
      const url = String(p.url ?? '')
      if (!url) return removeWebhook(p)
      webhookProblem(url)
      const secret = p.secret_token === undefined || p.secret_token === '' ? undefined : String(p.secret_token)
      if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
        throw bad('secret token contains unallowed characters')
      if (p.allowed_updates !== undefined) allowedUpdates = (p.allowed_updates as string[]) ?? []
      if (flag(p.drop_pending_updates)) pending = []
      fake.webhook = {
        url,
        ...(secret ? { secretToken: secret } : {}),
        ...(p.allowed_updates ? { allowedUpdates } : {}),
      }
      poll?.end(new Refusal(409, WEBHOOK_ACTIVE))
      void deliverAll()
      changed()
      return new Noted(true, 'Webhook was set')
    },
    deleteWebhook: (p) => removeWebhook(p),
    getWebhookInfo: () => ({
      url: fake.webhook?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: pending.length,
      ...(fake.webhook ? { max_connections: 40 } : {}),
      ...(fake.webhook?.allowedUpdates ? { allowed_updates: fake.webhook.allowedUpdates } : {}),
      ...(lastError ? { last_error_date: lastError.date, last_error_message: lastError.message } : {}),
    }),
    async getUpdates(p, response) {
      if (fake.webhook) throw new Refusal(409, WEBHOOK_ACTIVE)
      if (Array.isArray(p.allowed_updates)) allowedUpdates = p.allowed_updates as string[]
      if (p.offset !== undefined) {
        const offset = Number(p.offset)
        pending = offset < 0 ? pending.slice(offset) : pending.filter((e) => e.id >= offset || (e.again && !e.returned))
        changed()
      }
      const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100) || 100))
      const timeout = Math.max(0, Number(p.timeout ?? 0) || 0)
      poll?.end(new Refusal(409, OTHER_POLL))
      if (pending.length === 0 && timeout > 0) await longPoll(timeout, response)
      if (fake.webhook) throw new Refusal(409, WEBHOOK_ACTIVE)
      const taken = closed || response.destroyed ? [] : pending.slice(0, limit)
      for (const entry of taken) entry.returned = true
      return taken.map((entry) => entry.update)
    },
    sendMessage(p) {
      const chat = reachable(p.chat_id)
      const text = p.text === undefined ? '' : String(p.text)
      if (!text.trim()) throw bad('message text is empty')
      if (text.length > 4096) throw bad('message is too long')
      const replyMarkup = markupOf(p.reply_markup)
      const message: FakeSentMessage = {
        chatId: Number(p.chat_id),
        messageId: ++chat.lastMessageId,
        text,
        date: unixNow(),
      }
      if (replyMarkup) message.replyMarkup = replyMarkup
      fake.sent.push(message)
      return messageJson(message.messageId, bot, chat.json, sentContent(message), message.date)
    },
    sendDocument(p) {
      const chat = reachable(p.chat_id)
      const file = isFile(p.document) ? p.document : files.get(String(p.document ?? ''))
      if (p.document === undefined) throw bad('there is no document in the request')
      if (!file) throw bad('wrong file identifier/HTTP URL specified')
      if (file.content.length === 0) throw bad('file must be non-empty')
      const caption = p.caption === undefined ? undefined : String(p.caption)
      if (caption && caption.length > 1024) throw bad('message caption is too long')
      const replyMarkup = inlineMarkup(markupOf(p.reply_markup))
      const messageId = ++chat.lastMessageId
      const fileId = `BQACAgQAAxkDAAI${randomBytes(24).toString('base64url')}`
      files.set(fileId, file)
      fake.documents.push({ chatId: Number(p.chat_id), messageId, ...file, ...(caption ? { caption } : {}) })
      const document = {
        file_name: file.filename,
        mime_type: MIME[file.filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream',
        file_id: fileId,
        file_unique_id: `AgAD${randomBytes(8).toString('base64url')}`,
        file_size: file.content.length,
      }
      const content = {
        document,
        ...(caption ? { caption } : {}),
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      }
      return messageJson(messageId, bot, chat.json, content)
    },
    sendChatAction(p) {
      reachable(p.chat_id)
      const action = String(p.action ?? '')
      if (!CHAT_ACTIONS.has(action)) throw bad('wrong parameter action in request')
      fake.actions.push({ chatId: Number(p.chat_id), action })
      return true
    },
    answerCallbackQuery(p) {
      const id = String(p.callback_query_id ?? '')
      if (!world.callbackIds.delete(id))
        throw bad('query is too old and response timeout expired or query ID is invalid')
      const record: FakeTelegram['callbackAnswers'][number] = { callbackQueryId: id }
      if (p.text !== undefined) record.text = String(p.text)
      if (p.show_alert !== undefined) record.showAlert = flag(p.show_alert)
      fake.callbackAnswers.push(record)
      return true
    },
    editMessageReplyMarkup(p) {
      const chat = reachable(p.chat_id)
      const message = fake.sent.find((m) => m.chatId === Number(p.chat_id) && m.messageId === Number(p.message_id))
      if (!message) throw bad('message to edit not found')
      const replyMarkup = markupOf(p.reply_markup)
      if (JSON.stringify(inlineMarkup(replyMarkup)) === JSON.stringify(inlineMarkup(message.replyMarkup)))
        throw bad(
          'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
        )
      message.replyMarkup = inlineMarkup(replyMarkup)
      if (!message.replyMarkup) delete message.replyMarkup
      return messageJson(message.messageId, bot, chat.json, sentContent(message), message.date)
    },
    setMyCommands(p) {
      const commands = (Array.isArray(p.commands) ? p.commands : []) as { command: string; description: string }[]
      if (!Array.isArray(p.commands) || commands.length > 100) throw bad('BOT_COMMANDS_TOO_MUCH')
      for (const c of commands) {
        if (!/^[a-z0-9_]{1,32}$/.test(String(c.command))) throw bad('BOT_COMMAND_INVALID')
        if (!c.description || String(c.description).length > 256) throw bad('BOT_COMMAND_DESCRIPTION_INVALID')
      }
      fake.commands[String(p.language_code ?? '')] = commands.map((c) => ({
        command: c.command,
        description: c.description,
      }))
      return true
    },
    getMyCommands: (p) => fake.commands[String(p.language_code ?? '')] ?? [],
    deleteMyCommands(p) {
      delete fake.commands[String(p.language_code ?? '')]
      return true
    },
    setMyDescription: (p) => setText(fake.descriptions, p, String(p.description ?? ''), 512),
    getMyDescription: (p) => ({ description: fake.descriptions[String(p.language_code ?? '')] ?? '' }),
    setMyShortDescription: (p) => setText(fake.shortDescriptions, p, String(p.short_description ?? ''), 120),
    getMyShortDescription: (p) => ({ short_description: fake.shortDescriptions[String(p.language_code ?? '')] ?? '' }),
    leaveChat(p) {
      const chat = world.chats.get(Number(p.chat_id))
      if (!chat) throw bad('chat not found')
      if (chat.json.type === 'private') throw bad("chat member status can't be changed in private chats")
      if (chat.left) throw new Refusal(403, 'Forbidden: bot is not a member of the group chat')
      chat.left = true
      fake.left.push(Number(p.chat_id))
      emit({ my_chat_member: chatMemberJson(chat.json, bot, bot, 'member', 'left') })
      return true
    },
  }
  const byName = new Map(Object.keys(methods).map((name) => [name.toLowerCase(), name]))

  /** Waits for an update, the timeout, or a reason to stop (a newer poll, a webhook, the client gone). */
  function longPoll(seconds: number, response: ServerResponse): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => mine.end(), seconds * 1000)
      const gone = () => mine.end()
      const mine = {
        end(refusal?: Refusal) {
          clearTimeout(timer)
          response.off('close', gone)
          if (poll === mine) poll = null
          if (refusal) reject(refusal)
          else resolve()
        },
      }
      response.on('close', gone)
      poll = mine
    })
  }

  function removeWebhook(p: Json): Noted {
    const had = fake.webhook !== null
    fake.webhook = null
    if (flag(p.drop_pending_updates)) pending = []
    changed()
    return new Noted(true, had ? 'Webhook was deleted' : 'Webhook is already deleted')
  }

  function setText(store: Record<string, string>, p: Json, text: string, max: number): true {
    if (text.length > max) throw bad(`${max === 512 ? 'description' : 'short description'} is too long`)
    const language = String(p.language_code ?? '')
    if (text) store[language] = text
    else delete store[language]
    return true
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const match = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname)
    if (!match) return answer(response, new Refusal(404, 'Not Found'))
    if ((match[1] ?? '').replace(/%3A/gi, ':') !== token) return answer(response, new Refusal(401, 'Unauthorized'))
    const method = byName.get((match[2] ?? '').toLowerCase())
    let params: Json
    try {
      params = await readParams(request, url)
    } catch {
      return answer(response, bad("can't parse request parameters"))
    }
    fake.calls.push({ method: method ?? match[2] ?? '', params })
    const handler = method ? methods[method] : undefined
    if (!method || !handler) return answer(response, new Refusal(404, 'Not Found'))
    const injection = injected.find((i) => i.count > 0 && (i.method === '*' || i.method === method.toLowerCase()))
    if (injection) {
      injection.count--
      return answer(response, injection.refusal)
    }
    try {
      answer(response, undefined, await handler(params, response))
    } catch (error) {
      answer(response, error instanceof Refusal ? error : new Refusal(500, `Internal Server Error: ${error}`))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

function answer(response: ServerResponse, refusal?: Refusal, result?: unknown): void {
  if (response.headersSent || response.destroyed) return
  const body = refusal
    ? {
        ok: false,
        error_code: refusal.status,
        description: refusal.description,
        ...(refusal.parameters ? { parameters: refusal.parameters } : {}),
      }
    : result instanceof Noted
      ? { ok: true, result: result.result, description: result.description }
      : { ok: true, result }
  response.writeHead(refusal?.status ?? 200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

const flag = (value: unknown): boolean => value === true || value === 'true' || value === '1' || value === 1

const isFile = (value: unknown): value is FakeFile =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as FakeFile).content)

/**
 * setWebhook takes HTTPS on ports 443, 80, 88 or 8443 only; plain HTTP on this machine is let
 * through, since tests cannot serve HTTPS (and `deliverTo` redirects an HTTPS one here anyway).
 */
function webhookProblem(url: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw bad('invalid webhook URL specified')
  }
  if (['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) return
  if (parsed.protocol !== 'https:') throw bad('bad webhook: An HTTPS URL must be provided for webhook')
  if (!['', '80', '88', '443', '8443'].includes(parsed.port))
    throw bad('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443')
}

/**
 * The reply_markup as Telegram checks it: inline buttons carry callback_data of 1–64 bytes or a
 * public http(s)/tg URL (Telegram refuses localhost and private addresses); other keyboards pass.
 */
function markupOf(markup: unknown): Json | undefined {
  if (markup === undefined || markup === null || markup === '') return undefined
  if (typeof markup !== 'object') throw bad("can't parse reply keyboard markup JSON object")
  const rows = (markup as Json).inline_keyboard
  if (rows === undefined) return markup as Json
  if (!Array.isArray(rows) || !rows.every(Array.isArray))
    throw bad('field "inline_keyboard" must be an Array of Arrays')
  for (const button of rows.flat() as Json[]) {
    if (typeof button?.text !== 'string' || !button.text) throw bad("can't parse inline keyboard button: Text is empty")
    if (button.callback_data !== undefined) {
      const bytes = Buffer.byteLength(String(button.callback_data))
      if (bytes < 1 || bytes > 64) throw bad('BUTTON_DATA_INVALID')
    } else if (button.url !== undefined) {
      if (!publicUrl(String(button.url)))
        throw bad(`inline keyboard button URL '${button.url}' is invalid: Wrong HTTP URL`)
    } else if (
      !['login_url', 'switch_inline_query', 'web_app', 'pay', 'copy_text', 'callback_game'].some((k) => k in button)
    ) {
      throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
    }
  }
  return markup as Json
}

function publicUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol === 'tg:') return true
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  const host = parsed.hostname
  if (host === 'localhost' || host.endsWith('.localhost') || host.startsWith('[') || !host.includes('.')) return false
  return !/^(0|10|127)\.|^169\.254\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\./.test(host)
}

/**
 * Parameters from the query string and the body, however sent. Values sent as text (query,
 * urlencoded, multipart) stay strings, except JSON-serialized objects and arrays (reply_markup,
 * allowed_updates), parsed as Telegram does; "attach://name" points at the file part `name`.
 */
async function readParams(request: IncomingMessage, url: URL): Promise<Json> {
  const params: Json = Object.fromEntries(url.searchParams)
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  const type = request.headers['content-type'] ?? ''
  const fileParts: Record<string, FakeFile> = {}
  if (body.length > 0 && /^application\/json/i.test(type)) Object.assign(params, JSON.parse(body.toString('utf8')))
  else if (/^application\/x-www-form-urlencoded/i.test(type))
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))))
  else if (/^multipart\/form-data/i.test(type)) {
    for (const part of multipart(body, type)) {
      if (part.filename === undefined) params[part.name] = part.content.toString('utf8')
      else fileParts[part.name] = { filename: part.filename, content: part.content }
    }
  }
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue
    if (value.startsWith('attach://') && fileParts[value.slice(9)]) {
      params[key] = fileParts[value.slice(9)]
      delete fileParts[value.slice(9)]
    } else if (/^\s*[[{]/.test(value)) {
      try {
        params[key] = JSON.parse(value)
      } catch {}
    }
  }
  return Object.assign(params, fileParts)
}

/**
 * multipart/form-data, read by hand: grammY writes `content-disposition:form-data;name="x"`
 * (no spaces, unquoted filename), which Node 20's Response.formData() refuses.
 */
function multipart(body: Buffer, type: string): { name: string; filename?: string; content: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type)
  if (!boundary) throw new Error('multipart without a boundary')
  const delimiter = `\r\n--${boundary[1] ?? boundary[2]}`
  const text = Buffer.concat([Buffer.from('\r\n'), body])
  const parts: { name: string; filename?: string; content: Buffer }[] = []
  let at = text.indexOf(delimiter)
  while (at !== -1) {
    const start = at + delimiter.length
    if (text.subarray(start, start + 2).toString() === '--') break
    const next = text.indexOf(delimiter, start)
    if (next === -1) break
    const part = text.subarray(start + 2, next)
    const split = part.indexOf('\r\n\r\n')
    const head = part.subarray(0, split).toString('utf8')
    const name = /;\s*name="?([^";\r\n]*)"?/i.exec(head)?.[1]
    const filename = /;\s*filename="?([^";\r\n]*)"?/i.exec(head)?.[1]
    if (name !== undefined)
      parts.push({ name, ...(filename !== undefined ? { filename } : {}), content: part.subarray(split + 4) })
    at = next
  }
  return parts
}
