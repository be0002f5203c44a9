import type { InstagramConfig } from '@server/config'
import type { Executor } from '@server/db/client'
import type { InstagramAccountRow } from '@server/db/schema'
import { splitText } from '@server/modules/assistant/message-split'
import { rememberSalonMessage } from '@server/modules/assistant/salon-messages'
import { customerIdsOn } from '@server/modules/customers/customers.usecases'
import { decryptSecret } from '@server/security/secrets'
import * as repo from './instagram.repository'
import { INSTAGRAM_TEXT_MAX_BYTES } from './instagram-api'
import { WINDOW_MS } from './instagram-chat'
import { sendInstagramPart } from './instagram-deliver'
import { type InstagramDeps, queueMessages, TOKEN_PURPOSE } from './instagram-deps'
import * as inbox from './instagram-inbox.repository'

/**
 * Reaching a salon's customer on Instagram from elsewhere in the product (reminders, the salon's
 * changes): only inside Meta's 24 hours after their last message, through the salon's account.
 */

/** Margin before the window closes: a message queued now must still be inside it when it leaves. */
const WINDOW_MARGIN_MS = 10 * 60 * 1000

export interface InstagramReach {
  account: InstagramAccountRow
  userId: string
}

/** Where the customer can be written to on Instagram now, if anywhere. */
export async function instagramReachOf(
  db: Executor,
  salonId: string,
  customerId: string,
  now: Date,
): Promise<InstagramReach | undefined> {
  const account = await repo.findAccount(db, salonId)
  if (!account || account.reconnectRequiredAt) return undefined
  const ids = await customerIdsOn(db, salonId, customerId, 'instagram')
  const openSince = new Date(now.getTime() - WINDOW_MS + WINDOW_MARGIN_MS)
  const [user] = await repo.reachableUsers(db, salonId, account.igUserId, ids, openSince)
  return user ? { account, userId: user.userId } : undefined
}

/** Sends a text now (a reminder), in parts Meta takes; throws an InstagramFailure (instagram-api.ts). */
export async function sendInstagramText(
  deps: Pick<InstagramDeps, 'db' | 'clock' | 'config'> & { instagram: InstagramConfig },
  reach: InstagramReach,
  text: string,
): Promise<void> {
  const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, reach.account.accessToken)
  for (const part of splitText(text, INSTAGRAM_TEXT_MAX_BYTES, 'bytes')) {
    await sendInstagramPart(deps, reach.account, token, reach.userId, part)
  }
}

/**
 * A salon's change told on Instagram: queued in the change's telling transaction (one message per
 * booking event) and written into the customer's Instagram conversation with the salon. The event
 * counts as told by Instagram once the message is delivered.
 */
export async function tellOnInstagram(
  deps: Pick<InstagramDeps, 'jobs' | 'clock'>,
  db: Executor,
  message: { reach: InstagramReach; salonId: string; customerId: string; bookingEventId: string; text: string },
): Promise<void> {
  const parts = splitText(message.text, INSTAGRAM_TEXT_MAX_BYTES, 'bytes')
  await queueMessages(deps, db, { salonId: message.salonId, userId: message.reach.userId }, parts, {
    kind: 'salon_change',
    bookingEventId: message.bookingEventId,
  })
  await rememberSalonMessage(db, message, 'instagram')
}

/**
 * A customer's erasure at a salon: their Instagram name and handle go, and what they said and were
 * sent (except what still waits). The counts the owner sees stay: they name no one.
 */
export async function forgetInstagramUsers(db: Executor, salonId: string, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return
  await repo.forgetUsers(db, salonId, userIds, now)
  await inbox.forgetMessages(db, salonId, userIds)
}
