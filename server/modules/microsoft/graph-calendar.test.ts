import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BookingEvent } from '@server/modules/calendar-sync/booking-event'
import { type FakeMicrosoft, startFakeMicrosoft } from '@tests/fakes/microsoft'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingIdOfGraphEvent } from './graph-busy'
import { type CalendarViewItem, type GraphApi, type GraphViewEvent, graphApi } from './graph-calendar'
import { BOOKING_ID_PROPERTY, graphEventOf } from './graph-event'
import { GraphError } from './graph-http'
import { createKeyedLimiter } from './graph-limit'
import { calendarEventsResource } from './graph-subscriptions'
import { authorizationUrl, exchangeCode, newPkce } from './microsoft-client'

/**
 * The Graph calendar calls against the fake Microsoft (tests/fakes/microsoft.ts), whose behaviour
 * follows the reference pages its own test cites: events and transactionId
 * (https://learn.microsoft.com/graph/api/resources/event), calendarView delta
 * (https://learn.microsoft.com/graph/delta-query-events), webhooks
 * (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks) and throttling
 * (https://learn.microsoft.com/graph/throttling-limits).
 */

const REDIRECT_URI = 'http://salonia.test/api/microsoft/callback'
let fake: FakeMicrosoft
let api: GraphApi
let token: string
let calendarId: string
let receiver: { url: string; validations: number; close(): Promise<void> }

/** A notification endpoint as the product's routes will be: it answers Graph's handshake. */
async function startReceiver() {
  let validations = 0
  const server = createServer(async (request, response) => {
    for await (const _ of request) {
      // Drain the body: notifications are not read here.
    }
    const validationToken = new URL(request.url ?? '/', 'http://receiver').searchParams.get('validationToken')
    if (validationToken !== null) {
      validations++
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      return response.end(validationToken)
    }
    response.writeHead(202)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get validations() {
      return validations
    },
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

beforeAll(async () => {
  ;[fake, receiver] = await Promise.all([startFakeMicrosoft({ validationTimeoutMs: 2_000 }), startReceiver()])
  api = graphApi({ baseUrl: fake.baseUrl })
})
afterAll(async () => {
  await fake.close()
  await receiver.close()
})
beforeEach(async () => {
  fake.reset()
  const settings = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.baseUrl }
  const { codeVerifier, codeChallenge } = newPkce()
  const url = authorizationUrl(settings, { redirectUri: REDIRECT_URI, state: 's', codeChallenge })
  const code = new URL(await fake.consent(url)).searchParams.get('code') ?? ''
  token = (await exchangeCode(settings, { code, redirectUri: REDIRECT_URI, codeVerifier })).accessToken
  // The salon's own calendar, not the default one: every path must carry its id.
  calendarId = fake.calendars()[1]?.id ?? ''
})
afterEach(() => fake.restore())

function bookingEvent(day: number, hour: number, bookingId = randomUUID()): BookingEvent {
  const at = (h: number) => new Date(Date.UTC(2027, 0, day, h))
  return {
    bookingId,
    salonPublicId: 'salon-lumiere',
    summary: 'Coupe femme · Zoé',
    description: 'Réservé via le chat en ligne',
    location: '12 rue des Lilas, Paris',
    startsAt: at(hour),
    endsAt: at(hour + 1),
    timeZone: 'Europe/Paris',
    url: 'https://salonia.test/professional',
  }
}

async function graphFailure(promise: Promise<unknown>): Promise<GraphError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GraphError)
  expect((error as Error).message).not.toContain(token)
  return error as GraphError
}

