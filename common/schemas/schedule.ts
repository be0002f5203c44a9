import { z } from 'zod'
import { isLocalDate, isLocalTime, minutesOfDay } from '../time'
import { isSupportedInstant, isSupportedYear, text, YEAR_RANGE_MESSAGE } from './primitives'
import type { HoursRefusal } from './schedule-refusals'

/**
 * Opening hours travel as the spec's map keyed by weekday number as a string, with ONE numbering
 * everywhere: "0" = Monday, "1" = Tuesday … "6" = Sunday. Each day has `isOpen`, `openTime` and
 * `closeTime` (HH:mm, first opening and last closing), and `intervals` with every opening interval
 * of the day, so a lunch break is two intervals. A closing time earlier than the opening time
 * means the salon closes after midnight.
 */

export const WEEKDAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number]

export const localTimeSchema = z
  .string()
  .trim()
  .refine(isLocalTime, {
    message: 'Expected a time as HH:mm (00:00 to 23:59)',
    params: { code: 'schedule.hours.time_invalid' } satisfies HoursRefusal,
  })

export const openingIntervalSchema = z.object({
  openTime: localTimeSchema,
  closeTime: localTimeSchema,
})

export const workingDaySchema = z.object({
  isOpen: z.boolean(),
  openTime: localTimeSchema.nullable(),
  closeTime: localTimeSchema.nullable(),
  intervals: z.array(openingIntervalSchema),
})
export type WorkingDay = z.infer<typeof workingDaySchema>

export const workingHoursSchema = z.object({
  '0': workingDaySchema,
  '1': workingDaySchema,
  '2': workingDaySchema,
  '3': workingDaySchema,
  '4': workingDaySchema,
  '5': workingDaySchema,
  '6': workingDaySchema,
})
export type WorkingHours = z.infer<typeof workingHoursSchema>

/** Length of an interval in minutes; a closing time at or before the opening time runs past midnight. */
export function intervalMinutes(openTime: string, closeTime: string): [number, number] {
  const opens = minutesOfDay(openTime)
  let closes = minutesOfDay(closeTime)
  if (closes <= opens) closes += 24 * 60
  return [opens, closes]
}

const MAX_INTERVALS = 6

/**
 * One day of a week sent to be saved. Its refusals carry a stable code and the day they are about
 * (see schedule-refusals.ts), for the schedule editor to word in the owner's language.
 */
const workingDayInputSchema = (day: WeekdayKey) =>
  z
    .object({
      isOpen: z.boolean(),
      openTime: localTimeSchema.nullish(),
      closeTime: localTimeSchema.nullish(),
      intervals: z
        .array(openingIntervalSchema)
        .refine((list) => list.length <= MAX_INTERVALS, {
          message: `At most ${MAX_INTERVALS} intervals a day`,
          params: { code: 'schedule.hours.too_many_intervals', day, max: MAX_INTERVALS } satisfies HoursRefusal,
        })
        .optional(),
    })
    .transform((input, ctx) => {
      const refuse = (message: string, refusal: Omit<HoursRefusal, 'day'>) => {
        ctx.addIssue({ code: 'custom', message, params: { ...refusal, day } satisfies HoursRefusal })
        return z.NEVER
      }
      if (!input.isOpen) return { isOpen: false, intervals: [] as { openTime: string; closeTime: string }[] }
      let intervals = input.intervals ?? []
      if (intervals.length === 0) {
        if (!input.openTime || !input.closeTime) {
          return refuse('An open day needs an opening and a closing time', { code: 'schedule.hours.times_missing' })
        }
        intervals = [{ openTime: input.openTime, closeTime: input.closeTime }]
      }
      const spans = intervals
        .map((i) => ({ ...i, span: intervalMinutes(i.openTime, i.closeTime) }))
        .sort((a, b) => a.span[0] - b.span[0])
      for (const [index, interval] of spans.entries()) {
        if (interval.openTime === interval.closeTime) {
          return refuse(`Opening and closing times are both ${interval.openTime}`, {
            code: 'schedule.hours.same_time',
            time: interval.openTime,
          })
        }
        const previous = spans[index - 1]
        if (previous && previous.span[1] > interval.span[0]) {
          const first = `${previous.openTime}–${previous.closeTime}`
          const second = `${interval.openTime}–${interval.closeTime}`
          return refuse(`Intervals ${first} and ${second} overlap`, { code: 'schedule.hours.overlap', first, second })
        }
      }
      return { isOpen: true, intervals: spans.map(({ openTime, closeTime }) => ({ openTime, closeTime })) }
    })

