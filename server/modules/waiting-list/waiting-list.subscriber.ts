import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import type { FreedTimeFollower } from '@server/modules/schedule/freed-time'
import { reviewSoon } from './waiting-list.usecases'

/**
 * Time frees up when an appointment is cancelled or moved: the salon's waiting list is reviewed,
 * in the change's transaction (one job per salon at a time, later changes folding into it). New
 * bookings add nothing here — every booking would pay for it — the review after an offer is taken,
 * and the periodic one, see what they took.
 */
export const waitingListFollowsBookings: BookingSubscriber = {
  name: 'waiting-list',
  async onBookingEvent(db, jobs, event) {
    if (event.kind !== 'cancelled' && event.kind !== 'moved') return
    await reviewSoon(db, jobs, event.salonId)
  },
}

/** Time frees up when the salon removes an absence or a weekly block: the list is reviewed, as above. */
export const waitingListFollowsFreedTime: FreedTimeFollower = {
  name: 'waiting-list',
  async onTimeFreed(db, jobs, salonId) {
    await reviewSoon(db, jobs, salonId)
  },
}
