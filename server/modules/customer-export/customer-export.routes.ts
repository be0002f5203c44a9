import { customerParamsSchema } from '@common/schemas/customers'
import type { App, AppDeps } from '@server/http/types'
import { requireSalon } from '@server/modules/salons/salons.usecases'
import { exportSalonCustomer } from './customer-export.usecases'

/** "Exporter" on a customer's file: a JSON download, for the salon's own professional only. */
export function customerExportRoutes(app: App, { db, clock }: AppDeps): void {
  app.get(
    '/api/salons/:id/customers/:customerId/export',
    { config: { access: 'salon' }, schema: { params: customerParamsSchema } },
    async (request, reply) => {
      const salon = await requireSalon(db, request.params.id)
      const { data, filename } = await exportSalonCustomer({ db, clock }, salon, request.params.customerId)
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2))
    },
  )
}
