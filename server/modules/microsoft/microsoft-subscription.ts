import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Config } from '@server/config'
import type { CalendarConnectionRow } from '@server/db/schema'
import type { ConnectionContext, NotificationChannel } from '@server/modules/calendar-sync/calendar-providers'
import { CalendarFailure } from '@server/modules/calendar-sync/calendar-sync.errors'
import { GraphError } from './graph-http'
import { calendarEventsResource, type GraphSubscription } from './graph-subscriptions'
import { callGraph } from './microsoft-access'

/**
 * The Graph subscription that tells us, within seconds, that an Outlook calendar changed
 * (graph-subscriptions.ts): opened when the calendar has none, renewed a day before it ends. Its
 * clientState is a random secret of which only the hash is kept; a notification must bring it.
 */

/** Asked lifetime: under Outlook's 4,230 minutes (older references) and 10,080 (current). */
const SUBSCRIPTION_MINUTES = 4_200
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000

/** Graph calls back only over https; a stand-in Microsoft (MICROSOFT_BASE_URL) may call http (Google's rule). */
export function canReceivePush(config: Config): boolean {
  return config.publicUrl.startsWith('https://') || Boolean(config.microsoft?.baseUrl)
}

/** The subscription is missing or ends within a day. */
export function subscriptionDue(config: Config, connection: CalendarConnectionRow, now: number): boolean {
  if (!canReceivePush(config)) return false
  return (
    !connection.channelId ||
    !connection.channelExpiresAt ||
    connection.channelExpiresAt.getTime() - now < RENEW_BEFORE_MS
  )
}

export function hashClientState(clientState: string): string {
  return createHash('sha256').update(clientState).digest('hex')
}

/** The clientState a notification brought is the connection's (constant time). */
export function sameClientState(given: string | null | undefined, keptHash: string | null): boolean {
  if (!given || !keptHash) return false
  const a = Buffer.from(hashClientState(given), 'hex')
  const b = Buffer.from(keptHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Opens or renews the calendar's subscription when due (null: nothing to change). A subscription
 * Graph forgot (404 on renewal) is opened anew; one Graph refuses to open (its handshake with our
 * URLs failed, say) leaves the calendar to the periodic read rather than failing the sync.
 */
export async function keepSubscription(ctx: ConnectionContext): Promise<NotificationChannel | null> {
  const { config, clock } = ctx.deps
  const { connection } = ctx
  const now = clock.now()
  if (!subscriptionDue(config, connection, now.getTime())) return null
  const publicUrl = config.publicUrl
  // Graph's expiry is on the real clock; kept on ours (APP_NOW may run ahead in a demo).
  const onOurClock = (subscription: GraphSubscription) =>
    new Date(now.getTime() + (subscription.expirationDateTime.getTime() - Date.now()))
  const expiration = () => new Date(Date.now() + SUBSCRIPTION_MINUTES * 60_000)
  try {
    return await callGraph(ctx, async (token, api) => {
      if (connection.channelId) {
        try {
          const renewed = await api.renewSubscription(token, connection.channelId, expiration())
          return {
            channelId: renewed.id,
            channelResourceId: null,
            channelTokenHash: connection.channelTokenHash,
            channelExpiresAt: onOurClock(renewed),
          }
        } catch (error) {
          if (!(error instanceof GraphError && error.kind === 'not_found')) throw error
        }
      }
      const clientState = randomBytes(32).toString('base64url')
      const created = await api.createSubscription(token, {
        resource: calendarEventsResource(connection.calendarRef),
        notificationUrl: `${publicUrl}/api/microsoft/notifications`,
        lifecycleNotificationUrl: `${publicUrl}/api/microsoft/lifecycle`,
        clientState,
        expirationDateTime: expiration(),
      })
      return {
        channelId: created.id,
        channelResourceId: null,
        channelTokenHash: hashClientState(clientState),
        channelExpiresAt: onOurClock(created),
      }
    })
  } catch (error) {
    if (error instanceof CalendarFailure && error.kind === 'refused') return null
    throw error
  }
}
