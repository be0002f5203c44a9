import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { text } from './primitives'
import { pointInTimeSchema } from './schedule'

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export const BOOKING_CHANNELS = ['web', 'telegram', 'instagram', 'mcp', 'dashboard', 'api'] as const
export type BookingChannel = (typeof BOOKING_CHANNELS)[number]

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
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
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
})
export type BookingCreateInput = z.infer<typeof bookingCreateInputSchema>

export const bookingRescheduleInputSchema = z.object({
  startsAt: pointInTimeSchema,
  serviceId: z.uuid({ message: 'serviceId must be a service id' }).optional(),
})

export const bookingListQuerySchema = z.object({
  from: pointInTimeSchema.optional(),
  to: pointInTimeSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
})
