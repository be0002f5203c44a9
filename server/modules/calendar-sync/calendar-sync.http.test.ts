import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { bookings, calendarBusyTimes, googleAccounts } from '@server/db/schema'
import { tellSalonLate } from '@server/modules/bookings/bookings.usecases'
import { mcpTokenFor } from '@server/modules/mcp/mcp-token'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { decryptSecret } from '@server/security/secrets'
import {
  bookingRow,
  bookThroughApi,
  brushingTimes,
  type CalendarTest,
  eventIdOf,
  futureActiveBookingIds,
  OWNER,
  startCalendarTest,
} from '@tests/helpers/calendar'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The salon's Google calendar and its bookings kept in step, end to end: the app's own job workers
 * against the fake Google (tests/fakes), which speaks Calendar v3 on Google's paths.
 */

const at = (local: string) => new Date(`${local}:00+01:00`).getTime()
const instant = (dateTime: string | undefined) => new Date(dateTime ?? '').getTime()

const slotsOn = async (c: CalendarTest, date: string) => brushingTimes(c.t, await ownerCookie(c.t), date)

async function status(c: CalendarTest, cookie: string) {
  const res = await c.t.app.inject({ url: '/api/salons/SAL001/calendar', headers: { cookie } })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('bookings into the salon calendar', () => {
  let c: CalendarTest
  let owner: string
  beforeAll(async () => {
    c = await startCalendarTest()
  })
  afterAll(() => c.close())

  it('copies every booking still to come into the calendar when the owner connects it', async () => {
    const before = await ownerCookie(c.t)
    await bookThroughApi(c.t, before, '2026-12-02T10:00', { name: 'Camille Martin' })
    await bookThroughApi(c.t, before, '2026-12-03T14:00', { name: 'Léa' })
    owner = await c.connect()
    await c.drain()
    const expected = await futureActiveBookingIds(c.t)
    const events = c.bookingEvents()
    expect([...events.keys()].sort()).toEqual(expected)
    for (const id of expected) expect(events.get(id)?.id).toBe(eventIdOf(id))

    const first = [...events.values()].find((e) => instant(e.start?.dateTime) === at('2026-12-02T10:00'))
    expect(first).toMatchObject({
      // The demo salon has two stylists: the title says whose appointment it is.
      summary: expect.stringMatching(/^.+ · (Camille|Léa) · avec (Léa|Hugo)$/),
      location: '12 rue des Lilas, 75011 Paris',
      start: { timeZone: 'Europe/Paris' },
      end: { timeZone: 'Europe/Paris' },
      status: 'confirmed',
    })
    expect(first?.description).toContain('+33 6 12 34 56 78')
    expect(first?.description).toContain("Réservé via l'API")
    expect(first?.description).toContain(`${c.publicUrl}/professional`)

    const shown = await status(c, owner)
    expect(shown).toMatchObject({
      state: 'connected',
      account: OWNER.email,
      lastSync: { created: 2, updated: 0, removed: 0 },
      pendingEvents: 0,
      failedEvents: 0,
      updates: 'push',
    })
    expect(shown.lastSyncedAt).not.toBeNull()
  })

  it('gives each booking its event whatever the path: the API, the dashboard, the chat and an agent over MCP', async () => {
    const api = await bookThroughApi(c.t, owner, '2026-12-04T09:00', { channel: 'api' })
    const dashboard = await bookThroughApi(c.t, owner, '2026-12-04T11:00', { channel: 'dashboard' })

    const chat = newTestChat('fr', 'Nora')
    await postChat(c.t.app, chat, 'Une coupe femme samedi à 10h')
    const confirmed = await postChat(c.t.app, chat, 'oui')
    expect(confirmed.json().icsData).toBeDefined()

    const salon = await findSalonByPublicId(c.t.database.db, 'SAL001')
    const client = new Client({ name: 'salon-agent', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', c.publicUrl), {
        requestInit: { headers: { authorization: `Bearer ${mcpTokenFor(c.t.config.appSecret, salon as never)}` } },
      }),
    )
    const services = JSON.parse(
      ((await client.callTool({ name: 'list_services', arguments: {} })).content as { text: string }[])[0]?.text ?? '',
    ) as { id: string; name: string }[]
    const booked = await client.callTool({
      name: 'book_appointment',
      arguments: {
        serviceId: services.find((s) => s.name === 'Brushing')?.id,
        start: '2026-12-09T15:00',
        customer: { reference: 'agent-1', name: 'Inès' },
      },
    })
    expect(booked.isError).toBeFalsy()
    await client.close()

    await c.drain()
    const events = c.bookingEvents()
    expect(events.get(api)?.description).toContain("Réservé via l'API")
    expect(events.get(dashboard)?.description).toContain('Réservé via le tableau de bord')
    const descriptions = [...events.values()].map((e) => e.description ?? '')
    expect(descriptions.some((d) => d.includes('Réservé via le chat en ligne'))).toBe(true)
    expect(descriptions.some((d) => d.includes('Réservé via un agent IA (MCP)'))).toBe(true)
    expect([...events.keys()].sort()).toEqual(await futureActiveBookingIds(c.t))
  })

  it('moves the event with the booking, and removes it when the booking is cancelled', async () => {
    const id = await bookThroughApi(c.t, owner, '2026-12-08T09:00')
    await c.drain()
    expect(instant(c.bookingEvents().get(id)?.start?.dateTime)).toBe(at('2026-12-08T09:00'))

    const moved = await c.t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/reschedule`,
      headers: { cookie: owner },
      payload: { startsAt: '2026-12-08T15:30' },
    })
    expect(moved.statusCode).toBe(200)
    await c.drain()
    const event = c.bookingEvents().get(id)
    expect(instant(event?.start?.dateTime)).toBe(at('2026-12-08T15:30'))
    expect(instant(event?.end?.dateTime)).toBe((await bookingRow(c.t, id))?.endsAt.getTime())

    const cancelled = await c.t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      headers: { cookie: owner },
    })
    expect(cancelled.statusCode).toBe(200)
    await c.drain()
    expect(c.bookingEvents().has(id)).toBe(false)
    expect(
      c.google.calendar.events(OWNER.email, { includeCancelled: true }).find((e) => e.id === eventIdOf(id)),
    ).toMatchObject({ status: 'cancelled' })
  })

  it("puts the customer's word that they will be late at the top of the event's description", async () => {
    const id = await bookThroughApi(c.t, owner, '2026-12-10T14:00', { name: 'Chloé' })
    await c.drain()
    expect(c.bookingEvents().get(id)?.description).not.toContain('retard')

    const salon = await findSalonByPublicId(c.t.database.db, 'SAL001')
    const deps = { db: c.t.database.db, clock: c.t.clock, jobs: c.t.jobs }
    await tellSalonLate(deps, id, { minutes: 10 }, { salonId: salon?.id })
    await c.drain()
    const description = c.bookingEvents().get(id)?.description ?? ''
    expect(description.split('\n')[0]).toBe("⏱ En retard d'environ 10 min (prévenu à 08:30)")
    expect(description).toContain('+33 6 12 34 56 78')

    await tellSalonLate(deps, id, {}, { salonId: salon?.id })
    await c.drain()
    expect(c.bookingEvents().get(id)?.description?.split('\n')[0]).toBe("⏱ Le client a prévenu d'un retard (à 08:30)")
    expect((await status(c, owner)).pendingEvents).toBe(0)
  })

  it('writes an event deleted by hand in Google back, and "Synchroniser" says what it changed', async () => {
    const id = await bookThroughApi(c.t, owner, '2026-12-09T10:00')
    await c.drain()
    c.google.calendar.deleteEvent(OWNER.email, eventIdOf(id))
    // Google tells us through the push channel; the read that follows puts the event back.
    await c.google.calendar.settled()
    await c.drain()
    expect(c.bookingEvents().get(id)?.status).toBe('confirmed')

    c.google.calendar.deleteEvent(OWNER.email, eventIdOf(id))
    for (const channel of c.google.calendar.channels())
      expect(channel.address).toContain('/api/google/calendar-notifications')
    c.google.calendar.expireChannels(OWNER.email)
    const sync = await c.t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/sync-calendar',
      headers: { cookie: owner },
    })
    expect(sync.statusCode).toBe(202)
    expect(sync.json()).toEqual({ success: true, queued: true })
    await c.drain()
    expect(c.bookingEvents().get(id)?.status).toBe('confirmed')
    expect((await status(c, owner)).lastSync).toEqual({ created: 1, updated: 0, removed: 0 })
  })
})

describe("the salon's own events", () => {
  let c: CalendarTest
  let owner: string
  beforeAll(async () => {
    c = await startCalendarTest()
    owner = await c.connect()
    await c.drain()
  })
  afterAll(() => c.close())

  it('block their times for the API and the assistant as soon as Google tells us, without asking Google again', async () => {
    expect(await slotsOn(c, '2026-12-02')).toContain('10:00')
    c.google.calendar.addEvent(OWNER.email, {
      summary: 'Dentiste',
      start: { dateTime: '2026-12-02T10:00:00+01:00' },
      end: { dateTime: '2026-12-02T11:00:00+01:00' },
    })
    await c.google.calendar.settled()
    await c.drain()
    const requestsBefore = c.google.calendar.requests.length
    const slots = await slotsOn(c, '2026-12-02')
    expect(slots).not.toContain('10:00')
    expect(slots).not.toContain('10:30')
    expect(slots).toContain('11:00')
    expect(c.google.calendar.requests.length).toBe(requestsBefore)

    const chat = newTestChat('fr', 'Zoé')
    await postChat(c.t.app, chat, 'Un brushing mercredi 2 décembre à 10h ?')
    await postChat(c.t.app, chat, 'oui')
    const atTen = await c.t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(at('2026-12-02T10:00'))))
    expect(atTen).toEqual([])
  })

  it('are freed when moved or deleted in Google, and transparent events never block', async () => {
    const [event] = c.google.calendar.events(OWNER.email).filter((e) => e.summary === 'Dentiste')
    c.google.calendar.updateEvent(OWNER.email, event?.id ?? '', {
      start: { dateTime: '2026-12-02T15:00:00+01:00' },
      end: { dateTime: '2026-12-02T16:00:00+01:00' },
    })
    c.google.calendar.addEvent(OWNER.email, {
      summary: 'Rappel (libre)',
      transparency: 'transparent',
      start: { dateTime: '2026-12-02T09:00:00+01:00' },
      end: { dateTime: '2026-12-02T12:00:00+01:00' },
    })
    await c.google.calendar.settled()
    await c.drain()
    const slots = await slotsOn(c, '2026-12-02')
    expect(slots).toContain('10:00')
    expect(slots).not.toContain('15:00')

    c.google.calendar.deleteEvent(OWNER.email, event?.id ?? '')
    await c.google.calendar.settled()
    await c.drain()
    expect(await slotsOn(c, '2026-12-02')).toContain('15:00')
  })

  it('block whole days in the salon time zone when they last all day', async () => {
    c.google.calendar.addEvent(OWNER.email, {
      summary: 'Congrès coiffure',
      start: { date: '2026-12-03' },
      end: { date: '2026-12-04' },
    })
    await c.google.calendar.settled()
    await c.drain()
    expect(await slotsOn(c, '2026-12-03')).toEqual([])
    expect((await slotsOn(c, '2026-12-04')).length).toBeGreaterThan(0)
    const [busy] = await c.t.database.db.select().from(calendarBusyTimes).where(eq(calendarBusyTimes.allDay, true))
    expect(busy?.startsAt.toISOString()).toBe('2026-12-02T23:00:00.000Z')
    expect(busy?.endsAt.toISOString()).toBe('2026-12-03T23:00:00.000Z')
  })

  it('show in the dashboard when the owner adds one over a booking', async () => {
    const id = await bookThroughApi(c.t, owner, '2026-12-05T14:00', { name: 'Camille' })
    c.google.calendar.addEvent(OWNER.email, {
      summary: 'Rendez-vous banque',
      start: { dateTime: '2026-12-05T13:30:00+01:00' },
      end: { dateTime: '2026-12-05T14:30:00+01:00' },
    })
    await c.google.calendar.settled()
    await c.drain()
    const shown = await status(c, owner)
    expect(shown.conflicts).toEqual([
      expect.objectContaining({
        bookingId: id,
        customerName: 'Camille',
        eventSummary: 'Rendez-vous banque',
        bookingStartsAt: new Date(at('2026-12-05T14:00')).toISOString(),
      }),
    ])
    expect(shown.busyEvents).toBeGreaterThan(0)
  })

  it('refuses a notification without the channel token, and reads nothing for it', async () => {
    const [channel] = c.google.calendar.channels()
    const notify = (token: string) =>
      c.t.app.inject({
        method: 'POST',
        url: '/api/google/calendar-notifications',
        headers: {
          'content-type': 'application/json; utf-8',
          'x-goog-channel-id': channel?.id ?? '',
          'x-goog-channel-token': token,
          'x-goog-resource-id': channel?.resourceId ?? '',
          'x-goog-resource-state': 'exists',
          'x-goog-message-number': '99',
        },
      })
    const before = c.google.calendar.requests.length
    expect((await notify('forged')).statusCode).toBe(404)
    await c.drain()
    expect(c.google.calendar.requests.length).toBe(before)
    expect((await notify(channel?.token ?? '')).statusCode).toBe(204)
  })

  it('renews the push channel a day before it ends, and stops the old one', async () => {
    const [old] = c.google.calendar.channels()
    await c.t.jobs.send(c.t.database.db, 'calendar.maintain', {})
    await c.drain()
    expect(c.google.calendar.channels().map((channel) => channel.id)).toEqual([old?.id])

    c.t.clock.advance(6.5 * 24 * 60 * 60 * 1000)
    await c.t.jobs.send(c.t.database.db, 'calendar.maintain', {})
    await c.drain()
    const channels = c.google.calendar.channels()
    expect(channels).toHaveLength(1)
    expect(channels[0]?.id).not.toBe(old?.id)
    expect((await status(c, owner)).updates).toBe('push')
  })
})

describe('a calendar whose access was revoked, then disconnected', () => {
  let c: CalendarTest
  let owner: string
  beforeAll(async () => {
    c = await startCalendarTest()
    owner = await c.connect()
    await c.drain()
  })
  afterAll(() => c.close())

  it('asks for a reconnection, takes bookings meanwhile, and pushes what was missed once reconnected', async () => {
    const [account] = await c.t.database.db.select().from(googleAccounts)
    const refresh = decryptSecret(c.t.config.appSecret, 'google-token', account?.refreshToken ?? '')
    await fetch(`${c.google.baseUrl}/revoke?token=${refresh}`, { method: 'POST' })
    c.google.expireAccessTokens()

    const missed = await bookThroughApi(c.t, owner, '2026-12-10T10:00')
    await c.drain()
    expect(c.bookingEvents().has(missed)).toBe(false)
    const shown = await status(c, owner)
    expect(shown.state).toBe('reconnect_required')
    const sync = await c.t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/sync-calendar',
      headers: { cookie: owner },
    })
    expect(sync.statusCode).toBe(409)
    expect(sync.json().code).toBe('calendar.reconnect_required')
    const whileRevoked = await bookThroughApi(c.t, owner, '2026-12-10T14:00')

    owner = await c.connect()
    await c.drain()
    expect((await status(c, owner)).state).toBe('connected')
    const events = c.bookingEvents()
    expect(events.has(missed)).toBe(true)
    expect(events.has(whileRevoked)).toBe(true)
    expect(c.google.tokenRequests).toContain('refresh_token')
  })

  it('disconnects at once, then a job stops the push channel and revokes the grant at Google', async () => {
    const [account] = await c.t.database.db.select().from(googleAccounts)
    const refresh = decryptSecret(c.t.config.appSecret, 'google-token', account?.refreshToken ?? '')
    expect(c.google.calendar.channels()).toHaveLength(1)
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/disconnect',
      headers: { cookie: owner },
    })
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((cookie) => cookie.name === 'salonia_session')?.value).toBe('')
    expect(await c.t.database.db.select().from(googleAccounts)).toEqual([])
    expect(await c.t.database.db.select().from(calendarBusyTimes)).toEqual([])
    await eventually(() => (c.google.revoked.includes(refresh) ? true : undefined))
    expect(c.google.calendar.channels()).toEqual([])

    const after = await bookThroughApi(c.t, await ownerCookie(c.t), '2026-12-11T10:00')
    await c.drain()
    expect(c.bookingEvents().has(after)).toBe(false)
  })
})
