import { salonParamsSchema } from '@common/schemas/salon'
import { whatsappCardSchema, whatsappConnectInputSchema, whatsappSignupStartSchema } from '@common/schemas/whatsapp'
import type { Config } from '@server/config'
import { AppError } from '@server/errors'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { registerMetaWebhook } from '@server/modules/meta/meta-webhook'
import { z } from 'zod'
import { whatsappSignatureRefused, whatsappVerificationRefused, whatsappWebhookUnavailable } from './whatsapp.errors'
import { whatsappCard } from './whatsapp-card'
import { beginSignup, connectWhatsApp, disconnectWhatsApp, SIGNUP_TTL_MS } from './whatsapp-connect'
import { acceptNotification, readNotification } from './whatsapp-webhook'

/** The browser that starts the signup carries this cookie back with the state (login CSRF). */
const SIGNUP_COOKIE = 'salonia_whatsapp_signup'
const signupCookieOptions = (config: Config, maxAgeMs: number) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.isProduction,
  path: '/api/salons',
  maxAge: Math.floor(maxAgeMs / 1000),
})

/** Signup attempts per client and minute: plenty for an owner, little for a script. */
const SIGNUP_ATTEMPTS: Limit = { name: 'whatsapp-signup', max: 30, windowMs: 60_000 }

const noStore = { 'cache-control': 'no-store' }

export function whatsappRoutes(app: App, deps: AppDeps): void {
  const { clock, config } = deps

  app.get(
    '/api/salons/:id/whatsapp',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: whatsappCardSchema } } },
    async (request, reply) => reply.headers(noStore).send(await whatsappCard(deps, salonOfRequest(request))),
  )

  app.get(
    '/api/salons/:id/whatsapp/signup',
    {
      config: { access: 'salon', rateLimit: routeLimit(SIGNUP_ATTEMPTS) },
      schema: { params: salonParamsSchema, response: { 200: whatsappSignupStartSchema } },
    },
    async (request, reply) => {
      const start = beginSignup(deps, salonOfRequest(request))
      return reply
        .headers(noStore)
        .setCookie(SIGNUP_COOKIE, start.browserBinding, signupCookieOptions(config, SIGNUP_TTL_MS))
        .send({ url: start.url, state: start.state })
    },
  )

  app.post(
    '/api/salons/:id/whatsapp/connect',
    {
      config: { access: 'salon', rateLimit: routeLimit(SIGNUP_ATTEMPTS) },
      schema: { params: salonParamsSchema, body: whatsappConnectInputSchema, response: { 200: whatsappCardSchema } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      await connectWhatsApp(deps, salon, request.body, request.cookies[SIGNUP_COOKIE])
      reply.clearCookie(SIGNUP_COOKIE, signupCookieOptions(config, 0))
      return reply.headers(noStore).send(await whatsappCard(deps, salon))
    },
  )

  app.post(
    '/api/salons/:id/whatsapp/disconnect',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await disconnectWhatsApp(deps, salonOfRequest(request))
      return { success: true as const }
    },
  )

  registerMetaWebhook(app, {
    path: '/api/whatsapp/webhook',
    app: () => config.whatsapp,
    errors: {
      unavailable: whatsappWebhookUnavailable,
      forged: whatsappSignatureRefused,
      verification: whatsappVerificationRefused,
      invalid: () => new AppError('whatsapp.invalid_body', 400, 'The notification is not JSON.'),
    },
    secretName: 'WHATSAPP_APP_SECRET',
    accept: (body) => acceptNotification(deps, readNotification(body, clock.now())),
  })
}
