import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import { completeCheckout, type PaymentDeps } from '@server/modules/payments/payment-checkout'
import * as repo from './stripe.repository'
import type { Stripe } from './stripe-client'
import { applyAccount } from './stripe-connect'
import { completedSession } from './stripe-provider'

/**
 * Stripe's events, received by the webhook (signed, stored once by id) and processed here by the
 * job `stripe.event`, in any order and any number of times: each handler reads what it needs and
 * the payments module decides once (its rows are locked, its ledger keyed by Stripe's ids).
 * Events of connected accounts carry their account: a session is looked up on it.
 */
export async function processEvent(deps: PaymentDeps, eventId: string): Promise<void> {
  const stored = await repo.findUnprocessedEvent(deps.db, eventId)
  if (!stored) return
  const event = stored.payload as Stripe.Event
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await sessionPaid(deps, event.account ?? null, event.data.object)
      break
    case 'account.updated':
      await applyAccount(deps.db, event.data.object, deps.clock.now())
      break
    case 'account.application.deauthorized':
      await deauthorized(deps.db, event.account ?? null, deps.clock.now())
      break
    default:
      // Expired pages are closed by our own job (which asked Stripe first); refunds and charges
      // are recorded from Stripe's answers to our calls.
      break
  }
  await repo.markEventProcessed(deps.db, eventId, deps.clock.now())
}

async function sessionPaid(
  deps: PaymentDeps & { config: Config },
  account: string | null,
  session: Stripe.Checkout.Session,
): Promise<void> {
  if (!account || session.status !== 'complete') return
  if (session.mode === 'payment' && session.payment_status !== 'paid') return
  const outcome = await completedSession(deps.config, account, session)
  if (outcome.state === 'complete') await completeCheckout(deps, session.id, outcome.paid)
}

/** The salon removed our platform from its Stripe account: as if the owner had disconnected. */
async function deauthorized(db: Database, account: string | null, now: Date): Promise<void> {
  const known = account ? await repo.findAccount(db, account) : undefined
  if (known) await repo.markDisconnected(db, known.salonId, now)
}
