import { formatDay } from '@common/in-words'
import { type Language, languageOrDefault } from '@common/languages'
import type { BookingActor, BookingChannel } from '@common/schemas/booking'
import { PAYMENT_WINDOW_MINUTES, type PaymentEventWhat } from '@common/schemas/payments'
import { formatLocalDateTime } from '@common/time'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { BookingPaymentRow, BookingRow } from '@server/db/schema'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import { recordBookingEvent } from '@server/modules/bookings/booking-history'
import { confirmHeld, lockHeldBooking, releaseHeld } from '@server/modules/bookings/booking-holds'
import * as bookings from '@server/modules/bookings/bookings.repository'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { type CheckoutPaid, type ProviderDeps, ProviderUnavailable, providerNamed } from './payment-providers'
import * as repo from './payments.repository'

const HOUR_MS = 60 * 60_000

/** What the payments' use cases run with: a worker's or a request's. */
export interface PaymentDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
  log: ProviderDeps['log']
}

/** In the change's transaction: a line of the booking's history about money (told to the customer when it says so). */
export function recordPaymentEvent(
  tx: Executor,
  jobs: Jobs,
  booking: Pick<BookingRow, 'id' | 'salonId'>,
  payment: { what: PaymentEventWhat; amountMinor: number; currency: string },
  by: { actor: BookingActor; channel: BookingChannel },
  now: Date,
): Promise<void> {
  return recordBookingEvent(tx, jobs, booking, 'payment', by, now, { payment })
}

/**
 * Opens the page where the customer of a held booking pays its deposit or saves their card, once:
 * the provider's idempotency makes a second call (the job retried, the customer's link followed
 * before the job ran) answer with the same page. Returns its address, or undefined when the
 * booking no longer waits.
 */
export async function openBookingCheckout(deps: PaymentDeps, bookingId: string): Promise<string | undefined> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (payment?.state !== 'awaiting') return undefined
  if (payment.checkoutUrl) return payment.checkoutUrl
  const found = await bookings.findBooking(deps.db, bookingId)
  const salon = found && (await findSalonById(deps.db, found.booking.salonId))
  const heldUntil = found?.booking.status === 'held' ? found.booking.heldUntil : null
  if (!found || !salon || !heldUntil) return undefined
  const { booking, customer } = found
  const language = languageOrDefault(customer.language)
  const local = formatLocalDateTime(booking.startsAt, salon.timeZone)
  const page = bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, booking.id)
  const opened = await providerNamed(payment.provider).openCheckout(deps, {
    salonId: salon.id,
    bookingId,
    purpose: 'booking',
    mode: payment.kind === 'deposit' ? 'payment' : 'setup',
    amountMinor: payment.depositMinor,
    currency: payment.currency,
    description: `${booking.serviceName} — ${salon.name}, ${formatDay(local.slice(0, 10), language)} ${local.slice(11)}`,
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    customerRef: payment.customerRef,
    language,
    expiresAt: heldUntil,
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
  })
  await repo.updateBookingPayment(
    deps.db,
    bookingId,
    { checkoutRef: opened.ref, checkoutUrl: opened.url, customerRef: opened.customerRef },
    deps.clock.now(),
  )
  return opened.url
}

/**
 * The page the job opened while the customer's link was asking for it too (the provider refuses a
 * second call with the same key while the first is in flight): read from the database for up to
 * `waitMs`, as the job finishes. Undefined: still none.
 */
export async function checkoutOpenedMeanwhile(
  db: Database,
  bookingId: string,
  waitMs = 5_000,
): Promise<string | undefined> {
  const until = Date.now() + waitMs
  for (;;) {
    const payment = await repo.findBookingPayment(db, bookingId)
    if (payment?.checkoutUrl) return payment.checkoutUrl
    if (payment?.state !== 'awaiting' || Date.now() >= until) return undefined
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * The bank wants the customer to confirm a fee: a page for it (on the customer the booking's card
 * belongs to), sent to them as a history line they read on their channels; the panel waits.
 */
export async function openFeeCheckout(
  deps: PaymentDeps,
  bookingId: string,
  description: string,
  language: Language,
): Promise<void> {
  const payment = await repo.findBookingPayment(deps.db, bookingId)
  if (payment?.state !== 'secured') return
  const found = await bookings.findBooking(deps.db, bookingId)
  if (!found) return
  const page = bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, bookingId)
  const opened = await providerNamed(payment.provider).openCheckout(deps, {
    salonId: payment.salonId,
    bookingId,
    purpose: 'fee',
    mode: 'payment',
    amountMinor: payment.feeMinor,
    currency: payment.currency,
    description,
    customer: { name: found.customer.name, email: found.customer.email, phone: found.customer.phone },
    customerRef: payment.customerRef,
    language,
    // Open for about a day (the customer may answer tomorrow), ending on the hour: asked again
    // within the hour, the request is the same and the provider answers with the same page.
    expiresAt: new Date(Math.floor(deps.clock.now().getTime() / HOUR_MS) * HOUR_MS + 23 * HOUR_MS),
    successUrl: `${page}?paid=1`,
    cancelUrl: page,
  })
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockBookingPayment(tx, bookingId)
    if (locked?.state !== 'secured') return
    const now = deps.clock.now()
    await repo.updateBookingPayment(
      tx,
      bookingId,
      { state: 'fee_waiting', feeCheckoutRef: opened.ref, feeCheckoutUrl: opened.url },
      now,
    )
    const salonia = { actor: 'system', channel: locked.channel } as const
    const money = { amountMinor: locked.feeMinor, currency: locked.currency }
    await recordPaymentEvent(
      tx,
      deps.jobs,
      { id: bookingId, salonId: locked.salonId },
      { what: 'fee_waiting', ...money },
      salonia,
      now,
    )
  })
}

