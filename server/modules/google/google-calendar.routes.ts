import { text } from '@common/schemas/primitives'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { receiveNotification } from './google-calendar-sync'

/** The header values Google puts on a push notification (each at most a few hundred characters). */
const goog = text().max(512).optional()

/** Google Calendar's push notifications: a channel's change, answered at once (the read is a job). */
export function googleCalendarRoutes(app: App, deps: AppDeps): void {
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
