import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { BOOKING_CHANNELS, bookingNoteSchema } from './booking'
import { text } from './primitives'
import { salonParamsSchema } from './salon'

/** The salon's customers (dashboard "Clients"): list and search, one customer's file, GDPR export and erasure. */

/** How many customers one page of the list shows. */
export const CUSTOMERS_PAGE_SIZE = 20
/** The longest search a person types (a name or a phone number, with room to spare). */
export const CUSTOMER_SEARCH_MAX = 100
/** The longest private note the salon keeps on a customer. */
export const CUSTOMER_NOTES_MAX = 2000

export const customerParamsSchema = salonParamsSchema.extend({
  customerId: z.uuid({ message: 'Unknown customer id' }),
})

export const customerListQuerySchema = z.object({
  /** A name (any case, with or without accents) or a phone number (digits, spaces and + ignored). */
  q: text().max(CUSTOMER_SEARCH_MAX, `The search is at most ${CUSTOMER_SEARCH_MAX} characters`).optional(),
  page: z.coerce
    .number({ message: 'The page must be a number' })
    .int('The page must be a whole number')
    .min(1, 'Pages start at 1')
    .max(10_000, 'There are not that many pages')
    .default(1),
})
export type CustomerListQuery = z.input<typeof customerListQuerySchema>

/** A visit on the salon's clock: the instant, and its local date and time (HH:mm). */
export const customerVisitSchema = z.object({
  startsAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
})
export type CustomerVisit = z.infer<typeof customerVisitSchema>

/** One line of the list. Visits count the bookings not cancelled; no-shows those marked as such. */
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  lastVisit: customerVisitSchema.nullable(),
  nextVisit: customerVisitSchema.nullable(),
  bookingCount: z.number(),
  noShowCount: z.number(),
})
export type CustomerSummary = z.infer<typeof customerSummarySchema>

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type CustomerList = z.infer<typeof customerListSchema>

export const CUSTOMER_IDENTITY_CHANNELS = ['web', 'telegram', 'instagram', 'whatsapp', 'mcp'] as const

/** Where the customer wrote from: the channel and the end of their id there (enough to tell two apart). */
export const customerIdentitySchema = z.object({
  channel: z.string(),
  shortId: z.string(),
  createdAt: z.string(),
})

export const customerBookingSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  service: z.string(),
  duration: z.number(),
  price: z.number(),
  currency: z.string(),
  /** A plain string: the agenda adds statuses (no-show, completed) the client shows as they come. */
  status: z.string(),
  channel: z.enum(BOOKING_CHANNELS),
  /** What the customer said about it ("10 min late"), newest first. */
  notes: z.array(bookingNoteSchema),
})
export type CustomerBooking = z.infer<typeof customerBookingSchema>

/** One customer's file, as the salon sees it. */
export const customerDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(LANGUAGES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  noShowCount: z.number(),
  identities: z.array(customerIdentitySchema),
  /** Newest first. */
  bookings: z.array(customerBookingSchema),
})
export type CustomerDetails = z.infer<typeof customerDetailsSchema>

export const customerNotesInputSchema = z.object({
  notes: text()
    .max(CUSTOMER_NOTES_MAX, `The note is at most ${CUSTOMER_NOTES_MAX} characters`)
    .nullable()
    .transform((value) => (value ? value : null)),
})
export type CustomerNotesInput = z.input<typeof customerNotesInputSchema>

/** POST /api/salons/:id/customers/:customerId/merge — the duplicate whose file joins this one (and goes). */
export const customerMergeInputSchema = z.object({
  duplicateId: z.uuid({ message: 'duplicateId must be a customer id' }),
})

/** An appointment still to come, which stops an erasure until it is moved past or cancelled. */
export const upcomingBookingSchema = z.object({
  id: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  service: z.string(),
})
export type UpcomingBooking = z.infer<typeof upcomingBookingSchema>

export const customerErasedSchema = z.object({
  id: z.string(),
  /** The bookings kept for the salon's figures, now under the anonymised customer. */
  bookingsKept: z.number(),
})
export type CustomerErased = z.infer<typeof customerErasedSchema>
