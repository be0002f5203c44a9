import { z } from 'zod'
import { INSTAGRAM_CONNECT_ERRORS, type InstagramConnectError } from './instagram-codes'
import { text } from './primitives'

/**
 * Instagram DMs (spec §3, §7, §9): the people who wrote to a salon's account, what the owner decides
 * about them, and the salon's Instagram settings.
 */

/** What the owner sees of a sender; any other value would show grey (spec §4). */
export const INSTAGRAM_USER_STATUSES = ['active', 'paused', 'cooldown', 'blocked'] as const
export type InstagramUserStatus = (typeof INSTAGRAM_USER_STATUSES)[number]

export const INSTAGRAM_PAUSE_DEFAULT_MINUTES = 30
export const INSTAGRAM_PAUSE_MAX_MINUTES = 1440

export const instagramPauseMinutesSchema = z
  .number()
  .int('A pause is a whole number of minutes')
  .min(1, 'A pause lasts at least one minute')
  .max(INSTAGRAM_PAUSE_MAX_MINUTES, 'A pause lasts at most 1440 minutes (a day)')

/** The salon's Instagram connection and settings, as the dashboard shows them. */
export const instagramSettingsSchema = z.object({
  /** This server has an Instagram app (INSTAGRAM_* set); without one nobody can connect. */
  available: z.boolean(),
  /** Meta no longer accepts the connection: the owner must connect again. */
  reconnectRequired: z.boolean(),
  /** The assistant answers every sender, not only whitelisted ones (off: the spec's model). */
  replyToEveryone: z.boolean(),
  /** How long the assistant stays quiet with a customer after the owner answered by hand. */
  pauseMinutes: z.number(),
})
export type InstagramSettings = z.infer<typeof instagramSettingsSchema>

export const instagramUserSchema = z.object({
  userId: z.string(),
  messageCount: z.number(),
  lastMessageAt: z.string().nullable(),
  status: z.enum(INSTAGRAM_USER_STATUSES),
  whitelisted: z.boolean(),
  pausedUntil: z.string().nullable(),
  /** Until when the sender is held back for writing too fast. */
  cooldownUntil: z.string().nullable(),
})
export type InstagramUser = z.infer<typeof instagramUserSchema>

export const instagramStatsSchema = z.object({
  totalUsers: z.number(),
  whitelistedUsers: z.number(),
  /** Messages customers sent in the last 24 hours. */
  recentMessages: z.number(),
  statusBreakdown: z.array(z.object({ _id: z.enum(INSTAGRAM_USER_STATUSES), count: z.number() })),
})
export type InstagramStats = z.infer<typeof instagramStatsSchema>

/** Instagram-scoped ids are digits; anything else cannot be one of the salon's users. */
export const instagramUserParamsSchema = z.object({
  userId: text().regex(/^\d{1,40}$/, 'An Instagram user id is made of digits'),
})

export const instagramWhitelistInputSchema = z.object({ whitelisted: z.boolean() }).strict()
export const instagramPauseInputSchema = z.object({ minutes: instagramPauseMinutesSchema }).strict()

export const instagramDisconnectResultSchema = z.object({ success: z.literal(true) })

/** Meta's webhook verification (`GET /api/instagram/webhook`). */

export { INSTAGRAM_CONNECT_ERRORS, type InstagramConnectError }
