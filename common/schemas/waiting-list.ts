import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { minutesOfDay } from '../time'
import { customerInputSchema } from './booking'
import { VISIT_SERVICES_MAX } from './desk-visit'
import { localDaySchema } from './schedule'

/**
 * The waiting list for full days (issue 39): a customer who found no time that suits them on a
 * day asks to be told when one frees up — that day, and maybe only its morning or afternoon.
 * When time frees up (a cancellation, a move, a block removed), the waiting customers are told in
 * the order they joined, each of the first free time that fits what they asked; the first to
 * accept gets it, and the others hear it was taken and keep their place.
 */

/** The part of the day a customer waits for: the whole day, or the times starting before / from noon. */
export const WAIT_PARTS = ['day', 'morning', 'afternoon'] as const
export type WaitPart = (typeof WAIT_PARTS)[number]

/** Where an entry stands: waiting; a time offered to the customer; booked; taken off the list. */
export const WAIT_STATUSES = ['waiting', 'offered', 'booked', 'removed'] as const
export type WaitStatus = (typeof WAIT_STATUSES)[number]

/** Noon, on the salon's clock: a morning start is before it, an afternoon one at or after it. */
export const NOON_MINUTES = 12 * 60

/** Whether a local start ('YYYY-MM-DDTHH:MM') lies in the part of the day waited for. */
export function inPart(part: WaitPart, localStart: string): boolean {
  if (part === 'day') return true
  const minutes = minutesOfDay(localStart.slice(11, 16))
  return part === 'morning' ? minutes < NOON_MINUTES : minutes >= NOON_MINUTES
}

/** One customer waiting, as the dashboard lists them. */
export const waitingEntrySchema = z.object({
  id: z.string(),
  /** The day waited for, on the salon's calendar. */
  day: z.string(),
  part: z.enum(WAIT_PARTS),
  status: z.enum(WAIT_STATUSES),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Only with this member; null: anyone who performs the services. */
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where they asked: a chat's channel, or the salon's desk. */
  channel: z.string(),
  joinedAt: z.string(),
  /** The time offered to them now (local 'YYYY-MM-DDTHH:MM'), while `offered`. */
  offeredStart: z.string().nullable(),
  /** The channel the last message reached them on, and when (null: not reached yet). */
  toldBy: z.string().nullable(),
  toldAt: z.string().nullable(),
  /** The last message found no channel that reaches them (no e-mail, no chat we can write to): call them. */
  unreachable: z.boolean(),
})
export type WaitingEntry = z.infer<typeof waitingEntrySchema>

export const waitingListSchema = z.object({ entries: z.array(waitingEntrySchema) })
export type WaitingList = z.infer<typeof waitingListSchema>

/** GET /api/salons/:id/waiting-list: the days from `from` to `to` (default: from today, 31 days). */
export const waitingListQuerySchema = z.object({
  from: localDaySchema.optional(),
  to: localDaySchema.optional(),
})

/** POST /api/salons/:id/waiting-list: the desk puts a customer on the list for a day. */
export const waitingEntryInputSchema = z
  .object({
    customerId: z.uuid({ message: 'customerId must be a customer id' }).optional(),
    customer: customerInputSchema.optional(),
    serviceIds: z
      .array(z.uuid({ message: 'serviceIds must be service ids' }))
      .min(1, 'Choose at least one service')
      .max(VISIT_SERVICES_MAX, `At most ${VISIT_SERVICES_MAX} services`),
    day: localDaySchema,
    part: z.enum(WAIT_PARTS).default('day'),
    memberId: z.uuid({ message: 'memberId must be a team member id' }).optional(),
  })
  .refine((input) => !input.customerId !== !input.customer, {
    message: 'A customer of the salon (customerId) or a new one (customer), not both',
    path: ['customerId'],
  })
export type WaitingEntryInput = z.infer<typeof waitingEntryInputSchema>

export const waitingEntryParamsSchema = z.object({
  id: z.string(),
  entryId: z.uuid({ message: 'Unknown waiting list entry' }),
})

/** What the customer's link to an offer shows (`/w/<token>`): no account, the link is the key. */
export const WAIT_OFFER_STATES = ['open', 'taken', 'booked', 'closed'] as const
export const waitOfferSchema = z.object({
  state: z.enum(WAIT_OFFER_STATES),
  salon: z.object({ name: z.string(), publicId: z.string() }),
  services: z.array(z.string()),
  day: z.string(),
  part: z.enum(WAIT_PARTS),
  /** The time offered (local 'YYYY-MM-DDTHH:MM') while open; once booked, the time booked. */
  start: z.string().nullable(),
  member: z.string().nullable(),
  timeZone: z.string(),
  /** The customer's language: the page opens in it. */
  language: z.enum(LANGUAGES),
  /** Once booked: the customer's own page of the appointment. */
  bookingLink: z.string().nullable(),
})
export type WaitOffer = z.infer<typeof waitOfferSchema>

export const waitOfferParamsSchema = z.object({ token: z.string().max(100) })
