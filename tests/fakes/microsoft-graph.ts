import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { GraphError, graphErrors, graphFailure, type MicrosoftFailure } from './microsoft-errors'
import { createDelta } from './microsoft-graph-delta'
import { handleEvents } from './microsoft-graph-events'
import { createSubscriptions, type SubscriptionOptions } from './microsoft-graph-subscriptions'
import type { Identity } from './microsoft-identity'
import { ianaZone, innerErrorDate } from './microsoft-time'
import type { Answer, Caller, GraphRequest, Json, Preferences, World } from './microsoft-world'

/**
 * The request pipeline of the fake Microsoft Graph (/v1.0/…): the Bearer token, the mailbox's
 * concurrency limit, the test's scripted faults and delay, then the routes (events, calendarView
 * delta, subscriptions), and Graph's way of answering: JSON with OData's content type, request-id
 * and client-request-id headers on every answer, Preference-Applied for the preferences honoured,
 * and errors as `{error: {code, message, innerError}}` (https://learn.microsoft.com/graph/errors).
 */

export interface GraphFaults {
  /** Failures to come, consumed in order by the requests they apply to. */
  scripted: MicrosoftFailure[]
  /** Every request fails so while set. */
  down: MicrosoftFailure | null
  delayMs: number
  /** Requests in flight per mailbox above which Graph answers 429 (null: no limit). */
  mailboxLimit: number | null
  /** For each answer to lose, the methods of the request carried out whose answer is lost (undefined: any). */
  lostAnswers?: (string[] | undefined)[]
}

/** The next scripted (or ongoing) failure for requests of that kind, if any. */
export function takeFailure(faults: GraphFaults, where: 'graph' | 'identity'): MicrosoftFailure | undefined {
  if (faults.down && (faults.down.where ?? 'graph') === where) return faults.down
  const next = faults.scripted.find((f) => (f.where ?? 'graph') === where)
  if (!next) return undefined
  const left = (next.count ?? 1) - 1
  if (left <= 0) faults.scripted.splice(faults.scripted.indexOf(next), 1)
  else next.count = left
  return next
}

/** Graph's answers; the content type Graph sends with JSON. */
const JSON_TYPE = 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8'

