import type { BookingPagePayment, BookingPayment, PaymentMovement } from '@common/schemas/payments'
import type { BookingPaymentRow, PaymentMovementRow } from '@server/db/schema'
import { confirmHeld, lockHeldBooking } from '@server/modules/bookings/booking-holds'
import { findBooking } from '@server/modules/bookings/bookings.repository'
import { type PaymentDeps, recordPaymentEvent } from './payment-checkout'
import { payLink, payUntil } from './payment-hold'
import { nothingToSettle } from './payments.errors'
import * as repo from './payments.repository'
import { freeCancelUntil } from './policies'

/** The ledger's lines as the panel and the customer's page show them. */
function presentMovements(rows: PaymentMovementRow[]): PaymentMovement[] {
  return rows.map((row) => ({
    kind: row.kind,
    amountMinor: row.amountMinor,
    currency: row.currency,
    at: row.at.toISOString(),
    actor: row.actor,
  }))
}

/** What the desk may do now with a booking's payment. */
function deskActions(payment: BookingPaymentRow): BookingPayment['actions'] {
  if (payment.state === 'awaiting') return ['paid_at_salon', 'waive']
  if (payment.kind === 'deposit' && (payment.state === 'paid' || payment.state === 'kept') && payment.paymentRef)
    return ['refund']
  return []
}

/** GET /api/bookings/:bookingId/payment — null when the booking asked for nothing. */
export async function bookingPayment(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  bookingId: string,
): Promise<BookingPayment | null> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (!payment) return null
  const { booking } = await requireBookingStart(deps, bookingId)
  return {
    kind: payment.kind,
    state: payment.state,
    currency: payment.currency,
    depositMinor: payment.depositMinor,
    feeMinor: payment.feeMinor,
    freeCancelHours: payment.freeCancelHours,
    freeCancelUntil: freeCancelUntil(booking.startsAt, payment.freeCancelHours).toISOString(),
    freeCancelOpen: freeCancelUntil(booking.startsAt, payment.freeCancelHours) > deps.clock.now(),
    movements: presentMovements(await repo.listMovements(deps.db, bookingId)),
    actions: deskActions(payment),
  }
}

/** The customer's own page: what their booking asks and what happened to their money. */
export async function bookingPagePayment(
  deps: Pick<PaymentDeps, 'db' | 'config' | 'clock'>,
  bookingId: string,
): Promise<BookingPagePayment | null> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (!payment) return null
  const { booking } = await requireBookingStart(deps, bookingId)
  const waiting = payment.state === 'awaiting' || payment.state === 'fee_waiting'
  return {
    kind: payment.kind,
    state: payment.state,
    currency: payment.currency,
    depositMinor: payment.depositMinor,
    feeMinor: payment.feeMinor,
    freeCancelUntil: freeCancelUntil(booking.startsAt, payment.freeCancelHours).toISOString(),
    freeCancelOpen: freeCancelUntil(booking.startsAt, payment.freeCancelHours) > deps.clock.now(),
    heldUntil: payment.state === 'awaiting' ? payUntil(payment.createdAt).toISOString() : null,
    payUrl: waiting ? payLink(deps.config, bookingId) : null,
    movements: presentMovements(await repo.listMovements(deps.db, bookingId)),
  }
}

async function requireBookingStart(deps: Pick<PaymentDeps, 'db'>, bookingId: string) {
  const found = await findBooking(deps.db, bookingId)
  if (!found) throw nothingToSettle()
  return found
}

/**
 * The desk settles a held booking itself: the customer paid at the salon (the deposit recorded as
 * paid there), or the salon waives the policy. The booking is confirmed either way; the page the
 * customer was given is closed by the job that releases unpaid bookings (it finds it no longer
 * awaiting) — and if they paid online meanwhile, that payment goes back.
 */
export async function settleAtDesk(
  deps: PaymentDeps,
  bookingId: string,
  how: 'paid_at_salon' | 'waived',
): Promise<BookingPayment | null> {
  const closeRef = await deps.db.transaction(async (tx) => {
    const payment = await repo.lockBookingPayment(tx, bookingId)
    if (payment?.state !== 'awaiting') throw nothingToSettle()
    const held = await lockHeldBooking(tx, bookingId)
    if (!held) throw nothingToSettle()
    const now = deps.clock.now()
    const byDesk = { actor: 'salon', channel: 'dashboard' } as const
    const amountMinor = payment.kind === 'deposit' ? payment.depositMinor : payment.feeMinor
    await repo.recordMovement(tx, {
      bookingId,
      salonId: payment.salonId,
      kind: how,
      amountMinor: how === 'paid_at_salon' ? amountMinor : 0,
      currency: payment.currency,
      actor: 'salon',
      reference: `${how}:${bookingId}`,
      at: now,
    })
    await repo.updateBookingPayment(tx, bookingId, { state: how }, now)
    await confirmHeld(tx, deps.jobs, held, byDesk, now)
    const money = { amountMinor, currency: payment.currency }
    await recordPaymentEvent(tx, deps.jobs, held, { what: how, ...money }, byDesk, now)
    return payment.checkoutRef
  })
  if (closeRef) await deps.jobs.send(deps.db, 'payments.close', { bookingId })
  return bookingPayment(deps, bookingId)
}

/** The desk gives a deposit back (kept after a late cancellation, or still held for a visit): a job refunds it. */
export async function refundAtDesk(deps: PaymentDeps, bookingId: string): Promise<BookingPayment | null> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (!payment || !deskActions(payment).includes('refund')) throw nothingToSettle()
  await deps.jobs.send(deps.db, 'payments.refund', { bookingId })
  return bookingPayment(deps, bookingId)
}
