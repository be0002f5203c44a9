import { customerErasedSchema, customerParamsSchema } from '@common/schemas/customers'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { eraseSalonCustomer } from './customer-erasure'
import { exportSalonCustomer } from './customer-export'

/** A customer's file, "Exporter" (a JSON download) and "Effacer" (GDPR erasure): the salon's own professional only. */
export function privacyRoutes(app: App, { db, clock, jobs }: AppDeps): void {
  app.get(
    '/api/salons/:id/customers/:customerId/export',
    { config: { access: 'salon' }, schema: { params: customerParamsSchema } },
    async (request, reply) => {
      const salon = salonOfRequest(request)
      const { data, filename } = await exportSalonCustomer({ db, clock }, salon, request.params.customerId)
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2))
    },
  )

  app.post(
    '/api/salons/:id/customers/:customerId/erase',
    { config: { access: 'salon' }, schema: { params: customerParamsSchema, response: { 200: customerErasedSchema } } },
    async (request) => eraseSalonCustomer({ db, clock, jobs }, salonOfRequest(request), request.params.customerId),
  )
}
