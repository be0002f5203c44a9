import { salonParamsSchema } from '@common/schemas/salon'
import {
  whatsappCardSchema,
  whatsappConnectInputSchema,
  whatsappSignupStartSchema,
  whatsappVerifyQuerySchema,
} from '@common/schemas/whatsapp'
import type { Config } from '@server/config'
import { AppError } from '@server/errors'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { sameSecret } from '@server/security/secrets'
import { z } from 'zod'
import { whatsappSignatureRefused, whatsappVerificationRefused, whatsappWebhookUnavailable } from './whatsapp.errors'
import { whatsappCard } from './whatsapp-card'
import { beginSignup, connectWhatsApp, disconnectWhatsApp, SIGNUP_TTL_MS } from './whatsapp-connect'
import { acceptNotification, isSignedByMeta, readNotification } from './whatsapp-webhook'

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

/** Meta batches messages and statuses in one notification; a megabyte is far above that. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024

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

  // Meta's check when the webhook is set up in the App Dashboard: echo the challenge if the token is ours.
  app.get(
    '/api/whatsapp/webhook',
    { config: { access: 'public' }, schema: { querystring: whatsappVerifyQuerySchema } },
    async (request, reply) => {
      const whatsapp = config.whatsapp
      if (!whatsapp) throw whatsappWebhookUnavailable()
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query
      if (mode !== 'subscribe' || !sameSecret(token, whatsapp.verifyToken) || !challenge || !/^\d+$/.test(challenge)) {
        throw whatsappVerificationRefused()
      }
      return reply.type('text/plain; charset=utf-8').headers(noStore).send(challenge)
    },
  )

  // Notifications: the body's bytes are checked against the signature before they are parsed.
  app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json')
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, raw, done) => {
        const whatsapp = config.whatsapp
        if (!whatsapp) return done(whatsappWebhookUnavailable())
        const header = request.headers['x-hub-signature-256']
        if (!isSignedByMeta(raw as Buffer, typeof header === 'string' ? header : undefined, whatsapp.appSecret)) {
          request.log.warn('WhatsApp notification refused: its signature does not match WHATSAPP_APP_SECRET')
          return done(whatsappSignatureRefused())
        }
        try {
          done(null, JSON.parse((raw as Buffer).toString('utf8')))
        } catch {
          done(new AppError('whatsapp.invalid_body', 400, 'The notification is not JSON.'))
        }
      },
    )
    webhook.post('/api/whatsapp/webhook', { config: { access: 'public' } }, async (request, reply) => {
      if (!config.whatsapp) throw whatsappWebhookUnavailable()
      await acceptNotification(deps, readNotification(request.body, clock.now()))
      return reply.code(200).send({})
    })
  })
}
