import { z } from 'zod'
import { isCountryCode } from '../countries'
import { LANGUAGES } from '../languages'
import { PRACTICAL_INFO_MAX_LENGTH, PUBLIC_PHONE_MESSAGES, publicPhoneProblem } from '../public-phone'
import { instagramPauseMinutesSchema, instagramSettingsSchema } from './instagram'
import { emailSchema, text } from './primitives'
import { workingHoursSchema } from './schedule'

export const publicSalonIdSchema = text()
  .max(16, 'A salon ID looks like SAL001')
  .toUpperCase()
  .regex(/^SAL\d{3,9}$/, 'A salon ID looks like SAL001')

export const countryCodeSchema = text()
  .max(2, 'Unknown country code (expected two letters such as FR)')
  .toUpperCase()
  .refine(isCountryCode, { message: 'Unknown country code (expected two letters such as FR)' })

// Kept beside the primitives so that pages validating an e-mail (the chat) do not load the salon's schemas.
export { emailSchema }

/** The salon's public phone number as written ("01 43 55 20 20"); empty clears it (null). */
export const publicPhoneSchema = text()
  .superRefine((value, context) => {
    const problem = value === '' ? null : publicPhoneProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: PUBLIC_PHONE_MESSAGES[problem] })
  })
  .transform((value) => value || null)
  .nullable()

/** A control character other than a line break or a tab: invisible, and meaningless in a text a customer reads. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if ((code < 0x20 && code !== 0x0a && code !== 0x09) || code === 0x7f) return true
  }
  return false
}

/** "Practical information" (payment, parking, access…) in the salon's words; line breaks kept, empty clears it. */
export const practicalInfoSchema = text()
  .overwrite((value) => value.replace(/\r\n?/g, '\n'))
  .max(PRACTICAL_INFO_MAX_LENGTH, `The practical information is at most ${PRACTICAL_INFO_MAX_LENGTH} characters`)
  .refine((value) => !hasControlCharacter(value), 'Contains a control character that is not allowed')
  .transform((value) => value || null)
  .nullable()

export const bookingRulesSchema = z.object({
  slotStepMinutes: z.number(),
  minimumNoticeMinutes: z.number(),
  horizonDays: z.number(),
})

/** Longest cancellation notice a salon may ask of its customers: a week, in minutes. */
export const MAX_CANCELLATION_NOTICE_MINUTES = 7 * 24 * 60

/** The salon's reminders (24 h and 2 h before, each can be off; SMS when the server has a provider) and notice. */
export const reminderSettingsSchema = z.object({
  dayBefore: z.boolean(),
  twoHours: z.boolean(),
  bySms: z.boolean(),
  /** Until how long before the start a customer may cancel or move on their own page. */
  cancellationNoticeMinutes: z.number(),
})
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>

/** A salon as its professional (and administrators) see it. Never carries tokens. */
export const salonSchema = z.object({
  id: z.string(),
  salonId: z.string(),
  name: z.string(),
  email: z.string(),
  contactEmail: z.string(),
  authorizedGoogleEmail: z.string().nullable(),
  address: z.string(),
  country: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  isActive: z.boolean(),
  isGoogleCalendarConnected: z.boolean(),
  googleConnectedEmail: z.string().nullable(),
  /** The number customers may call, as the salon writes it; null when not given. */
  publicPhone: z.string().nullable(),
  /** Payment methods, parking, access…: what the assistant quotes to customers; null when not given. */
  practicalInfo: z.string().nullable(),
  /** The practical information in other languages, as the owner wrote it: language → text. */
  practicalInfoTranslations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  instagramConnected: z.boolean(),
  instagramUsername: z.string().nullable(),
  instagram: instagramSettingsSchema,
  bookingRules: bookingRulesSchema,
  reminders: reminderSettingsSchema,
  /**
   * The order reminders try the channels in: `booked` is the one the customer booked on; a
   * reminder goes by the first that reaches the customer.
   */
  reminderChannels: z.array(z.string()),
  workingHours: workingHoursSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Salon = z.infer<typeof salonSchema>

/** What the chat header shows: public. */
export const salonChatInfoSchema = z.object({
  salonId: z.string(),
  name: z.string(),
  address: z.string(),
  /**
   * The salon's Telegram link (t.me/<bot>?start=<hash>) when the platform has a bot — only to a
   * chat opened with the salon's secure link, since it carries the same hash.
   */
  telegramLink: z.string().nullable(),
})
export type SalonChatInfo = z.infer<typeof salonChatInfoSchema>

/** What the connect screen needs before sign-in: public, so nothing private. */
export const salonLookupSchema = z.object({
  salonId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  isGoogleCalendarConnected: z.boolean(),
})
export type SalonLookup = z.infer<typeof salonLookupSchema>

/** The salon's secure chat hash, and its Telegram link when the platform has a bot (null otherwise). */
export const salonHashSchema = z.object({ hash: z.string(), telegramLink: z.string().nullable() })

export const salonUpdateInputSchema = z
  .object({
    name: text().min(1, 'The salon name is required').max(120, 'The salon name is at most 120 characters'),
    address: text().min(1, 'The address is required').max(300, 'The address is at most 300 characters'),
    country: countryCodeSchema,
    contactEmail: emailSchema,
    timeZone: text().min(1).max(64),
    publicPhone: publicPhoneSchema,
    practicalInfo: practicalInfoSchema,
    /** Given languages replace what was written for them; null or empty clears one. */
    practicalInfoTranslations: z
      .object({
        fr: practicalInfoSchema.optional(),
        de: practicalInfoSchema.optional(),
        it: practicalInfoSchema.optional(),
        en: practicalInfoSchema.optional(),
      })
      .strict(),
    remindDayBefore: z.boolean(),
    remindTwoHours: z.boolean(),
    remindBySms: z.boolean(),
    /** Every channel once, in the order reminders try them (see `reminderChannels`). */
    reminderChannels: z
      .array(text().regex(/^[a-z]{2,20}$/, 'A channel is named by its lowercase name'))
      .min(1)
      .max(12)
      .refine((names) => new Set(names).size === names.length, { message: 'Each channel is named once' }),
    cancellationNoticeMinutes: z
      .number()
      .int('The cancellation notice is a whole number of minutes')
      .min(0, 'The cancellation notice cannot be negative')
      .max(MAX_CANCELLATION_NOTICE_MINUTES, 'The cancellation notice is at most a week'),
    instagramReplyToEveryone: z.boolean(),
    instagramPauseMinutes: instagramPauseMinutesSchema,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
export type SalonUpdateInput = z.infer<typeof salonUpdateInputSchema>

/** Route parameters of every salon-scoped call: `/api/salons/:id/…`. */
export const salonParamsSchema = z.object({ id: publicSalonIdSchema })
