import {
  accessCodeCheckSchema,
  accessCodeInputSchema,
  activateReferralInputSchema,
  activateReferralResultSchema,
  activationMailSentSchema,
  ambassadorDashboardSchema,
  ambassadorSessionSchema,
  kitPdfQuerySchema,
  qrCodeGetResultSchema,
  qrCodeInputSchema,
  qrCodePostResultSchema,
  referralListSchema,
  resendActivationEmailInputSchema,
  updateAuthorizedEmailInputSchema,
  updateAuthorizedEmailResultSchema,
} from '@common/schemas/ambassador'
import { AppError } from '@server/errors'
import { clientKey, refundLimit, routeLimit } from '@server/http/rate-limits'
import { endSessionOf, sessionOf } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ACCESS_CODE_CHECKS, findUsableAccessCode } from './access-codes.usecases'
import { findAmbassadorById } from './ambassadors.repository'
import {
  activateReferral,
  ambassadorStats,
  listAmbassadorReferrals,
  presentAmbassador,
  referralQrCode,
  requireAmbassador,
  resendActivationMailAsAmbassador,
  updateAuthorizedEmail,
} from './ambassadors.usecases'
import { ambassadorKitPdf } from './kit-pdf'

export function ambassadorsRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps

  /** The signed-in ambassador (the access rule has checked the session). */
  async function me(request: FastifyRequest, reply: FastifyReply) {
    const session = await sessionOf(deps, request, reply, 'ambassador')
    if (!session?.ambassadorId) throw new AppError('auth.required', 401, 'Please sign in as an ambassador.')
    return requireAmbassador(db, session.ambassadorId)
  }

  app.post(
    '/api/ambassador/validate-code',
    {
      config: { access: 'public', rateLimit: routeLimit(ACCESS_CODE_CHECKS) },
      schema: { body: accessCodeInputSchema, response: { 200: accessCodeCheckSchema } },
    },
    async (request) => {
      const isValid = (await findUsableAccessCode(db, request.body.accessCode)) !== undefined
      // Only wrong codes spend the budget (counted when the request arrived).
      if (isValid) await refundLimit(deps, ACCESS_CODE_CHECKS, clientKey(request))
      return { isValid }
    },
  )

  app.get(
    '/api/ambassador/dashboard',
    { config: { access: 'ambassador' }, schema: { response: { 200: ambassadorDashboardSchema } } },
    async (request, reply) => {
      const ambassador = await me(request, reply)
      return {
        success: true as const,
        ambassador: presentAmbassador(ambassador),
        stats: await ambassadorStats(db, ambassador),
      }
    },
  )

  app.get(
    '/api/ambassador/referrals',
    { config: { access: 'ambassador' }, schema: { response: { 200: referralListSchema } } },
    async (request, reply) => ({
      success: true as const,
      referrals: await listAmbassadorReferrals(db, await me(request, reply)),
    }),
  )

  app.post(
    '/api/ambassador/activate-referral',
    {
      config: { access: 'ambassador' },
      schema: { body: activateReferralInputSchema, response: { 200: activateReferralResultSchema } },
    },
    async (request, reply) => activateReferral(deps, await me(request, reply), request.body),
  )

  app.put(
    '/api/ambassador/update-authorized-email',
    {
      config: { access: 'ambassador' },
      schema: { body: updateAuthorizedEmailInputSchema, response: { 200: updateAuthorizedEmailResultSchema } },
    },
    async (request, reply) => updateAuthorizedEmail(deps, await me(request, reply), request.body),
  )

  // The activation e-mail again, to the salon's contact: same rule as changing the account.
  app.post(
    '/api/ambassador/resend-activation-email',
    {
      config: { access: 'ambassador' },
      schema: { body: resendActivationEmailInputSchema, response: { 200: activationMailSentSchema } },
    },
    async (request, reply) => resendActivationMailAsAmbassador(deps, await me(request, reply), request.body.salonId),
  )

  app.post(
    '/api/ambassador/qrcode',
    {
      config: { access: 'ambassador' },
      schema: { body: qrCodeInputSchema, response: { 200: qrCodePostResultSchema } },
    },
    async (request, reply) => {
      const ambassador = await me(request, reply)
      // Only one's own code: a QR code of someone else's link would credit them.
      if (request.body.referralCode.toUpperCase() !== ambassador.referralCode) {
        throw new AppError('ambassadors.not_your_code', 403, 'This is not your referral code.')
      }
      return { success: true as const, qrCodeUrl: (await referralQrCode(config, ambassador.referralCode)).dataUrl }
    },
  )

  app.get(
    '/api/ambassador/qrcode',
    { config: { access: 'ambassador' }, schema: { response: { 200: qrCodeGetResultSchema } } },
    async (request, reply) => {
      const { dataUrl, referralLink } = await referralQrCode(config, (await me(request, reply)).referralCode)
      return { qrCodeDataUrl: dataUrl, referralLink }
    },
  )

  // In the language the interface shows (`?language=`), else the one stored at sign-up.
  app.get(
    '/api/ambassador/kit-pdf',
    { config: { access: 'ambassador' }, schema: { querystring: kitPdfQuerySchema } },
    async (request, reply) => {
      const ambassador = await me(request, reply)
      const { referralLink } = await referralQrCode(config, ambassador.referralCode)
      const { pdf, language } = await ambassadorKitPdf(ambassador, referralLink, request.query.language)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-language', language)
        .header('content-disposition', `inline; filename="salonia-kit-${ambassador.referralCode}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf)
    },
  )

  // Whether this browser has an ambassador session: signed out is an answer (200), not an error,
  // so the navigation of every page can ask without a 401 in the console.
  app.get(
    '/api/ambassador/session',
    { config: { access: 'public' }, schema: { response: { 200: ambassadorSessionSchema } } },
    async (request, reply) => {
      const session = await sessionOf(deps, request, reply, 'ambassador')
      const ambassador = session?.ambassadorId ? await findAmbassadorById(db, session.ambassadorId) : undefined
      reply.header('cache-control', 'no-store')
      return ambassador
        ? { isAuthenticated: true as const, ambassador: { name: ambassador.name, email: ambassador.email } }
        : { isAuthenticated: false as const }
    },
  )

  // Signing out without a session is not an error: the browser ends up signed out either way.
  app.post('/api/ambassador/logout', { config: { access: 'public' } }, async (request, reply) => {
    await endSessionOf(deps, request, reply, 'ambassador')
    return { success: true }
  })
}
