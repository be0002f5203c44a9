import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeWhatsAppSend } from './whatsapp'
import { readOutgoing } from './whatsapp-messages'
import { createTemplate, listTemplates } from './whatsapp-templates'
import {
  CLOUD_ERRORS,
  cloudError,
  graphError,
  invalidValue,
  type Json,
  metaJson,
  newObjectId,
  newWamid,
  phoneDigits,
  type ReadBody,
  type Refusal,
  required,
  sendJson,
  text,
  unixSeconds,
  unsupported,
} from './whatsapp-wire'
import {
  type Business,
  businessByPhone,
  businessByWaba,
  type CustomerState,
  liveToken,
  READ_WINDOW_MS,
  REGISTER_LIMIT,
  SERVICE_WINDOW_MS,
  type Template,
  type Token,
  type World,
} from './whatsapp-world'

/**
 * The Cloud API on graph.facebook.com, after its optional `/vNN.N` prefix. Every call needs a
 * business token (`Authorization: Bearer`, or `access_token`), which reaches only the WABA it was
 * issued for and that WABA's phone numbers:
 *  - GET  /<PHONE_NUMBER_ID>?fields=…             the number: only the fields asked, plus id
 *  - POST /<PHONE_NUMBER_ID>                      {pin}: sets the two-step verification PIN
 *  - POST /<PHONE_NUMBER_ID>/register|deregister  {messaging_product, pin}
 *  - POST /<PHONE_NUMBER_ID>/media                multipart upload (file, type, messaging_product)
 *  - POST /<PHONE_NUMBER_ID>/messages             the Send API; also read receipts and typing
 *  - GET  /<WABA_ID>, /<WABA_ID>/phone_numbers
 *  - GET|POST|DELETE /<WABA_ID>/subscribed_apps
 *  - GET|POST /<WABA_ID>/message_templates
 */

const PHONE_FIELDS: Record<string, (b: Business) => unknown> = {
  id: (b) => b.phoneNumberId,
  display_phone_number: (b) => b.displayPhoneNumber,
  verified_name: (b) => b.verifiedName,
  quality_rating: (b) => b.qualityRating,
  messaging_limit_tier: (b) => b.messagingLimitTier,
  whatsapp_business_manager_messaging_limit: (b) => b.messagingLimitTier,
  code_verification_status: () => 'VERIFIED',
  name_status: () => 'APPROVED',
  platform_type: (b) => (b.registered ? 'CLOUD_API' : 'NOT_APPLICABLE'),
  status: (b) => (b.registered ? 'CONNECTED' : 'PENDING'),
  throughput: () => ({ level: 'STANDARD' }),
  is_pin_enabled: (b) => b.pin !== undefined,
  account_mode: () => 'LIVE',
}
const PHONE_DEFAULT_FIELDS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
]
/** Media types the Cloud API takes, with their size limits (Meta's "Supported media types"). */
const MB = 1024 * 1024
const MEDIA_TYPES: Record<string, number> = {
  'audio/aac': 16 * MB,
  'audio/amr': 16 * MB,
  'audio/mpeg': 16 * MB,
  'audio/mp4': 16 * MB,
  'audio/ogg': 16 * MB,
  'text/plain': 100 * MB,
  'application/vnd.ms-excel': 100 * MB,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
  'application/msword': 100 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
  'application/vnd.ms-powerpoint': 100 * MB,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
  'application/pdf': 100 * MB,
  'image/jpeg': 5 * MB,
  'image/png': 5 * MB,
  'image/webp': 500 * 1024,
  'video/3gpp': 16 * MB,
  'video/mp4': 16 * MB,
}
const HREF = '/documentation/business-messaging/whatsapp/support/error-codes'

export interface Failure {
  code?: number
  httpStatus?: number
  left: number
}

