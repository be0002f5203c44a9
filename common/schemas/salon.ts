import { z } from 'zod'
import { isCountryCode } from '../countries'
import { text } from './primitives'
import { workingHoursSchema } from './schedule'

export const publicSalonIdSchema = text()
  .max(16, 'A salon ID looks like SAL001')
  .toUpperCase()
  .regex(/^SAL\d{3,9}$/, 'A salon ID looks like SAL001')

export const countryCodeSchema = text()
  .max(2, 'Unknown country code (expected two letters such as FR)')
  .toUpperCase()
  .refine(isCountryCode, { message: 'Unknown country code (expected two letters such as FR)' })

export const emailSchema = text()
  .toLowerCase()
  .max(254, 'The e-mail address is too long')
  .pipe(z.email({ message: 'Invalid e-mail address' }))

export const bookingRulesSchema = z.object({
  slotStepMinutes: z.number(),
  minimumNoticeMinutes: z.number(),
  horizonDays: z.number(),
})

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
  instagramConnected: z.boolean(),
  instagramUsername: z.string().nullable(),
  bookingRules: bookingRulesSchema,
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

export const salonHashSchema = z.object({ hash: z.string() })

export const salonUpdateInputSchema = z
  .object({
    name: text().min(1, 'The salon name is required').max(120, 'The salon name is at most 120 characters'),
    address: text().min(1, 'The address is required').max(300, 'The address is at most 300 characters'),
    country: countryCodeSchema,
    contactEmail: emailSchema,
    timeZone: text().min(1).max(64),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' })
export type SalonUpdateInput = z.infer<typeof salonUpdateInputSchema>

/** Route parameters of every salon-scoped call: `/api/salons/:id/…`. */
export const salonParamsSchema = z.object({ id: publicSalonIdSchema })
