import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import { requestCalendarRead } from '@server/modules/calendar-sync/calendar-providers'
import * as repo from '@server/modules/calendar-sync/calendar-sync.repository'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { z } from 'zod'
import { sameClientState } from './microsoft-subscription'

/**
 * What Graph posts to our two subscription URLs (change-notifications-delivery-webhooks,
 * change-notifications-lifecycle-events). Each item names its subscription and repeats the
 * clientState we gave it: an item whose subscription we do not know, or whose clientState is not
 * the one we keep the hash of, is dropped without a word (the sender learns nothing). A valid one
 * only queues work: a read of that calendar (a burst folds into one waiting read), which also
 * opens or renews the subscription.
 */

const item = z
  .object({
    // Graph's subscription ids are GUIDs: anything else names none of ours (and never reaches a query).
    subscriptionId: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/),
    clientState: z.string().max(256).nullish(),
    changeType: z.string().max(100).optional(),
    lifecycleEvent: z.string().max(100).optional(),
  })
  .passthrough()

/** A notification body: Graph batches items in `value`. Items we cannot read are skipped, not the batch. */
export const notificationBodySchema = z.object({ value: z.array(z.unknown()).max(1_000) }).passthrough()

export type NotificationKind = 'change' | 'lifecycle'

export async function receiveNotifications(
  deps: { db: Database; jobs: Jobs; clock: Clock },
  kind: NotificationKind,
  items: unknown[],
): Promise<number> {
  const { db, jobs, clock } = deps
  const seen = new Set<string>()
  let accepted = 0
  for (const raw of items) {
    const parsed = item.safeParse(raw)
    if (!parsed.success) continue
    const { subscriptionId, clientState, lifecycleEvent } = parsed.data
    const key = `${subscriptionId}\u0000${lifecycleEvent ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    const connection = await repo.findConnectionByChannel(db, subscriptionId)
    if (connection?.provider !== 'microsoft' || !sameClientState(clientState, connection.channelTokenHash)) continue
    if (connection.reconnectRequiredAt) continue
    accepted++
    if (kind === 'lifecycle' && lifecycleEvent === 'subscriptionRemoved') {
      // Graph removed it: the read that follows opens a new one.
      await repo.updateConnection(db, connection.id, {
        channelId: null,
        channelResourceId: null,
        channelTokenHash: null,
        channelExpiresAt: null,
      })
    } else if (kind === 'lifecycle' && lifecycleEvent === 'reauthorizationRequired') {
      // Renewing a subscription also reauthorizes it (lifecycle events page): marked as ending
      // now, the read that follows renews it. Changes may have been held back meanwhile: read them.
      await repo.updateConnection(db, connection.id, { channelExpiresAt: clock.now() })
    }
    // A change, `missed` (Graph dropped some notifications) or either of the above: read the calendar.
    await requestCalendarRead(db, jobs, connection.id, 'notification')
  }
  return accepted
}
