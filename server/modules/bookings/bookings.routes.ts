import {
  bookingCancelInputSchema,
  bookingCreateInputSchema,
  bookingListQuerySchema,
  bookingParamsSchema,
  bookingRescheduleInputSchema,
  bookingSalonNoteInputSchema,
  bookingSchema,
  bookingStatusInputSchema,
  bookingUndoMoveInputSchema,
} from '@common/schemas/booking'
import {
  visitBookedSchema,
  visitBookInputSchema,
  visitPlanInputSchema,
  visitPlanSchema,
} from '@common/schemas/desk-visit'
import { text } from '@common/schemas/primitives'
import { salonParamsSchema } from '@common/schemas/salon'
import { availabilityQuerySchema, availabilitySchema } from '@common/schemas/schedule'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { z } from 'zod'
import { getSalonAvailability } from './availability.usecases'
import { setBookingSalonNote, setBookingStatus } from './booking-desk.usecases'
import { cancelBooking, createBooking, listSalonBookings, rescheduleBooking } from './bookings.usecases'
import { bookVisit, planVisit } from './desk-visits'
import { undoMove } from './move-undo'

const bookingParams = bookingParamsSchema
/** The booking routes are the dashboard's (a professional's session): the salon's own changes. */
const BY_SALON = { actor: 'salon', channel: 'dashboard' } as const

const idempotencyHeaders = z.object({
  'idempotency-key': text().min(1).max(200, 'The Idempotency-Key is at most 200 characters').optional(),
})

export function bookingsRoutes(app: App, deps: AppDeps): void {
  const { db } = deps

  // Free slots are what any customer may see, so this read is public.
  app.get(
    '/api/salons/:id/availability',
    {
      config: { access: 'public' },
      schema: {
        params: salonParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => getSalonAvailability(db, deps.clock, request.params.id, request.query),
  )

  app.get(
    '/api/salons/:id/bookings',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema,
        querystring: bookingListQuerySchema,
        response: { 200: z.array(bookingSchema) },
      },
    },
    async (request) => listSalonBookings(deps, salonOfRequest(request), request.query),
  )

  app.post(
    '/api/salons/:id/bookings',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema,
        headers: idempotencyHeaders,
        body: bookingCreateInputSchema,
        response: { 200: bookingSchema, 201: bookingSchema },
      },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      const { body } = request
      const { booking, replayed } = await createBooking(
        deps,
        salon,
        {
          serviceId: body.serviceId,
          startsAt: resolvePointInTime(body.startsAt, salon.timeZone),
          customer: body.customer,
          customerId: body.customerId,
          force: body.force,
          channel: body.channel ?? 'api',
          status: body.status,
          memberId: body.memberId,
        },
        request.headers['idempotency-key'],
      )
      if (replayed) reply.header('idempotent-replayed', 'true')
      return reply.status(201).send(booking)
    },
  )

  // The desk's visits: several services, several people, repeated; checked, then booked in one go.
  app.post(
    '/api/salons/:id/visits/check',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: visitPlanInputSchema, response: { 200: visitPlanSchema } },
    },
    async (request) => planVisit(deps, salonOfRequest(request), request.body),
  )

  app.post(
    '/api/salons/:id/visits',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: visitBookInputSchema, response: { 201: visitBookedSchema } },
    },
    async (request, reply) => reply.status(201).send(await bookVisit(deps, salonOfRequest(request), request.body)),
  )

  app.post(
    '/api/bookings/:bookingId/cancel',
    {
      config: { access: 'booking' },
      schema: { params: bookingParams, body: bookingCancelInputSchema, response: { 200: bookingSchema } },
    },
    async (request) => cancelBooking(deps, request.params.bookingId, { ...BY_SALON, reason: request.body?.reason }),
  )

  app.post(
    '/api/bookings/:bookingId/status',
    {
      config: { access: 'booking' },
      schema: { params: bookingParams, body: bookingStatusInputSchema, response: { 200: bookingSchema } },
    },
    async (request) => setBookingStatus(deps, request.params.bookingId, request.body.status, BY_SALON),
  )

  app.put(
    '/api/bookings/:bookingId/note',
    {
      config: { access: 'booking' },
      schema: { params: bookingParams, body: bookingSalonNoteInputSchema, response: { 200: bookingSchema } },
    },
    async (request) => setBookingSalonNote(deps, request.params.bookingId, request.body.note, BY_SALON),
  )

  app.post(
    '/api/bookings/:bookingId/reschedule',
    {
      config: { access: 'booking' },
      schema: { params: bookingParams, body: bookingRescheduleInputSchema, response: { 200: bookingSchema } },
    },
    async (request) => rescheduleBooking(deps, request.params.bookingId, request.body, BY_SALON),
  )

  // The agenda's "undo" a few seconds after a move: back where it was, nobody told.
  app.post(
    '/api/bookings/:bookingId/undo-move',
    {
      config: { access: 'booking' },
      schema: { params: bookingParams, body: bookingUndoMoveInputSchema, response: { 200: bookingSchema } },
    },
    async (request) => undoMove(deps, request.params.bookingId, request.body, BY_SALON),
  )
}