export function createGraph(world: World, failures: Failure[]) {
  function handle(
    method: string,
    path: string,
    version: number,
    body: ReadBody,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const segments = path.split('/').filter(Boolean)
    const [node, edge] = segments
    if (!node || segments.length > 2) throw unknownPath(path)
    const { params } = body
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
    const token = liveToken(world, text(params, 'access_token') ?? bearer)
    const phone = businessByPhone(world, node)
    if (phone) {
      if (phone.wabaId !== token.wabaId) throw unsupported(method, node)
      return phoneNumber(method, phone, edge, body, version, response)
    }
    if (businessByWaba(world, node).length > 0) {
      if (node !== token.wabaId) throw unsupported(method, node)
      return whatsappBusinessAccount(method, token, edge, params, response)
    }
    throw unsupported(method, node)
  }

  function phoneNumber(
    method: string,
    business: Business,
    edge: string | undefined,
    body: ReadBody,
    version: number,
    response: ServerResponse,
  ) {
    const { params } = body
    const id = business.phoneNumberId
    if (edge === undefined) {
      if (method === 'GET') return sendJson(response, 200, metaJson(pick(params, PHONE_FIELDS, business)))
      if (method === 'POST') return setPin(business, params, response)
      throw unsupported(method, id)
    }
    const routes: Record<string, () => void> = {
      register: () => register(business, params, response),
      deregister: () => deregister(business, response),
      media: () => upload(business, body, response),
      messages: () => messages(business, params, version, response),
    }
    const route = routes[edge]
    if (!route) throw unknownPath(`/${edge}`)
    if (method !== 'POST') throw unsupported(method, id)
    route()
  }

  function whatsappBusinessAccount(
    method: string,
    token: Token,
    edge: string | undefined,
    params: Json,
    response: ServerResponse,
  ) {
    const wabaId = token.wabaId
    const numbers = businessByWaba(world, wabaId)
    if (edge === undefined) {
      if (method !== 'GET') throw unsupported(method, wabaId)
      const first = numbers[0]
      const known: Record<string, () => unknown> = {
        id: () => wabaId,
        name: () => first?.verifiedName,
        currency: () => 'EUR',
        timezone_id: () => '1',
        message_template_namespace: () => `${wabaId.slice(0, 8)}_${wabaId.slice(8)}`,
      }
      return sendJson(response, 200, metaJson(pickFrom(params, known, ['id', 'name'], 'WhatsAppBusinessAccount')))
    }
    if (edge === 'subscribed_apps') return subscribedApps(method, numbers, response)
    if (edge === 'message_templates') {
      if (method === 'POST') return sendJson(response, 200, metaJson(createTemplate(world, wabaId, params)))
      if (method === 'GET') return sendJson(response, 200, metaJson(listTemplates(world, wabaId, params)))
      throw unsupported(method, wabaId)
    }
    if (edge === 'phone_numbers') {
      if (method !== 'GET') throw unsupported(method, wabaId)
      const data = numbers.map((b) => pick({ fields: text(params, 'fields') }, PHONE_FIELDS, b))
      return sendJson(response, 200, metaJson({ data, paging: { cursors: { before: 'QVFIUk', after: 'QVFIUk' } } }))
    }
    throw unknownPath(`/${edge}`)
  }

  /** The app's webhook subscription for a WABA: one app here, the fake's own. */
  function subscribedApps(method: string, numbers: Business[], response: ServerResponse) {
    const set = (value: boolean) => {
      for (const b of numbers) b.subscribed = value
    }
    if (method === 'POST') set(true)
    else if (method === 'DELETE') set(false)
    else if (method !== 'GET') throw unsupported(method, numbers[0]?.wabaId ?? '')
    if (method !== 'GET') return sendJson(response, 200, metaJson({ success: true }))
    const { appId, appName = 'Salonia' } = world.options
    const data = numbers[0]?.subscribed
      ? [
          {
            whatsapp_business_api_data: {
              link: `https://www.facebook.com/games/?app_id=${appId}`,
              name: appName,
              id: appId,
            },
          },
        ]
      : []
    sendJson(response, 200, metaJson({ data }))
  }

  function messagingProduct(params: Json) {
    const value = params.messaging_product
    if (value === undefined) throw required('messaging_product')
    if (value !== 'whatsapp') {
      throw graphError(100, `(#100) Param messaging_product must be one of {WHATSAPP} - got "${String(value)}".`)
    }
  }

  /** Meta's limit on registration: 10 register/deregister calls per number in a moving 72 hours (133016). */
  function countRegisterCall(business: Business) {
    const now = world.now()
    business.registerCalls = business.registerCalls.filter((at) => now - at < REGISTER_LIMIT.windowMs)
    if (business.registerCalls.length >= REGISTER_LIMIT.count) throw cloudError(133016)
    business.registerCalls.push(now)
  }

  function readPin(params: Json): string {
    const pin = text(params, 'pin')
    if (pin === undefined) throw required('pin')
    if (!/^\d{6}$/.test(pin)) {
      throw graphError(100, '(#100) Param pin must be a 6-digit number.', { details: 'pin: 6 digits expected' })
    }
    return pin
  }

  /**
   * Registers the number for the Cloud API. The PIN becomes the number's two-step verification
   * PIN; once one is set, a register with another PIN is 133005 (Meta: pass the existing PIN).
   */
  function register(business: Business, params: Json, response: ServerResponse) {
    countRegisterCall(business)
    messagingProduct(params)
    const pin = readPin(params)
    if (business.pin !== undefined && business.pin !== pin) throw cloudError(133005)
    business.pin = pin
    business.registered = true
    sendJson(response, 200, metaJson({ success: true }))
  }

  function deregister(business: Business, response: ServerResponse) {
    countRegisterCall(business)
    business.registered = false
    sendJson(response, 200, metaJson({ success: true }))
  }

  /** POST /<PHONE_NUMBER_ID> {pin}: sets (or changes) the two-step verification PIN. */
  function setPin(business: Business, params: Json, response: ServerResponse) {
    business.pin = readPin(params)
    sendJson(response, 200, metaJson({ success: true }))
  }

  /**
   * Media upload, multipart/form-data: `messaging_product=whatsapp`, `file` (with a filename) and
   * its MIME type — the file part's Content-Type, or the `type` field when the part has none (Meta's
   * example sends only `file=@name;type=…`; its parameter table lists `type` as required).
   */
  function upload(business: Business, body: ReadBody, response: ServerResponse) {
    const { params, parts } = body
    messagingProduct(params)
    const file = parts.find((p) => p.name === 'file' && p.filename !== undefined)
    if (!file) throw required('file')
    const partType = file.contentType && file.contentType !== 'application/octet-stream' ? file.contentType : undefined
    const mimeType = partType ?? text(params, 'type')?.toLowerCase()
    if (!mimeType) throw required('type')
    const max = MEDIA_TYPES[mimeType]
    if (max === undefined) {
      throw graphError(
        100,
        `(#100) Param file must be a file with one of the following types: ${Object.keys(MEDIA_TYPES).join(', ')}. Received file of type '${mimeType}'.`,
        { details: `file: unsupported type ${mimeType}` },
      )
    }
    if (file.data.length > max) {
      throw graphError(100, '(#100) File size too large', {
        details: `file: ${file.data.length} bytes, at most ${max} for ${mimeType}`,
      })
    }
    const id = newObjectId()
    world.media.set(id, {
      id,
      phoneNumberId: business.phoneNumberId,
      filename: file.filename,
      mimeType,
      content: file.data,
    })
    sendJson(response, 200, metaJson({ id }))
  }

  /** failNext's next failure, if any: each is consumed by one message send (`times` of them). */
  function takeFailure(): Refusal | undefined {
    const next = failures[0]
    if (!next) return undefined
    next.left -= 1
    if (next.left <= 0) failures.shift()
    return injected(next)
  }

  /**
   * The Send API. Read receipts and typing indicators (`status: "read"`) answer `{success:true}`.
   * A message is checked (body, limits, template), then accepted: the answer carries its wamid,
   * and its statuses are queued — sent, delivered, read; or failed, 131026 for an undeliverable
   * customer, 131047 for a free-form message outside the 24 hours after their last message.
   */
  function messages(business: Business, params: Json, version: number, response: ServerResponse) {
    messagingProduct(params)
    if (params.status !== undefined) return markRead(business, params, response)
    const failure = takeFailure()
    if (failure) throw failure
    if (params.recipient_type !== undefined && params.recipient_type !== 'individual') {
      throw graphError(100, '(#100) Invalid parameter', {
        details: `recipient_type: the fake WhatsApp sends to 'individual' recipients, not '${String(params.recipient_type)}'`,
      })
    }
    const to = params.to
    if (to === undefined || to === null || to === '') throw required('to')
    const waId = phoneDigits(String(to))
    if (/[a-z]/i.test(String(to)) || !/^\d{7,15}$/.test(waId)) {
      throw graphError(100, '(#100) Invalid parameter', { details: `to: '${String(to)}' is not a phone number` })
    }
    if (waId === business.digits) throw cloudError(131021)
    const { usedTemplate, ...outgoing } = readOutgoing(world, business, params, version)
    if (!business.registered) throw cloudError(133010)
    const customer = world.customerState(business, waId)
    const now = world.now()
    const wamid = newWamid(waId)
    const send: FakeWhatsAppSend = { phoneNumberId: business.phoneNumberId, to: waId, ...outgoing, wamid, at: now }
    world.sends.push(send)
    customer.received.push(send)
    queueStatuses(business, customer, send, usedTemplate)
    world.afterSend(response)
    sendJson(
      response,
      200,
      metaJson({
        messaging_product: 'whatsapp',
        contacts: [{ input: String(to), wa_id: waId }],
        messages: [{ id: wamid, ...(usedTemplate ? { message_status: 'accepted' } : {}) }],
      }),
    )
  }

  /** `{status:"read", message_id, typing_indicator?:{type:"text"}}`: a customer's message of the last 30 days. */
  function markRead(business: Business, params: Json, response: ServerResponse) {
    if (params.status !== 'read') {
      throw invalidValue(`status: only 'read' can be set, got '${String(params.status)}'`)
    }
    const messageId = text(params, 'message_id')
    if (!messageId) throw required('message_id')
    const now = world.now()
    const arrived = [...world.customers.values()]
      .filter((c) => c.business === business)
      .map((c) => c.inbound.get(messageId))
      .find((at) => at !== undefined)
    if (arrived === undefined || now - arrived > READ_WINDOW_MS) {
      throw invalidValue(`message_id: ${messageId} is not a message this number received in the last 30 days`)
    }
    const indicator = params.typing_indicator
    if (indicator !== undefined) {
      if (typeof indicator !== 'object' || indicator === null || (indicator as Json).type !== 'text') {
        throw invalidValue("typing_indicator['type']: must be 'text'")
      }
      world.typing.push({ phoneNumberId: business.phoneNumberId, messageId, at: now })
    } else {
      world.readReceipts.push({ phoneNumberId: business.phoneNumberId, messageId, at: now })
    }
    sendJson(response, 200, metaJson({ success: true }))
  }

  /**
   * A send's statuses, as Meta reports them later: failed (131026 undeliverable; 131047 outside the
   * window, for any message but a template), else sent and delivered with the conversation and
   * per-message pricing, then read when the customer reads. Decided now, posted on flush.
   */
  function queueStatuses(business: Business, customer: CustomerState, send: FakeWhatsAppSend, template?: Template) {
    const now = send.at
    const timestamp = unixSeconds(now)
    const inWindow = customer.lastMessageAt !== undefined && now - customer.lastMessageAt < SERVICE_WINDOW_MS
    const base = { id: send.wamid, timestamp, recipient_id: send.to }
    const queue = (status: Json) => world.statusQueue.push({ business, wamid: send.wamid, status })
    const failedCode = customer.handle.undeliverable ? 131026 : !template && !inWindow ? 131047 : undefined
    if (failedCode !== undefined) {
      const known = CLOUD_ERRORS[failedCode]
      const title = known?.title ?? ''
      queue({
        ...base,
        status: 'failed',
        errors: [
          { code: failedCode, title, message: title, error_data: { details: known?.details ?? '' }, href: HREF },
        ],
      })
      return
    }
    const category = template ? template.category.toLowerCase() : 'service'
    const free = !template || (category === 'utility' && inWindow)
    const conversationId = randomBytes(16).toString('hex')
    const pricing = {
      billable: !free,
      pricing_model: 'PMP',
      category,
      type: free ? 'free_customer_service' : 'regular',
    }
    queue({
      ...base,
      status: 'sent',
      conversation: {
        id: conversationId,
        expiration_timestamp: unixSeconds(now + SERVICE_WINDOW_MS),
        origin: { type: category },
      },
      pricing,
    })
    queue({ ...base, status: 'delivered', conversation: { id: conversationId, origin: { type: category } }, pricing })
    if (customer.handle.reads) queue({ ...base, status: 'read' })
  }

  return { handle }
}

