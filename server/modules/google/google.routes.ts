import { visitorLanguage } from '@common/languages'
import { authUrlSchema, demoSignInQuerySchema, demoSignInResultSchema, demoSignInSchema } from '@common/schemas/auth'
import { text } from '@common/schemas/primitives'
import { publicSalonIdSchema } from '@common/schemas/salon'
import type { Config } from '@server/config'
import { clientKey, consumeLimit, type Limit, refundLimit, routeLimit } from '@server/http/rate-limits'
import { knownAccountOf, setKnownAccountCookie, setSessionCookie } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { ACCESS_CODE_CHECKS } from '@server/modules/ambassadors/access-codes.usecases'
import { requireSalon } from '@server/modules/salons/salons.usecases'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { googleClient } from './google-client'
import {
  approveDemoSignIn,
  beginAdminSignIn,
  beginAmbassadorSignIn,
  beginProfessionalSignIn,
  completeGoogleSignIn,
  describeDemoSignIn,
  SIGN_IN_STATE_TTL_MS,
  type SignInOutcome,
  type SignInStart,
} from './sign-in.usecases'

/** The browser that starts a sign-in carries this cookie back with the state (login CSRF). */
const SIGN_IN_COOKIE = 'salonia_sign_in'
const signInCookieOptions = (config: Config, maxAgeMs: number) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.isProduction,
  path: '/api',
  maxAge: Math.floor(maxAgeMs / 1000),
})

/**
 * Sign-in attempts per client and minute, one budget for every sign-in route (a sign-in is two or
 * three requests: the consent URL, Google's return, the demo page's click): plenty for a person,
 * little for a script.
 */
const SIGN_IN_ATTEMPTS: Limit = { name: 'sign-in', max: 60, windowMs: 60_000 }
const signInRateLimit = { rateLimit: routeLimit(SIGN_IN_ATTEMPTS) }

export function googleRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps
  const signIn = { ...deps, google: googleClient(config) }

  /** The browser that starts a sign-in keeps the cookie it must bring back with the state. */
  const bindBrowser = (reply: FastifyReply, start: SignInStart) =>
    reply
      .header('cache-control', 'no-store')
      .setCookie(SIGN_IN_COOKIE, start.browserBinding, signInCookieOptions(config, SIGN_IN_STATE_TTL_MS))
  const sendAuthUrl = (reply: FastifyReply, start: SignInStart) =>
    bindBrowser(reply, start).send({ authUrl: start.authUrl })

  const finish = (reply: FastifyReply, outcome: SignInOutcome) => {
    reply.clearCookie(SIGN_IN_COOKIE, signInCookieOptions(config, 0))
    if (outcome.session) setSessionCookie(reply, config, outcome.session.kind, outcome.session.token)
    // The account's reference (never its address): this browser may be offered it next time.
    if (outcome.knownAccount) setKnownAccountCookie(reply, config, outcome.knownAccount)
    return outcome
  }

  app.get(
    '/api/google/auth-url/:salonId',
    {
      config: { access: 'public', ...signInRateLimit },
      schema: { params: z.object({ salonId: publicSalonIdSchema }), response: { 200: authUrlSchema } },
    },
    async (request, reply) => {
      const salon = await requireSalon(db, request.params.salonId)
      return sendAuthUrl(reply, await beginProfessionalSignIn(signIn, salon, knownAccountOf(request, reply, config)))
    },
  )

  app.get(
    '/api/google/admin-auth-url',
    { config: { access: 'public', ...signInRateLimit }, schema: { response: { 200: authUrlSchema } } },
    async (_request, reply) => sendAuthUrl(reply, await beginAdminSignIn(signIn)),
  )

  // The ambassador login's "Se connecter avec Google" is a link: the browser comes here, then goes on.
  // It checks an access code, so a wrong one spends the code checks' budget (shared with
  // validate-code); over it, the browser goes back to the login page, which says how long to wait.
  app.get(
    '/api/ambassador/google-auth',
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ accessCode: text().max(64).default('') }) },
    },
    async (request, reply) => {
      const checks = await consumeLimit(deps, ACCESS_CODE_CHECKS, clientKey(request))
      if (checks.exceeded) {
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/ambassador?error=rate_limited&retryAfter=${checks.retryAfterSeconds}`)
      }
      const start = await beginAmbassadorSignIn(signIn, request.query.accessCode)
      if ('redirectTo' in start) return reply.header('cache-control', 'no-store').redirect(start.redirectTo)
      await refundLimit(deps, ACCESS_CODE_CHECKS, clientKey(request))
      return bindBrowser(reply, start).redirect(start.authUrl)
    },
  )

  // Google sends the browser back here with ?code&state (or ?error=access_denied&state).
  app.get(
    '/api/google/callback',
    {
      config: { access: 'public', ...signInRateLimit },
      schema: {
        querystring: z.object({
          state: text().max(512).optional(),
          code: text().max(2048).optional(),
          error: text().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const outcome = await completeGoogleSignIn(signIn, {
        ...request.query,
        binding: request.cookies[SIGN_IN_COOKIE],
        language: visitorLanguage(undefined, request.headers['accept-language']),
      })
      return reply.header('cache-control', 'no-store').redirect(finish(reply, outcome).redirectTo)
    },
  )

  // Outside production and without Google, the demo page stands in for Google's consent screen.
  if (config.demoSignIn) {
    app.get(
      '/api/auth/demo',
      {
        config: { access: 'public' },
        schema: { querystring: demoSignInQuerySchema, response: { 200: demoSignInSchema } },
      },
      async (request) => describeDemoSignIn(signIn, request.query.state),
    )

    app.post(
      '/api/auth/demo',
      {
        config: { access: 'public', ...signInRateLimit },
        schema: { body: demoSignInQuerySchema, response: { 200: demoSignInResultSchema } },
      },
      async (request, reply) => {
        const outcome = await approveDemoSignIn(signIn, {
          state: request.body.state,
          binding: request.cookies[SIGN_IN_COOKIE],
          language: visitorLanguage(undefined, request.headers['accept-language']),
        })
        return { redirectTo: finish(reply, outcome).redirectTo }
      },
    )
  }
}
