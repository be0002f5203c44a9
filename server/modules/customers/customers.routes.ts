import {
  customerDetailsSchema,
  customerListQuerySchema,
  customerListSchema,
  customerNotesInputSchema,
  customerParamsSchema,
} from '@common/schemas/customers'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { getSalonCustomer, listSalonCustomers, setSalonCustomerNotes } from './customers.usecases'

/** The salon's customers (dashboard "Clients"), for its own professional only. */
export function customersRoutes(app: App, { db, clock }: AppDeps): void {
  app.get(
    '/api/salons/:id/customers',
    {
      config: { access: 'salon' },
      schema: {
        params: salonParamsSchema,
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema },
      },
    },
    async (request) => listSalonCustomers({ db, clock }, salonOfRequest(request), request.query),
  )

  app.get(
    '/api/salons/:id/customers/:customerId',
    { config: { access: 'salon' }, schema: { params: customerParamsSchema, response: { 200: customerDetailsSchema } } },
    async (request) => getSalonCustomer(db, salonOfRequest(request), request.params.customerId),
  )

  app.patch(
    '/api/salons/:id/customers/:customerId',
    {
      config: { access: 'salon' },
      schema: {
        params: customerParamsSchema,
        body: customerNotesInputSchema,
        response: { 200: customerDetailsSchema },
      },
    },
    async (request) =>
      setSalonCustomerNotes({ db, clock }, salonOfRequest(request), request.params.customerId, request.body.notes),
  )
}
