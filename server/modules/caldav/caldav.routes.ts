import {
  caldavAccountSchema,
  caldavConnectSchema,
  caldavDiscoverySchema,
  calendarConnectionsSchema,
} from '@common/schemas/calendar'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import { type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { connectCaldavCalendar, discoverCaldavCalendars } from './caldav-connect'

/** Each try calls the owner's server with a password: plenty for an owner typing, little for guessing. */
const CALDAV_ATTEMPTS: Limit = { name: 'caldav-connect', max: 10, windowMs: 60_000 }
const noStore = { 'cache-control': 'no-store' }

/** Connecting a CalDAV calendar from the dashboard: find the account's calendars, then connect one. */
export function caldavRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/api/salons/:id/caldav/discover',
    {
      config: { access: 'salon', rateLimit: routeLimit(CALDAV_ATTEMPTS) },
      schema: { params: salonParamsSchema, body: caldavAccountSchema, response: { 200: caldavDiscoverySchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await discoverCaldavCalendars(deps, request.body)),
  )

  app.post(
    '/api/salons/:id/caldav/connect',
    {
      config: { access: 'salon', rateLimit: routeLimit(CALDAV_ATTEMPTS) },
      schema: { params: salonParamsSchema, body: caldavConnectSchema, response: { 201: calendarConnectionsSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .headers(noStore)
        .send(await connectCaldavCalendar(deps, salonOfRequest(request).id, request.body)),
  )
}
