import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { emailSchema, isSupportedInstant, text, YEAR_RANGE_MESSAGE } from './primitives'

/** The chat API (DESIGN.md "Contracts"): POST /api/mcp/chat and the legacy POST /api/ai/chat. */

export const CHAT_MESSAGE_MAX_LENGTH = 2000

/** Who is writing, from which chat, to which salon (public ID such as SAL001, or the salon's secure hash). */
export const chatContextSchema = z.object({
  userId: text().min(1, 'userId is required').max(200),
  chatId: text().min(1, 'chatId is required').max(200),
  clientName: text().min(1, 'clientName is required').max(100),
  clientPhone: text()
    .max(40)
    .nullish()
    .transform((value) => value || undefined),
  /** Optional: where the customer's reminders go (when no phone, or SMS is off). */
  clientEmail: z
    .union([z.literal(''), emailSchema])
    .nullish()
    .transform((value) => value || undefined),
  language: z.enum(LANGUAGES, { message: 'language is one of fr, de, it, en' }),
  salonId: text().min(1, 'salonId is required').max(64),
})
export type ChatContext = z.infer<typeof chatContextSchema>

export const chatRequestSchema = z.object({
  message: text()
    .max(CHAT_MESSAGE_MAX_LENGTH, `A message is at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
    .min(1, 'The message is empty'),
  context: chatContextSchema,
})
export type ChatRequest = z.input<typeof chatRequestSchema>

/**
 * GET /api/chat/salon-messages: what the salon told this web chat's customer (a move, a
 * cancellation) since `since` (that instant included: two messages may share one). The chat's
 * userId names the customer, as it does when they book.
 */
export const salonMessagesQuerySchema = z.object({
  salonId: chatContextSchema.shape.salonId,
  userId: chatContextSchema.shape.userId,
  since: z.iso
    .datetime({ offset: true, message: 'since is an ISO instant such as 2026-12-03T14:00:00Z' })
    .refine((value) => isSupportedInstant(Date.parse(value)), { message: YEAR_RANGE_MESSAGE })
    .optional(),
})
export type SalonMessagesQuery = z.infer<typeof salonMessagesQuerySchema>

export const salonMessageSchema = z.object({ id: z.string(), text: z.string(), sentAt: z.string() })
export const salonMessagesReplySchema = z.object({ messages: z.array(salonMessageSchema) })
export type SalonMessage = z.infer<typeof salonMessageSchema>

/** A calendar file (text/calendar) attached to a reply that booked or moved an appointment. */
export const icsDataSchema = z.object({ content: z.string(), filename: z.string() })
export type IcsData = z.infer<typeof icsDataSchema>

export const chatReplySchema = z.object({
  response: z.string(),
  icsData: icsDataSchema.optional(),
  /** The customer's own page of what the reply booked or moved (`PUBLIC_URL/r/<token>`): cancel, move. */
  bookingLink: z.string().optional(),
  /**
   * Answers the customer can tap (yes/no, the times, services, days or appointments offered):
   * `label` on the button, `says` sent as the customer's message when tapped.
   */
  suggestions: z.array(z.object({ label: z.string(), says: z.string() })).optional(),
})
export type ChatReply = z.infer<typeof chatReplySchema>

/** POST /api/ics/download: the browser hands back a calendar file to get it as a download. */
export const ICS_MAX_LENGTH = 20_000
export const icsDownloadSchema = z.object({
  icsContent: text().min(1, 'The calendar file is empty').max(ICS_MAX_LENGTH, 'The calendar file is too large'),
  filename: text().max(120).default('rendez-vous.ics'),
})
