import { z } from 'zod'
import { ambassadorStatsSchema } from './ambassador'
import { serviceSchema } from './catalog'
import { text } from './primitives'
import {
  countryCodeSchema,
  emailSchema,
  practicalInfoSchema,
  publicPhoneSchema,
  publicSalonIdSchema,
  salonSchema,
} from './salon'

/**
 * The administration panel (spec §2 "Administration panel") with real figures instead of the
 * spec's hard-coded 47 / 94 % / 289.
 */
export const adminOverviewSchema = z.object({
  /** Salons whose isActive is true. */
  activeSalons: z.number(),
  /** Appointments (not cancelled) starting today, each salon's today in its own time zone. */
  bookingsToday: z.number(),
  /**
   * Share of chat conversations of the last 30 days that ended in a booking, in percent (one
   * decimal); null when there was no conversation.
   */
  successRate: z.number().nullable(),
  /** Distinct people who wrote to an assistant: customers once each, others by their chat (all time). */
  botUsers: z.number(),
  /** Conversations of the last 30 days (the success rate's denominator). */
  conversationsLast30Days: z.number(),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>

/** `POST /api/admin/salons` ("Nouveau Salon") and `PATCH /api/admin/salons/:id`. */
export const adminSalonInputSchema = z.object({
  name: text().min(1, 'The salon name is required').max(120, 'The salon name is at most 120 characters'),
  address: text().min(1, 'The address is required').max(300, 'The address is at most 300 characters'),
  country: countryCodeSchema,
  contactEmail: emailSchema,
  authorizedGoogleEmail: emailSchema.nullable().optional(),
  isActive: z.boolean().optional(),
  publicPhone: publicPhoneSchema.optional(),
  practicalInfo: practicalInfoSchema.optional(),
})
export const adminSalonUpdateSchema = adminSalonInputSchema.partial()

/** An ambassador access code as the admin sees it: never the code itself, which is shown once. */
export const accessCodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The code's last 4 characters, to tell codes apart. */
  hint: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Ambassadors who signed up with it. */
  uses: z.number(),
})
export type AccessCode = z.infer<typeof accessCodeSchema>

export const accessCodeCreateInputSchema = z.object({
  label: text().min(1, 'A label is required').max(80, 'The label is at most 80 characters'),
})
/** The new code, in clear, this once. */
export const accessCodeCreatedSchema = z.object({ accessCode: accessCodeSchema, code: z.string() })

/** `GET /api/admin/salons/:id` ("view"): the salon, its services and its booking figures. */
export const adminSalonDetailsSchema = z.object({
  salon: salonSchema,
  services: z.array(serviceSchema),
  stats: z.object({ totalBookings: z.number(), upcomingBookings: z.number(), bookingsToday: z.number() }),
})
export type AdminSalonDetails = z.infer<typeof adminSalonDetailsSchema>

/**
 * A background job that failed for good (its retries spent), as `GET /api/admin/jobs/failed` shows
 * it: never its payload, which may carry an (encrypted) token, only a reference derived from it.
 */
export const failedJobSchema = z.object({
  id: z.string(),
  /** The queue's name (`calendar.push-booking`…); the panel names it in words. */
  queue: z.string(),
  /** What the job was about, for a person: "SAL001 · 2026-12-02 10:00" (a booking), "SAL001" (a salon); null when unknown. */
  about: z.string().nullable(),
  /** The last attempt's error message, shortened; null when the job failed without one. */
  error: z.string().nullable(),
  /** Attempts made, the first one included. */
  attempts: z.number(),
  failedAt: z.string(),
  createdAt: z.string(),
})
export type FailedJob = z.infer<typeof failedJobSchema>

/** The newest failed jobs (at most 50) and how many there are in all. */
export const failedJobsSchema = z.object({ jobs: z.array(failedJobSchema), total: z.number() })
export type FailedJobs = z.infer<typeof failedJobsSchema>

export const jobParamsSchema = z.object({ id: z.uuid({ message: 'Unknown job' }) })
export const jobRetriedSchema = z.object({ success: z.literal(true) })

/** The funnel (issue 18): what administrators do with a waitlist entry. */
export const waitlistEntryParamsSchema = z.object({ id: z.uuid({ message: 'Unknown waitlist entry' }) })

/**
 * `PATCH /api/admin/waitlist/:id`: mark an entry contacted (or back to pending), and credit it to an
 * ambassador (null: to nobody). A converted entry keeps its status; its ambassador can only be set
 * while it has none.
 */
export const waitlistEntryUpdateSchema = z
  .object({
    status: z.enum(['pending', 'contacted']).optional(),
    ambassadorId: z.uuid({ message: 'Unknown ambassador' }).nullable().optional(),
  })
  .refine((value) => value.status !== undefined || value.ambassadorId !== undefined, {
    message: 'Nothing to change: give a status or an ambassador',
  })

/** `POST /api/admin/waitlist/:id/activate`: create the entry's salon with this Google account. */
export const waitlistActivateInputSchema = z.object({ authorizedEmail: emailSchema })

/** `POST /api/admin/waitlist/:id/link`: the entry became this salon (created with "Nouveau Salon"). */
export const waitlistLinkInputSchema = z.object({ salonId: publicSalonIdSchema })

/** An ambassador as administrators see them, with the figures of their own dashboard. */
export const adminAmbassadorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  referralCode: z.string(),
  isActive: z.boolean(),
  language: z.string(),
  createdAt: z.string(),
  stats: ambassadorStatsSchema,
})
export type AdminAmbassador = z.infer<typeof adminAmbassadorSchema>
export const ambassadorParamsSchema = z.object({ id: z.uuid({ message: 'Unknown ambassador' }) })
