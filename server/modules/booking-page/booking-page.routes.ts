import {
  bookingPageMoveSchema,
  bookingPageParamsSchema,
  bookingPageSchema,
  bookingPageTimesQuerySchema,
  bookingPageTimesSchema,
} from '@common/schemas/booking-page'
import type { App, AppDeps } from '@server/http/types'
import type { FastifyReply } from 'fastify'
import {
  calendarFileFromPage,
  cancelFromPage,
  freeTimesForMove,
  moveFromPage,
  showBookingPage,
} from './booking-page.usecases'
import { linkedBooking } from './link-access'

/**
 * The customer's own booking page (`/r/<token>` in the web app): the token in the path is the only
 * key (access rule `booking_link`). Search engines are told to keep every answer out of their index.
 */
/** Every answer, a refusal included: a link found somewhere must never end up in a search engine. */
export const noIndex = async (_request: unknown, reply: FastifyReply) => {
  reply.header('x-robots-tag', 'noindex, nofollow')
}

export function bookingPageRoutes(app: App, deps: AppDeps): void {
  const config = { access: 'booking_link' as const }
  const params = bookingPageParamsSchema

  app.get(
    '/api/r/:token',
    { config, onSend: noIndex, schema: { params, response: { 200: bookingPageSchema } } },
    async (request) => showBookingPage(deps, linkedBooking(request)),
  )

  app.get(
    '/api/r/:token/times',
    {
      config,
      onSend: noIndex,
      schema: { params, querystring: bookingPageTimesQuerySchema, response: { 200: bookingPageTimesSchema } },
    },
    async (request) => freeTimesForMove(deps, linkedBooking(request), request.query.from),
  )

  app.post(
    '/api/r/:token/cancel',
    { config, onSend: noIndex, schema: { params, response: { 200: bookingPageSchema } } },
    async (request) => cancelFromPage(deps, linkedBooking(request)),
  )

  app.post(
    '/api/r/:token/move',
    { config, onSend: noIndex, schema: { params, body: bookingPageMoveSchema, response: { 200: bookingPageSchema } } },
    async (request) => moveFromPage(deps, linkedBooking(request), new Date(request.body.startsAt)),
  )

  app.get('/api/r/:token/calendar.ics', { config, onSend: noIndex, schema: { params } }, async (request, reply) => {
    const file = await calendarFileFromPage(deps, linkedBooking(request))
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content)
  })
}
