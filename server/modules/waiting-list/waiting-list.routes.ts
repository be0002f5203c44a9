import { salonParamsSchema } from '@common/schemas/salon'
import {
  waitingEntryInputSchema,
  waitingEntryParamsSchema,
  waitingEntrySchema,
  waitingListQuerySchema,
  waitingListSchema,
  waitOfferParamsSchema,
  waitOfferSchema,
} from '@common/schemas/waiting-list'
import { salonOfRequest } from '@server/http/access'
import { clientKey, enforceLimit, isLoopback, type Limit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { noIndex } from '@server/modules/booking-page/booking-page.routes'
import { z } from 'zod'
import { acceptOfferByToken, offerOfToken } from './waiting-list.offers'
import { joinAtDesk, listWaitingList, removeFromWaitingList } from './waiting-list.usecases'

/** An address trying many offer links is guessing them: the same ceiling as the booking links. */
const OFFER_REQUESTS_PER_CLIENT: Limit = { name: 'waiting_offer_client', max: 300, windowMs: 10 * 60_000 }

/**
 * The waiting list: the salon's (its dashboard lists, adds and removes, rule `salon`), and the
 * waiting customer's link to a freed time (`/w/<token>`: the signed token is the only key, checked
 * by the use case; counted per client address; kept out of search engines).
 */
export function waitingListRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/api/salons/:id/waiting-list',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, querystring: waitingListQuerySchema, response: { 200: waitingListSchema } },
    },
    async (request) => ({ entries: await listWaitingList(deps, salonOfRequest(request), request.query) }),
  )

  app.post(
    '/api/salons/:id/waiting-list',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: waitingEntryInputSchema, response: { 201: waitingEntrySchema } },
    },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      return reply.status(201).send(await joinAtDesk(deps, salon, request.body))
    },
  )

  app.delete(
    '/api/salons/:id/waiting-list/:entryId',
    { config: { access: 'salon' }, schema: { params: waitingEntryParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeFromWaitingList(deps, salonOfRequest(request), request.params.entryId)
      return reply.status(204).send(null)
    },
  )

  const offer = {
    config: { access: 'public' as const },
    onSend: noIndex,
    preHandler: async (request: Parameters<typeof clientKey>[0], reply: Parameters<typeof noIndex>[1]) => {
      if (!isLoopback(request)) await enforceLimit(deps, OFFER_REQUESTS_PER_CLIENT, clientKey(request), reply)
    },
    schema: { params: waitOfferParamsSchema, response: { 200: waitOfferSchema } },
  }
  app.get('/api/waiting-list/offers/:token', offer, async (request) => offerOfToken(deps, request.params.token))
  app.post('/api/waiting-list/offers/:token/accept', offer, async (request) =>
    acceptOfferByToken(deps, request.params.token),
  )
}