/** failNext's refusal: a Cloud API code with its title and status, or a bare HTTP status. */
function injected(failure: Failure): Refusal {
  if (failure.code !== undefined) {
    const known = CLOUD_ERRORS[failure.code]
    return cloudError(failure.code, known?.details, failure.httpStatus ?? known?.status)
  }
  const status = failure.httpStatus ?? 500
  if (status === 503) return cloudError(2, undefined, 503)
  if (status >= 500) return cloudError(131000, undefined, status)
  if (status === 429) return cloudError(130429, undefined, 429)
  if (status === 401) return graphError(190, 'Invalid OAuth access token - Cannot parse access token', { status })
  return cloudError(1, undefined, status)
}

function unknownPath(path: string): Refusal {
  return graphError(2500, `Unknown path components: ${path}`)
}

/** Only the fields asked (the node's defaults when none), id last as Graph writes it. */
function pick(params: Json, known: Record<string, (b: Business) => unknown>, business: Business): Json {
  const read = Object.fromEntries(Object.entries(known).map(([field, get]) => [field, () => get(business)]))
  return pickFrom(params, read, PHONE_DEFAULT_FIELDS, 'WhatsAppBusinessPhoneNumber')
}

function pickFrom(params: Json, known: Record<string, () => unknown>, defaults: string[], nodeType: string): Json {
  const asked = (text(params, 'fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
  const fields = asked.length > 0 ? asked : defaults
  const out: Json = {}
  for (const field of fields) {
    const read = known[field]
    if (!read) throw graphError(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`)
    out[field] = read()
  }
  if (!('id' in out)) out.id = known.id?.()
  return out
}