/**
 * A checkout was paid (the provider's signed event, or its answer when we closed it): the held
 * booking is confirmed with its deposit or card, once — an event replayed, or arriving after the
 * close already confirmed it, changes nothing. Paid after the booking was released or cancelled,
 * the money goes back in full. A fee's page paid: the fee is recorded.
 */
export async function completeCheckout(deps: PaymentDeps, ref: string, paid: CheckoutPaid): Promise<void> {
  const refund = await deps.db.transaction(async (tx): Promise<string | undefined> => {
    const payment = await repo.lockPaymentOfCheckout(tx, ref)
    if (!payment) return undefined
    const now = deps.clock.now()
    const booking = { id: payment.bookingId, salonId: payment.salonId }
    const money = { amountMinor: paid.amountMinor, currency: payment.currency }
    const customerPaid = { actor: 'customer', channel: payment.channel } as const
    if (ref === payment.feeCheckoutRef) {
      if (payment.state !== 'fee_waiting') return undefined
      await recordCharge(tx, payment, 'fee', paid.paymentRef ?? `fee:${payment.bookingId}`, money.amountMinor, now)
      await repo.updateBookingPayment(tx, payment.bookingId, { state: 'fee_charged' }, now)
      await recordPaymentEvent(tx, deps.jobs, booking, { what: 'fee', ...money }, customerPaid, now)
      return undefined
    }
    const refs = {
      paymentRef: paid.paymentRef,
      cardRef: paid.cardRef,
      customerRef: paid.customerRef ?? payment.customerRef,
    }
    const deposit = payment.kind === 'deposit'
    const held = payment.state === 'awaiting' ? await lockHeldBooking(tx, payment.bookingId) : undefined
    if (!held) {
      // Paid when the booking no longer waited for it: released or cancelled meanwhile, or settled
      // at the desk. A deposit goes back in full (once: its charge is recorded once); a saved card
      // is simply never used.
      if (!['awaiting', 'expired', 'paid_at_salon', 'waived'].includes(payment.state) || !deposit) return undefined
      const reference = paid.paymentRef ?? `deposit:${ref}`
      if (!(await recordCharge(tx, payment, 'deposit', reference, paid.amountMinor, now))) return undefined
      const state = payment.state === 'awaiting' ? 'expired' : payment.state
      await repo.updateBookingPayment(tx, payment.bookingId, { ...refs, state }, now)
      return payment.bookingId
    }
    if (deposit) await recordCharge(tx, payment, 'deposit', paid.paymentRef ?? `deposit:${ref}`, paid.amountMinor, now)
    await repo.updateBookingPayment(tx, payment.bookingId, { ...refs, state: deposit ? 'paid' : 'secured' }, now)
    await confirmHeld(tx, deps.jobs, held, { actor: 'customer', channel: held.channel }, now)
    const what = deposit ? 'deposit' : 'card_saved'
    await recordPaymentEvent(tx, deps.jobs, held, { what, ...money }, customerPaid, now)
    return undefined
  })
  if (refund) await deps.jobs.send(deps.db, 'payments.refund', { bookingId: refund })
}

/** Money taken (a deposit, a fee), in the ledger once by the provider's reference. */
function recordCharge(
  tx: Executor,
  payment: BookingPaymentRow,
  kind: 'deposit' | 'fee',
  reference: string,
  amountMinor: number,
  at: Date,
): Promise<boolean> {
  return repo.recordMovement(tx, {
    bookingId: payment.bookingId,
    salonId: payment.salonId,
    kind,
    amountMinor,
    currency: payment.currency,
    actor: 'customer',
    reference,
    at,
  })
}

/** Unpaid bookings looked at per round of the job. */
const RELEASE_BATCH = 50

/**
 * Job `payments.release-unpaid` (every minute): each held booking whose customer has not paid
 * within the window has its page closed first — so no payment can arrive after — then its time
 * released and the customer told; a page paid in the meantime confirms the booking instead. The
 * provider down: the booking waits for the next round (and the core releases it at its hold's end,
 * when the provider's page has closed by itself).
 */
export async function releaseUnpaid(deps: PaymentDeps): Promise<number> {
  const now = deps.clock.now()
  const due = await repo.listUnpaidSince(
    deps.db,
    new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000),
    RELEASE_BATCH,
  )
  let released = 0
  for (const payment of due) {
    try {
      if (payment.checkoutRef) {
        const outcome = await providerNamed(payment.provider).closeCheckout(deps, payment.salonId, payment.checkoutRef)
        if (outcome.state === 'complete') {
          await completeCheckout(deps, payment.checkoutRef, outcome.paid)
          continue
        }
      }
      if (await releaseOne(deps, payment.bookingId)) released++
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error
      deps.log.warn({ bookingId: payment.bookingId, provider: error.provider }, 'payment page not closed yet')
    }
  }
  return released
}

async function releaseOne(deps: PaymentDeps, bookingId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const payment = await repo.lockBookingPayment(tx, bookingId)
    if (payment?.state !== 'awaiting') return false
    const now = deps.clock.now()
    await repo.updateBookingPayment(tx, bookingId, { state: 'expired' }, now)
    const held = await lockHeldBooking(tx, bookingId)
    if (!held) return false
    await releaseHeld(tx, deps.jobs, held, now)
    const money = { amountMinor: payment.depositMinor, currency: payment.currency }
    const salonia = { actor: 'system', channel: held.channel } as const
    await recordPaymentEvent(tx, deps.jobs, held, { what: 'expired', ...money }, salonia, now)
    return true
  })
}