/** PUT /api/salons/:id/working-hours: all seven days, either as intervals or as open/close times. */
export const workingHoursInputSchema = z.object({
  workingHours: z.object({
    '0': workingDayInputSchema('0'),
    '1': workingDayInputSchema('1'),
    '2': workingDayInputSchema('2'),
    '3': workingDayInputSchema('3'),
    '4': workingDayInputSchema('4'),
    '5': workingDayInputSchema('5'),
    '6': workingDayInputSchema('6'),
  }),
})
export type WorkingHoursInput = z.infer<typeof workingHoursInputSchema>

/**
 * What to do with the confirmed or pending bookings still to come that a change of hours or a new
 * absence leaves outside working time: keep them, or cancel them and tell the customers. Without
 * it, such a change is refused with `schedule.bookings_affected` (409), which lists them.
 */
export const AFFECTED_BOOKINGS_CHOICES = ['keep', 'cancel'] as const
export type AffectedBookingsChoice = (typeof AFFECTED_BOOKINGS_CHOICES)[number]
export const affectedBookingsChoiceSchema = z.enum(AFFECTED_BOOKINGS_CHOICES, {
  message: "affectedBookings must be 'keep' or 'cancel'",
})

/**
 * With 'cancel': the bookings the salon was shown (the 409's ids). A booking that became affected
 * since (booked meanwhile) is not cancelled unseen: the change is refused again, listing it.
 */
export const affectedBookingIdsSchema = z
  .array(z.uuid({ message: 'affectedBookingIds must be booking ids' }))
  .max(2000, 'affectedBookingIds lists at most 2000 bookings')

/** What the salon decided about the bookings a change falls on, and which ones it saw. */
export interface AffectedBookingsDecision {
  affectedBookings?: AffectedBookingsChoice | undefined
  affectedBookingIds?: readonly string[] | undefined
}

/** PUT /api/salons/:id/working-hours: the week, and what to do with bookings it leaves outside. */
export const salonHoursInputSchema = workingHoursInputSchema.extend({
  affectedBookings: affectedBookingsChoiceSchema.optional(),
  affectedBookingIds: affectedBookingIdsSchema.optional(),
})

/** One booking a change would leave outside working time, as the 409 lists it (times on the salon's clock). */
export const affectedBookingSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  endLocalTime: z.string(),
  customerName: z.string(),
  service: z.string(),
  member: z.object({ id: z.string(), name: z.string() }),
})
export type AffectedBooking = z.infer<typeof affectedBookingSchema>

/** The body of the 409 `schedule.bookings_affected`: the bookings, soonest first. */
export const bookingsAffectedSchema = z.object({
  code: z.literal('schedule.bookings_affected'),
  message: z.string(),
  bookings: z.array(affectedBookingSchema),
})
export type BookingsAffected = z.infer<typeof bookingsAffectedSchema>

/**
 * A point in time as the salon's API accepts it: an ISO instant with offset or Z
 * ("2026-12-03T14:00:00+01:00"), a wall-clock time in the salon's zone ("2026-12-03T14:00"),
 * or, where a day is meant, a date ("2026-12-03", the salon's local midnight).
 */
export const pointInTimeSchema = text()
  .max(40, 'Expected a date (2026-12-03), a local time (2026-12-03T14:00) or an ISO instant with offset')
  .refine(
    (v) =>
      isLocalDate(v) ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) && isLocalDate(v.slice(0, 10)) && isLocalTime(v.slice(11))) ||
      (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v))),
    {
      message: 'Expected a date (2026-12-03), a local time (2026-12-03T14:00) or an ISO instant with offset',
      abort: true,
    },
  )
  // The local forms carry their year; an instant with an offset is judged where it lands.
  .refine((v) => isSupportedYear(v) && (v.length <= 16 || isSupportedInstant(Date.parse(v))), {
    message: YEAR_RANGE_MESSAGE,
  })

export const timeOffSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  /** Whose absence: a team member's, or the whole salon's (null). */
  memberId: z.string().nullable(),
})
export type TimeOff = z.infer<typeof timeOffSchema>

/**
 * POST /api/salons/:id/time-off. A date as start is that day's first minute; a date as end is the
 * last day away, included (10 → 10 closes the 10th). With times, both are exact: a block of hours.
 */
