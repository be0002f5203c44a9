import { currencyForCountry } from '@common/countries'
import { languageOrDefault } from '@common/languages'
import { CUSTOMER_CHANNELS } from '@common/schemas/booking'
import { PAYMENT_WINDOW_MINUTES } from '@common/schemas/payments'
import { formatLocalDateTime } from '@common/time'
import type { Executor } from '@server/db/client'
import { type SalonRow, services } from '@server/db/schema'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import type { BookingHold } from '@server/modules/bookings/booking-holds'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { eq } from 'drizzle-orm'
import { type PaymentProvider, readyProvider } from './payment-providers'
import { nextStepText, termsText } from './payment-texts'
import * as repo from './payments.repository'
import { type Asked, askedBy, policyOfRow } from './policies'

/**
 * How long a held booking keeps its time at most (the core releases it then): the customer has 15
 * minutes to pay, after which the payments job closes their page and releases it; the rest lets a
 * provider whose pages last longer (Stripe's: 30 minutes at least) open one a few minutes late
 * that still closes by itself when the hold ends.
 */
export const HOLD_MINUTES = 40

/** What booking this service now would ask, and who would take it; undefined: nothing (no policy, no provider ready). */
export async function askedForService(
  db: Executor,
  salon: Pick<SalonRow, 'id' | 'country'>,
  serviceId: string,
): Promise<{ asked: Asked; provider: PaymentProvider; currency: string } | undefined> {
  const policy = await repo.findPolicy(db, serviceId)
  if (!policy) return undefined
  const [service] = await db
    .select({ priceMinor: services.priceMinor })
    .from(services)
    .where(eq(services.id, serviceId))
    .limit(1)
  const asked = service && askedBy(policyOfRow(policy), service.priceMinor)
  if (!asked) return undefined
  const provider = await readyProvider(db, salon.id)
  return provider && { asked, provider, currency: currencyForCountry(salon.country) }
}

/**
 * The payments' hold (bookings/booking-holds.ts): a customer booking through a chat a service with
 * a deposit or a guarantee, at a salon whose payment account is ready, keeps the time while they
 * pay. The desk and the API book as before: the salon asks in person.
 */
export const paymentHold: BookingHold = {
  name: 'payments',

  async holdUntil(db, booking, now) {
    if (!CUSTOMER_CHANNELS.includes(booking.channel)) return undefined
    const found = await askedForService(db, booking.salon, booking.serviceId)
    return found ? new Date(now.getTime() + HOLD_MINUTES * 60_000) : undefined
  },

  async terms(db, booking, language) {
    if (!CUSTOMER_CHANNELS.includes(booking.channel)) return undefined
    const found = await askedForService(db, booking.salon, booking.serviceId)
    return found && termsText(found.asked, found.currency, language)
  },

  async nextStep({ db, config }, booking, language) {
    const payment = await repo.findBookingPayment(db, booking.id)
    if (payment?.state !== 'awaiting') return undefined
    const salon = await findSalonById(db, booking.salonId)
    if (!salon) return undefined
    const until = formatLocalDateTime(payUntil(payment.createdAt), salon.timeZone).slice(11)
    return nextStepText(payment, payment.currency, until, payLink(config, booking.id), languageOrDefault(language))
  },
}

/** Until when the customer may pay: the time is released then. */
export function payUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + PAYMENT_WINDOW_MINUTES * 60_000)
}

/** The link the customer pays from: ours, leading to the provider's page (made then if not yet). */
export function payLink(config: { publicUrl: string; appSecret: string }, bookingId: string): string {
  return `${config.publicUrl}/api/r/${bookingLinkToken(config.appSecret, bookingId)}/pay`
}
