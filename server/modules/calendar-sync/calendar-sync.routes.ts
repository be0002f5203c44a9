import { disconnectResultSchema } from '@common/schemas/auth'
import {
  calendarConnectionsSchema,
  calendarParamsSchema,
  calendarProvidersSchema,
  calendarStatusSchema,
  calendarSyncRequestSchema,
} from '@common/schemas/calendar'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import { clearSessionCookie } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { calendarProviders } from './calendar-providers'
import {
  calendarStatus,
  chooseWriter,
  disconnectCalendars,
  listCalendars,
  removeCalendar,
  requestManualSync,
  requestOneSync,
} from './calendar-status.usecases'

export function calendarSyncRoutes(app: App, deps: AppDeps): void {
  const { config } = deps

  app.get(
    '/api/salons/:id/calendar',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: calendarStatusSchema } } },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.header('cache-control', 'no-store').send(await calendarStatus(deps, salon))
    },
  )

  // "Synchroniser": queues a synchronisation; the status shows its progress and outcome.
  app.post(
    '/api/salons/:id/sync-calendar',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 202: calendarSyncRequestSchema } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.code(202).send(await requestManualSync(deps, salon.id))
    },
  )

  app.post(
    '/api/salons/:id/disconnect',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: disconnectResultSchema } } },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      const result = await disconnectCalendars(deps, salon.id)
      clearSessionCookie(reply, config, 'staff')
      return result
    },
  )

  // ——— Several calendars ———

  // Which providers this server can connect: the connection screen's choices.
  app.get(
    '/api/calendar-providers',
    { config: { access: 'public' }, schema: { response: { 200: calendarProvidersSchema } } },
    async () => calendarProviders().map((provider) => ({ name: provider.name, available: provider.available(config) })),
  )

  app.get(
    '/api/salons/:id/calendars',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: calendarConnectionsSchema } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.header('cache-control', 'no-store').send(await listCalendars(deps, salon.id))
    },
  )

  // "Reçoit les rendez-vous": bookings are written to this calendar from now on.
  app.put(
    '/api/salons/:id/calendars/:calendarId/writer',
    {
      config: { access: 'salon' },
      schema: { params: calendarParamsSchema, response: { 200: calendarConnectionsSchema } },
    },
    async (request) => chooseWriter(deps, salonOfRequest(request).id, request.params.calendarId),
  )

  app.post(
    '/api/salons/:id/calendars/:calendarId/sync',
    {
      config: { access: 'salon' },
      schema: { params: calendarParamsSchema, response: { 202: calendarSyncRequestSchema } },
    },
    async (request, reply) =>
      reply.code(202).send(await requestOneSync(deps, salonOfRequest(request).id, request.params.calendarId)),
  )

  app.delete(
    '/api/salons/:id/calendars/:calendarId',
    {
      config: { access: 'salon' },
      schema: { params: calendarParamsSchema, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => removeCalendar(deps, salonOfRequest(request).id, request.params.calendarId),
  )
}
