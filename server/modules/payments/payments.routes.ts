import { bookingParamsSchema } from '@common/schemas/booking'
import { bookingPageParamsSchema } from '@common/schemas/booking-page'
import { serviceParamsSchema } from '@common/schemas/catalog'
import {
  bookingPagePaymentSchema,
  bookingPaymentAnswerSchema,
  paymentFiguresSchema,
  paymentPoliciesSchema,
  paymentPolicySchema,
} from '@common/schemas/payments'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { linkedBooking } from '@server/modules/booking-page/link-access'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { checkoutOpenedMeanwhile, openBookingCheckout, type PaymentDeps } from './payment-checkout'
import { bookingPagePayment, bookingPayment, refundAtDesk, settleAtDesk } from './payment-desk'
import { ProviderUnavailable } from './payment-providers'
import * as repo from './payments.repository'
import { paymentFigures, paymentPolicies, savePaymentPolicy } from './payments.usecases'

const figuresQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) })
const noStore = { 'cache-control': 'no-store' }

/**
 * The salon's policies (services editor), a booking's payment at the desk, the overview's figures,
 * and the customer's side: their page's payment and the link they pay from.
 */
export function paymentsRoutes(app: App, deps: AppDeps): void {
  const withLog = (request: FastifyRequest): PaymentDeps => ({ ...deps, log: request.log })

  app.get(
    '/api/salons/:id/payment-policies',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: paymentPoliciesSchema } } },
    async (request, reply) => reply.headers(noStore).send(await paymentPolicies(deps, salonOfRequest(request))),
  )

  app.put(
    '/api/salons/:id/services/:serviceId/payment-policy',
    {
      config: { access: 'salon' },
      schema: { params: serviceParamsSchema, body: paymentPolicySchema, response: { 200: paymentPolicySchema } },
    },
    async (request) => savePaymentPolicy(deps, salonOfRequest(request), request.params.serviceId, request.body),
  )

  app.get(
    '/api/salons/:id/payment-figures',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, querystring: figuresQuerySchema, response: { 200: paymentFiguresSchema } },
    },
    async (request) => paymentFigures(deps, salonOfRequest(request), request.query.days),
  )

  app.get(
    '/api/bookings/:bookingId/payment',
    {
      config: { access: 'booking' },
      schema: { params: bookingParamsSchema, response: { 200: bookingPaymentAnswerSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ payment: await bookingPayment(deps, request.params.bookingId) }),
  )

  for (const [path, how] of [
    ['paid-at-salon', 'paid_at_salon'],
    ['waive', 'waived'],
  ] as const) {
    app.post(
      `/api/bookings/:bookingId/payment/${path}`,
      {
        config: { access: 'booking' },
        schema: { params: bookingParamsSchema, response: { 200: bookingPaymentAnswerSchema } },
      },
      async (request) => ({ payment: await settleAtDesk(withLog(request), request.params.bookingId, how) }),
    )
  }

  app.post(
    '/api/bookings/:bookingId/payment/refund',
    {
      config: { access: 'booking' },
      schema: { params: bookingParamsSchema, response: { 200: bookingPaymentAnswerSchema } },
    },
    async (request) => ({ payment: await refundAtDesk(withLog(request), request.params.bookingId) }),
  )

  app.get(
    '/api/r/:token/payment',
    {
      config: { access: 'booking_link' },
      schema: {
        params: bookingPageParamsSchema,
        response: { 200: z.object({ payment: bookingPagePaymentSchema.nullable() }) },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send({ payment: await bookingPagePayment(deps, linkedBooking(request)) }),
  )

  // The link a customer pays from (in their chat, on their page): on to the provider's page —
  // opened now if the job has not yet, the same page either way. The provider unreachable, back to
  // their page, which says the time stays held and to try again in a moment.
  app.get(
    '/api/r/:token/pay',
    { config: { access: 'booking_link' }, schema: { params: bookingPageParamsSchema } },
    async (request, reply) => {
      const bookingId = linkedBooking(request)
      const page = `/r/${encodeURIComponent(request.params.token)}`
      const payment = await repo.findBookingPayment(deps.db, bookingId)
      reply.headers(noStore)
      if (payment?.state === 'fee_waiting' && payment.feeCheckoutUrl) return reply.redirect(payment.feeCheckoutUrl, 303)
      if (payment?.state !== 'awaiting') return reply.redirect(page, 303)
      try {
        const url = await openBookingCheckout(withLog(request), bookingId)
        return reply.redirect(url ?? page, 303)
      } catch (error) {
        // The job was opening the very same page this instant: its answer, as it comes.
        const busy = error instanceof ProviderUnavailable && error.busy
        const opened = busy ? await checkoutOpenedMeanwhile(deps.db, bookingId) : undefined
        if (opened) return reply.redirect(opened, 303)
        request.log.warn({ err: error, bookingId }, 'payment page could not be opened')
        return reply.redirect(`${page}?payment=unavailable`, 303)
      }
    },
  )
}
