import { paymentAccountCardSchema, paymentOnboardingSchema } from '@common/schemas/payments'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { disconnectStripe, startOnboarding, stripeCard } from './stripe-connect'
import { registerStripeWebhook } from './stripe-webhook'

/** Onboarding links per client and minute: plenty for an owner, little for a script. */
const ONBOARDING_ATTEMPTS: Limit = { name: 'stripe-onboarding', max: 20, windowMs: 60_000 }
const noStore = { 'cache-control': 'no-store' }

/** The client-access area's Stripe card, its onboarding and the webhook. */
export function stripeRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/api/salons/:id/stripe',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: paymentAccountCardSchema } } },
    async (request, reply) => reply.headers(noStore).send(await stripeCard(deps, salonOfRequest(request))),
  )

  // The card's button: the link to Stripe's onboarding, which the browser follows.
  app.post(
    '/api/salons/:id/stripe/onboarding',
    {
      config: { access: 'salon', rateLimit: routeLimit(ONBOARDING_ATTEMPTS) },
      schema: { params: salonParamsSchema, response: { 200: paymentOnboardingSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ url: await startOnboarding(deps, salonOfRequest(request)) }),
  )

  // Stripe's refresh_url: a link that expired or was used brings the owner here, on to a new one.
  app.get(
    '/api/salons/:id/stripe/onboarding',
    { config: { access: 'salon', rateLimit: routeLimit(ONBOARDING_ATTEMPTS) }, schema: { params: salonParamsSchema } },
    async (request, reply) =>
      reply.headers(noStore).redirect(await startOnboarding(deps, salonOfRequest(request)), 303),
  )

  // Back from Stripe: the account is read again by a job; the card shows it when it lands.
  app.post(
    '/api/salons/:id/stripe/refresh',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: paymentAccountCardSchema } } },
    async (request) => {
      const salon = salonOfRequest(request)
      await deps.jobs.send(deps.db, 'stripe.account', { salonId: salon.id }, { singletonKey: salon.id })
      return stripeCard(deps, salon)
    },
  )

  app.post(
    '/api/salons/:id/stripe/disconnect',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await disconnectStripe(deps, salonOfRequest(request))
      return { success: true as const }
    },
  )

  registerStripeWebhook(app, deps)
}
