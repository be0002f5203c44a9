import { z } from 'zod'
import { text } from './primitives'
import {
  affectedBookingIdsSchema,
  affectedBookingsChoiceSchema,
  workingHoursInputSchema,
  workingHoursSchema,
} from './schedule'

/**
 * A salon's team: the people customers are booked with. Every salon has one member who is its
 * owner; a member has their own colour, the services they perform, their hours within the
 * salon's (or the salon's own when `followsSalonHours`), and may be deactivated (kept for history,
 * never offered).
 */

/** What the salon's own Google calendar events block: every member, or the owner's member only. */
export const CALENDAR_BLOCKS = ['salon', 'owner'] as const
export type CalendarBlocks = (typeof CALENDAR_BLOCKS)[number]

/** The agenda's palette: a new member takes the first colour no member has yet. */
export const MEMBER_COLOURS = [
  '#7c3aed',
  '#0d9488',
  '#e11d48',
  '#d97706',
  '#2563eb',
  '#65a30d',
  '#c026d3',
  '#0891b2',
] as const

export const MAX_TEAM_MEMBERS = 30

export const memberNameSchema = text().min(1, 'The name is required').max(40, 'The name is at most 40 characters')
export const memberColourSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'The colour must be written #rrggbb')

/** Who a booking is with, as every booking carries it. */
export const bookingMemberSchema = z.object({ id: z.string(), name: z.string() })
export type BookingMember = z.infer<typeof bookingMemberSchema>

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  isOwner: z.boolean(),
  isActive: z.boolean(),
  position: z.number(),
  serviceIds: z.array(z.string()),
  followsSalonHours: z.boolean(),
  /** The member's own week (when they do not follow the salon's), in the salon's format. */
  workingHours: workingHoursSchema.nullable(),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

export const teamMemberCreateSchema = z.object({
  name: memberNameSchema,
  colour: memberColourSchema.optional(),
  /** The services they perform (default: every active service of the salon). */
  serviceIds: z
    .array(z.uuid({ message: 'serviceIds must be service ids' }))
    .max(500)
    .optional(),
  /** Their own week; absent or null: the salon's hours. */
  workingHours: workingHoursInputSchema.nullish(),
})
export type TeamMemberCreate = z.infer<typeof teamMemberCreateSchema>

export const teamMemberUpdateSchema = z
  .object({
    name: memberNameSchema,
    colour: memberColourSchema,
    isActive: z.boolean(),
    serviceIds: z.array(z.uuid({ message: 'serviceIds must be service ids' })).max(500),
    workingHours: workingHoursInputSchema.nullable(),
    /** What to do with the member's bookings that new hours leave outside (see AFFECTED_BOOKINGS_CHOICES). */
    affectedBookings: affectedBookingsChoiceSchema,
    affectedBookingIds: affectedBookingIdsSchema,
  })
  .partial()
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdateSchema>

export const teamOrderSchema = z.object({
  memberIds: z
    .array(z.uuid({ message: 'memberIds must be member ids' }))
    .min(1)
    .max(MAX_TEAM_MEMBERS),
})

export const calendarBlocksSchema = z.object({ calendarBlocks: z.enum(CALENDAR_BLOCKS) })

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  calendarBlocks: z.enum(CALENDAR_BLOCKS),
})
export type Team = z.infer<typeof teamSchema>
