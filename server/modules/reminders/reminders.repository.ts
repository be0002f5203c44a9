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
import { and, eq, exists, gt, inArray, type SQL, sql } from 'drizzle-orm'

export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** Which salon setting turns each kind on (planReplan's SQL reads them from the booking's salon). */
const TURNED_ON: Record<ReminderKind, SQL> = {
  day_before: sql.raw('booking.remind_day_before'),
  two_hours: sql.raw('booking.remind_two_hours'),
}

/**
 * A booking's reminders as it stands now, in one statement (a booking pays it on every change):
 * while it holds its time, those waiting for another start are cancelled ("moved") and each kind
 * is planned for its start — skipped when the salon turned it off or its moment has passed, and a
 * reminder cancelled by an earlier move planned again when the booking is back at that start; a
 * booking that no longer holds its time has every waiting reminder cancelled with its status as
 * the reason. A reminder already planned, queued or sent for this start stays as it is.
 */
export async function replanReminders(
  db: Executor,
  bookingId: string,
  hours: Record<ReminderKind, number>,
  now: Date,
): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`
  const holding = sql.join(
    HOLDING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )
  const kinds = sql.join(
    (Object.keys(hours) as ReminderKind[]).map(
      (kind) => sql`(${kind}, booking.starts_at - make_interval(hours => ${hours[kind]}::int), ${TURNED_ON[kind]})`,
    ),
    sql`, `,
  )
  await db.execute(sql`
    with booking as (
      select b.id, b.salon_id, b.status, b.starts_at, s.remind_day_before, s.remind_two_hours
      from ${bookings} b join ${salons} s on s.id = b.salon_id
      where b.id = ${bookingId}
    ),
    stale as (
      update ${bookingReminders} r
      set status = 'cancelled',
          reason = case when booking.status in (${holding}) then 'moved' else booking.status end,
          updated_at = ${at}
      from booking
      where r.booking_id = booking.id and r.status in ('planned', 'queued')
        and (booking.status not in (${holding}) or r.appointment_starts_at <> booking.starts_at)
    )
    insert into ${bookingReminders}
      (salon_id, booking_id, kind, appointment_starts_at, due_at, status, reason, created_at, updated_at)
    select booking.salon_id, booking.id, k.kind, booking.starts_at, k.due_at,
      case when not k.turned_on or k.due_at <= ${at} then 'skipped' else 'planned' end,
      case when not k.turned_on then 'turned_off' when k.due_at <= ${at} then 'too_late' end,
      ${at}, ${at}
    from booking cross join lateral (values ${kinds}) as k(kind, due_at, turned_on)
    where booking.status in (${holding})
    on conflict (booking_id, kind, appointment_starts_at) do update
      set status = excluded.status, reason = excluded.reason, due_at = excluded.due_at, updated_at = excluded.updated_at
      where ${bookingReminders}.status = 'cancelled'
  `)
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
        reminderChannels: salons.reminderChannels,
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

/** The channels that took this reminder and then reported it undeliverable. */
export async function undeliveredChannels(db: Executor, reminderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ channel: reminderAttempts.channel })
    .from(reminderAttempts)
    .where(and(eq(reminderAttempts.reminderId, reminderId), eq(reminderAttempts.outcome, 'undelivered')))
  return rows.map((r) => r.channel)
}

/** The reminder a channel sent under its own reference (its message id), if it was one of ours. */
export async function findSentAttempt(
  db: Executor,
  channel: string,
  reference: string,
): Promise<{ attemptId: string; reminder: BookingReminderRow } | undefined> {
  const [row] = await db
    .select({ attemptId: reminderAttempts.id, reminder: bookingReminders })
    .from(reminderAttempts)
    .innerJoin(bookingReminders, eq(bookingReminders.id, reminderAttempts.reminderId))
    .where(
      and(
        eq(reminderAttempts.channel, channel),
        eq(reminderAttempts.detail, reference),
        eq(reminderAttempts.outcome, 'sent'),
      ),
    )
    .limit(1)
    .for('update', { of: bookingReminders })
  return row
}

export async function markAttemptUndelivered(db: Executor, attemptId: string, detail: string): Promise<void> {
  await db
    .update(reminderAttempts)
    .set({ outcome: 'undelivered', detail: detail.slice(0, 300) })
    .where(eq(reminderAttempts.id, attemptId))
}

/** The channel's word that the reminder reached the customer's phone, or was read (never undone). */
export async function noteReminderDelivery(
  db: Executor,
  reminderId: string,
  values: { deliveredAt: Date; readAt?: Date },
  now: Date,
): Promise<void> {
  await db
    .update(bookingReminders)
    .set({
      deliveredAt: sql`coalesce(${bookingReminders.deliveredAt}, ${values.deliveredAt.toISOString()})`,
      ...(values.readAt ? { readAt: sql`coalesce(${bookingReminders.readAt}, ${values.readAt.toISOString()})` } : {}),
      updatedAt: now,
    })
    .where(eq(bookingReminders.id, reminderId))
}
