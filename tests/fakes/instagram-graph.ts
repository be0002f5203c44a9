import type { IncomingMessage, ServerResponse } from 'node:http'
import { notificationBody } from './instagram-webhooks'
import { graphRefusal, type Json, metaJson, newMid, type Refusal, sendJson, text, unsupported } from './instagram-wire'
import { customerKey, HOUR_MS, liveToken, MESSAGING_WINDOW_MS, type Token, type World } from './instagram-world'

/**
 * The Graph API of Instagram Login (graph.instagram.com), after its optional `/vNN.N` prefix:
 *  - GET    /me, /<own id>               the professional account, only the fields asked (default `id`)
 *  - GET    /<igsid>                     User Profile API: a customer who wrote to this account
 *  - GET|POST|DELETE /me/subscribed_apps webhook fields of this account for the app
 *  - POST   /me/messages, /<own id>/messages   the Send API (text), then an echo notification
 * The token comes as `access_token` (query or body) or `Authorization: Bearer`.
 */

/** The IG User fields the fake knows; `id` is the app-scoped id, `user_id` the one webhooks carry. */
const ACCOUNT_FIELDS: Record<string, (token: Token) => unknown> = {
  id: (t) => t.account.appScopedId,
  user_id: (t) => t.account.userId,
  username: (t) => t.account.username,
  name: (t) => t.account.username,
  account_type: () => 'BUSINESS',
}
/** Webhook fields an Instagram account can subscribe the app to. */
const WEBHOOK_FIELDS = new Set(
  'comments live_comments mentions message_edit message_reactions messages messaging_handover messaging_optins messaging_postbacks messaging_referral messaging_seen standby story_insights'.split(
    ' ',
  ),
)
/** With the HUMAN_AGENT tag a person (not a bot) may answer for 7 days. */
const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS
const MAX_TEXT_BYTES = 1000

export function createGraph(world: World) {
  const { fake } = world

  function handle(method: string, path: string, params: Json, request: IncomingMessage, response: ServerResponse) {
    const segments = path.split('/').filter(Boolean)
    const [node, edge] = segments
    if (!node || segments.length > 2) throw unknownPath(path)
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
    const token = liveToken(world, text(params, 'access_token') ?? bearer)
    const { account } = token
    const own = node === 'me' || node === account.userId || node === account.appScopedId
    if (edge === undefined) {
      if (method !== 'GET') throw unsupported(method, node)
      return sendJson(
        response,
        200,
        metaJson(own ? pick(fieldsOf(params), ACCOUNT_FIELDS, token, 'User') : profile(token, node, params)),
      )
    }
    if (!own) throw unsupported(method, node)
    if (edge === 'messages' && method === 'POST') return sendMessage(token, params, response)
    if (edge === 'subscribed_apps') return subscribedApps(method, token, params, response)
    if (edge === 'messages') throw unsupported(method, node)
    throw unknownPath(`/${edge}`)
  }

  /** A customer's public profile, only for the account they wrote to (their consent, in Meta's terms). */
  function profile(token: Token, igsid: string, params: Json): Json {
    const customer = world.customers.get(customerKey(token.account.userId, igsid))
    if (!customer || customer.lastMessageAt === undefined) throw unsupported('GET', igsid)
    const known: Record<string, (t: Token) => unknown> = {
      id: () => customer.igsid,
      name: () => customer.name,
      username: () => customer.username,
      is_verified_user: () => false,
      follower_count: () => 0,
      is_user_follow_business: () => false,
      is_business_follow_user: () => false,
    }
    return pick(fieldsOf(params), known, token, 'InstagramUser')
  }

  function subscribedApps(method: string, token: Token, params: Json, response: ServerResponse) {
    const userId = token.account.userId
    if (method === 'GET') {
      const fields = fake.subscriptions.get(userId)
      return sendJson(response, 200, metaJson({ data: fields ? [{ subscribed_fields: fields }] : [] }))
    }
    if (method === 'DELETE') {
      fake.subscriptions.delete(userId)
      return sendJson(response, 200, metaJson({ success: true }))
    }
    if (method !== 'POST') throw unsupported(method, 'subscribed_apps')
    const given = params.subscribed_fields
    const fields = (Array.isArray(given) ? given.map(String) : typeof given === 'string' ? given.split(',') : [])
      .map((f) => f.trim())
      .filter(Boolean)
    if (fields.length === 0) throw graphRefusal(100, '(#100) The parameter subscribed_fields is required')
    const wrong = fields.findIndex((f) => !WEBHOOK_FIELDS.has(f))
    if (wrong !== -1) {
      throw graphRefusal(
        100,
        `(#100) Param subscribed_fields[${wrong}] must be one of {${[...WEBHOOK_FIELDS].join(', ')}} - got "${fields[wrong]}"`,
      )
    }
    fake.subscriptions.set(userId, [...new Set(fields)])
    sendJson(response, 200, metaJson({ success: true }))
  }

  /**
   * The Send API, checked in Meta's order: parameters (text ≤ 1000 UTF-8 bytes), then the recipient
   * (must have written to this account), then the 24-hour window from their last message. Once the
   * answer is out, the echo of the message is posted to the webhook, as Meta does for API sends.
   */
  function sendMessage(token: Token, params: Json, response: ServerResponse) {
    const recipient = params.recipient as Json | undefined
    const message = params.message as Json | undefined
    const recipientId = recipient?.id
    if (typeof recipientId !== 'string' && typeof recipientId !== 'number') {
      throw graphRefusal(100, '(#100) The parameter recipient is required')
    }
    if (!message || typeof message !== 'object') throw graphRefusal(100, '(#100) The parameter message is required')
    if (message.attachment !== undefined) {
      throw graphRefusal(100, '(#100) The fake Instagram only sends text messages (message.text)')
    }
    const body = message.text
    if (typeof body !== 'string' || body.length === 0)
      throw graphRefusal(100, '(#100) Param message[text] must be non-empty.')
    if (Buffer.byteLength(body, 'utf8') > MAX_TEXT_BYTES) {
      throw graphRefusal(100, `(#100) Length of param message[text] must be less than or equal to ${MAX_TEXT_BYTES}`)
    }
    const quickReplies = readQuickReplies(message.quick_replies)
    const { account } = token
    const customer = world.customers.get(customerKey(account.userId, String(recipientId)))
    if (!customer || customer.lastMessageAt === undefined) {
      throw graphRefusal(100, 'No matching user found', { subcode: 2018001 })
    }
    const now = world.now()
    const window = params.tag === 'HUMAN_AGENT' ? HUMAN_AGENT_WINDOW_MS : MESSAGING_WINDOW_MS
    if (now - customer.lastMessageAt >= window) {
      throw graphRefusal(10, '(#10) This message is sent outside of allowed window.', { subcode: 2534022 })
    }
    const mid = newMid()
    fake.sent.push({
      accountUserId: account.userId,
      recipientId: customer.igsid,
      text: body,
      ...(quickReplies.length ? { quickReplies } : {}),
      mid,
      at: now,
    })
    customer.received.push(body)
    customer.quickReplies = quickReplies
    const echo = notificationBody(
      [
        {
          accountUserId: account.userId,
          senderId: account.userId,
          recipientId: customer.igsid,
          timestamp: now,
          message: { mid, text: body, is_echo: true },
        },
      ],
      now,
    )
    world.webhooks.deliverAfter(new Promise((resolve) => response.once('close', resolve)), echo, [mid])
    sendJson(response, 200, metaJson({ recipient_id: customer.igsid, message_id: mid }))
  }

  return { handle }
}

