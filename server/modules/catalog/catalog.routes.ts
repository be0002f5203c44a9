import { z } from 'zod'
import { serviceSchema, servicesImportInputSchema, servicesImportResultSchema } from '../../../common/schemas/catalog'
import { salonParamsSchema } from '../../../common/schemas/salon'
import { formatLocalDateTime } from '../../../common/time'
import type { App, AppDeps } from '../../http/types'
import { requireSalon } from '../salons/salons.usecases'
import { exportServicesCsv, importServicesCsv, listEveryService, listSalonServices } from './catalog.usecases'

export function catalogRoutes(app: App, { db, clock }: AppDeps): void {
  app.get(
    '/api/salons/:id/services',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: z.array(serviceSchema) } } },
    async (request) => listSalonServices(db, await requireSalon(db, request.params.id)),
  )

  app.get(
    '/api/services',
    { config: { access: 'admin' }, schema: { response: { 200: z.array(serviceSchema) } } },
    async () => listEveryService(db),
  )

  app.get(
    '/api/salons/:id/services/export',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema } },
    async (request, reply) => {
      const salon = await requireSalon(db, request.params.id)
      const day = formatLocalDateTime(clock.now(), salon.timeZone).slice(0, 10)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="services-${salon.publicId}-${day}.csv"`)
        .send(await exportServicesCsv(db, salon))
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
    async (request) => importServicesCsv(db, clock, await requireSalon(db, request.params.id), request.body.csvData),
  )
}
