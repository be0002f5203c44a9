import { GraphError, type GraphHttp } from './graph-http'

/**
 * Change notifications for an Outlook calendar through webhooks
 * (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks, subscription resource
 * https://learn.microsoft.com/graph/api/resources/subscription):
 * - create: Graph first validates notificationUrl and lifecycleNotificationUrl (a POST with
 *   `?validationToken=`, to be answered 200 text/plain within 10 s), so the receiving routes must be
 *   up before this call; lifecycleNotificationUrl can only be set here.
 * - renew: PATCH a later expirationDateTime (it also reauthorizes, lifecycle events page).
 * - reauthorize: after a `reauthorizationRequired` lifecycle event
 *   (https://learn.microsoft.com/graph/change-notifications-lifecycle-events).
 * - delete: when the connection goes. A 404 on renew or delete means Graph removed it already
 *   (GraphError `not_found`).
 * Created with `Prefer: IdType="ImmutableId"` (graph-http.ts), notifications name events by the
 * same immutable ids the calls use.
 */

/** Outlook events of one calendar, as a subscription's resource. */
export function calendarEventsResource(calendarId: string): string {
  return `me/calendars/${calendarId}/events`
}

export interface NewSubscription {
  /** `me/calendars/{id}/events` (calendarEventsResource). */
  resource: string
  notificationUrl: string
  lifecycleNotificationUrl: string
  /** A secret Graph repeats in every notification (at most 128 characters); keep only its hash. */
  clientState: string
  expirationDateTime: Date
  /** Default `created,updated,deleted`. */
  changeType?: string
}

export interface GraphSubscription {
  id: string
  resource: string
  /** When Graph stops notifying unless renewed. */
  expirationDateTime: Date
}

interface SubscriptionAnswer {
  id?: unknown
  resource?: unknown
  expirationDateTime?: unknown
}

function subscriptionOf(operation: string, body: SubscriptionAnswer | undefined): GraphSubscription {
  const expiration = typeof body?.expirationDateTime === 'string' ? new Date(body.expirationDateTime) : undefined
  if (typeof body?.id !== 'string' || !expiration || Number.isNaN(expiration.getTime())) {
    throw new GraphError(
      'unavailable',
      200,
      'badAnswer',
      `${operation}: Microsoft Graph's answer names no subscription`,
    )
  }
  return {
    id: body.id,
    resource: typeof body.resource === 'string' ? body.resource : '',
    expirationDateTime: expiration,
  }
}

const path = (id: string) => `/subscriptions/${encodeURIComponent(id)}`

export function graphSubscriptions(http: GraphHttp) {
  return {
    async createSubscription(accessToken: string, input: NewSubscription): Promise<GraphSubscription> {
      if (input.clientState.length > 128) throw new Error('a clientState is at most 128 characters')
      const { body } = await http.send<SubscriptionAnswer>(accessToken, {
        operation: 'createSubscription',
        method: 'POST',
        path: '/subscriptions',
        body: {
          changeType: input.changeType ?? 'created,updated,deleted',
          notificationUrl: input.notificationUrl,
          lifecycleNotificationUrl: input.lifecycleNotificationUrl,
          resource: input.resource,
          expirationDateTime: input.expirationDateTime.toISOString(),
          clientState: input.clientState,
        },
      })
      return subscriptionOf('createSubscription', body)
    },

    async renewSubscription(accessToken: string, id: string, expirationDateTime: Date): Promise<GraphSubscription> {
      const { body } = await http.send<SubscriptionAnswer>(accessToken, {
        operation: 'renewSubscription',
        method: 'PATCH',
        path: path(id),
        body: { expirationDateTime: expirationDateTime.toISOString() },
      })
      return subscriptionOf('renewSubscription', body)
    },

    async reauthorizeSubscription(accessToken: string, id: string): Promise<void> {
      await http.send(accessToken, {
        operation: 'reauthorizeSubscription',
        method: 'POST',
        path: `${path(id)}/reauthorize`,
      })
    },

    async deleteSubscription(accessToken: string, id: string): Promise<void> {
      await http.send(accessToken, { operation: 'deleteSubscription', method: 'DELETE', path: path(id) })
    },
  }
}

export type GraphSubscriptionsApi = ReturnType<typeof graphSubscriptions>
