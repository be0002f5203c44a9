import { text } from '@common/schemas/primitives'
import {
  publicSalonIdSchema,
  salonChatInfoSchema,
  salonHashSchema,
  salonLookupSchema,
  salonParamsSchema,
  salonSchema,
  salonUpdateInputSchema,
} from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { salonNotFound } from './salons.errors'
import {
  findSalonChatInfo,
  getSalonDetails,
  listSalonDetails,
  lookUpSalon,
  salonChatLinks,
  updateSalonDetails,
} from './salons.usecases'

export function salonsRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/api/salon/:idOrHash',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ idOrHash: text().min(1).max(64) }),
        response: { 200: salonChatInfoSchema },
      },
    },
    async (request) => {
      const info = await findSalonChatInfo(deps, request.params.idOrHash)
      if (!info) throw salonNotFound(request.params.idOrHash)
      return info
    },
  )

  app.get(
    '/api/salons/by-id/:id',
    { config: { access: 'public' }, schema: { params: salonParamsSchema, response: { 200: salonLookupSchema } } },
    async (request) => lookUpSalon(deps, request.params.id),
  )

  app.get(
    '/api/salon-hash/:salonId',
    {
      config: { access: 'salon' },
      schema: { params: z.object({ salonId: publicSalonIdSchema }), response: { 200: salonHashSchema } },
    },
    async (request) => {
      return salonChatLinks(deps, salonOfRequest(request))
    },
  )

  app.get(
    '/api/salons',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(salonSchema) } } },
    async () => listSalonDetails(deps),
  )

  app.get(
    '/api/salons/:id',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: salonSchema } } },
    async (request) => getSalonDetails(deps, salonOfRequest(request)),
  )

  app.patch(
    '/api/salons/:id',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: salonUpdateInputSchema, response: { 200: salonSchema } },
    },
    async (request) => updateSalonDetails(deps, salonOfRequest(request), request.body),
  )
}
