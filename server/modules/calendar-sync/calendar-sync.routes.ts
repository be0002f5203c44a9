import { disconnectResultSchema } from '@common/schemas/auth'
import { calendarStatusSchema, calendarSyncRequestSchema } from '@common/schemas/calendar'
import { text } from '@common/schemas/primitives'
import { salonParamsSchema } from '@common/schemas/salon'
import { clearSessionCookie } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { requireSalon } from '@server/modules/salons/salons.usecases'
import { z } from 'zod'
import { calendarStatus, disconnectCalendar, receiveNotification, requestManualSync } from './calendar-sync.usecases'

/** The header values Google puts on a push notification (each at most a few hundred characters). */
const goog = text().max(512).optional()

export function calendarSyncRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps

  app.get(
    '/api/salons/:id/calendar',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: calendarStatusSchema } } },
    async (request, reply) => {
      const salon = await requireSalon(db, request.params.id)
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
      const salon = await requireSalon(db, request.params.id)
      return reply.code(202).send(await requestManualSync(deps, salon.id))
    },
  )

  app.post(
    '/api/salons/:id/disconnect',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: disconnectResultSchema } } },
    async (request, reply) => {
      const salon = await requireSalon(db, request.params.id)
      const result = await disconnectCalendar(deps, salon.id)
      clearSessionCookie(reply, config, 'staff')
      return result
    },
  )

  // Google's push notifications: an empty body (sent as JSON) and X-Goog-* headers. The channel's
  // token authenticates the message; the answer is immediate, the read it causes is a job.
  app.register(async (notifications) => {
    notifications.removeContentTypeParser('application/json')
    notifications.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 }, (_, __, done) =>
      done(null, undefined),
    )
    notifications.post(
      '/api/google/calendar-notifications',
      {
        config: { access: 'public' },
        schema: {
          headers: z.object({
            'x-goog-channel-id': goog,
            'x-goog-channel-token': goog,
            'x-goog-resource-id': goog,
            'x-goog-resource-state': goog,
            'x-goog-message-number': goog,
          }),
        },
      },
      async (request, reply) => {
        const header = (name: string) => {
          const value = request.headers[name]
          return typeof value === 'string' ? value : undefined
        }
        await receiveNotification(deps, {
          channelId: header('x-goog-channel-id'),
          channelToken: header('x-goog-channel-token'),
          resourceId: header('x-goog-resource-id'),
          resourceState: header('x-goog-resource-state'),
        })
        return reply.code(204).send()
      },
    )
  })
}
