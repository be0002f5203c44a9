import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { isLocalDate } from '../time'
import { BOOKING_STATUSES } from './booking'
import { isSupportedInstant, isSupportedYear, text, YEAR_RANGE_MESSAGE } from './primitives'

/**
 * The customer's own booking page (`/r/<token>`, issue 15): what it shows, the free times it
 * offers for a move, and the move it sends. No sign-in: the token in the path is the key, and it
 * opens that one booking only.
 */

export const bookingPageSchema = z.object({
  /** The customer's language: the page opens in it. */
  language: z.enum(LANGUAGES),
  customerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The service's name in the customer's language (else the salon's). */
  service: z.string(),
  /** What the service is, in the customer's language, when the salon wrote it in it; else null. */
  serviceDescription: z.string().nullable(),
  durationMinutes: z.number(),
  /** Minor units (cents) in `currency`. */
  price: z.number(),
  currency: z.string(),
  member: z.string(),
  /** Instants, and the day and times on the salon's clock. */
  startsAt: z.string(),
  endsAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  localEndTime: z.string(),
  timeZone: z.string(),
  salon: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string().nullable(),
    /** The address on a map (Google Maps' search URL: opens the Maps app on a phone). */
    mapUrl: z.string(),
    /** The salon's chat, to book again. */
    chatPath: z.string(),
    /**
     * Payment, parking, access…: the owner's translation into the customer's language, else the
     * salon's own text (`inSalonsWords`: in another language than the page's); null when not given.
     */
    practicalInfo: z.object({ text: z.string(), inSalonsWords: z.boolean() }).nullable(),
  }),
  /** The salon's cancellation notice, and the instant until which the customer may cancel or move here. */
  cancellationNoticeMinutes: z.number(),
  changeableUntil: z.string(),
  /** The same instant on the salon's clock ("2026-12-03T08:00"). */
  changeableUntilLocal: z.string(),
  /** Whether the customer may cancel here now (still to come, not cancelled, before the notice). */
  canCancel: z.boolean(),
  /** Whether the customer may move it here now (as above, and its service is still bookable). */
  canMove: z.boolean(),
})
export type BookingPage = z.infer<typeof bookingPageSchema>

/** GET /api/r/:token/times: free starts over the week from `from` (default: today), as the engine offers them. */
export const bookingPageTimesQuerySchema = z.object({
  from: text()
    .refine(isLocalDate, 'from is a date such as 2026-12-03')
    .refine(isSupportedYear, YEAR_RANGE_MESSAGE)
    .optional(),
})

export const bookingPageTimesSchema = z.object({
  /** The days asked about, in order (a week), each with its free local times (HH:mm). */
  days: z.array(z.object({ date: z.string(), times: z.array(z.object({ startsAt: z.string(), time: z.string() })) })),
  /** The last day the salon takes bookings for (no later week to ask about). */
  lastDay: z.string(),
})
export type BookingPageTimes = z.infer<typeof bookingPageTimesSchema>

export const bookingPageMoveSchema = z.object({
  startsAt: z.iso
    .datetime({ offset: true, message: 'startsAt is an ISO instant such as 2026-12-03T14:00:00Z' })
    .refine((value) => isSupportedInstant(Date.parse(value)), { message: YEAR_RANGE_MESSAGE }),
})
export type BookingPageMove = z.infer<typeof bookingPageMoveSchema>

export const bookingPageParamsSchema = z.object({ token: z.string().max(100) })