export const timeOffInputSchema = z.object({
  startDate: pointInTimeSchema,
  endDate: pointInTimeSchema,
  reason: text()
    .max(200, 'The reason is at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** One team member's absence; absent or null: the whole salon is closed. */
  memberId: z.uuid({ message: 'memberId must be a team member id' }).nullish(),
  /** What to do with the bookings the absence falls on (see AFFECTED_BOOKINGS_CHOICES). */
  affectedBookings: affectedBookingsChoiceSchema.optional(),
  affectedBookingIds: affectedBookingIdsSchema.optional(),
})
export type TimeOffInput = z.infer<typeof timeOffInputSchema>

export const availabilityQuerySchema = z.object({
  serviceId: z.uuid({ message: 'serviceId must be a service id' }),
  /** Only this team member's free times; absent: times when any member who performs the service is free. */
  memberId: z.uuid({ message: 'memberId must be a team member id' }).optional(),
  from: pointInTimeSchema.optional(),
  to: pointInTimeSchema.optional(),
})

export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  local: z.string(),
})

/** Why a salon offers no slot at all, whatever the period: it is not taking bookings. */
export const AVAILABILITY_CLOSED_REASONS = ['salon_inactive'] as const

export const availabilitySchema = z.object({
  salonId: z.string(),
  serviceId: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number(),
  from: z.string(),
  to: z.string(),
  slots: z.array(slotSchema),
  /** Present when the salon offers nothing at all, saying why. */
  closedReason: z.enum(AVAILABILITY_CLOSED_REASONS).optional(),
})
export type Availability = z.infer<typeof availabilitySchema>

/**
 * Time blocked every week at the same hours (a lunch break, a Tuesday-morning training), for one
 * member or the whole salon (memberId null), on some weekdays (0 = Monday … 6 = Sunday), at the
 * salon's local times, from its first day to its last (both included; none: until removed).
 */
export const recurringBlockSchema = z.object({
  id: z.string(),
  memberId: z.string().nullable(),
  weekdays: z.array(z.number()),
  startTime: z.string(),
  endTime: z.string(),
  firstDay: z.string(),
  lastDay: z.string().nullable(),
  reason: z.string().nullable(),
})
export type RecurringBlock = z.infer<typeof recurringBlockSchema>

/** A day on the salon's calendar, 'YYYY-MM-DD', in the years we store. */
export const localDaySchema = z
  .string()
  .trim()
  .refine(isLocalDate, { message: 'Expected a date as YYYY-MM-DD', abort: true })
  .refine(isSupportedYear, { message: YEAR_RANGE_MESSAGE })

/** POST /api/salons/:id/blocks. "24:00" may end a block at midnight. */
export const recurringBlockInputSchema = z
  .object({
    memberId: z.uuid({ message: 'memberId must be a team member id' }).nullish(),
    weekdays: z
      .array(
        z
          .number()
          .int()
          .min(0, 'Weekdays run from 0 (Monday) to 6 (Sunday)')
          .max(6, 'Weekdays run from 0 (Monday) to 6 (Sunday)'),
      )
      .min(1, 'Choose at least one weekday')
      .max(7, 'A week has seven days')
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    startTime: localTimeSchema,
    endTime: z
      .string()
      .trim()
      .refine((v) => v === '24:00' || isLocalTime(v), { message: 'Expected a time as HH:mm (00:00 to 24:00)' }),
    /** The first day it applies (default: today, on the salon's calendar). */
    firstDay: localDaySchema.optional(),
    /** The last day it applies, included (default: until removed). */
    lastDay: localDaySchema.nullish(),
    reason: text()
      .max(200, 'The reason is at most 200 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    affectedBookings: affectedBookingsChoiceSchema.optional(),
    affectedBookingIds: affectedBookingIdsSchema.optional(),
  })
  // Judged only on well-formed times and days (zod runs these after a field's own refusal too).
  .refine((b) => !wellFormedBlockTimes(b) || blockMinutes(b.endTime) > minutesOfDay(b.startTime), {
    message: 'The block must end after it starts',
    path: ['endTime'],
  })
  .refine(
    (b) => !b.firstDay || !b.lastDay || !isLocalDate(b.firstDay) || !isLocalDate(b.lastDay) || b.lastDay >= b.firstDay,
    {
      message: 'The last day cannot come before the first',
      path: ['lastDay'],
    },
  )
export type RecurringBlockInput = z.infer<typeof recurringBlockInputSchema>

const wellFormedBlockTimes = (b: { startTime: string; endTime: string }) =>
  isLocalTime(b.startTime) && (b.endTime === '24:00' || isLocalTime(b.endTime))

/** Minutes after midnight of a block's end: "24:00" is the end of the day. */
export function blockMinutes(time: string): number {
  return time === '24:00' ? 24 * 60 : minutesOfDay(time)
}
