import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { paymentEventSchema } from './payments'
import { emailSchema, text } from './primitives'
import { bookingReminderSchema } from './reminders'
import { pointInTimeSchema } from './schedule'
import { bookingMemberSchema } from './team'

/**
 * `held`: the time is kept for the customer while a step outside the core happens (a payment, once
 * payments plug in): it blocks the slot like any other booking, but is neither reminded nor put in
 * the salon's calendar until confirmed, and is released (cancelled) when its `heldUntil` passes.
 */
export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled', 'no_show', 'completed', 'held'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** The statuses of a booking that still holds its time: the customer is expected (the others are over or off). */
export const HOLDING_STATUSES = ['confirmed', 'pending'] as const satisfies readonly BookingStatus[]

/**
 * The statuses of a booking still to come: the customer is expected, or is being held a place while
 * a step outside the core happens (they will be expected once it is done). What lists a customer's
 * or a salon's bookings to come counts held ones too; reminders and the customer's own page wait
 * for the confirmation.
 */
export const STILL_TO_COME_STATUSES = [...HOLDING_STATUSES, 'held'] as const satisfies readonly BookingStatus[]

export function holdsItsTime(status: BookingStatus): boolean {
  return (HOLDING_STATUSES as readonly BookingStatus[]).includes(status)
}
export const BOOKING_CHANNELS = ['web', 'telegram', 'instagram', 'whatsapp', 'mcp', 'dashboard', 'api'] as const
/** The channels on which a booking is the customer's own doing (a chat); the others are the salon's. */
export const CUSTOMER_CHANNELS: readonly BookingChannel[] = ['web', 'telegram', 'instagram', 'whatsapp']
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
  /** The service's processing pause as sold: its member is free for another client meanwhile. */
  processing: z.object({ after: z.number(), minutes: z.number() }).nullable(),
  /** Clean-up minutes after it, when its member is still busy. */
  cleanup: z.number(),
  price: z.number(),
  currency: z.string(),
  channel: z.enum(BOOKING_CHANNELS),
  /** The team member who performs it. */
  member: bookingMemberSchema,
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** The customer's notes about this appointment as it stands (newest first): none once it moves. */
  notes: z.array(bookingNoteSchema),
  customerId: z.string(),
  /** Why the salon cancelled it, when it said (told to the customer). */
  cancelReason: z.string().nullable(),
  /** The salon's private note on this booking: never shown to the customer nor to the assistant. */
  salonNote: z.string().nullable(),
})
export type Booking = z.infer<typeof bookingSchema>

/**
 * What happened to a booking, oldest first (the booking panel's history): `late` is the customer
 * saying they will be late, `erased` the salon erasing the customer's data (the booking stays,
 * anonymised), `payment` money asked, paid, refunded, kept or charged for it (its `payment`).
 */
export const BOOKING_EVENT_KINDS = [
  'created',
  'moved',
  'cancelled',
  'status',
  'note',
  'late',
  'erased',
  'merged',
  'payment',
] as const
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number]
/** Who did it: the customer (chat, Telegram, Instagram), the salon (dashboard, API, MCP), or Salonia itself. */
export const BOOKING_ACTORS = ['customer', 'salon', 'system'] as const
export type BookingActor = (typeof BOOKING_ACTORS)[number]

/** A start on the salon's clock: the instant, and its local date and time (HH:mm). */
const localStartSchema = z.object({ startsAt: z.string(), localDate: z.string(), localTime: z.string() })

export const bookingEventSchema = z.object({
  kind: z.enum(BOOKING_EVENT_KINDS),
  actor: z.enum(BOOKING_ACTORS),
  channel: z.enum(BOOKING_CHANNELS),
  /** When it happened: the instant, and the salon's date and time of it. */
  at: localStartSchema,
  /** moved: from where to where (start and member). */
  from: localStartSchema.extend({ member: bookingMemberSchema.nullable() }).nullable(),
  to: localStartSchema.extend({ member: bookingMemberSchema.nullable() }).nullable(),
  /** status: the new status; cancelled: 'cancelled'. */
  status: z.enum(BOOKING_STATUSES).nullable(),
  /** cancelled: the salon's reason, when given. */
  reason: z.string().nullable(),
  /** Whether the customer was told (a change the salon made), and how. */
  toldBy: z.array(z.enum(['email', 'web', 'telegram', 'instagram', 'whatsapp'])),
  /** The salon chose not to tell the customer of this change. */
  quiet: z.boolean(),
  /** moved: this move took back the one before it (the agenda's "undo"). */
  undo: z.boolean(),
  /** payment: what happened to the money, and how much. */
  payment: paymentEventSchema.nullable(),
})
export type BookingEvent = z.infer<typeof bookingEventSchema>