const at = (day: number, hour: number, minute = 0) => ({
  dateTime: `2027-01-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
  timeZone: 'UTC',
})
const january = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-02-01T00:00:00Z') }
const spring = { start: new Date('2027-01-01T00:00:00Z'), end: new Date('2027-06-01T00:00:00Z') }
const live = (items: CalendarViewItem[]) => items.filter((i): i is GraphViewEvent => i.removed !== true)
const graphRequests = (path: RegExp) => fake.requests().filter((r) => r.service === 'graph' && path.test(r.path))

describe('calendars and events', () => {
  it('lists the calendars, the default one marked', async () => {
    expect(await api.listCalendars(token)).toEqual(
      fake.calendars().map((c) => ({ id: c.id, name: c.name, isDefaultCalendar: c.isDefaultCalendar, canEdit: true })),
    )
  })

  it('creates one event per transactionId, however often the POST is repeated', async () => {
    const body = graphEventOf(bookingEvent(4, 9), { generation: 0 })
    const first = await api.createEvent(token, calendarId, body)
    const retry = await api.createEvent(token, calendarId, body)
    expect(retry).toEqual(first)
    // The event as Graph has it (the provider compares it with what it sent: a repeat answers the first).
    expect(first).toEqual({
      id: expect.any(String),
      changeKey: expect.any(String),
      transactionId: body.transactionId,
      subject: body.subject,
      start: body.start,
      end: body.end,
    })
    const ours = fake.ourEvents({ calendarId })
    expect(ours).toHaveLength(1)
    expect(ours[0]).toMatchObject({
      id: first.id,
      subject: body.subject,
      start: body.start,
      end: body.end,
      showAs: 'busy',
      isReminderOn: false,
      attendees: [],
      singleValueExtendedProperties: [{ id: BOOKING_ID_PROPERTY, value: expect.any(String) }],
    })
    // Immutable ids: what we store is the id the test sees (asked with IdType="ImmutableId").
    expect(fake.events({ calendarId }).map((e) => e.id)).toEqual([first.id])
  })

  it('updates in place, keeping the transactionId, then deletes; a second delete is not_found', async () => {
    const event = bookingEvent(5, 10)
    const created = await api.createEvent(token, calendarId, graphEventOf(event, { generation: 0 }))
    const moved = { ...event, startsAt: new Date('2027-01-05T14:00:00Z'), endsAt: new Date('2027-01-05T15:30:00Z') }
    const updated = await api.updateEvent(token, created.id, graphEventOf(moved, { generation: 3 }))
    expect(updated.id).toBe(created.id)
    expect(updated.changeKey).not.toBe(created.changeKey)
    expect(updated.transactionId).toBe(`${event.bookingId}-0`)
    expect(fake.ourEvents({ calendarId })[0]).toMatchObject({
      start: { dateTime: '2027-01-05T14:00:00.0000000' },
      end: { dateTime: '2027-01-05T15:30:00.0000000' },
    })
    await api.deleteEvent(token, created.id)
    expect(fake.ourEvents({ calendarId })).toEqual([])
    expect(await graphFailure(api.deleteEvent(token, created.id))).toMatchObject({
      kind: 'not_found',
      status: 404,
      code: 'ErrorItemNotFound',
    })
    expect((await graphFailure(api.updateEvent(token, created.id, graphEventOf(moved, { generation: 3 })))).kind).toBe(
      'not_found',
    )
  })
})

describe('calendarView delta', () => {
  it('reads the window in full (paging past 100, series expanded), then only the changes', async () => {
    const dentist = fake.addOwnEvent({ subject: 'Dentiste', start: at(6, 10), end: at(6, 11) }, { calendarId })
    const lunch = fake.addOwnEvent({ subject: 'Déjeuner', start: at(7, 12), end: at(7, 13) }, { calendarId })
    fake.addOwnEvent(
      {
        subject: 'Formation',
        start: at(5, 18),
        end: at(5, 19),
        recurrence: {
          pattern: { type: 'weekly', interval: 1, daysOfWeek: ['tuesday'] },
          range: { type: 'noEnd', startDate: '2027-01-05' },
        },
      },
      { calendarId },
    )
    // A daily series of 130 occurrences: with the rest, more than one page of 100.
    fake.addOwnEvent(
      {
        subject: 'Pause',
        start: at(1, 13),
        end: at(1, 13, 30),
        recurrence: {
          pattern: { type: 'daily', interval: 1 },
          range: { type: 'numbered', startDate: '2027-01-01', numberOfOccurrences: 130 },
        },
      },
      { calendarId },
    )
    const ours = bookingEvent(8, 9)
    const created = await api.createEvent(token, calendarId, graphEventOf(ours, { generation: 0 }))
    // Another calendar's events are not in this one's view.
    fake.addOwnEvent({ subject: 'Ailleurs', start: at(6, 10), end: at(6, 11) })

    const full = await api.readCalendarView(token, { calendarId, window: spring })
    expect(full.full).toBe(true)
    // 2 + 21 + 130 + 1 events: two pages of 100, the second followed through @odata.nextLink.
    expect(graphRequests(/calendarView\/delta$/).map((r) => r.query.startsWith('?$skiptoken='))).toEqual([false, true])
    const events = live(full.events)
    expect(events).toHaveLength(154)
    const subjects = (name: string) => events.filter((e) => e.subject === name)
    // The weekly series on the 21 Tuesdays from 5 January to 25 May 2027, each an occurrence.
    const tuesdays = subjects('Formation')
    expect(tuesdays).toHaveLength(21)
    expect(tuesdays.slice(0, 5).map((e) => e.start?.dateTime)).toEqual(
      ['01-05', '01-12', '01-19', '01-26', '02-02'].map((d) => `2027-${d}T18:00:00.0000000`),
    )
    expect(tuesdays.every((e) => e.type === 'occurrence' && e.seriesMasterId)).toBe(true)
    expect(subjects('Pause')).toHaveLength(130)
    expect(events.find((e) => e.id === dentist.id)).toMatchObject({
      subject: 'Dentiste',
      type: 'singleInstance',
      showAs: 'busy',
      isAllDay: false,
      isCancelled: false,
      start: { dateTime: '2027-01-06T10:00:00.0000000', timeZone: 'UTC' },
      transactionId: null,
      changeKey: expect.any(String),
    })
    const mine = events.find((e) => e.id === created.id)
    expect(mine && bookingIdOfGraphEvent(mine)).toBe(ours.bookingId)
    expect(subjects('Ailleurs')).toEqual([])
    expect(full.deltaLink).toContain('$deltatoken=')

    const quiet = await api.readCalendarView(token, { calendarId, deltaLink: full.deltaLink })
    expect(quiet).toMatchObject({ full: false, events: [] })

    fake.moveOwnEvent(dentist.id as string, { start: at(6, 15), end: at(6, 16) }, { calendarId })
    fake.deleteOwnEvent(lunch.id as string, { calendarId })
    const added = fake.addOwnEvent(
      { subject: 'Congés', isAllDay: true, showAs: 'oof', start: at(20, 0), end: at(22, 0) },
      { calendarId },
    )
    const changes = await api.readCalendarView(token, { calendarId, deltaLink: quiet.deltaLink })
    expect(changes.full).toBe(false)
    expect(changes.events).toEqual(
      expect.arrayContaining([
        { id: lunch.id, removed: true },
        expect.objectContaining({
          id: dentist.id,
          start: { dateTime: '2027-01-06T15:00:00.0000000', timeZone: 'UTC' },
        }),
        expect.objectContaining({ id: added.id, isAllDay: true, showAs: 'oof' }),
      ]),
    )
    expect(changes.events).toHaveLength(3)
  })

  it('answers sync_reset to a delta token Graph forgot, and a full read starts again', async () => {
    fake.addOwnEvent({ subject: 'Dentiste', start: at(6, 10), end: at(6, 11) }, { calendarId })
    const { deltaLink } = await api.readCalendarView(token, { calendarId, window: january })
    fake.invalidateDeltaTokens()
    expect(await graphFailure(api.readCalendarView(token, { calendarId, deltaLink }))).toMatchObject({
      kind: 'sync_reset',
      status: 410,
      code: 'SyncStateNotFound',
    })
    expect(live((await api.readCalendarView(token, { calendarId, window: january })).events)).toHaveLength(1)
  })

  it('never sends the token to a link outside Graph', async () => {
    const before = fake.requests().length
    const foreign = 'https://graph.example.net/v1.0/me/calendarView/delta?$deltatoken=x'
    expect(await graphFailure(api.readCalendarView(token, { calendarId, deltaLink: foreign }))).toMatchObject({
      kind: 'refused',
      code: 'foreignLink',
    })
    expect(fake.requests()).toHaveLength(before)
  })
})

describe('failures and limits', () => {
  it('reads throttling with its Retry-After, outages as unavailable, and a dead token as unauthorized', async () => {
    const body = graphEventOf(bookingEvent(9, 9), { generation: 0 })
    fake.failNext({ status: 429, retryAfter: 7 })
    expect(await graphFailure(api.createEvent(token, calendarId, body))).toMatchObject({
      kind: 'throttled',
      status: 429,
      code: 'TooManyRequests',
      retryAfterSeconds: 7,
      requestId: expect.any(String),
    })
    fake.failNext({ status: 429, code: 'ApplicationThrottled' })
    expect(await graphFailure(api.listCalendars(token))).toMatchObject({ kind: 'throttled', retryAfterSeconds: 30 })
    fake.outage({ status: 503, retryAfter: 4 })
    expect(await graphFailure(api.listCalendars(token))).toMatchObject({ kind: 'throttled', retryAfterSeconds: 4 })
    fake.outage({ status: 503 })
    const down = await graphFailure(api.createEvent(token, calendarId, body))
    expect(down).toMatchObject({ kind: 'unavailable', status: 503, retryAfterSeconds: undefined })
    expect(down.message).toBe(
      'createEvent: Microsoft Graph answered 503 serviceNotAvailable: The service is temporarily unavailable. Retry after the time in the Retry-After header.',
    )
    fake.outage({ status: 504 })
    expect((await graphFailure(api.listCalendars(token))).kind).toBe('unavailable')
    fake.restore()
    const nowhere = graphApi({ baseUrl: 'http://127.0.0.1:9' })
    expect(await graphFailure(nowhere.listCalendars(token))).toMatchObject({
      kind: 'unavailable',
      status: 0,
      code: 'network',
    })
    fake.failNext({ status: 403 })
    expect((await graphFailure(api.listCalendars(token))).kind).toBe('refused')
    fake.expireAccessTokens()
    expect(await graphFailure(api.listCalendars(token))).toMatchObject({ kind: 'unauthorized', status: 401 })
  })

  it('keeps 20 parallel creates under the mailbox limit of 4 with 2 calls per connection', async () => {
    fake.setDelay(25)
    // Without the limiter, Outlook's MailboxConcurrency refuses the fifth call at once.
    const unlimited = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        api.createEvent(token, calendarId, graphEventOf(bookingEvent(11, 9), { generation: 0 })),
      ),
    )
    const refused = unlimited.filter((r) => r.status === 'rejected').map((r) => r.reason as GraphError)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused[0]).toMatchObject({ kind: 'throttled', code: 'ApplicationThrottled' })

    const before = fake.requests().length
    const existing = fake.ourEvents({ calendarId }).length
    const limited = createKeyedLimiter(2)
    const bookings = Array.from({ length: 20 }, (_, i) => bookingEvent(12 + (i % 10), 8 + Math.floor(i / 10)))
    const created = await Promise.all(
      bookings.map((b) =>
        limited('connection-1', () => api.createEvent(token, calendarId, graphEventOf(b, { generation: 0 }))),
      ),
    )
    expect(new Set(created.map((c) => c.id)).size).toBe(20)
    expect(fake.ourEvents({ calendarId })).toHaveLength(existing + 20)
    expect(
      fake
        .requests()
        .slice(before)
        .filter((r) => r.status === 429),
    ).toEqual([])
  })
})

describe('subscriptions', () => {
  it('creates (after Graph validates both URLs), renews, reauthorizes and deletes', async () => {
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000)
    const clientState = randomUUID()
    const resource = calendarEventsResource(calendarId)
    const subscription = await api.createSubscription(token, {
      resource,
      notificationUrl: `${receiver.url}/api/microsoft/notifications`,
      lifecycleNotificationUrl: `${receiver.url}/api/microsoft/lifecycle`,
      clientState,
      expirationDateTime: inMinutes(4_200),
    })
    expect(subscription).toEqual({ id: expect.any(String), resource, expirationDateTime: expect.any(Date) })
    expect(Math.abs(subscription.expirationDateTime.getTime() - inMinutes(4_200).getTime())).toBeLessThan(5_000)
    expect(receiver.validations).toBeGreaterThanOrEqual(2)
    expect(fake.subscriptions()).toEqual([
      expect.objectContaining({ id: subscription.id, clientState, changeType: 'created,updated,deleted' }),
    ])

    const renewed = await api.renewSubscription(token, subscription.id, inMinutes(8_000))
    expect(renewed.expirationDateTime.getTime()).toBeGreaterThan(subscription.expirationDateTime.getTime())

    expect(await fake.sendLifecycle(subscription.id, 'reauthorizationRequired')).toBe(202)
    expect(fake.subscriptions()[0]?.reauthorizationRequired).toBe(true)
    await api.reauthorizeSubscription(token, subscription.id)
    expect(fake.subscriptions()[0]?.reauthorizationRequired).toBe(false)

    await api.deleteSubscription(token, subscription.id)
    expect(fake.subscriptions()).toEqual([])
    expect((await graphFailure(api.deleteSubscription(token, subscription.id))).kind).toBe('not_found')
    expect((await graphFailure(api.renewSubscription(token, subscription.id, inMinutes(60)))).kind).toBe('not_found')
  })

  it('is refused when the notification URL does not answer the handshake', async () => {
    const refused = await graphFailure(
      api.createSubscription(token, {
        resource: calendarEventsResource(calendarId),
        notificationUrl: 'http://127.0.0.1:9/api/microsoft/notifications',
        lifecycleNotificationUrl: `${receiver.url}/api/microsoft/lifecycle`,
        clientState: 'state',
        expirationDateTime: new Date(Date.now() + 60 * 60_000),
      }),
    )
    expect(refused).toMatchObject({ kind: 'refused', status: 400 })
    expect(refused.message).toMatch(/Subscription validation request failed/)
    expect(fake.subscriptions()).toEqual([])
  })
})
