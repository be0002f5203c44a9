import {
  accessCodeCheckSchema,
  accessCodeInputSchema,
  activateReferralInputSchema,
  activateReferralResultSchema,
  ambassadorDashboardSchema,
  qrCodeGetResultSchema,
  qrCodeInputSchema,
  qrCodePostResultSchema,
  referralListSchema,
  updateAuthorizedEmailInputSchema,
  updateAuthorizedEmailResultSchema,
} from '@common/schemas/ambassador'
import { AppError } from '@server/errors'
import { clientKey, refundLimit, routeLimit } from '@server/http/rate-limits'
import { endSessionOf, sessionOf } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ACCESS_CODE_CHECKS, findUsableAccessCode } from './access-codes.usecases'
import {
  activateReferral,
  ambassadorStats,
  listAmbassadorReferrals,
  presentAmbassador,
  referralQrCode,
  requireAmbassador,
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
    async (request, reply) => activateReferral({ ...deps, log: request.log }, await me(request, reply), request.body),
  )

  app.put(
    '/api/ambassador/update-authorized-email',
    {
      config: { access: 'ambassador' },
      schema: { body: updateAuthorizedEmailInputSchema, response: { 200: updateAuthorizedEmailResultSchema } },
    },
    async (request, reply) => updateAuthorizedEmail(deps, await me(request, reply), request.body),
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

  app.get('/api/ambassador/kit-pdf', { config: { access: 'ambassador' } }, async (request, reply) => {
    const ambassador = await me(request, reply)
    const { referralLink } = await referralQrCode(config, ambassador.referralCode)
    const pdf = await ambassadorKitPdf(ambassador, referralLink)
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="salonia-kit-${ambassador.referralCode}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf)
  })

  // Signing out without a session is not an error: the browser ends up signed out either way.
  app.post('/api/ambassador/logout', { config: { access: 'public' } }, async (request, reply) => {
    await endSessionOf(deps, request, reply, 'ambassador')
    return { success: true }
  })
}
