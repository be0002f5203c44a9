import { HOLDING_STATUSES } from '@common/schemas/booking'
import type { Executor } from '@server/db/client'
import {
  type BookingReminderRow,
  bookingReminders,
  bookings,
  customers,
  type REMINDER_KINDS,
  type REMINDER_STATUSES,
  reminderAttempts,
  salons,
  serviceTranslations,
  teamMembers,
} from '@server/db/schema'
import { and, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm'

export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** What planning reads: the booking's status and start, and the salon's reminder settings. */
export async function findBookingForReminders(db: Executor, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      salonId: bookings.salonId,
      status: bookings.status,
      startsAt: bookings.startsAt,
      remindDayBefore: salons.remindDayBefore,
      remindTwoHours: salons.remindTwoHours,
    })
    .from(bookings)
    .innerJoin(salons, eq(salons.id, bookings.salonId))
    .where(eq(bookings.id, bookingId))
    .limit(1)
  return row
}

/**
 * The reminder of this booking, kind and start, as planned now. It exists once (unique key): saved
 * again, a booking keeps its reminder as it is — unless that reminder was cancelled by a move and
 * the booking is back at this start, when it is planned again.
 */
export async function planReminder(
  db: Executor,
  reminder: Pick<
    BookingReminderRow,
    'salonId' | 'bookingId' | 'kind' | 'appointmentStartsAt' | 'dueAt' | 'status' | 'reason'
  > & { now: Date },
): Promise<void> {
  const { now, ...values } = reminder
  await db
    .insert(bookingReminders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [bookingReminders.bookingId, bookingReminders.kind, bookingReminders.appointmentStartsAt],
      set: { status: values.status, reason: values.reason, dueAt: values.dueAt, updatedAt: now },
      setWhere: eq(bookingReminders.status, 'cancelled'),
    })
}

/**
 * Cancels the reminders of a booking still waiting to go out, except those of the start it keeps
 * (none when it was cancelled): a moved booking's old reminders, or all of a cancelled one's.
 */
export async function cancelWaitingReminders(
  db: Executor,
  bookingId: string,
  keepStartsAt: Date | null,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(bookingReminders)
    .set({ status: 'cancelled', reason, updatedAt: now })
    .where(
      and(
        eq(bookingReminders.bookingId, bookingId),
        inArray(bookingReminders.status, ['planned', 'queued']),
        keepStartsAt ? ne(bookingReminders.appointmentStartsAt, keepStartsAt) : undefined,
      ),
    )
}

/**
 * A kind of reminder the salon turned on or off: its reminders still to come follow at once (off:
 * planned → skipped "turned_off"; on: those skipped for that reason → planned again), so each
 * booking's panel says what will really happen. Only reminders of a booking that still holds that
 * start: a moved booking's old reminders stay as they were.
 */
export async function switchUpcomingReminders(
  db: Executor,
  salonId: string,
  kind: ReminderKind,
  on: boolean,
  now: Date,
): Promise<void> {
  const bookingStillThere = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingReminders.bookingId),
        eq(bookings.startsAt, bookingReminders.appointmentStartsAt),
        inArray(bookings.status, [...HOLDING_STATUSES]),
      ),
    )
  await db
    .update(bookingReminders)
    .set(
      on
        ? { status: 'planned', reason: null, updatedAt: now }
        : { status: 'skipped', reason: 'turned_off', updatedAt: now },
    )
    .where(
      and(
        eq(bookingReminders.salonId, salonId),
        eq(bookingReminders.kind, kind),
        gt(bookingReminders.dueAt, now),
        on
          ? and(eq(bookingReminders.status, 'skipped'), eq(bookingReminders.reason, 'turned_off'))
          : eq(bookingReminders.status, 'planned'),
        exists(bookingStillThere),
      ),
    )
}

