import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { AMBASSADOR_SIGN_IN_ERRORS, type AmbassadorSignInError } from './ambassador-codes'
import { text } from './primitives'
import { emailSchema, publicSalonIdSchema } from './salon'
import { REFERRAL_STATUSES } from './waitlist'

/**
 * The ambassador area (spec §2 "Ambassador login", "Ambassador dashboard", "Kit page", §7). The
 * ambassador signs in with an access code, then Google; the session is separate from the salon's.
 */

export const accessCodeInputSchema = z.object({
  accessCode: text().min(1, 'The access code is required').max(64, 'The access code is at most 64 characters'),
})
/** `POST /api/ambassador/validate-code` → `{isValid}` (rate-limited against guessing). */
export const accessCodeCheckSchema = z.object({ isValid: z.boolean() })

export const ambassadorSchema = z.object({
  name: z.string(),
  email: z.string(),
  referralCode: z.string(),
  isActive: z.boolean(),
  language: z.string(),
})
export type Ambassador = z.infer<typeof ambassadorSchema>

export const ambassadorStatsSchema = z.object({
  totalReferrals: z.number(),
  /** Referrals converted into a salon that is active. */
  activeSalons: z.number(),
  /** Referrals still waiting (pending or contacted). */
  waitlistEntries: z.number(),
  /** converted / total × 100 (0 with no referral); shown with one decimal. */
  conversionRate: z.number(),
})
export type AmbassadorStats = z.infer<typeof ambassadorStatsSchema>

/** `GET /api/ambassador/dashboard`. */
export const ambassadorDashboardSchema = z.object({
  success: z.literal(true),
  ambassador: ambassadorSchema,
  stats: ambassadorStatsSchema,
})

export const referralSchema = z.object({
  _id: z.string(),
  salonName: z.string(),
  contactEmail: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  /** The salon's public ID (SAL002…) once converted. */
  salonId: z.string().nullable(),
  authorizedGoogleEmail: z.string().nullable(),
  /** False once the salon's owner has signed in: the ambassador can no longer change the e-mail. */
  canEditAuthorizedEmail: z.boolean(),
})
export type Referral = z.infer<typeof referralSchema>

/** `GET /api/ambassador/referrals`, newest first. */
export const referralListSchema = z.object({ success: z.literal(true), referrals: z.array(referralSchema) })

/** `POST /api/ambassador/activate-referral`. */
export const activateReferralInputSchema = z.object({
  referralId: z.uuid({ message: 'Unknown referral' }),
  authorizedEmail: emailSchema,
})
export const activateReferralResultSchema = z.object({
  success: z.literal(true),
  /** English, for logs and scripts: the screens say it in their own words. */
  message: z.string(),
  salonId: z.string(),
  /** Where the activation e-mail went (the salon's contact e-mail). */
  sentTo: z.string(),
})

/** `PUT /api/ambassador/update-authorized-email`. Refusals: `{success:false, error}` with a 4xx. */
export const updateAuthorizedEmailInputSchema = z.object({
  salonId: publicSalonIdSchema,
  newAuthorizedEmail: emailSchema,
})
/** The activation e-mail went again, naming the new account: where it went. */
export const activationMailSentSchema = z.object({
  success: z.literal(true),
  salonId: z.string(),
  /** The salon's contact e-mail, which the activation e-mail was sent to. */
  sentTo: z.string(),
  /** The Google account the e-mail tells the owner to sign in with. */
  authorizedEmail: z.string(),
})
export type ActivationMailSent = z.infer<typeof activationMailSentSchema>
export const updateAuthorizedEmailResultSchema = activationMailSentSchema

/**
 * `POST /api/ambassador/resend-activation-email`: the activation e-mail again, for one of the
 * ambassador's salons whose owner has not signed in yet (the rule of the e-mail change).
 */
export const resendActivationEmailInputSchema = z.object({ salonId: publicSalonIdSchema })

/**
 * Codes of the ambassador area's refusals (activation, e-mail change, resend): the screens say
 * each in the interface language, never the server's English.
 */
export const AMBASSADOR_REFUSAL_CODES = [
  'referrals.not_found',
  'referrals.already_converted',
  'referrals.owner_signed_in',
  'referrals.no_authorized_email',
  'auth.required',
  'request.rate_limited',
] as const

/** `POST /api/ambassador/qrcode` `{referralCode}` → `{success, qrCodeUrl}`; `GET` → `{qrCodeDataUrl}`. */
export const qrCodeInputSchema = z.object({ referralCode: text().min(1).max(40) })
export const qrCodePostResultSchema = z.object({ success: z.literal(true), qrCodeUrl: z.string() })
export const qrCodeGetResultSchema = z.object({ qrCodeDataUrl: z.string(), referralLink: z.string() })

/**
 * `GET /api/ambassador/session` (public): whether this browser has an ambassador session, with the
 * ambassador's name when it does. Signed out is an answer (200), not an error: every page's
 * navigation asks it.
 */
export const ambassadorSessionSchema = z.discriminatedUnion('isAuthenticated', [
  z.object({ isAuthenticated: z.literal(false) }),
  z.object({ isAuthenticated: z.literal(true), ambassador: z.object({ name: z.string(), email: z.string() }) }),
])
export type AmbassadorSession = z.infer<typeof ambassadorSessionSchema>

/** `GET /api/ambassador/kit-pdf?language=`: the language the interface shows (else the stored one). */
export const kitPdfQuerySchema = z.object({ language: z.enum(LANGUAGES).optional() })

export { AMBASSADOR_SIGN_IN_ERRORS, type AmbassadorSignInError }
