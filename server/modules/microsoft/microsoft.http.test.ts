import { bookThroughApi, brushingTimes } from '@tests/helpers/calendar'
import { eventually } from '@tests/helpers/jobs'
import { type MicrosoftCalendarTest, startMicrosoftCalendarTest } from '@tests/helpers/microsoft-calendar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The salon's Outlook calendar, end to end: consent, bookings written with their transactionId,
 * the owner's events read by delta after Graph's notification, the subscription's handshake and
 * lifecycle, Retry-After and a revoked grant, against the fake Microsoft (tests/fakes/microsoft.ts),
 * which speaks the identity platform and Graph on their own paths.
 */

/** A Paris local time (December: UTC+1) as an instant. */
const at = (local: string) => new Date(`${local}:00+01:00`).getTime()
const instant = (value: unknown) =>
  new Date(`${String((value as { dateTime?: string } | undefined)?.dateTime ?? '').slice(0, 23)}Z`).getTime()
const bookingOf = (event: Record<string, unknown>) =>
  (event.singleValueExtendedProperties as { value: string }[] | undefined)?.[0]?.value

let c: MicrosoftCalendarTest

beforeAll(async () => {
  c = await startMicrosoftCalendarTest()
})
afterAll(() => c.close())

async function calendars() {
  const res = await c.t.app.inject({ url: '/api/salons/SAL001/calendars', headers: { cookie: c.owner } })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    calendars: {
      id: string
      provider: string
      state: string
      writesBookings: boolean
      updates: string
      lastError: string | null
    }[]
    writerId: string | null
  }
}

function ourEvent(bookingId: string) {
  return c.microsoft.ourEvents().find((event) => bookingOf(event) === bookingId)
}

const slotsOn = (date: string) => brushingTimes(c.t, c.owner, date)

function notify(path: 'notifications' | 'lifecycle', payload: unknown, query = '') {
  return c.t.app.inject({ method: 'POST', url: `/api/microsoft/${path}${query}`, payload: payload as object })
}

