import type { BookingChannel } from '@common/schemas/booking'
import type { PaymentMovementKind } from '@common/schemas/payments'
import type { Executor } from '@server/db/client'
import {
  type BookingPaymentRow,
  bookingPayments,
  bookings,
  type PaymentMovementRow,
  type PaymentPolicyRow,
  paymentMovements,
  paymentPolicies,
  services,
} from '@server/db/schema'
import { and, asc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm'

/** Every policy of the salon's services. */
export function listPolicies(db: Executor, salonId: string): Promise<PaymentPolicyRow[]> {
  return db.select().from(paymentPolicies).where(eq(paymentPolicies.salonId, salonId))
}

export async function findPolicy(db: Executor, serviceId: string): Promise<PaymentPolicyRow | undefined> {
  const [row] = await db.select().from(paymentPolicies).where(eq(paymentPolicies.serviceId, serviceId)).limit(1)
  return row
}

/** Whether the service is the salon's (a policy is only ever written on one of its own). */
export async function isSalonService(db: Executor, salonId: string, serviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.salonId, salonId)))
    .limit(1)
  return row !== undefined
}

export async function savePolicy(
  db: Executor,
  values: Omit<PaymentPolicyRow, 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<void> {
  await db
    .insert(paymentPolicies)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: paymentPolicies.serviceId, set: { ...values, updatedAt: now } })
}

export async function removePolicy(db: Executor, serviceId: string): Promise<void> {
  await db.delete(paymentPolicies).where(eq(paymentPolicies.serviceId, serviceId))
}

/** A held booking and its service's policy, if it has one (what a new booking's payment starts from). */
export async function findHeldWithPolicy(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, policy: paymentPolicies })
    .from(bookings)
    .innerJoin(paymentPolicies, eq(paymentPolicies.serviceId, bookings.serviceId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')))
    .limit(1)
  return row
}

export async function insertBookingPayment(
  db: Executor,
  values: Pick<
    BookingPaymentRow,
    | 'bookingId'
    | 'salonId'
    | 'provider'
    | 'kind'
    | 'currency'
    | 'depositMinor'
    | 'feeMinor'
    | 'freeCancelHours'
    | 'state'
  >,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(bookingPayments)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: bookingPayments.bookingId })
  return inserted.length > 0
}

export async function findBookingPayment(db: Executor, bookingId: string): Promise<BookingPaymentRow | undefined> {
  const [row] = await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId)).limit(1)
  return row
}

/** A booking's payment, with the channel the booking came from (where its customer is told). */
export type PaymentOfBooking = BookingPaymentRow & { channel: BookingChannel }

/** The booking's payment, locked until the caller's transaction ends: one decision at a time per booking. */
export function lockBookingPayment(db: Executor, bookingId: string): Promise<PaymentOfBooking | undefined> {
  return lockPaymentWhere(db, eq(bookingPayments.bookingId, bookingId))
}

/** The payment a checkout belongs to (the booking's own, or its fee's), locked. */
export function lockPaymentOfCheckout(db: Executor, ref: string): Promise<PaymentOfBooking | undefined> {
  return lockPaymentWhere(db, or(eq(bookingPayments.checkoutRef, ref), eq(bookingPayments.feeCheckoutRef, ref)))
}

async function lockPaymentWhere(db: Executor, where: SQL | undefined): Promise<PaymentOfBooking | undefined> {
  const [row] = await db
    .select({ payment: bookingPayments, channel: bookings.channel })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(where)
    .limit(1)
    .for('update', { of: bookingPayments })
  return row && { ...row.payment, channel: row.channel }
}

export async function updateBookingPayment(
  db: Executor,
  bookingId: string,
  patch: Partial<Omit<BookingPaymentRow, 'bookingId' | 'salonId' | 'createdAt' | 'updatedAt'>>,
  now: Date,
): Promise<void> {
  await db
    .update(bookingPayments)
    .set({ ...patch, updatedAt: now })
    .where(eq(bookingPayments.bookingId, bookingId))
}

/** Records an amount that moved, once by its reference; false: it was already recorded. */
export async function recordMovement(db: Executor, movement: Omit<PaymentMovementRow, 'id'>): Promise<boolean> {
  const inserted = await db
    .insert(paymentMovements)
    .values(movement)
    .onConflictDoNothing({ target: paymentMovements.reference })
    .returning({ id: paymentMovements.id })
  return inserted.length > 0
}

export function listMovements(db: Executor, bookingId: string): Promise<PaymentMovementRow[]> {
  return db
    .select()
    .from(paymentMovements)
    .where(eq(paymentMovements.bookingId, bookingId))
    .orderBy(asc(paymentMovements.at))
}

/** Bookings still waiting for their money that were made before `before` (their time to pay is up). */
export function listUnpaidSince(db: Executor, before: Date, limit: number): Promise<BookingPaymentRow[]> {
  return db
    .select({ payment: bookingPayments })
    .from(bookingPayments)
    .innerJoin(bookings, eq(bookings.id, bookingPayments.bookingId))
    .where(
      and(eq(bookingPayments.state, 'awaiting'), lte(bookingPayments.createdAt, before), eq(bookings.status, 'held')),
    )
    .orderBy(asc(bookingPayments.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.payment))
}

/** The sums of each kind of movement at the salon over [from, to). */
export async function sumMovements(
  db: Executor,
  salonId: string,
  from: Date,
  to: Date,
): Promise<Partial<Record<PaymentMovementKind, number>>> {
  const rows = await db
    .select({ kind: paymentMovements.kind, total: sql<string>`sum(${paymentMovements.amountMinor})` })
    .from(paymentMovements)
    .where(and(eq(paymentMovements.salonId, salonId), gte(paymentMovements.at, from), lt(paymentMovements.at, to)))
    .groupBy(paymentMovements.kind)
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]))
}

/** When the salon's first booking that asked for money was made (null: never). */
export async function firstPaymentAt(db: Executor, salonId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${bookingPayments.createdAt})` })
    .from(bookingPayments)
    .where(eq(bookingPayments.salonId, salonId))
  return row?.at ? new Date(row.at) : null
}
