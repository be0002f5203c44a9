import { LANGUAGES } from '@common/languages'
import {
  ownerServiceSchema,
  serviceCreateSchema,
  serviceOrderSchema,
  serviceParamsSchema,
  serviceSchema,
  servicesImportInputSchema,
  servicesImportPreviewInputSchema,
  servicesImportPreviewSchema,
  servicesImportResultSchema,
  serviceUpdateSchema,
} from '@common/schemas/catalog'
import { salonParamsSchema } from '@common/schemas/salon'
import { formatLocalDateTime } from '@common/time'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { exportServicesCsv, importServicesCsv, listEveryService, previewServicesImport } from './catalog.usecases'
import { createService, editService, listOwnerServices, reorderServices } from './service-editor.usecases'

const exportQuerySchema = z.object({
  /** The language of the active column's words, yes or oui… (the salon's language by default). */
  language: z.enum(LANGUAGES, { message: 'language must be fr, de, it or en' }).optional(),
})

export function catalogRoutes(app: App, { db, clock }: AppDeps): void {
  app.get(
    '/api/salons/:id/services',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, response: { 200: z.array(ownerServiceSchema) } },
    },
    async (request) => listOwnerServices(db, salonOfRequest(request)),
  )

  app.post(
    '/api/salons/:id/services',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: serviceCreateSchema, response: { 201: ownerServiceSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createService(db, clock, salonOfRequest(request), request.body)),
  )

  app.patch(
    '/api/salons/:id/services/:serviceId',
    {
      config: { access: 'salon' },
      schema: { params: serviceParamsSchema, body: serviceUpdateSchema, response: { 200: ownerServiceSchema } },
    },
    async (request) => editService(db, clock, salonOfRequest(request), request.params.serviceId, request.body),
  )

  app.put(
    '/api/salons/:id/services/order',
    {
      config: { access: 'salon' },
      schema: { params: salonParamsSchema, body: serviceOrderSchema, response: { 200: z.array(ownerServiceSchema) } },
    },
    async (request) => reorderServices(db, clock, salonOfRequest(request), request.body.serviceIds),
  )

  app.get(
    '/api/services',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(serviceSchema) } } },
    async () => listEveryService(db),
  )

  app.get(
    '/api/salons/:id/services/export',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, querystring: exportQuerySchema } },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      const day = formatLocalDateTime(clock.now(), salon.timeZone).slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="services-${salon.publicId}-${day}.csv"`)
        .send(await exportServicesCsv(db, salon, request.query.language))
    },
  )

  app.post(
    '/api/salons/:id/services/import',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema,
        body: servicesImportInputSchema,
        response: { 200: servicesImportResultSchema },
      },
    },
    async (request) =>
      importServicesCsv(db, clock, salonOfRequest(request), request.body.csvData, request.body.previewToken),
  )

  app.post(
    '/api/salons/:id/services/import/preview',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema,
        body: servicesImportPreviewInputSchema,
        response: { 200: servicesImportPreviewSchema },
      },
    },
    async (request) => previewServicesImport(db, salonOfRequest(request), request.body.csvData),
  )
}
