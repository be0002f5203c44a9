import { formatDay } from '@common/in-words'
import { languageOrDefault } from '@common/languages'
import { formatLocalDateTime } from '@common/time'
import type { Executor } from '@server/db/client'
import type { BookingEventRow } from '@server/db/schema'
import { findBookingEvent } from '@server/modules/bookings/booking-events.repository'
import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import * as bookings from '@server/modules/bookings/bookings.repository'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { completeCheckout, openFeeCheckout, type PaymentDeps, recordPaymentEvent } from './payment-checkout'
import { providerNamed, readyProvider } from './payment-providers'
import * as repo from './payments.repository'
import { askedBy, freeCancelUntil, policyOfRow } from './policies'

/**
 * The money follows the booking (issue 41): subscribed to every booking's events, in the change's
 * transaction —
 *  - a new held booking of a service with a policy: its payment is written and its page opened by a job;
 *  - a cancellation or a no-show of a booking with a payment: a job applies the rules (followEvent);
 *  - a line about money the customer should read: a job tells them (payment-tell.ts).
 */
export const paymentsSubscriber: BookingSubscriber = {
  name: 'payments',
  async onBookingEvent(db, jobs, event, now) {
    if (event.kind === 'created') {
      if (await startPayment(db, event.bookingId, now))
        await jobs.send(db, 'payments.checkout', { bookingId: event.bookingId })
      return
    }
    if (event.kind === 'payment') {
      if (event.payment && TOLD.has(event.payment.what)) await jobs.send(db, 'payments.tell', { eventId: event.id })
      return
    }
    const follows = event.kind === 'cancelled' || (event.kind === 'status' && event.status === 'no_show')
    if (follows && (await repo.findBookingPayment(db, event.bookingId))) {
      await jobs.send(db, 'payments.follow', { eventId: event.id })
    }
  },
}

/** The payment events the customer reads of on their channels. */
const TOLD = new Set(['deposit', 'card_saved', 'expired', 'refund', 'kept', 'fee', 'fee_waiting'])

/** A held booking of a service with a policy: what it asks, from the policy as it is now. */
async function startPayment(db: Executor, bookingId: string, now: Date): Promise<boolean> {
  const found = await repo.findHeldWithPolicy(db, bookingId)
  if (!found) return false
  const { booking, policy } = found
  const provider = await readyProvider(db, booking.salonId)
  if (!provider) return false
  const asked = askedBy(policyOfRow(policy), booking.priceMinor)
  if (!asked) return false
  return repo.insertBookingPayment(
    db,
    {
      bookingId,
      salonId: booking.salonId,
      provider: provider.name,
      kind: asked.kind,
      currency: booking.currency,
      depositMinor: asked.depositMinor,
      feeMinor: asked.feeMinor,
      freeCancelHours: asked.freeCancelHours,
      state: 'awaiting',
    },
    now,
  )
}

/**
 * Job `payments.follow`: what a cancellation or a no-show means for the money.
 *  - still awaiting (cancelled before paying): the page is closed (paid meanwhile: refunded);
 *  - a deposit: refunded when the salon cancels or the customer does inside the free window, kept
 *    when the customer cancels later or does not come;
 *  - a guarantee: the fee charged when the customer cancels late or does not come.
 */
export async function followEvent(deps: PaymentDeps, eventId: string): Promise<void> {
  const event = await findBookingEvent(deps.db, eventId)
  if (!event) return
  const payment = await repo.findBookingPayment(deps.db, event.bookingId)
  const found = await bookings.findBooking(deps.db, event.bookingId)
  if (!payment || !found) return
  const late =
    event.kind === 'status' ||
    (event.actor === 'customer' && event.at >= freeCancelUntil(found.booking.startsAt, payment.freeCancelHours))
  if (payment.state === 'awaiting') {
    await closeUnpaid(deps, payment.bookingId)
  } else if (payment.state === 'paid') {
    if (late) await keepDeposit(deps, event)
    else await deps.jobs.send(deps.db, 'payments.refund', { bookingId: payment.bookingId })
  } else if (payment.state === 'secured' && late) {
    await deps.jobs.send(deps.db, 'payments.fee', { bookingId: payment.bookingId })
  }
}

/** Cancelled before paying: the page closes; paid in the last instant, the deposit goes back. */
async function closeUnpaid(deps: PaymentDeps, bookingId: string): Promise<void> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (payment?.state !== 'awaiting') return
  if (payment.checkoutRef) {
    const outcome = await providerNamed(payment.provider).closeCheckout(deps, payment.salonId, payment.checkoutRef)
    if (outcome.state === 'complete') {
      await completeCheckout(deps, payment.checkoutRef, outcome.paid)
      return
    }
  }
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockBookingPayment(tx, bookingId)
    if (locked?.state === 'awaiting')
      await repo.updateBookingPayment(tx, bookingId, { state: 'expired' }, deps.clock.now())
  })
}

/**
 * Job `payments.close`: the desk settled a held booking; the page the customer was given closes,
 * and a payment made on it meanwhile goes back.
 */