/** GET /api/bookings/:bookingId — the booking panel: the booking, its customer's contacts and its history. */
export const bookingDetailsSchema = z.object({
  booking: bookingSchema,
  customer: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    language: z.enum(LANGUAGES),
    /** The salon's note in the customer's file (allergies, colour formula…): the team's, never the customer's. */
    notes: z.string().nullable(),
  }),
  history: z.array(bookingEventSchema),
  /** Its reminders for the start it has now, the earliest due first. */
  reminders: z.array(bookingReminderSchema),
})
export type BookingDetails = z.infer<typeof bookingDetailsSchema>

/** The longest reason a salon gives for a cancellation, and the longest private note on a booking. */
export const CANCEL_REASON_MAX = 500
export const BOOKING_SALON_NOTE_MAX = 2000

/** POST /api/bookings/:bookingId/cancel — the body is optional (none arrives as null on the server). */
export const bookingCancelInputSchema = z
  .object({
    reason: text()
      .max(CANCEL_REASON_MAX, `The reason is at most ${CANCEL_REASON_MAX} characters`)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .nullish()

/** POST /api/bookings/:bookingId/status — an appointment that has begun: no-show or done; back to confirmed undoes it. */
export const bookingStatusInputSchema = z.object({ status: z.enum(['no_show', 'completed', 'confirmed']) })

/** PUT /api/bookings/:bookingId/note — empty clears it. */
export const bookingSalonNoteInputSchema = z.object({
  note: text().max(BOOKING_SALON_NOTE_MAX, `The note is at most ${BOOKING_SALON_NOTE_MAX} characters`),
})

export const phoneSchema = text()
  .max(32, 'The phone number is too long')
  .regex(/^\+?[0-9 ().-]{6,30}$/, 'Invalid phone number')

export const customerInputSchema = z.object({
  name: text().min(1, 'The client name is required').max(80, 'The client name is at most 80 characters'),
  phone: phoneSchema.optional().or(z.literal('').transform(() => undefined)),
  /** Where the salon's changes are told to the customer (a phone call or a walk-in may give one). */
  email: emailSchema.optional().or(z.literal('').transform(() => undefined)),
  language: z.enum(LANGUAGES).optional(),
})

export const bookingCreateInputSchema = z.object({
  serviceId: z.uuid({ message: 'serviceId must be a service id' }),
  startsAt: pointInTimeSchema,
  /** A new customer, or `customerId`: one the salon already has (found by name or phone). */
  customer: customerInputSchema.optional(),
  customerId: z.uuid({ message: 'customerId must be a customer id' }).optional(),
  /**
   * The dashboard's "force this time": a start outside the offered grid or hours (a walk-in at
   * 18:50), still never overlapping the member's bookings. Requires memberId.
   */
  force: z.boolean().optional(),
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
  /** The dashboard's forced time, as on creation (never overlapping). */
  force: z.boolean().optional(),
  /** The salon's "tell the customer?" (default yes): false moves it without a word to them. */
  tellCustomer: z.boolean().optional(),
  /** The desk will offer "undo": the customer is told once the undo can no longer come. */
  undoable: z.boolean().optional(),
})

/** How long the desk offers "undo" after a move, in seconds. */
export const MOVE_UNDO_SECONDS = 10
/**
 * How long the server still takes an undo, in seconds, and holds back the customer's notice of an
 * undoable move: the desk's offer plus room for a slow network.
 */
export const MOVE_UNDO_GRACE_SECONDS = 30

/** POST /api/bookings/:bookingId/undo-move — where the booking was before the move to take back. */
export const bookingUndoMoveInputSchema = z.object({
  startsAt: pointInTimeSchema,
  memberId: z.uuid({ message: 'memberId must be a team member id' }),
})

export const bookingListQuerySchema = z.object({
  from: pointInTimeSchema.optional(),
  to: pointInTimeSchema.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
})

/** A booking named in a path (`/api/bookings/:bookingId`). */
export const bookingParamsSchema = z.object({ bookingId: z.uuid({ message: 'Unknown booking id' }) })