export function createGraph(
  world: World,
  identity: Identity,
  faults: GraphFaults,
  subscriptionOptions: SubscriptionOptions,
) {
  const delta = createDelta(world)
  const subscriptions = createSubscriptions(world, subscriptionOptions)
  const inFlight = new Map<string, number>()

  /** Preferences from every Prefer header (they may repeat, or list several separated by commas). */
  function preferences(request: IncomingMessage): Preferences {
    const raw = request.headers.prefer
    const values = (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((v) => v.match(/(?:[^,"]|"[^"]*")+/g) ?? [])
    const prefer: Preferences = {
      timeZone: 'UTC',
      zone: 'UTC',
      immutableIds: false,
      maxPageSize: undefined,
      applied: [],
    }
    for (const value of values) {
      const [key = '', ...rest] = value.trim().split('=')
      const setting = rest
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1')
      if (key.toLowerCase() === 'outlook.timezone') {
        const zone = ianaZone(setting)
        if (!zone) throw graphErrors.timeZoneNotSupported(setting)
        prefer.timeZone = setting
        prefer.zone = zone
        prefer.applied.push(`outlook.timezone="${setting}"`)
      } else if (key.toLowerCase() === 'idtype' && setting.toLowerCase() === 'immutableid') {
        prefer.immutableIds = true
        prefer.applied.push('IdType="ImmutableId"')
      } else if (key.toLowerCase() === 'odata.maxpagesize') {
        const size = Number(setting)
        if (Number.isInteger(size) && size > 0) prefer.maxPageSize = size
      }
    }
    return prefer
  }

  /**
   * The path after /v1.0 as segments: `calendars('id')` is `calendars/id`, `microsoft.graph.delta()`
   * is `delta`, and `users/{the caller's id, UPN or mail}` is `me` (another user's is refused).
   */
  function segmentsOf(pathname: string, caller: Caller): string[] {
    const segments = pathname
      .replace(/^\/v1\.0\/?/, '')
      .split('/')
      .filter(Boolean)
      .flatMap((raw) => {
        const segment = decodeURIComponent(raw)
        const keyed = /^([A-Za-z.]+)\('([^']*)'\)$/.exec(segment)
        if (keyed) return [keyed[1] ?? '', keyed[2] ?? '']
        return [segment === 'microsoft.graph.delta()' || segment === 'delta()' ? 'delta' : segment]
      })
    if (segments[0]?.toLowerCase() === 'users' && segments[1] !== undefined) {
      const who = segments[1].toLowerCase()
      const { account } = caller
      const self = [account.id, account.userPrincipalName, account.mail ?? ''].map((s) => s.toLowerCase())
      if (!self.includes(who)) throw graphErrors.accessDenied()
      return ['me', ...segments.slice(2)]
    }
    return segments
  }

  async function readJson(request: IncomingMessage): Promise<Json> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    if (text.trim() === '') return {}
    try {
      const value = JSON.parse(text)
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw graphErrors.invalidJson()
      return value
    } catch {
      throw graphErrors.invalidJson()
    }
  }

  async function route(request: GraphRequest): Promise<Answer> {
    const answer =
      delta.handle(request) ?? (await handleEvents(world, request)) ?? (await subscriptions.handle(request))
    if (answer) return answer
    throw graphErrors.noSegment(request.segments.at(-1) ?? '')
  }

  /** One Graph request, answered; the status it got. */
  async function handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<number> {
    const requestId = randomUUID()
    const clientRequestId = String(request.headers['client-request-id'] ?? requestId)
    let answer: Answer
    let prefer: Preferences | undefined
    try {
      const caller = identity.authenticate(request.headers.authorization)
      // Outlook's limit is per app and mailbox: a request over it is refused before it runs.
      const running = inFlight.get(caller.account.id) ?? 0
      if (faults.mailboxLimit !== null && running >= faults.mailboxLimit) throw graphErrors.mailboxConcurrency(1)
      inFlight.set(caller.account.id, running + 1)
      try {
        if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs))
        const failure = takeFailure(faults, 'graph')
        if (failure) throw graphFailure(failure)
        prefer = preferences(request)
        const graphRequest: GraphRequest = {
          method: request.method ?? 'GET',
          url,
          segments: segmentsOf(url.pathname, caller),
          request,
          caller,
          prefer,
          json: () => readJson(request),
        }
        answer = await route(graphRequest)
        const lost = (faults.lostAnswers ?? []).findIndex((m) => m === undefined || m.includes(graphRequest.method))
        if (lost >= 0) {
          // Done, and its answer lost on the way back: the client's connection is destroyed (logged as 0).
          faults.lostAnswers?.splice(lost, 1)
          request.socket.destroy()
          return 0
        }
      } finally {
        inFlight.set(caller.account.id, (inFlight.get(caller.account.id) ?? 1) - 1)
      }
    } catch (error) {
      const graphError = error instanceof GraphError ? error : new GraphError(500, 'generalException', String(error))
      answer = {
        status: graphError.status,
        body: graphError.body(innerErrorDate(world.now()), requestId, clientRequestId),
        headers: graphError.headers,
      }
    }
    const headers: Record<string, string> = {
      'request-id': requestId,
      'client-request-id': clientRequestId,
      ...(prefer && prefer.applied.length > 0 && answer.status < 300
        ? { 'preference-applied': prefer.applied.join(', ') }
        : {}),
      ...answer.headers,
    }
    if (answer.body === undefined) {
      response.writeHead(answer.status, headers)
      response.end()
    } else {
      response.writeHead(answer.status, { 'content-type': JSON_TYPE, ...headers })
      response.end(JSON.stringify(answer.body))
    }
    return answer.status
  }

  return { handle, delta, subscriptions }
}
