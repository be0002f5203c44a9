import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeGoogle, startFakeGoogle } from './google'

/** The fake Google Calendar API, driven with plain fetch and tokens from the fake's own OAuth flow. */

const OWNER = { email: 'salon.lumiere.demo@gmail.com', name: 'Claire Dubois' }
const STRANGER = { email: 'someone.else@gmail.com', name: 'Someone Else' }
const CALENDAR_SCOPE = 'openid email https://www.googleapis.com/auth/calendar.events'
const REDIRECT_URI = 'http://salonia.test/api/google/callback'

let google: FakeGoogle
let ownerToken: string

/** An access token, the way the product gets one: consent screen, then the code at /token. */
async function accessToken(fake: FakeGoogle, email: string, scope = CALENDAR_SCOPE): Promise<string> {
  const verifier = randomBytes(32).toString('base64url')
  const auth = new URL(`${fake.baseUrl}/o/oauth2/v2/auth`)
  auth.search = new URLSearchParams({
    client_id: fake.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope,
    state: 'state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString()
  const code = new URL(await fake.consent(auth.toString(), { email })).searchParams.get('code') ?? ''
  const answer = await fetch(`${fake.baseUrl}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    }),
  })
  return ((await answer.json()) as { access_token: string }).access_token
}

interface Reply {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the tests read Google's JSON freely
  body: any
  headers: Headers
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  { token = ownerToken, fake = google, headers = {} as Record<string, string> } = {},
): Promise<Reply> {
  const answer = await fetch(`${fake.baseUrl}/calendar/v3${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await answer.text()
  return { status: answer.status, body: text ? JSON.parse(text) : undefined, headers: answer.headers }
}

const EVENTS = '/calendars/primary/events'
const at = (hour: number, day = 1) => ({
  start: { dateTime: `2026-06-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z` },
  end: { dateTime: `2026-06-${String(day).padStart(2, '0')}T${String(hour + 1).padStart(2, '0')}:00:00Z` },
})
const booking = (id: string, summary = 'Coupe', hour = 9) => ({ id, summary, ...at(hour) })

/** A local receiver for push notifications, on 127.0.0.1. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    received.push({ headers: request.headers, body })
    response.writeHead(200)
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notifications`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  google = await startFakeGoogle({ accounts: [OWNER, STRANGER] })
  ownerToken = await accessToken(google, OWNER.email)
})
afterAll(async () => {
  await google.close()
})
beforeEach(() => {
  google.calendar.reset()
})

describe('events.insert', () => {
  it('takes a client id and answers the event resource', async () => {
    const { status, body, headers } = await call('POST', EVENTS, {
      ...booking('salonia0booking01'),
      description: 'Claire — brushing',
      location: '12 rue des Lilas',
      transparency: 'opaque',
      extendedProperties: { private: { saloniaBooking: 'B-1' } },
      created: '1999-01-01T00:00:00Z',
      notAField: true,
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      kind: 'calendar#event',
      id: 'salonia0booking01',
      status: 'confirmed',
      summary: 'Coupe',
      description: 'Claire — brushing',
      location: '12 rue des Lilas',
      transparency: 'opaque',
      start: { dateTime: '2026-06-01T09:00:00Z' },
      end: { dateTime: '2026-06-01T10:00:00Z' },
      extendedProperties: { private: { saloniaBooking: 'B-1' } },
      iCalUID: 'salonia0booking01@google.com',
      sequence: 0,
      creator: { email: OWNER.email, self: true },
      organizer: { email: OWNER.email, self: true },
    })
    expect(body.htmlLink).toMatch(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/)
    expect(body.etag).toMatch(/^"\d+"$/)
    expect(headers.get('etag')).toBe(body.etag)
    // Read-only and unknown fields are dropped, as Google drops them.
    expect(body.created).not.toBe('1999-01-01T00:00:00Z')
    expect(body.notAField).toBeUndefined()
    expect(body.created).toBe(body.updated)
    expect(Date.now() - Date.parse(body.created)).toBeLessThan(5_000)
    expect((await call('GET', `${EVENTS}/salonia0booking01`)).body).toEqual(body)
    expect(google.calendar.events(OWNER.email)).toEqual([body])
  })

  it('generates a base32hex id when none is given, and refuses an id outside base32hex', async () => {
    const { body } = await call('POST', EVENTS, { summary: 'Sans id', ...at(10) })
    expect(body.id).toMatch(/^[a-v0-9]{26}$/)
    for (const id of ['abcd', 'has-a-dash', 'UPPERCASE1', 'wxyz12345']) {
      const refused = await call('POST', EVENTS, booking(id))
      expect(refused.status).toBe(400)
      expect(refused.body.error.errors[0]).toMatchObject({ reason: 'invalid', message: 'Invalid resource id value.' })
    }
  })

  it('answers 409 duplicate for an id already used in the calendar, even by a deleted event', async () => {
    expect((await call('POST', EVENTS, booking('dup0000001'))).status).toBe(200)
    const again = await call('POST', EVENTS, booking('dup0000001'))
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      error: {
        errors: [{ domain: 'global', reason: 'duplicate', message: 'The requested identifier already exists.' }],
        code: 409,
        message: 'The requested identifier already exists.',
      },
    })
    expect((await call('DELETE', `${EVENTS}/dup0000001`)).status).toBe(204)
    expect((await call('POST', EVENTS, booking('dup0000001'))).status).toBe(409)
    // The same id in another account's calendar is another event.
    const stranger = await accessToken(google, STRANGER.email)
    expect((await call('POST', EVENTS, booking('dup0000001'), { token: stranger })).status).toBe(200)
  })

  it('checks start and end: present, of one kind, the end after the start', async () => {
    const errorOf = async (body: unknown) => (await call('POST', EVENTS, body)).body.error
    expect(await errorOf({ start: at(9).end, end: at(9).start })).toMatchObject({
      code: 400,
      errors: [{ domain: 'calendar', reason: 'timeRangeEmpty', message: 'The specified time range is empty.' }],
    })
    expect(await errorOf({ start: at(9).start })).toMatchObject({ code: 400, errors: [{ reason: 'required' }] })
    expect(await errorOf({ start: { date: '2026-06-01' }, end: at(9).end })).toMatchObject({ code: 400 })
    expect(
      await errorOf({ start: { dateTime: '2026-06-01T09:00:00' }, end: { dateTime: '2026-06-01T10:00:00' } }),
    ).toMatchObject({ errors: [{ message: 'Missing time zone definition for start time.' }] })
    // All-day: the end date is exclusive, so a one-day event ends the next day.
    expect(await errorOf({ start: { date: '2026-06-01' }, end: { date: '2026-06-01' } })).toMatchObject({ code: 400 })
    const allDay = await call('POST', EVENTS, {
      summary: 'Fermé',
      start: { date: '2026-06-01' },
      end: { date: '2026-06-02' },
    })
    expect(allDay.body).toMatchObject({ start: { date: '2026-06-01' }, end: { date: '2026-06-02' } })
  })

  it('answers a time in the event zone with its offset, whatever offset the client wrote', async () => {
    const { body } = await call('POST', EVENTS, {
      start: { dateTime: '2026-06-01T07:00:00Z', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-06-01T09:30:00+02:00', timeZone: 'Europe/Paris' },
    })
    expect(body.start).toEqual({ dateTime: '2026-06-01T09:00:00+02:00', timeZone: 'Europe/Paris' })
    expect(body.end).toEqual({ dateTime: '2026-06-01T09:30:00+02:00', timeZone: 'Europe/Paris' })
    const local = await call('POST', EVENTS, {
      start: { dateTime: '2026-01-15T14:00:00', timeZone: 'Europe/Paris' },
      end: { dateTime: '2026-01-15T15:00:00', timeZone: 'Europe/Paris' },
    })
    expect(local.body.start.dateTime).toBe('2026-01-15T14:00:00+01:00')
  })
})

describe('events.update, events.patch and events.delete', () => {
  it('replaces on update, merges on patch, and moves updated, etag and sequence on each change', async () => {
    const created = (
      await call('POST', EVENTS, {
        ...booking('change00001'),
        description: 'first',
        extendedProperties: { private: { a: '1', b: '2' } },
      })
    ).body
    const patched = await call('PATCH', `${EVENTS}/change00001`, {
      summary: 'Couleur',
      extendedProperties: { private: { b: '3' } },
      location: null,
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      summary: 'Couleur',
      description: 'first',
      extendedProperties: { private: { a: '1', b: '3' } },
      sequence: 1,
      created: created.created,
    })
    expect(patched.body.etag).not.toBe(created.etag)
    expect(patched.body.updated >= created.updated).toBe(true)

    const replaced = await call('PUT', `${EVENTS}/change00001`, { summary: 'Coupe + couleur', ...at(14) })
    expect(replaced.status).toBe(200)
    expect(replaced.body).toMatchObject({ summary: 'Coupe + couleur', start: at(14).start, sequence: 2 })
    expect(replaced.body.description).toBeUndefined()
    expect(replaced.body.extendedProperties).toBeUndefined()
    expect(replaced.body.etag).not.toBe(patched.body.etag)

    expect((await call('PUT', `${EVENTS}/change00001`, { summary: 'no times' })).status).toBe(400)
    expect((await call('PATCH', `${EVENTS}/nosuchevent`, { summary: 'x' })).body.error).toMatchObject({
      code: 404,
      errors: [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
    })
    expect((await call('PUT', `${EVENTS}/nosuchevent`, booking('nosuchevent'))).status).toBe(404)
  })

  it('refuses a stale If-Match with 412 and an older sequence with 400', async () => {
    const created = (await call('POST', EVENTS, booking('ifmatch001'))).body
    await call('PATCH', `${EVENTS}/ifmatch001`, { summary: 'moved on' })
    const stale = await call(
      'PATCH',
      `${EVENTS}/ifmatch001`,
      { summary: 'x' },
      { headers: { 'if-match': created.etag } },
    )
    expect(stale.status).toBe(412)
    expect(stale.body.error.errors[0].reason).toBe('conditionNotMet')
    const older = await call('PUT', `${EVENTS}/ifmatch001`, { ...booking('ifmatch001'), sequence: 0 })
    expect(older.status).toBe(400)
  })

  it('deletes with 204, keeps the event cancelled, answers 410 deleted the second time and 404 for an unknown id', async () => {
    await call('POST', EVENTS, booking('delete0001'))
    const deleted = await call('DELETE', `${EVENTS}/delete0001`)
    expect(deleted.status).toBe(204)
    expect(deleted.body).toBeUndefined()
    const kept = await call('GET', `${EVENTS}/delete0001`)
    expect(kept.status).toBe(200)
    expect(kept.body).toMatchObject({ id: 'delete0001', status: 'cancelled', summary: 'Coupe' })
    const again = await call('DELETE', `${EVENTS}/delete0001`)
    expect(again.status).toBe(410)
    expect(again.body.error).toEqual({
      errors: [{ domain: 'global', reason: 'deleted', message: 'Resource has been deleted' }],
      code: 410,
      message: 'Resource has been deleted',
    })
    expect((await call('DELETE', `${EVENTS}/neverexisted`)).status).toBe(404)
    expect((await call('GET', `${EVENTS}/neverexisted`)).status).toBe(404)
    expect(google.calendar.events(OWNER.email)).toEqual([])
    expect(google.calendar.events(OWNER.email, { includeCancelled: true })).toHaveLength(1)
  })

  it('restores a deleted event by a patch to status confirmed', async () => {
    await call('POST', EVENTS, booking('restore001'))
    await call('DELETE', `${EVENTS}/restore001`)
    const stillDeleted = await call('PATCH', `${EVENTS}/restore001`, { summary: 'renamed while deleted' })
    expect(stillDeleted.body.status).toBe('cancelled')
    const restored = await call('PATCH', `${EVENTS}/restore001`, { status: 'confirmed' })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({ status: 'confirmed', summary: 'renamed while deleted' })
    expect(google.calendar.events(OWNER.email).map((e) => e.id)).toEqual(['restore001'])
  })
})

describe('events.list', () => {
  async function listAll(query: Record<string, string>) {
    const pages: Reply[] = []
    let pageToken: string | undefined
    do {
      const params = new URLSearchParams({ ...query, ...(pageToken ? { pageToken } : {}) })
      const page = await call('GET', `${EVENTS}?${params}`)
      expect(page.status).toBe(200)
      pages.push(page)
      pageToken = page.body.nextPageToken
    } while (pageToken)
    return pages
  }

  it('pages with nextPageToken and gives nextSyncToken on the last page only', async () => {
    for (let i = 0; i < 5; i++) await call('POST', EVENTS, booking(`page0000${i}`, `Client ${i}`, 8 + i))
    await call('POST', EVENTS, booking('page0000g'))
    await call('DELETE', `${EVENTS}/page0000g`)
    const pages = await listAll({ maxResults: '2' })
    expect(pages.map((p) => p.body.items.map((e: { id: string }) => e.id))).toEqual([
      ['page00000', 'page00001'],
      ['page00002', 'page00003'],
      ['page00004'],
    ])
    expect(pages.map((p) => [Boolean(p.body.nextPageToken), Boolean(p.body.nextSyncToken)])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ])
    expect(pages[0]?.body).toMatchObject({ kind: 'calendar#events', timeZone: 'UTC', accessRole: 'owner' })
    expect(typeof pages[0]?.body.updated).toBe('string')
    const withDeleted = await call('GET', `${EVENTS}?showDeleted=true`)
    expect(withDeleted.body.items.map((e: { id: string; status: string }) => `${e.id}:${e.status}`)).toContain(
      'page0000g:cancelled',
    )
  })

  it('filters by timeMin (on the end) and timeMax (on the start), and by private extended property', async () => {
    await call('POST', EVENTS, { ...booking('morning001', 'Early', 8), extendedProperties: { private: { k: 'v' } } })
    await call('POST', EVENTS, booking('late000001', 'Late', 15))
    const window = new URLSearchParams({ timeMin: '2026-06-01T09:00:00Z', timeMax: '2026-06-01T16:00:00Z' })
    expect((await call('GET', `${EVENTS}?${window}`)).body.items.map((e: { id: string }) => e.id)).toEqual([
      'late000001',
    ])
    const byProperty = await call('GET', `${EVENTS}?privateExtendedProperty=k%3Dv`)
    expect(byProperty.body.items.map((e: { id: string }) => e.id)).toEqual(['morning001'])
    const empty = new URLSearchParams({ timeMin: '2026-06-02T00:00:00Z', timeMax: '2026-06-01T00:00:00Z' })
    expect((await call('GET', `${EVENTS}?${empty}`)).body.error.errors[0].reason).toBe('timeRangeEmpty')
  })

  it('gives, with a sync token, every event changed since, the deleted ones as bare cancelled entries', async () => {
    await call('POST', EVENTS, booking('sinc000001', 'Unchanged'))
    await call('POST', EVENTS, booking('sinc000002', 'To change'))
    await call('POST', EVENTS, booking('sinc000003', 'To delete'))
    const full = await listAll({})
    const syncToken = full.at(-1)?.body.nextSyncToken as string
    expect(full[0]?.body.items).toHaveLength(3)

    await call('PATCH', `${EVENTS}/sinc000002`, { summary: 'Changed' })
    await call('DELETE', `${EVENTS}/sinc000003`)
    const added = google.calendar.addEvent(OWNER.email, { summary: 'Added by the owner in Google', ...at(17) })

    const delta = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken })}`)
    expect(delta.status).toBe(200)
    expect(delta.body.items).toEqual([
      expect.objectContaining({ id: 'sinc000002', summary: 'Changed', status: 'confirmed' }),
      { kind: 'calendar#event', etag: expect.any(String), id: 'sinc000003', status: 'cancelled' },
      expect.objectContaining({ id: added.id, summary: 'Added by the owner in Google' }),
    ])
    const detailed = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken, showDeleted: 'true' })}`)
    expect(detailed.body.items[1]).toMatchObject({ id: 'sinc000003', status: 'cancelled', summary: 'To delete' })

    const next = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken: delta.body.nextSyncToken })}`)
    expect(next.body.items).toEqual([])
    expect(next.body.nextSyncToken).toEqual(expect.any(String))
  })

  it('pages an incremental listing and keeps changes made while paging for the next token', async () => {
    const first = await call('GET', EVENTS)
    for (let i = 0; i < 3; i++) await call('POST', EVENTS, booking(`inc00000${i}`))
    const syncToken = first.body.nextSyncToken
    const page1 = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken, maxResults: '2' })}`)
    expect(page1.body.items).toHaveLength(2)
    await call('PATCH', `${EVENTS}/inc000000`, { summary: 'changed while paging' })
    const page2 = await call(
      'GET',
      `${EVENTS}?${new URLSearchParams({ syncToken, maxResults: '2', pageToken: page1.body.nextPageToken })}`,
    )
    expect(page2.body.items.map((e: { id: string }) => e.id)).toEqual(['inc000002'])
    const after = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken: page2.body.nextSyncToken })}`)
    expect(after.body.items).toEqual([expect.objectContaining({ id: 'inc000000', summary: 'changed while paging' })])
  })

  it('answers 410 fullSyncRequired to an invalidated or unknown token, and 400 to a token with a time window', async () => {
    const { nextSyncToken } = (await call('GET', EVENTS)).body
    const withWindow = new URLSearchParams({ syncToken: nextSyncToken, timeMin: '2026-06-01T00:00:00Z' })
    const refused = await call('GET', `${EVENTS}?${withWindow}`)
    expect(refused.status).toBe(400)
    expect(refused.body.error.errors[0].reason).toBe('invalid')

    google.calendar.invalidateSyncTokens(OWNER.email)
    const gone = await call('GET', `${EVENTS}?${new URLSearchParams({ syncToken: nextSyncToken })}`)
    expect(gone.status).toBe(410)
    expect(gone.body).toEqual({
      error: {
        errors: [
          {
            domain: 'calendar',
            reason: 'fullSyncRequired',
            message: 'Sync token is no longer valid, a full sync is required.',
            locationType: 'parameter',
            location: 'syncToken',
          },
        ],
        code: 410,
        message: 'Sync token is no longer valid, a full sync is required.',
      },
    })
    expect((await call('GET', `${EVENTS}?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU%3D`)).status).toBe(410)
  })
})

describe('push notifications', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  beforeEach(async () => {
    receiver = await startReceiver()
  })
  afterEach(async () => {
    await receiver.close()
  })

  const watch = (id: string, extra: Record<string, unknown> = {}) =>
    call('POST', `${EVENTS}/watch`, { id, type: 'web_hook', address: receiver.url, token: 'salon=SAL001', ...extra })

  it('sends sync on watch, exists after every change, and nothing after channels.stop', async () => {
    const before = Date.now()
    const channel = await watch('channel-0001')
    expect(channel.status).toBe(200)
    expect(channel.body).toEqual({
      kind: 'api#channel',
      id: 'channel-0001',
      resourceId: expect.any(String),
      resourceUri: `${google.baseUrl}/calendar/v3/calendars/primary/events`,
      token: 'salon=SAL001',
      expiration: expect.stringMatching(/^\d+$/),
    })
    const expiration = Number(channel.body.expiration)
    expect(expiration - before).toBeGreaterThanOrEqual(604_800_000 - 5_000)
    expect(expiration - before).toBeLessThanOrEqual(604_800_000 + 5_000)
    await google.calendar.settled()
    expect(receiver.received).toHaveLength(1)
    const sync = receiver.received[0]
    expect(sync?.body).toBe('')
    expect(sync?.headers).toMatchObject({
      'x-goog-channel-id': 'channel-0001',
      'x-goog-channel-token': 'salon=SAL001',
      'x-goog-channel-expiration': new Date(expiration).toUTCString(),
      'x-goog-resource-id': channel.body.resourceId,
      'x-goog-resource-uri': channel.body.resourceUri,
      'x-goog-resource-state': 'sync',
      'x-goog-message-number': '1',
    })

    await call('POST', EVENTS, booking('pushed0001'))
    google.calendar.addEvent(OWNER.email, { summary: 'From Google', ...at(12) })
    google.calendar.updateEvent(OWNER.email, 'pushed0001', { summary: 'Renamed in Google' })
    google.calendar.deleteEvent(OWNER.email, 'pushed0001')
    await google.calendar.settled()
    const states = receiver.received.map((r) => r.headers['x-goog-resource-state'])
    expect(states).toEqual(['sync', 'exists', 'exists', 'exists', 'exists'])
    const numbers = receiver.received.map((r) => Number(r.headers['x-goog-message-number']))
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThan(numbers[i - 1] as number)
    expect(google.calendar.notifications.map((n) => n.status)).toEqual([200, 200, 200, 200, 200])
    expect(google.calendar.channels().map((c) => c.id)).toEqual(['channel-0001'])

    const stop = await call('POST', '/channels/stop', { id: 'channel-0001', resourceId: channel.body.resourceId })
    expect(stop.status).toBe(204)
    await call('POST', EVENTS, booking('pushed0002'))
    await google.calendar.settled()
    expect(receiver.received).toHaveLength(5)
    expect(google.calendar.channels()).toEqual([])
    const unknown = await call('POST', '/channels/stop', { id: 'channel-0001', resourceId: channel.body.resourceId })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.errors[0].reason).toBe('notFound')
  })

  it('honours a shorter ttl, refuses a channel id used before, and stops after expiry', async () => {
    const short = await watch('channel-ttl', { params: { ttl: '60' } })
    expect(Number(short.body.expiration) - Date.now()).toBeLessThanOrEqual(60_000)
    expect(Number(short.body.expiration) - Date.now()).toBeGreaterThan(55_000)
    const again = await watch('channel-ttl')
    expect(again.status).toBe(400)
    expect(again.body.error.errors[0].reason).toBe('channelIdNotUnique')
    const requested = Date.now() + 3_600_000
    expect(Number((await watch('channel-exp', { expiration: requested })).body.expiration)).toBe(requested)

    await google.calendar.settled()
    google.calendar.expireChannels(OWNER.email)
    await call('POST', EVENTS, booking('ended00001'))
    await google.calendar.settled()
    expect(receiver.received.map((r) => r.headers['x-goog-resource-state'])).toEqual(['sync', 'sync'])
  })

  it('logs a notification the receiver could not take, and goes on', async () => {
    await call('POST', `${EVENTS}/watch`, { id: 'channel-dead', type: 'web_hook', address: 'http://127.0.0.1:9/gone' })
    await google.calendar.settled()
    expect(google.calendar.notifications).toEqual([
      expect.objectContaining({ channelId: 'channel-dead', resourceState: 'sync', status: undefined }),
    ])
  })

  it('refuses an http address like Google when http webhooks are not allowed', async () => {
    const strict = await startFakeGoogle({ accounts: [OWNER], allowHttpWebhooks: false })
    try {
      const token = await accessToken(strict, OWNER.email)
      const refused = await call(
        'POST',
        `${EVENTS}/watch`,
        { id: 'channel-http', type: 'web_hook', address: receiver.url },
        { token, fake: strict },
      )
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toBe(`WebHook callback must be HTTPS: ${receiver.url}`)
    } finally {
      await strict.close()
    }
  })
})

describe('authorisation', () => {
  it('answers 401 authError to a missing, unknown, expired or revoked token', async () => {
    const fake = await startFakeGoogle({ accounts: [OWNER] })
    try {
      const unknown = await call('GET', EVENTS, undefined, { token: 'ya29.not-a-token', fake })
      expect(unknown.status).toBe(401)
      expect(unknown.headers.get('www-authenticate')).toContain('Bearer')
      expect(unknown.body).toEqual({
        error: {
          errors: [
            {
              domain: 'global',
              reason: 'authError',
              message: 'Invalid Credentials',
              locationType: 'header',
              location: 'Authorization',
            },
          ],
          code: 401,
          message: 'Invalid Credentials',
        },
      })
      expect((await call('GET', EVENTS, undefined, { token: '', fake })).status).toBe(401)

      const token = await accessToken(fake, OWNER.email)
      expect((await call('GET', EVENTS, undefined, { token, fake })).status).toBe(200)
      fake.expireAccessTokens()
      expect((await call('GET', EVENTS, undefined, { token, fake })).status).toBe(401)

      const revoked = await accessToken(fake, OWNER.email)
      await fetch(`${fake.baseUrl}/revoke`, { method: 'POST', body: new URLSearchParams({ token: revoked }) })
      expect((await call('GET', EVENTS, undefined, { token: revoked, fake })).status).toBe(401)
    } finally {
      await fake.close()
    }
  })

  it('answers 403 to a token without a calendar scope and 404 for another account calendar', async () => {
    const identityOnly = await accessToken(google, OWNER.email, 'openid email profile')
    const refused = await call('GET', EVENTS, undefined, { token: identityOnly })
    expect(refused.status).toBe(403)
    expect(refused.body.error.errors[0].reason).toBe('insufficientPermissions')
    const readOnly = await accessToken(google, OWNER.email, 'https://www.googleapis.com/auth/calendar.readonly')
    expect((await call('GET', EVENTS, undefined, { token: readOnly })).status).toBe(200)
    expect((await call('POST', EVENTS, booking('reads00001'), { token: readOnly })).status).toBe(403)

    const byEmail = await call('POST', `/calendars/${encodeURIComponent(OWNER.email)}/events`, booking('viamail01'))
    expect(byEmail.status).toBe(200)
    expect((await call('GET', `${EVENTS}/viamail01`)).status).toBe(200)
    const other = await call('GET', `/calendars/${encodeURIComponent(STRANGER.email)}/events`)
    expect(other.status).toBe(404)
  })

  it('answers 404 notFound on any other path', async () => {
    const { status, body } = await call('GET', '/users/me/calendarList')
    expect(status).toBe(404)
    expect(body.error.errors[0]).toEqual({ domain: 'global', reason: 'notFound', message: 'Not Found' })
  })
})

describe('scripted failures', () => {
  it('fails the next requests with Google error bodies, then answers again', async () => {
    google.calendar.failNext(2, { status: 503 })
    const first = await call('GET', EVENTS)
    expect(first.status).toBe(503)
    expect(first.body.error).toEqual({
      errors: [{ domain: 'global', reason: 'backendError', message: 'Backend Error' }],
      code: 503,
      message: 'Backend Error',
    })
    expect((await call('POST', EVENTS, booking('again00001'))).status).toBe(503)
    expect((await call('POST', EVENTS, booking('again00001'))).status).toBe(200)

    google.calendar.failNext(1, { status: 403 })
    expect((await call('GET', EVENTS)).body.error).toEqual({
      errors: [{ domain: 'usageLimits', reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' }],
      code: 403,
      message: 'Rate Limit Exceeded',
    })
    google.calendar.failNext(1, { status: 403, reason: 'userRateLimitExceeded' })
    expect((await call('GET', EVENTS)).body.error.errors[0]).toMatchObject({ reason: 'userRateLimitExceeded' })
    google.calendar.failNext(1, { status: 429 })
    expect((await call('GET', EVENTS)).body.error).toMatchObject({
      code: 429,
      errors: [{ reason: 'rateLimitExceeded' }],
    })
    google.calendar.failNext(1, { status: 401 })
    expect((await call('GET', EVENTS)).body.error).toMatchObject({ code: 401, errors: [{ reason: 'authError' }] })
    expect(google.calendar.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET /calendar/v3${EVENTS} 503`,
      `POST /calendar/v3${EVENTS} 503`,
      `POST /calendar/v3${EVENTS} 200`,
      `GET /calendar/v3${EVENTS} 403`,
      `GET /calendar/v3${EVENTS} 403`,
      `GET /calendar/v3${EVENTS} 429`,
      `GET /calendar/v3${EVENTS} 401`,
    ])
  })

  it('fails every request during an outage, and answers slowly when asked', async () => {
    google.calendar.outage({ status: 500 })
    for (let i = 0; i < 3; i++) {
      const { status, body } = await call('GET', EVENTS)
      expect(status).toBe(500)
      expect(body.error.errors[0].reason).toBe('backendError')
    }
    google.calendar.outage(null)
    expect((await call('GET', EVENTS)).status).toBe(200)

    google.calendar.setDelay(150)
    const started = Date.now()
    expect((await call('GET', EVENTS)).status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})
