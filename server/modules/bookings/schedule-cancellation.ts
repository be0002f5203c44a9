import type { CancelAsSalon } from '@server/modules/schedule/affected-bookings.usecases'
import { cancelBooking } from './bookings.usecases'

/**
 * A booking cancelled by a change of the salon's hours or a new absence, once the salon chose to
 * cancel and tell (plugged into the schedule by server/plug-ins.ts): cancelled as the salon, from
 * the dashboard, with the reason in the customer's language — recorded and told as any other.
 */
export const cancelForSchedule: CancelAsSalon = async (deps, salonId, bookingId, reason) => {
  await cancelBooking(deps, bookingId, { actor: 'salon', channel: 'dashboard', reason, scope: { salonId } })
}
