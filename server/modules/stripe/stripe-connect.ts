import { currencyForCountry } from '@common/countries'
import type { PaymentAccountCard } from '@common/schemas/payments'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import type { AppDeps } from '@server/http/types'
import { ProviderUnavailable } from '@server/modules/payments/payment-providers'
import { paymentSums } from '@server/modules/payments/payments.usecases'
import { stripeNotConfigured, stripeUnavailable } from './stripe.errors'
import * as repo from './stripe.repository'
import { callStripe, Stripe, stripeClient } from './stripe-client'

/**
 * A salon connects its own Stripe account (Connect, Standard: the salon's own dashboard, charges
 * made on its account) through Stripe's hosted onboarding: an account is created once, then an
 * account link sends the owner to Stripe and back. What Stripe says of the account arrives by its
 * `account.updated` events (and a read the owner asks for on coming back), kept here: the card and
 * every booking read it locally.
 */

function stripeOf(config: Config) {
  if (!config.stripe) throw stripeNotConfigured()
  return stripeClient(config.stripe)
}

/** The card of the client-access area. */
export async function stripeCard(deps: AppDeps, salon: SalonRow): Promise<PaymentAccountCard> {
  const none = {
    accountId: null,
    chargesEnabled: false,
    payoutsEnabled: false,
    missing: [],
    currency: null,
    figures: null,
  }
  if (!deps.config.stripe) return { state: 'not_configured', ...none }
  const account = await repo.findAccountOfSalon(deps.db, salon.id)
  if (!account || account.disconnectedAt) return { state: 'not_connected', ...none }
  const state =
    account.chargesEnabled && account.payoutsEnabled ? 'ready' : account.detailsSubmitted ? 'restricted' : 'onboarding'
  // The card shows the money only (the overview has the no-show rates).
  const figures = await paymentSums(deps, salon.id, 30)
  return {
    state,
    accountId: account.accountId,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    missing: account.missing,
    currency: account.currency?.toUpperCase() ?? currencyForCountry(salon.country),
    figures: {
      deposits: figures.depositsMinor,
      refunded: figures.refundedMinor,
      kept: figures.keptMinor,
      fees: figures.feesMinor,
    },
  }
}

/** Where Stripe sends the owner back, and where a link that expired makes a new one. */
function onboardingUrls(config: Config, salon: SalonRow) {
  return {
    return_url: `${config.publicUrl}/professional?stripe=returned`,
    refresh_url: `${config.publicUrl}/api/salons/${salon.publicId}/stripe/onboarding`,
  }
}

/**
 * The owner starts (or continues) onboarding: the salon's account, made once (the idempotency key
 * is the salon), then a fresh account link — Stripe's hosted pages, a few minutes' use only. This
 * waits for Stripe: the owner asked for its page; Stripe down, they are told so.
 */
export async function startOnboarding(deps: AppDeps, salon: SalonRow): Promise<string> {
  const stripe = stripeOf(deps.config)
  try {
    const known = await repo.findAccountOfSalon(deps.db, salon.id)
    const urls = onboardingUrls(deps.config, salon)
    const linkFor = (account: string) =>
      callStripe('an onboarding link', () =>
        stripe.accountLinks.create({ account, type: 'account_onboarding', ...urls }),
      )
    if (known) {
      try {
        const link = await linkFor(known.accountId)
        if (known.disconnectedAt)
          await repo.saveAccount(deps.db, { salonId: salon.id, accountId: known.accountId }, deps.clock.now())
        return link.url
      } catch (error) {
        // The account the salon had is no longer ours to reach (deleted, or our platform removed
        // from it): a new one, as for a first connection. Nothing is marked connected before.
        if (!isGone(error)) throw error
      }
    }
    const account = await callStripe('a new account', () =>
      stripe.accounts.create(
        {
          type: 'standard',
          country: salon.country.toUpperCase(),
          email: salon.contactEmail,
          business_profile: { name: salon.name },
          metadata: { salonia_salon: salon.publicId },
        },
        // Once per salon — and once more after each account Stripe no longer knows.
        { idempotencyKey: known ? `account:${salon.id}:after:${known.accountId}` : `account:${salon.id}` },
      ),
    )
    const link = await linkFor(account.id)
    // The new account and what Stripe says of it, at once: never the old one's facts on the new id.
    await deps.db.transaction(async (tx) => {
      await repo.saveAccount(tx, { salonId: salon.id, accountId: account.id }, deps.clock.now())
      await applyAccount(tx, account, deps.clock.now())
    })
    return link.url
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw stripeUnavailable()
    throw error
  }
}

/** Stripe no longer knows the account, or no longer lets our platform reach it. */
function isGone(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripePermissionError ||
    (error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.code === 'resource_missing' || error.code === 'account_invalid' || /No such account/i.test(error.message)))
  )
}

/** What Stripe says of an account, kept: charges and payouts, and what onboarding still needs. */
export async function applyAccount(db: Executor, account: Stripe.Account, now: Date): Promise<void> {
  const requirements = account.requirements
  const missing = [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])]
  await repo.updateAccountFacts(
    db,
    account.id,
    {
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      detailsSubmitted: account.details_submitted ?? false,
      missing,
      disabledReason: requirements?.disabled_reason ?? null,
      currency: account.default_currency ?? null,
    },
    now,
  )
}

/** Job `stripe.account`: reads the account again (the owner came back from Stripe's pages). */
export async function readAccount(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, salonId: string): Promise<void> {
  const known = await repo.findAccountOfSalon(deps.db, salonId)
  if (!known || !deps.config.stripe) return
  const stripe = stripeClient(deps.config.stripe)
  const account = await callStripe('an account', () => stripe.accounts.retrieve(known.accountId))
  await applyAccount(deps.db, account, deps.clock.now())
}

/**
 * The owner disconnects: nothing new asks for money; the account stays known so that what it took
 * can still be refunded or kept. (The salon's Stripe account itself is theirs: it is not closed.)
 */
export async function disconnectStripe(deps: AppDeps, salon: SalonRow): Promise<void> {
  await repo.markDisconnected(deps.db, salon.id, deps.clock.now())
}
