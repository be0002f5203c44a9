import { disconnectResultSchema } from '@common/schemas/auth'
import { calendarStatusSchema, calendarSyncRequestSchema } from '@common/schemas/calendar'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import { clearSessionCookie } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { calendarStatus, disconnectCalendar, requestManualSync } from './calendar-providers'

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
      const result = await disconnectCalendar(deps, salon.id)
      clearSessionCookie(reply, config, 'staff')
      return result
    },
  )

  // Google's push notifications: an empty body (sent as JSON) and X-Goog-* headers. The channel's
  // token authenticates the message; the answer is immediate, the read it causes is a job.
}
