import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { type BookingReminderRow, bookingReminders, bookings, type REMINDER_KINDS, salons } from '../../db/schema'

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
        keepStartsAt ? ne(bookingReminders.appointmentStartsAt, keepStartsAt) : sql`true`,
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
