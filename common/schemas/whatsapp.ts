import { z } from 'zod'
import { text } from './primitives'

/**
 * WhatsApp (issue 40): a salon's own WhatsApp Business number, connected with Meta's Embedded
 * Signup from the dashboard's client-access area, as its card shows it.
 */

/**
 * not_configured: this server has no WhatsApp app (WHATSAPP_* unset); not_connected; connecting:
 * the number is being set up (code exchanged, registered, webhooks subscribed) by a job;
 * connected; failed: setting it up failed (the card says why, the owner tries again); reconnect:
 * Meta no longer accepts the salon's token: nothing is sent until the owner connects again.
 */
export const WHATSAPP_CARD_STATES = [
  'not_configured',
  'not_connected',
  'connecting',
  'connected',
  'failed',
  'reconnect',
] as const
export type WhatsAppCardState = (typeof WHATSAPP_CARD_STATES)[number]

/** Meta's quality rating of the number (GREEN high, YELLOW medium, RED low). */
export const WHATSAPP_QUALITY = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const

/** A template's state: Meta's review, or not created yet (the job creates them after connecting). */
export const WHATSAPP_TEMPLATE_STATUSES = [
  'NOT_CREATED',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'FLAGGED',
] as const
export type WhatsAppTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number]

/** What the templates are for: the appointment reminder and the salon's change notice. */
export const WHATSAPP_TEMPLATE_PURPOSES = ['reminder', 'change'] as const

/** Why setting the number up failed (the card says each in words). */
export const WHATSAPP_CONNECT_ERRORS = [
  'code_refused',
  'register_failed',
  'subscribe_failed',
  'number_in_use',
  'token_refused',
  'unavailable',
] as const

export const whatsappCardSchema = z.object({
  state: z.enum(WHATSAPP_CARD_STATES),
  /** What the browser needs to open Embedded Signup (null without a WhatsApp app on this server). */
  signup: z
    .object({
      appId: z.string(),
      configId: z.string(),
      /** The signup window's address, www.facebook.com's dialog (or a fake's in tests). */
      dialogUrl: z.string(),
      /** The origin whose messages carry the signup's session info (the WABA and the number). */
      messageOrigin: z.string(),
    })
    .nullable(),
  number: z
    .object({
      display: z.string().nullable(),
      verifiedName: z.string().nullable(),
      quality: z.enum(WHATSAPP_QUALITY).nullable(),
      /** Meta's messaging limit tier (TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED). */
      messagingLimit: z.string().nullable(),
      /** https://wa.me/<digits>: opens a chat with the salon's number. */
      waLink: z.string().nullable(),
    })
    .nullable(),
  templates: z.array(
    z.object({
      purpose: z.enum(WHATSAPP_TEMPLATE_PURPOSES),
      language: z.enum(['fr', 'de', 'it', 'en']),
      status: z.enum(WHATSAPP_TEMPLATE_STATUSES),
    }),
  ),
  /** Messages sent in the last 7 days, by what WhatsApp last said of them. */
  delivery: z.object({ sent: z.number(), delivered: z.number(), read: z.number(), failed: z.number() }),
  error: z.enum(WHATSAPP_CONNECT_ERRORS).nullable(),
  connectedAt: z.string().nullable(),
})
export type WhatsAppCard = z.infer<typeof whatsappCardSchema>

/** Meta's ids are digits. */
const metaId = (what: string) => text().regex(/^\d{1,40}$/, `${what} is made of digits`)

/** What Embedded Signup gave the browser, posted to connect the number. */
export const whatsappConnectInputSchema = z.object({
  /** The authorization code (the signup window's redirect), exchanged by the server for the business token. */
  code: text().min(1, 'The signup code is missing').max(2048),
  /** The state the signup started with (ties the code to this browser). */
  state: text().min(1).max(512),
  wabaId: metaId('A WhatsApp Business Account id'),
  phoneNumberId: metaId('A phone number id'),
})
export type WhatsAppConnectInput = z.infer<typeof whatsappConnectInputSchema>

/** Where the signup window starts, with its state (also bound to the browser by a cookie). */
export const whatsappSignupStartSchema = z.object({ url: z.string(), state: z.string() })
