import type {
  FakeWhatsApp,
  FakeWhatsAppBusiness,
  FakeWhatsAppCustomer,
  FakeWhatsAppOptions,
  FakeWhatsAppSend,
} from './whatsapp'
import type { Webhooks } from './whatsapp-webhooks'
import { graphError, type Json, newToken, phoneDigits } from './whatsapp-wire'

/** The fake WhatsApp's state, shared by its handlers. Every time is the fake clock's, in ms. */

export const SECOND_MS = 1000
export const HOUR_MS = 3_600_000
/** Meta: "The exchangeable token code has a time-to-live of 30 seconds." */
export const CODE_TTL_MS = 30 * SECOND_MS
/** A business may send free-form messages up to 24 hours after the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * HOUR_MS
/** A message can be marked read (or shown typing to) up to 30 days after it arrived. */
export const READ_WINDOW_MS = 30 * 24 * HOUR_MS
/** Registration: at most 10 register or deregister calls per number in a moving 72 hours. */
export const REGISTER_LIMIT = { count: 10, windowMs: 72 * HOUR_MS }

export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED'

export interface Business extends FakeWhatsAppBusiness {
  /** display_phone_number as webhooks write it: digits only. */
  digits: string
  businessId: string
  qualityRating: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN'
  messagingLimitTier: string
  /** The two-step verification PIN, once set by register (or POST /<PHONE_NUMBER_ID>). */
  pin: string | undefined
  registered: boolean
  /** Times of register/deregister calls, for Meta's 10-per-72-hours limit. */
  registerCalls: number[]
  subscribed: boolean
}

export interface Token {
  value: string
  wabaId: string
  revoked: boolean
}

export interface Code {
  value: string
  business: Business
  issuedAt: number
  used: boolean
  /** The dialog's redirect_uri, when it had one: the exchange must repeat it exactly. */
  redirectUri: string | undefined
}

export interface Template {
  id: string
  wabaId: string
  name: string
  language: string
  category: string
  status: TemplateStatus
  components: Json[]
  /** `{{n}}` variables of the BODY and of a TEXT HEADER: what a send must fill. */
  bodyParams: number
  headerParams: number
}

export interface Media {
  id: string
  phoneNumberId: string
  filename: string | undefined
  mimeType: string
  content: Buffer
}

export interface CustomerState {
  handle: FakeWhatsAppCustomer
  business: Business
  /** The customer's last message to this number: the 24-hour window starts there. */
  lastMessageAt: number | undefined
  /** What the product sent them, in order. */
  received: FakeWhatsAppSend[]
  /** Their messages' wamids → arrival time: what read receipts and typing indicators may name. */
  inbound: Map<string, number>
}

/** A status notification waiting for flushStatuses (or sent at once with autoStatuses). */
export interface QueuedStatus {
  business: Business
  wamid: string
  status: Json
}

export interface World {
  options: FakeWhatsAppOptions
  now(): number
  businesses: Business[]
  tokens: Map<string, Token>
  codes: Map<string, Code>
  templates: Template[]
  media: Map<string, Media>
  /** By `customerKey`: a wa_id only means something for one business number. */
  customers: Map<string, CustomerState>
  fake: FakeWhatsApp
  webhooks: Webhooks
  sends: FakeWhatsAppSend[]
  typing: { phoneNumberId: string; messageId: string; at: number }[]
  readReceipts: { phoneNumberId: string; messageId: string; at: number }[]
  statusQueue: QueuedStatus[]
  /** Called once a send's answer is out: posts its statuses when autoStatuses is on. */
  afterSend(response: { once(event: 'close', listener: () => void): unknown }): void
  /** The customer's state (made on first sight, as Meta knows every WhatsApp user). */
  customerState(business: Business, waId: string): CustomerState
}

export const customerKey = (phoneNumberId: string, waId: string): string => `${phoneNumberId}:${waId}`

export function businessByPhone(world: World, phoneNumberId: string): Business | undefined {
  return world.businesses.find((b) => b.phoneNumberId === phoneNumberId)
}

export function businessByWaba(world: World, wabaId: string): Business[] {
  return world.businesses.filter((b) => b.wabaId === wabaId)
}

export function makeBusiness(options: FakeWhatsAppBusiness, index: number): Business {
  return {
    ...options,
    digits: phoneDigits(options.displayPhoneNumber),
    businessId: options.businessId ?? String(2729063490586005 + index),
    qualityRating: options.qualityRating ?? 'GREEN',
    messagingLimitTier: options.messagingLimitTier ?? 'TIER_250',
    pin: undefined,
    registered: options.coexistence === true,
    registerCalls: [],
    subscribed: false,
  }
}

export function issueToken(world: World, wabaId: string): Token {
  const token: Token = { value: newToken(), wabaId, revoked: false }
  world.tokens.set(token.value, token)
  return token
}

/**
 * The token behind a request, or Graph's refusal, HTTP 401 as the Cloud API answers it: 104 when
 * none was given (400), 190 when it is not one of ours, 190/460 when revoked. Business tokens do
 * not expire (a system user's, "never expire" by default), so there is no 463 here.
 */
export function liveToken(world: World, raw: string | undefined): Token {
  if (!raw) throw graphError(104, 'An access token is required to request this resource.')
  const token = world.tokens.get(raw)
  if (!token) {
    throw graphError(190, 'Invalid OAuth access token - Cannot parse access token', { status: 401 })
  }
  if (token.revoked) {
    throw graphError(
      190,
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      { status: 401, subcode: 460 },
    )
  }
  return token
}