export async function listRemindersOfBookings(
  db: Executor,
  bookingIds: readonly string[],
): Promise<BookingReminderRow[]> {
  if (bookingIds.length === 0) return []
  return db
    .select()
    .from(bookingReminders)
    .where(inArray(bookingReminders.bookingId, [...bookingIds]))
    .orderBy(bookingReminders.dueAt)
}

/**
 * Hands the reminders that are due (at most `limit`, the earliest first) to the sending jobs:
 * planned → queued, rows locked and skipped by any other instance doing the same, so each is
 * handed over once.
 */
export async function claimDueReminders(db: Executor, now: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ id: bookingReminders.id })
    .from(bookingReminders)
    .where(and(eq(bookingReminders.status, 'planned'), sql`${bookingReminders.dueAt} <= ${now.toISOString()}`))
    .orderBy(bookingReminders.dueAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  const rows = await db
    .update(bookingReminders)
    .set({ status: 'queued', updatedAt: now })
    .where(inArray(bookingReminders.id, due))
    .returning({ id: bookingReminders.id })
  return rows.map((r) => r.id)
}

/** queued → sending, for one worker only: committed before any channel is tried. */
export async function claimForSending(db: Executor, id: string, now: Date): Promise<BookingReminderRow | undefined> {
  const [row] = await db
    .update(bookingReminders)
    .set({ status: 'sending', updatedAt: now })
    .where(and(eq(bookingReminders.id, id), eq(bookingReminders.status, 'queued')))
    .returning()
  return row
}

export async function findReminder(db: Executor, id: string): Promise<BookingReminderRow | undefined> {
  const [row] = await db.select().from(bookingReminders).where(eq(bookingReminders.id, id)).limit(1)
  return row
}

export async function finishReminder(
  db: Executor,
  id: string,
  values: {
    status: (typeof REMINDER_STATUSES)[number]
    reason?: string | null
    channel?: string | null
    sentAt?: Date | null
  },
  now: Date,
): Promise<void> {
  await db
    .update(bookingReminders)
    .set({ reason: null, ...values, updatedAt: now })
    .where(eq(bookingReminders.id, id))
}

export async function recordAttempt(
  db: Executor,
  attempt: {
    reminderId: string
    channel: string
    outcome: 'sent' | 'refused' | 'failed'
    detail: string | null
    at: Date
  },
): Promise<void> {
  await db.insert(reminderAttempts).values(attempt)
}

/** Everything a reminder says and where it can go: its booking, customer, member and salon. */
export async function findReminderContext(db: Executor, reminderId: string) {
  const [row] = await db
    .select({
      booking: {
        id: bookings.id,
        status: bookings.status,
        startsAt: bookings.startsAt,
        serviceName: bookings.serviceName,
        // The salon's name for the service in the customer's language, when it has one (as
        // catalog's `bookedServiceName` reads it), in this same read rather than one more per reminder.
        translatedServiceName: serviceTranslations.name,
        channel: bookings.channel,
      },
      customer: {
        id: customers.id,
        name: customers.name,
        phone: customers.phone,
        email: customers.email,
        language: customers.language,
        erasedAt: customers.erasedAt,
      },
      member: { name: teamMembers.name },
      salon: {
        id: salons.id,
        name: salons.name,
        address: salons.address,
        country: salons.country,
        timeZone: salons.timeZone,
        publicPhone: salons.publicPhone,
        remindBySms: salons.remindBySms,
        remindDayBefore: salons.remindDayBefore,
        remindTwoHours: salons.remindTwoHours,
      },
    })
    .from(bookingReminders)
    .innerJoin(bookings, eq(bookings.id, bookingReminders.bookingId))
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(teamMembers, eq(teamMembers.id, bookings.memberId))
    .leftJoin(
      serviceTranslations,
      and(eq(serviceTranslations.serviceId, bookings.serviceId), eq(serviceTranslations.language, customers.language)),
    )
    .innerJoin(salons, eq(salons.id, bookings.salonId))
    .where(eq(bookingReminders.id, reminderId))
    .limit(1)
  return row
}
