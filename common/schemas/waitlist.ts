import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { text } from './primitives'
import { countryCodeSchema, emailSchema } from './salon'

/** An optional text field of the form: absent or blank means "not given". */
const optionalText = <T extends z.ZodType<unknown, string>>(schema: T) =>
  text()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(schema.optional())

/** What a salon sends to join the waitlist (the form of /waitlist and of the professional area). */
export const waitlistEntryInputSchema = z.object({
  salonName: text().min(1, 'The salon name is required').max(120, 'The salon name is at most 120 characters'),
  contactEmail: emailSchema,
  address: text().min(1, 'The address is required').max(300, 'The address is at most 300 characters'),
  phone: optionalText(
    z
      .string()
      .max(40, 'The phone number is at most 40 characters')
      .regex(/^[0-9 +().-]+$/, 'A phone number has only digits, spaces and + ( ) - .'),
  ),
  country: optionalText(countryCodeSchema),
  /** The ambassador's code from the link (`/waitlist?ref=…`), in any case. */
  referralCode: optionalText(z.string().max(40, 'The referral code is at most 40 characters').toUpperCase()),
  /** The visitor's language; without it the server reads Accept-Language. */
  language: z.enum(LANGUAGES).optional(),
})
export type WaitlistEntryInput = z.input<typeof waitlistEntryInputSchema>
export type WaitlistEntry = z.output<typeof waitlistEntryInputSchema>

/** The answer to a sign-up, in the visitor's language, ready to show. */
export const waitlistAnswerSchema = z.object({ message: z.string() })
export type WaitlistAnswer = z.infer<typeof waitlistAnswerSchema>

export const REFERRAL_STATUSES = ['pending', 'contacted', 'converted'] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

/** A waitlist entry as administrators see it. */
export const waitlistReferralSchema = z.object({
  id: z.string(),
  salonName: z.string(),
  contactEmail: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  country: z.string().nullable(),
  referralCode: z.string().nullable(),
  /** The ambassador the entry is credited to (from their link, or assigned by an administrator). */
  ambassadorId: z.string().nullable(),
  ambassadorName: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  /** The salon's public ID (SAL002…) once converted. */
  salonId: z.string().nullable(),
  createdAt: z.string(),
})
export type WaitlistReferral = z.infer<typeof waitlistReferralSchema>
