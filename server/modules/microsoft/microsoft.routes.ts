import { microsoftAuthUrlSchema } from '@common/schemas/calendar'
import { text } from '@common/schemas/primitives'
import { salonParamsSchema } from '@common/schemas/salon'
import type { Config } from '@server/config'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import { sessionOf } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { microsoftInvalidNotification } from './microsoft.errors'
import { beginMicrosoftConnect, CONNECT_STATE_TTL_MS, completeMicrosoftConnect } from './microsoft-connect'
import { type NotificationKind, notificationBodySchema, receiveNotifications } from './microsoft-notifications'

/** The browser that asks for Microsoft's consent carries this cookie back with the state (login CSRF). */
const CONNECT_COOKIE = 'salonia_microsoft_connect'
const connectCookieOptions = (config: Config, maxAgeMs: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.isProduction,
  path: '/api/microsoft',
  maxAge: Math.floor(maxAgeMs / 1000),
})

/** Connection attempts per client and minute: plenty for an owner, little for a script. */
const CONNECT_ATTEMPTS: Limit = { name: 'microsoft-connect', max: 30, windowMs: 60_000 }
/** Graph batches notifications; 64 KB holds far more than one calendar's burst. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024

const noStore = { 'cache-control': 'no-store' }

export function microsoftRoutes(app: App, deps: AppDeps): void {
  const { config } = deps

  app.get(
    '/api/salons/:id/microsoft/auth-url',
    {
      config: { access: 'salon', rateLimit: routeLimit(CONNECT_ATTEMPTS) },
      schema: { params: salonParamsSchema, response: { 200: microsoftAuthUrlSchema } },
    },
    async (request, reply) => {
      const start = await beginMicrosoftConnect(deps, salonOfRequest(request).id)
      return reply
        .headers(noStore)
        .setCookie(CONNECT_COOKIE, start.browserBinding, connectCookieOptions(config, CONNECT_STATE_TTL_MS))
        .send({ authUrl: start.authUrl })
    },
  )

  // Microsoft sends the browser back here with ?code&state (or ?error=access_denied&error_description…&state).
  app.get(
    '/api/microsoft/callback',
    {
      config: { access: 'public', rateLimit: routeLimit(CONNECT_ATTEMPTS) },
      schema: {
        querystring: z.object({
          state: text().max(512).optional(),
          code: text().max(4096).optional(),
          session_state: text().max(200).optional(),
          error: text().max(200).optional(),
          error_description: text().max(2000).optional(),
          error_uri: text().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const session = await sessionOf(deps, request, reply, 'staff')
      const { state, code, error } = request.query
      const outcome = await completeMicrosoftConnect(deps, {
        state,
        code,
        error,
        binding: request.cookies[CONNECT_COOKIE],
        sessionSalonId: session?.salonId ?? undefined,
      })
      reply.clearCookie(CONNECT_COOKIE, connectCookieOptions(config, 0))
      const query = outcome.connected ? 'connected=true' : `error=${outcome.reason}`
      return reply.headers(noStore).redirect(`/professional?calendar=microsoft&${query}`)
    },
  )

  const notificationRoute = (path: string, kind: NotificationKind) =>
    app.post(
      path,
      {
        config: { access: 'public' },
        bodyLimit: NOTIFICATION_BODY_LIMIT,
        schema: { querystring: z.object({ validationToken: z.string().max(1024).optional() }) },
      },
      async (request, reply) => {
        const { validationToken } = request.query
        // Graph's handshake when a subscription is made: the token back, as text, within 10 s.
        if (validationToken !== undefined) {
          return reply.code(200).headers(noStore).type('text/plain; charset=utf-8').send(validationToken)
        }
        const body = notificationBodySchema.safeParse(request.body)
        if (!body.success) throw microsoftInvalidNotification()
        // Only lookups and enqueueing happen here (milliseconds): Graph wants an answer within 3 s.
        await receiveNotifications(deps, kind, body.data.value)
        return reply.code(202).headers(noStore).send()
      },
    )
  notificationRoute('/api/microsoft/notifications', 'change')
  notificationRoute('/api/microsoft/lifecycle', 'lifecycle')
}
