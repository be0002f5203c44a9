import { z } from 'zod'
import { bookingSchema, customerInputSchema } from './booking'
import { pointInTimeSchema } from './schedule'

/**
 * A visit taken at the desk (issue 39): one or several people arriving together, each with one or
 * several services back to back, maybe repeated every N weeks. Checked first (every occurrence,
 * every appointment, with why any of them does not fit), then booked in one go; once made, each
 * appointment is an ordinary booking that stands alone.
 */

/** People in one visit at the desk: a family, two friends. */
export const VISIT_PEOPLE_MAX = 4
/** Services one person takes back to back in one visit. */
export const VISIT_SERVICES_MAX = 6
/** How often a visit can come back: every 1 to 26 weeks… */
export const REPEAT_EVERY_WEEKS_MAX = 26
/** …for at most this many visits in all (the first one included). */
export const REPEAT_TIMES_MAX = 26

export const VISIT_REFUSALS = [
  'too_soon',
  'beyond_horizon',
  'closed_day',
  'time_off',
  'outside_hours',
  'ends_after_closing',
  'off_grid',
  'taken',
] as const
export type VisitRefusal = (typeof VISIT_REFUSALS)[number]

const visitServiceSchema = z.object({
  serviceId: z.uuid({ message: 'serviceId must be a service id' }),
  /** Who performs it; absent: the member who did the person's previous service when free, else the salon's rule. */
  memberId: z.uuid({ message: 'memberId must be a team member id' }).optional(),
})

const visitPersonSchema = z
  .object({
    /** One the salon already has, or `customer`: a new one (or the one these details find). */
    customerId: z.uuid({ message: 'customerId must be a customer id' }).optional(),
    customer: customerInputSchema.optional(),
    services: z
      .array(visitServiceSchema)
      .min(1, 'Each person takes at least one service')
      .max(VISIT_SERVICES_MAX, `A person takes at most ${VISIT_SERVICES_MAX} services in one visit`),
  })
  .refine((person) => !person.customerId !== !person.customer, {
    message: 'Each person is a customer of the salon (customerId) or a new one (customer), not both',
    path: ['customerId'],
  })

export const visitRepeatSchema = z.object({
  everyWeeks: z
    .number()
    .int('everyWeeks is a whole number of weeks')
    .min(1, 'A visit comes back every week at most')
    .max(REPEAT_EVERY_WEEKS_MAX, `A visit comes back at least every ${REPEAT_EVERY_WEEKS_MAX} weeks`),
  times: z
    .number()
    .int('times is a whole number of visits')
    .min(2, 'A repeated visit comes at least twice')
    .max(REPEAT_TIMES_MAX, `A visit repeats at most ${REPEAT_TIMES_MAX} times`),
})
export type VisitRepeat = z.infer<typeof visitRepeatSchema>

/** POST /api/salons/:id/visits/check — what would be booked, and what does not fit. */
export const visitPlanInputSchema = z.object({
  /** When every person's first service starts (the first visit, when it repeats). */
  startsAt: pointInTimeSchema,
  people: z
    .array(visitPersonSchema)
    .min(1, 'A visit is for at least one person')
    .max(VISIT_PEOPLE_MAX, `A visit is for at most ${VISIT_PEOPLE_MAX} people`),
  repeat: visitRepeatSchema.optional(),
})
export type VisitPlanInput = z.infer<typeof visitPlanInputSchema>

/** POST /api/salons/:id/visits — books every occurrence but those the desk chose to leave out. */
export const visitBookInputSchema = visitPlanInputSchema.extend({
  /** Occurrences (their index, 0 for the first) not to book: the conflicts the check listed. */
  skip: z.array(z.number().int().min(0).max(REPEAT_TIMES_MAX)).max(REPEAT_TIMES_MAX).optional(),
})
export type VisitBookInput = z.infer<typeof visitBookInputSchema>

export const plannedAppointmentSchema = z.object({
  /** Which person of the visit (index in `people`). */
  person: z.number().int(),
  serviceId: z.string(),
  service: z.string(),
  /** The salon's day and time ('YYYY-MM-DD', 'HH:MM') it starts and ends (clean-up left out). */
  localDate: z.string(),
  localTime: z.string(),
  endLocalTime: z.string(),
  startsAt: z.string(),
  /** Who would perform it; null when nobody can. */
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Why it does not fit, or null. */
  refusal: z.enum(VISIT_REFUSALS).nullable(),
})
export type PlannedAppointment = z.infer<typeof plannedAppointmentSchema>

export const visitOccurrenceSchema = z.object({
  index: z.number().int(),
  localDate: z.string(),
  localTime: z.string(),
  fits: z.boolean(),
  appointments: z.array(plannedAppointmentSchema),
})
export type VisitOccurrence = z.infer<typeof visitOccurrenceSchema>

export const visitPlanSchema = z.object({ occurrences: z.array(visitOccurrenceSchema) })
export type VisitPlan = z.infer<typeof visitPlanSchema>

/** What the desk booked: every appointment made, in order, and the occurrences left out. */
export const visitBookedSchema = z.object({
  bookings: z.array(bookingSchema),
  skipped: z.array(z.number().int()),
})
export type VisitBooked = z.infer<typeof visitBookedSchema>
