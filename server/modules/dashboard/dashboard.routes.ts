import { bookingDetailsSchema, bookingParamsSchema } from '@common/schemas/booking'
import { customerDetailsSchema, customerMergeInputSchema, customerParamsSchema } from '@common/schemas/customers'
import { salonDashboardSchema } from '@common/schemas/dashboard'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { getBookingDetails } from './booking-panel'
import { mergeCustomers } from './customer-merge'
import { getSalonDashboard } from './dashboard.usecases'

export function dashboardRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/api/salons/:id/dashboard',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: salonDashboardSchema } } },
    async (request) => getSalonDashboard(deps, salonOfRequest(request)),
  )

  // The desk's booking panel; `booking` access: the booking's salon signed in.
  app.get(
    '/api/bookings/:bookingId',
    {
      config: { access: 'booking' },
      schema: { params: bookingParamsSchema, response: { 200: bookingDetailsSchema } },
    },
    async (request) => getBookingDetails(deps, request.params.bookingId),
  )

  // One person's two files become one: the duplicate's bookings, identities and note join this one.
  app.post(
    '/api/salons/:id/customers/:customerId/merge',
    {
      config: { access: 'salon' },
      schema: {
        params: customerParamsSchema,
        body: customerMergeInputSchema,
        response: { 200: customerDetailsSchema },
      },
    },
    async (request) =>
      mergeCustomers(deps, salonOfRequest(request), request.params.customerId, request.body.duplicateId),
  )
}