describe('an Outlook calendar', () => {
  let before: string

  it('is connected through Microsoft’s consent, receives bookings (the salon had no calendar) and opens a subscription', async () => {
    before = await bookThroughApi(c.t, c.owner, '2026-12-02T10:00', { name: 'Camille Martin' })
    expect(await c.connect()).toBe('/professional?calendar=microsoft&connected=true')
    await c.drain()
    const listed = await calendars()
    expect(listed.calendars).toEqual([
      expect.objectContaining({ provider: 'microsoft', state: 'connected', writesBookings: true, updates: 'push' }),
    ])
    expect(listed.writerId).toBe(listed.calendars[0]?.id)
    const connection = await c.connection()
    expect(connection).toMatchObject({ account: 'claire@salon-lumiere.fr', calendarName: 'Calendar' })
    // Sealed: neither token appears in the row.
    expect(connection.credentials).toMatch(/^v1\./)
    const [subscription] = c.microsoft.subscriptions()
    expect(c.microsoft.subscriptions()).toHaveLength(1)
    expect(subscription).toMatchObject({
      id: connection.channelId,
      resource: `me/calendars/${connection.calendarRef}/events`,
      notificationUrl: `${c.publicUrl}/api/microsoft/notifications`,
      lifecycleNotificationUrl: `${c.publicUrl}/api/microsoft/lifecycle`,
    })
    expect(connection.channelTokenHash).not.toContain(subscription?.clientState ?? '-')
    // The booking made before is in Outlook.
    expect(instant(ourEvent(before)?.start)).toBe(at('2026-12-02T10:00'))
  })

  it('follows a booking: written, moved, then removed when cancelled', async () => {
    const id = await bookThroughApi(c.t, c.owner, '2026-12-08T09:00')
    await c.drain()
    expect(ourEvent(id)).toMatchObject({ showAs: 'busy', transactionId: `${id}-0` })
    expect(instant(ourEvent(id)?.start)).toBe(at('2026-12-08T09:00'))

    const moved = await c.t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/reschedule`,
      headers: { cookie: c.owner },
      payload: { startsAt: '2026-12-08T15:30' },
    })
    expect(moved.statusCode).toBe(200)
    await c.drain()
    expect(instant(ourEvent(id)?.start)).toBe(at('2026-12-08T15:30'))

    const cancelled = await c.t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: { cookie: c.owner },
    })
    expect(cancelled.statusCode).toBe(200)
    await c.drain()
    expect(ourEvent(id)).toBeUndefined()
  })

  it('blocks the time of an event the owner adds in Outlook once Graph notifies, and availability calls nobody', async () => {
    expect(await slotsOn('2026-12-04')).toContain('10:00')
    c.microsoft.addOwnEvent({
      subject: 'Dentiste',
      start: { dateTime: '2026-12-04T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-04T10:00:00', timeZone: 'UTC' },
      showAs: 'busy',
    })
    await c.microsoft.settled()
    expect(c.microsoft.notifications.at(-1)).toMatchObject({ kind: 'change', status: 202 })
    await c.drain()
    const calls = c.graphCalls()
    expect(await slotsOn('2026-12-04')).not.toContain('10:00')
    expect(c.graphCalls()).toBe(calls)
  })

  it('answers Graph’s handshake with the token as text, and refuses a token over 1 KB', async () => {
    for (const path of ['notifications', 'lifecycle'] as const) {
      const token = 'Validation: Testing client application reachability for subscription Request-Id: 42'
      const res = await notify(path, undefined, `?validationToken=${encodeURIComponent(token)}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toBe(token)
      expect((await notify(path, undefined, `?validationToken=${'x'.repeat(1025)}`)).statusCode).toBe(400)
    }
  })

  it('reads nothing for a notification with a wrong clientState or an unknown subscription', async () => {
    const connection = await c.connection()
    const calls = c.graphCalls()
    const res = await notify('notifications', {
      value: [
        { subscriptionId: connection.channelId, clientState: 'not-the-secret', changeType: 'updated' },
        { subscriptionId: 'a7b5c2d0-0000-4000-8000-000000000001', clientState: 'x', changeType: 'created' },
      ],
    })
    expect(res.statusCode).toBe(202)
    await c.drain()
    expect(c.graphCalls()).toBe(calls)
    expect((await c.connection()).lastPulledAt).toEqual(connection.lastPulledAt)
    expect((await notify('notifications', { nothing: true })).statusCode).toBe(400)
  })

  it('opens a new subscription when Graph removes one, and renews one that needs reauthorizing', async () => {
    const removed = (await c.connection()).channelId ?? ''
    expect(await c.microsoft.sendLifecycle(removed, 'subscriptionRemoved')).toBe(202)
    await c.drain()
    const renewed = await c.connection()
    expect(renewed.channelId).not.toBe(removed)
    expect(c.microsoft.subscriptions().map((s) => s.id)).toEqual([renewed.channelId])

    const expiration = c.microsoft.subscriptions()[0]?.expiration ?? 0
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await c.microsoft.sendLifecycle(renewed.channelId ?? '', 'reauthorizationRequired')).toBe(202)
    await c.drain()
    const [live] = c.microsoft.subscriptions()
    expect(live).toMatchObject({ id: renewed.channelId, reauthorizationRequired: false })
    expect(live?.expiration).toBeGreaterThan(expiration)
    expect((await calendars()).calendars[0]?.updates).toBe('push')
  })

  it('waits out Retry-After: no Graph call before it, the read deferred, then done', async () => {
    const { id } = (await calendars()).calendars[0] ?? { id: '' }
    c.microsoft.failNext({ status: 429, retryAfter: 1 })
    const sync = await c.t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/calendars/${id}/sync`,
      headers: { cookie: c.owner },
    })
    expect(sync.statusCode).toBe(202)
    const throttled = await eventually(async () => ((await c.connection()).throttledUntil ? c.connection() : undefined))
    expect(throttled.lastError).toBe('throttled')
    const calls = c.graphCalls()
    // The job comes back after a second; on the app's clock the wait is not over, so it waits again.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(c.graphCalls()).toBe(calls)
    c.t.clock.advance(1_000)
    await c.drain()
    expect(c.graphCalls()).toBeGreaterThan(calls)
    expect(await c.connection()).toMatchObject({ throttledUntil: null, lastError: null })
  })

  it('asks for a reconnection when the grant is revoked, and the next consent resumes and writes what was missed', async () => {
    const { id } = (await calendars()).calendars[0] ?? { id: '' }
    c.microsoft.revokeGrant()
    await c.t.app.inject({
      method: 'POST',
      url: `/api/salons/SAL001/calendars/${id}/sync`,
      headers: { cookie: c.owner },
    })
    await c.drain()
    expect((await calendars()).calendars[0]).toMatchObject({
      state: 'reconnect_required',
      lastError: 'reconnect_required',
    })

    const missed = await bookThroughApi(c.t, c.owner, '2026-12-09T11:00')
    await c.drain()
    expect(ourEvent(missed)).toBeUndefined()

    expect(await c.connect()).toBe('/professional?calendar=microsoft&connected=true')
    await c.drain()
    expect((await calendars()).calendars).toEqual([
      expect.objectContaining({ id, state: 'connected', lastError: null }),
    ])
    expect(instant(ourEvent(missed)?.start)).toBe(at('2026-12-09T11:00'))
    expect(ourEvent(before)).toBeDefined()
  })

  it('deletes its subscription at Microsoft when the owner removes it from Salonia', async () => {
    const { id } = (await calendars()).calendars[0] ?? { id: '' }
    expect(c.microsoft.subscriptions()).toHaveLength(1)
    const removed = await c.t.app.inject({
      method: 'DELETE',
      url: `/api/salons/SAL001/calendars/${id}`,
      headers: { cookie: c.owner },
    })
    expect(removed.statusCode).toBeLessThan(300)
    await c.drain()
    expect(c.microsoft.subscriptions()).toEqual([])
    expect((await calendars()).calendars).toEqual([])
  })
})
