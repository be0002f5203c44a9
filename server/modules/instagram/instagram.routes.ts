import { authUrlSchema } from '@common/schemas/auth'
import {
  instagramDisconnectResultSchema,
  instagramPauseInputSchema,
  instagramStatsSchema,
  instagramUserParamsSchema,
  instagramUserSchema,
  instagramWhitelistInputSchema,
} from '@common/schemas/instagram'
import { text } from '@common/schemas/primitives'
import { salonParamsSchema } from '@common/schemas/salon'
import type { Config } from '@server/config'
import { AppError } from '@server/errors'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import { sessionOf } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { registerMetaWebhook } from '@server/modules/meta/meta-webhook'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  instagramSignatureRefused,
  instagramVerificationRefused,
  instagramWebhookUnavailable,
} from './instagram.errors'
import {
  beginInstagramConnect,
  CONNECT_STATE_TTL_MS,
  completeInstagramConnect,
  disconnectInstagram,
} from './instagram-connect'
import { instagramStats, listInstagramUsers, pauseUser, setWhitelisted, unblockUser } from './instagram-users'
import { acceptMessages, messagesOf } from './instagram-webhook'

/** The browser that asks for Meta's consent carries this cookie back with the state (login CSRF). */
const CONNECT_COOKIE = 'salonia_instagram_connect'
const connectCookieOptions = (config: Config, maxAgeMs: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.isProduction,
  path: '/api/instagram',
  maxAge: Math.floor(maxAgeMs / 1000),
})

/** Connection attempts per client and minute: plenty for an owner, little for a script. */
const CONNECT_ATTEMPTS: Limit = { name: 'instagram-connect', max: 30, windowMs: 60_000 }

const noStore = { 'cache-control': 'no-store' }

export function instagramRoutes(app: App, deps: AppDeps): void {
  const { db, clock, config } = deps
  /** The salon of the signed-in professional (the access rule has checked the session). */
  const sessionSalon = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessionOf(deps, request, reply, 'staff')
    if (!session?.salonId) throw new AppError('auth.required', 401, 'Please sign in first.')
    return session.salonId
  }

  app.get(
    '/api/salons/:id/instagram/auth',
    {
      config: { access: 'salon', rateLimit: routeLimit(CONNECT_ATTEMPTS) },
      schema: { params: salonParamsSchema, response: { 200: authUrlSchema } },
    },
    async (request, reply) => {
      const start = await beginInstagramConnect(deps, salonOfRequest(request))
      return reply
        .headers(noStore)
        .setCookie(CONNECT_COOKIE, start.browserBinding, connectCookieOptions(config, CONNECT_STATE_TTL_MS))
        .send({ authUrl: start.authUrl })
    },
  )

  // Meta sends the browser back here with ?code&state (or ?error=access_denied&error_reason…&state).
  app.get(
    '/api/instagram/callback',
    {
      config: { access: 'public', rateLimit: routeLimit(CONNECT_ATTEMPTS) },
      schema: {
        querystring: z.object({
          state: text().max(512).optional(),
          code: text().max(2048).optional(),
          error: text().max(200).optional(),
          error_reason: text().max(200).optional(),
          error_description: text().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const session = await sessionOf(deps, request, reply, 'staff')
      const outcome = await completeInstagramConnect(deps, {
        ...request.query,
        binding: request.cookies[CONNECT_COOKIE],
        sessionSalonId: session?.salonId ?? undefined,
      })
      reply.clearCookie(CONNECT_COOKIE, connectCookieOptions(config, 0))
      const query = outcome.connected ? 'instagram=connected' : `instagram=error&reason=${outcome.reason}`
      return reply.headers(noStore).redirect(`/professional?${query}`)
    },
  )

  app.post(
    '/api/salons/:id/instagram/disconnect',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: instagramDisconnectResultSchema } },
    },
    async (request) => {
      await disconnectInstagram(deps, salonOfRequest(request))
      return { success: true as const }
    },
  )

  app.get(
    '/api/salons/:id/instagram/users',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: z.array(instagramUserSchema) } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.headers(noStore).send(await listInstagramUsers(db, clock, salon.id))
    },
  )

  app.get(
    '/api/salons/:id/instagram/stats',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: instagramStatsSchema } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.headers(noStore).send(await instagramStats(db, clock, salon.id))
    },
  )

  const userRoute = { access: 'instagram_user' as const }
  app.post(
    '/api/instagram/users/:userId/whitelist',
    {
      config: userRoute,
      schema: {
        params: instagramUserParamsSchema,
        body: instagramWhitelistInputSchema,
        response: { 200: instagramUserSchema },
      },
    },
    async (request, reply) =>
      setWhitelisted(db, clock, await sessionSalon(request, reply), request.params.userId, request.body.whitelisted),
  )

  app.post(
    '/api/instagram/users/:userId/pause',
    {
      config: userRoute,
      schema: {
        params: instagramUserParamsSchema,
        body: instagramPauseInputSchema,
        response: { 200: instagramUserSchema },
      },
    },
    async (request, reply) =>
      pauseUser(db, clock, await sessionSalon(request, reply), request.params.userId, request.body.minutes),
  )

  app.post(
    '/api/instagram/users/:userId/unblock',
    {
      config: userRoute,
      schema: { params: instagramUserParamsSchema, response: { 200: instagramUserSchema } },
    },
    async (request, reply) => unblockUser(db, clock, await sessionSalon(request, reply), request.params.userId),
  )

  registerMetaWebhook(app, {
    path: '/api/instagram/webhook',
    app: () => config.instagram,
    errors: {
      unavailable: instagramWebhookUnavailable,
      forged: instagramSignatureRefused,
      verification: instagramVerificationRefused,
      invalid: () => new AppError('instagram.invalid_body', 400, 'The notification is not JSON.'),
    },
    secretName: 'INSTAGRAM_APP_SECRET',
    accept: async (body) => {
      await acceptMessages(deps, messagesOf(body, clock.now()))
    },
  })
}
