import type { Language } from '@common/languages'
import type { PaymentReadiness } from '@common/schemas/payments'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import { Registry } from '@server/registry'

/**
 * The one contract for taking a salon's money: Stripe implements it in its own folder and is listed
 * once in the registry (server/plug-ins.ts). The payments module decides what is asked, when it is
 * refunded, kept or charged; a provider only moves the money, on the salon's own account. Every
 * call that moves money is idempotent by what it does (the booking and the purpose), so a job
 * retried after a crash never charges or refunds twice.
 */

export interface ProviderDeps {
  db: Database
  clock: Clock
  config: Config
  /** A worker's log or a request's (the server's WorkerLog; named here so that no circle runs through server/plug-in.ts). */
  log: {
    info(obj: object, msg: string): void
    warn(obj: object, msg: string): void
    error(obj: object, msg: string): void
  }
}

/** A page where the customer pays (a deposit, a fee) or saves their card (a guarantee). */
export interface CheckoutRequest {
  salonId: string
  bookingId: string
  /** booking: the deposit or the card a booking waits for; fee: a no-show fee the bank wants confirmed. */
  purpose: 'booking' | 'fee'
  /** payment: money now (and the card kept for later); setup: only the card. */
  mode: 'payment' | 'setup'
  amountMinor: number
  currency: string
  /** What the customer sees on the page: the service, the salon and when. */
  description: string
  customer: { name: string; email: string | null; phone: string | null }
  /** The provider's customer already made for this booking, if any (the fee's page reuses it). */
  customerRef: string | null
  language: Language
  /** The page closes by itself then. */
  expiresAt: Date
  /** Where the customer lands after paying, and after giving up. */
  successUrl: string
  cancelUrl: string
}

export interface OpenedCheckout {
  ref: string
  url: string
  customerRef: string | null
}

/** What a checkout came to: paid (with what the money and the card are at the provider), or not. */
export interface CheckoutPaid {
  paymentRef: string | null
  cardRef: string | null
  customerRef: string | null
  amountMinor: number
}
export type CheckoutOutcome = { state: 'expired' } | { state: 'complete'; paid: CheckoutPaid }

export type FeeOutcome =
  | { outcome: 'charged'; ref: string }
  /** The bank wants the customer to confirm (strong authentication): they must come back on a page. */
  | { outcome: 'needs_customer' }
  | { outcome: 'declined'; reason: string }

export interface PaymentProvider {
  /** Recorded on each booking's payment (`stripe`). */
  name: string
  configured(config: Config): boolean
  /** Whether the salon can take money now, from what is kept locally (never a call out). */
  readiness(db: Executor, salonId: string): Promise<{ readiness: PaymentReadiness; currency: string | null }>
  openCheckout(deps: ProviderDeps, request: CheckoutRequest): Promise<OpenedCheckout>
  /** Closes a checkout still open (the customer ran out of time); it may have been paid meanwhile. */
  closeCheckout(deps: ProviderDeps, salonId: string, ref: string): Promise<CheckoutOutcome>
  /** Gives back `amountMinor` of a payment, once per booking and purpose. */
  refund(
    deps: ProviderDeps,
    request: { salonId: string; bookingId: string; paymentRef: string; amountMinor: number },
  ): Promise<{ ref: string }>
  /** Charges the saved card without the customer (a no-show fee), once per booking. */
  chargeSavedCard(
    deps: ProviderDeps,
    request: {
      salonId: string
      bookingId: string
      customerRef: string
      cardRef: string
      amountMinor: number
      currency: string
      description: string
    },
  ): Promise<FeeOutcome>
}

const providers = new Registry<PaymentProvider>()

/** Plugs a provider in (a second with the same name replaces the first); returns how to unplug it. */
export function plugInPaymentProvider(provider: PaymentProvider): () => void {
  return providers.plugIn(provider)
}

/** The provider this server takes money with: the first one plugged in and configured. */
export function activeProvider(config: Config): PaymentProvider | undefined {
  return providers.all().find((provider) => provider.configured(config))
}

/**
 * The provider that can take the salon's money now (its account ready), from what is kept locally.
 * A salon's account exists only once its owner connected it on a server configured for it.
 */
export async function readyProvider(db: Executor, salonId: string): Promise<PaymentProvider | undefined> {
  for (const provider of providers.all()) {
    if ((await provider.readiness(db, salonId)).readiness === 'ready') return provider
  }
  return undefined
}

/** The provider a booking's payment recorded; not plugged in (any more): unavailable, the job retries. */
export function providerNamed(name: string): PaymentProvider {
  const provider = providers.all().find((entry) => entry.name === name)
  if (!provider) throw new ProviderUnavailable(name, `${name} is not plugged in`)
  return provider
}

/** A provider could not be reached or refused for now: the job tries again later. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
    /** The same call is in flight elsewhere (another instance, the job): its result is near. */
    readonly busy = false,
  ) {
    super(message)
    this.name = 'ProviderUnavailable'
  }
}
