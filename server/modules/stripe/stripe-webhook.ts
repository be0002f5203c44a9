import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { stripeEventInvalid, stripeSignatureRefused, stripeWebhookUnavailable } from './stripe.errors'
import * as repo from './stripe.repository'
import { Stripe, stripeClient } from './stripe-client'

/** Stripe's events are small; a megabyte is far above any. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024
/** How old a signature may be (Stripe's own default: five minutes), against replays. */
const SIGNATURE_TOLERANCE_SECONDS = 300

/** Stripe's ids and types as Stripe writes them. */
const eventSchema = z.looseObject({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,250}$/),
  type: z.string().regex(/^[a-z_.]{1,120}$/),
  account: z
    .string()
    .regex(/^acct_[A-Za-z0-9]{1,250}$/)
    .nullish(),
})

/**
 * An event we can keep: Stripe's own shape, and nothing PostgreSQL cannot store (a NUL, or half
 * of a surrogate pair, which JSON writes as an escape). Stripe never sends either; a signed event
 * that does is refused in words rather than failing in the database.
 */
function isStorableEvent(event: unknown): event is Stripe.Event {
  if (!eventSchema.safeParse(event).success) return false
  return !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(event))
}

/**
 * POST /api/stripe/webhook: every event of the platform and of the salons' connected accounts.
 * The `Stripe-Signature` (a timestamp and an HMAC-SHA256 of "timestamp.body" with the endpoint's
 * secret) is checked on the body's raw bytes, with the timestamp's tolerance, before anything is
 * parsed; a forged, altered or stale event is refused (400, nothing stored). A good one is stored
 * once by its id (a replay, or the same event reaching another instance, stops there), queued,
 * and answered at once: the job does the work.
 */
export function registerStripeWebhook(app: App, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, raw, done) => {
        const config = deps.config.stripe
        if (!config) return done(stripeWebhookUnavailable())
        const header = request.headers['stripe-signature']
        try {
          const event = stripeClient(config).webhooks.constructEvent(
            raw as Buffer,
            typeof header === 'string' ? header : '',
            config.webhookSecret,
            SIGNATURE_TOLERANCE_SECONDS,
            undefined,
            deps.clock.now().getTime(),
          )
          done(null, event)
        } catch (error) {
          if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
            request.log.warn('Stripe event refused: its signature does not match STRIPE_WEBHOOK_SECRET or is too old')
            return done(stripeSignatureRefused())
          }
          done(stripeEventInvalid())
        }
      },
    )
    scope.post('/api/stripe/webhook', { config: { access: 'public' } }, async (request, reply) => {
      if (!deps.config.stripe) throw stripeWebhookUnavailable()
      const event = request.body as Stripe.Event
      if (!isStorableEvent(event)) throw stripeEventInvalid()
      await deps.db.transaction(async (tx) => {
        const stored = { id: event.id, account: event.account ?? null, type: event.type, payload: event }
        if (await repo.receiveEvent(tx, stored, deps.clock.now())) {
          await deps.jobs.send(tx, 'stripe.event', { eventId: event.id })
        }
      })
      return reply.code(200).send({ received: true })
    })
  })
}
