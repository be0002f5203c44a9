import { bookingDetailsSchema, bookingParamsSchema } from '@common/schemas/booking'
import { salonDashboardSchema } from '@common/schemas/dashboard'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
import { getBookingDetails } from './booking-panel'
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
}