export async function closeSettledCheckout(deps: PaymentDeps, bookingId: string): Promise<void> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (!payment?.checkoutRef) return
  const outcome = await providerNamed(payment.provider).closeCheckout(deps, payment.salonId, payment.checkoutRef)
  if (outcome.state === 'complete') await completeCheckout(deps, payment.checkoutRef, outcome.paid)
}

/** Cancelled late or not come: the deposit stays with the salon (recorded once). */
async function keepDeposit(deps: PaymentDeps, event: BookingEventRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const payment = await repo.lockBookingPayment(tx, event.bookingId)
    if (payment?.state !== 'paid') return
    const now = deps.clock.now()
    const money = { amountMinor: payment.depositMinor, currency: payment.currency }
    await repo.recordMovement(tx, {
      bookingId: payment.bookingId,
      salonId: payment.salonId,
      kind: 'kept',
      ...money,
      actor: 'system',
      reference: `kept:${payment.bookingId}`,
      at: now,
    })
    await repo.updateBookingPayment(tx, payment.bookingId, { state: 'kept' }, now)
    const salonia = { actor: 'system', channel: payment.channel } as const
    await recordPaymentEvent(
      tx,
      deps.jobs,
      { id: payment.bookingId, salonId: payment.salonId },
      { what: 'kept', ...money },
      salonia,
      now,
    )
  })
}

/**
 * Job `payments.refund`: the deposit goes back in full, once (the provider's idempotency by
 * booking; the ledger's reference by the provider's refund). Asked for by a cancellation in the
 * window, the salon's own cancellation, a payment arrived after the release, or the desk.
 */
export async function refundDeposit(deps: PaymentDeps, bookingId: string): Promise<void> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  const refundable = payment && ['paid', 'kept', 'expired', 'paid_at_salon'].includes(payment.state)
  if (!payment || !refundable || !payment.paymentRef || payment.kind !== 'deposit') return
  const { ref } = await providerNamed(payment.provider).refund(deps, {
    salonId: payment.salonId,
    bookingId,
    paymentRef: payment.paymentRef,
    amountMinor: payment.depositMinor,
  })
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockBookingPayment(tx, bookingId)
    if (!locked) return
    const now = deps.clock.now()
    const money = { amountMinor: locked.depositMinor, currency: locked.currency }
    const recorded = await repo.recordMovement(tx, {
      bookingId,
      salonId: locked.salonId,
      kind: 'refund',
      ...money,
      actor: 'system',
      reference: ref,
      at: now,
    })
    if (!recorded) return
    // A second payment refunded after the desk settled the booking leaves the desk's word as it is.
    const settled = locked.state === 'paid_at_salon' || locked.state === 'waived'
    if (!settled) await repo.updateBookingPayment(tx, bookingId, { state: 'refunded' }, now)
    const salonia = { actor: 'system', channel: locked.channel } as const
    await recordPaymentEvent(
      tx,
      deps.jobs,
      { id: bookingId, salonId: locked.salonId },
      { what: 'refund', ...money },
      salonia,
      now,
    )
  })
}

/**
 * Job `payments.fee`: a guarantee's fee charged on the saved card, without the customer. The bank
 * asking for the customer's confirmation, a page for the fee is opened and sent to them; the panel
 * says the salon waits for them. Declined: said on the panel.
 */
export async function chargeFee(deps: PaymentDeps, bookingId: string): Promise<void> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (payment?.state !== 'secured' || !payment.customerRef || !payment.cardRef) return
  const found = await bookings.findBooking(deps.db, bookingId)
  const salon = found && (await findSalonById(deps.db, payment.salonId))
  if (!found || !salon) return
  const local = formatLocalDateTime(found.booking.startsAt, salon.timeZone)
  const language = languageOrDefault(found.customer.language)
  const description = `${found.booking.serviceName} — ${salon.name}, ${formatDay(local.slice(0, 10), language)} ${local.slice(11)}`
  const outcome = await providerNamed(payment.provider).chargeSavedCard(deps, {
    salonId: payment.salonId,
    bookingId,
    customerRef: payment.customerRef,
    cardRef: payment.cardRef,
    amountMinor: payment.feeMinor,
    currency: payment.currency,
    description,
  })
  if (outcome.outcome === 'needs_customer') {
    await openFeeCheckout(deps, bookingId, description, language)
    return
  }
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockBookingPayment(tx, bookingId)
    if (locked?.state !== 'secured') return
    const now = deps.clock.now()
    const money = { amountMinor: locked.feeMinor, currency: locked.currency }
    const booking = { id: bookingId, salonId: locked.salonId }
    const salonia = { actor: 'system', channel: locked.channel } as const
    if (outcome.outcome === 'declined') {
      await repo.updateBookingPayment(tx, bookingId, { state: 'fee_failed' }, now)
      await recordPaymentEvent(tx, deps.jobs, booking, { what: 'fee_failed', ...money }, salonia, now)
      return
    }
    await repo.recordMovement(tx, {
      bookingId,
      salonId: locked.salonId,
      kind: 'fee',
      ...money,
      actor: 'system',
      reference: outcome.ref,
      at: now,
    })
    await repo.updateBookingPayment(tx, bookingId, { state: 'fee_charged', paymentRef: outcome.ref }, now)
    await recordPaymentEvent(tx, deps.jobs, booking, { what: 'fee', ...money }, salonia, now)
  })
}
