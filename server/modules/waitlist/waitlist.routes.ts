import { visitorLanguage } from '@common/languages'
import { waitlistAnswerSchema, waitlistEntryInputSchema, waitlistReferralSchema } from '@common/schemas/waitlist'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { tooManySignUps } from './waitlist.errors'
import { presentWaitlistAnswer, presentWaitlistReferral } from './waitlist.presenters'
import { joinWaitlist, listWaitlist } from './waitlist.usecases'

/** Sign-ups one client (IP address) may send per hour; enough for a few salons, not for a script. */
export const WAITLIST_SIGN_UPS_PER_HOUR = 10
const WAITLIST_SIGN_UPS: Limit = { name: 'waitlist', max: WAITLIST_SIGN_UPS_PER_HOUR, windowMs: 60 * 60_000 }

/** The language of a request whose body may not have been validated yet. */
const languageOf = (request: FastifyRequest) =>
  visitorLanguage(
    (request.body as { language?: unknown } | null | undefined)?.language,
    request.headers['accept-language'],
  )

export function waitlistRoutes(app: App, { db, clock }: AppDeps): void {
  app.post(
    '/api/waitlist',
    {
      config: {
        access: 'public',
        rateLimit: routeLimit(WAITLIST_SIGN_UPS, {
          // Counted once the body is parsed, so the refusal speaks the form's language; invalid
          // submissions count too.
          hook: 'preValidation',
          errorResponseBuilder: (request, context) =>
            tooManySignUps(languageOf(request), Math.ceil(context.ttl / 1000)),
        }),
      },
      schema: { body: waitlistEntryInputSchema, response: { 201: waitlistAnswerSchema } },
    },
    async (request, reply) => {
      const language = visitorLanguage(request.body.language, request.headers['accept-language'])
      await joinWaitlist({ db, clock }, request.body, language)
      return reply.status(201).send(presentWaitlistAnswer(language))
    },
  )

  app.get(
    '/api/admin/waitlist',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(waitlistReferralSchema) } } },
    async () => (await listWaitlist(db)).map(presentWaitlistReferral),
  )
}
