import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { text } from './primitives'
import { pointInTimeSchema } from './schedule'
import { bookingMemberSchema } from './team'

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const BOOKING_CHANNELS = ['web', 'telegram', 'instagram', 'mcp', 'dashboard', 'api'] as const
export type BookingChannel = (typeof BOOKING_CHANNELS)[number]

export const BOOKING_NOTE_KINDS = ['late'] as const
export type BookingNoteKind = (typeof BOOKING_NOTE_KINDS)[number]
/** How late a customer may say they will be, in minutes. */
export const LATE_MINUTES_MAX = 180

/** What the customer told the salon about the booking ("I'll be 10 minutes late"). */
export const bookingNoteSchema = z.object({
  kind: z.enum(BOOKING_NOTE_KINDS),
  /** How many minutes late the customer said they would be; null when they did not say. */
  minutes: z.number().nullable(),
  /** When the customer said it: the instant, and the salon's date and time (HH:mm) of it. */
  createdAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
})
export type BookingNote = z.infer<typeof bookingNoteSchema>

/** A booking as the salon sees it. Times are ISO instants; `localDate`/`localTime` are on the salon's clock. */
export const bookingSchema = z.object({
  id: z.string(),
  salonId: z.string(),
  clientName: z.string(),
  clientPhone: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  appointmentDate: z.string(),
  endDate: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  serviceId: z.string().nullable(),
  service: z.string(),
  duration: z.number(),
  price: z.number(),
  currency: z.string(),
  channel: z.enum(BOOKING_CHANNELS),
  /** The team member who performs it. */
  member: bookingMemberSchema,
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The customer's notes about this appointment as it stands (newest first): none once it moves. */
  notes: z.array(bookingNoteSchema),
})
export type Booking = z.infer<typeof bookingSchema>

export const phoneSchema = text()
  .max(32, 'The phone number is too long')
  .regex(/^\+?[0-9 ().-]{6,30}$/, 'Invalid phone number')

export const customerInputSchema = z.object({
  name: text().min(1, 'The client name is required').max(80, 'The client name is at most 80 characters'),
  phone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
  language: z.enum(LANGUAGES).optional(),
})

export const bookingCreateInputSchema = z.object({
  serviceId: z.uuid({ message: 'serviceId must be a service id' }),
  startsAt: pointInTimeSchema,
  customer: customerInputSchema,
  status: z.enum(['confirmed', 'pending']).optional(),
  channel: z.enum(['dashboard', 'api']).optional(),
  /** Who performs it; absent: the salon's assignment rule picks a free member. */
  memberId: z.uuid({ message: 'memberId must be a team member id' }).optional(),
})
export type BookingCreateInput = z.infer<typeof bookingCreateInputSchema>

export const bookingRescheduleInputSchema = z.object({
  startsAt: pointInTimeSchema,
  serviceId: z.uuid({ message: 'serviceId must be a service id' }).optional(),
  /** Move to this member; absent: the booking keeps its member when free, else the rule picks one. */
  memberId: z.uuid({ message: 'memberId must be a team member id' }).optional(),
})

export const bookingListQuerySchema = z.object({
  from: pointInTimeSchema.optional(),
  to: pointInTimeSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
})
