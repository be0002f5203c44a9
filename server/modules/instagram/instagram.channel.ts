import type { Channel, Delivery } from '@server/modules/customers/channels'
import {
  InstagramOutcomeUnknown,
  InstagramRefused,
  InstagramTokenRefused,
  InstagramUnavailable,
  InstagramWindowClosed,
} from './instagram-api'
import { markReconnect } from './instagram-deliver'
import {
  forgetInstagramUsers,
  type InstagramReach,
  instagramReachOf,
  sendInstagramText,
  tellOnInstagram,
} from './instagram-reach'

/**
 * Instagram as a channel: through the salon's connected account, only inside Meta's 24 hours after
 * the customer's last message. Notices join the customer's ordered outbox and count as told once
 * delivered.
 */
export const instagramChannel: Channel<InstagramReach> = {
  name: 'instagram',
  configured: (config) => config.instagram !== undefined,

  async reach(deps, db, { salon, customer }, now) {
    if (!deps.config.instagram) return undefined
    return instagramReachOf(db, salon.id, customer.id, now)
  },

  async sendNow(deps, reach, message): Promise<Delivery> {
    const instagram = deps.config.instagram
    if (!instagram) return { outcome: 'failed', reason: 'instagram_unavailable', detail: 'not configured' }
    try {
      await sendInstagramText({ ...deps, instagram }, reach, message.text)
      return { outcome: 'sent', detail: null }
    } catch (error) {
      const detail = (error as Error).message.slice(0, 300)
      if (error instanceof InstagramOutcomeUnknown) {
        return { outcome: 'unconfirmed', reason: 'instagram_unconfirmed', detail }
      }
      if (error instanceof InstagramWindowClosed)
        return { outcome: 'refused', reason: 'instagram_window_closed', detail }
      if (error instanceof InstagramRefused) return { outcome: 'refused', reason: 'instagram_unavailable', detail }
      if (error instanceof InstagramTokenRefused) await markReconnect(deps, reach.account, error.message)
      const down = error instanceof InstagramUnavailable
      return { outcome: 'failed', reason: 'instagram_unavailable', detail, ...(down ? { retryable: error } : {}) }
    }
  },

  async leaveNotice(deps, db, reach, notice, { salon, customer }) {
    await tellOnInstagram(deps, db, {
      reach,
      salonId: salon.id,
      customerId: customer.id,
      bookingEventId: notice.bookingEventId,
      text: notice.text,
    })
    return 'pending'
  },

  async forget(db, salonId, externalIds, now) {
    await forgetInstagramUsers(db, salonId, externalIds, now)
  },
}