function fieldsOf(params: Json): string[] {
  const fields = (text(params, 'fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
  return fields.length > 0 ? fields : ['id']
}

/** Only the fields asked, in the order asked; an unknown one is Graph's "nonexisting field" refusal. */
function pick(fields: string[], known: Record<string, (t: Token) => unknown>, token: Token, nodeType: string): Json {
  const out: Json = {}
  for (const field of fields) {
    const read = known[field]
    if (!read) throw graphRefusal(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`)
    out[field] = read(token)
  }
  return out
}

function unknownPath(path: string): Refusal {
  return graphRefusal(100, `Unknown path components: ${path}`)
}

/**
 * `message.quick_replies` as Meta takes it: at most 13, each `content_type: 'text'` with a title
 * (shown cut at 20 characters) and a payload of at most 1,000 characters.
 */
function readQuickReplies(value: unknown): { title: string; payload: string }[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || value.length === 0 || value.length > 13) {
    throw graphRefusal(100, '(#100) param message[quick_replies] must be an array of 1 to 13 elements')
  }
  return value.map((item: Json, index) => {
    if (item?.content_type !== 'text') {
      throw graphRefusal(
        100,
        `(#100) param message[quick_replies][${index}][content_type] must be one of {text, user_phone_number, user_email}`,
      )
    }
    const { title, payload } = item
    if (typeof title !== 'string' || title.length === 0) {
      throw graphRefusal(100, `(#100) param message[quick_replies][${index}][title] must be a non-empty string`)
    }
    if ((typeof payload !== 'string' && typeof payload !== 'number') || String(payload).length > 1000) {
      throw graphRefusal(
        100,
        `(#100) param message[quick_replies][${index}][payload] is required (at most 1000 characters)`,
      )
    }
    return { title: Array.from(title).slice(0, 20).join(''), payload: String(payload) }
  })
}
