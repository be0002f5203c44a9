import type { Channel } from '@server/modules/customers/channels'
import { leaveSalonMessage } from './salon-messages'
import { hasWebIdentity } from './salon-messages.repository'

/**
 * The salon's web chat as a channel, for notices only: a customer who wrote from the web chat finds
 * the salon's message there the next time a chat of theirs at the salon opens (at once in one that
 * is open). It cannot remind anyone — nobody reads it unless they open it.
 */
export const webChatChannel: Channel<string> = {
  name: 'web',

  async reach(_deps, db, { salon, customer }) {
    return (await hasWebIdentity(db, salon.id, customer.id)) ? customer.id : undefined
  },

  async leaveNotice(deps, db, customerId, notice, { salon }) {
    const left = await leaveSalonMessage(db, {
      salonId: salon.id,
      customerId,
      bookingEventId: notice.bookingEventId,
      text: notice.text,
      sentAt: deps.clock.now(),
    })
    return left ? 'told' : 'not_told'
  },
}
