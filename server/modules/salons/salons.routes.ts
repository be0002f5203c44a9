import { z } from 'zod'
import { text } from '../../../common/schemas/primitives'
import {
  publicSalonIdSchema,
  salonChatInfoSchema,
  salonHashSchema,
  salonLookupSchema,
  salonParamsSchema,
  salonSchema,
  salonUpdateInputSchema,
} from '../../../common/schemas/salon'
import type { App, AppDeps } from '../../http/types'
import { presentSalonChatInfo } from './salons.presenters'
import {
  getSalonDetails,
  listSalonDetails,
  lookUpSalon,
  requireSalon,
  requireSalonForChat,
  updateSalonDetails,
} from './salons.usecases'

export function salonsRoutes(app: App, { db, clock }: AppDeps): void {
  app.get(
    '/api/salon/:idOrHash',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ idOrHash: text().min(1).max(64) }),
        response: { 200: salonChatInfoSchema },
      },
    },
    async (request) => presentSalonChatInfo(await requireSalonForChat(db, request.params.idOrHash)),
  )

  app.get(
    '/api/salons/by-id/:id',
    { config: { access: 'public' }, schema: { params: salonParamsSchema, response: { 200: salonLookupSchema } } },
    async (request) => lookUpSalon(db, request.params.id),
  )

  app.get(
    '/api/salon-hash/:salonId',
    {
      config: { access: 'salon' },
      schema: { params: z.object({ salonId: publicSalonIdSchema }), response: { 200: salonHashSchema } },
    },
    async (request) => ({ hash: (await requireSalon(db, request.params.salonId)).hash }),
  )

  app.get(
    '/api/salons',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(salonSchema) } } },
    async () => listSalonDetails(db),
  )

  app.get(
    '/api/salons/:id',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: salonSchema } } },
    async (request) => getSalonDetails(db, await requireSalon(db, request.params.id)),
  )

  app.patch(
    '/api/salons/:id',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: salonUpdateInputSchema, response: { 200: salonSchema } },
    },
    async (request) => updateSalonDetails(db, clock, await requireSalon(db, request.params.id), request.body),
  )
}
