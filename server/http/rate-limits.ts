import {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  normalizeIP,
  type RateLimitOptions,
} from '@fastify/rate-limit'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import { AppError } from '@server/errors'
import { countHit, deleteEndedCounters, uncountHit } from '@server/modules/system/rate-limits.repository'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Rate limits, counted in PostgreSQL (table rate_limits) so every instance on the database shares
 * them, on the app's clock. A limit has a name, and its counters are keyed `<name>:<key>`: two
 * routes share a budget exactly when they use the same limit. Two ways to apply one:
 *  - `routeLimit(limit)` in a route's `config.rateLimit`: @fastify/rate-limit counts it (through
 *    the store below) and refuses with 429 `request.rate_limited` and Retry-After;
 *  - `consumeLimit(deps, limit, key)` where the route decides what "over the limit" means (the chat
 *    has several budgets, the ambassador's Google link redirects instead of answering JSON).
 * A route that limits failed attempts only counts every attempt first (so simultaneous attempts
 * cannot slip past the count) and gives the hit back with `refundLimit` when the attempt succeeded.
 */
export interface Limit {
  /** Namespace of the counters: routes that name the same limit share its budget. */
  name: string
  max: number
  windowMs: number
}

export type LimitDeps = { db: Database; clock: Clock }

export interface LimitVerdict {
  hits: number
  exceeded: boolean
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number
}

/** The client's address, an IPv6 one reduced to its /64 (one subscriber's block, as the plugin does). */
export const clientKey = (request: FastifyRequest): string => normalizeIP(request.ip, 64)

/**
 * A request from this machine itself (127.0.0.0/8, ::1): the server's own tools (the dialogue
 * runner, a health probe), or a reverse proxy on the same host whose clients are only told apart
 * with TRUST_PROXY. Either way it is not one client, and a per-client ceiling on it would hold back
 * every customer at once.
 */
export function isLoopback(request: FastifyRequest): boolean {
  const ip = request.ip.replace(/^::ffff:/, '')
  return ip === '::1' || /^127\./.test(ip)
}

/**
 * Ended counters are deleted now and then, piggy-backed on a hit: at most once per SWEEP_EVERY_MS of
 * the clock per database handle and process. No job runner exists yet; a counter left over is
 * harmless (its next hit restarts it at 1), the sweep only keeps one-off keys (a chat id, an
 * address) from piling up. One indexed delete every few minutes costs nothing noticeable.
 */
export const SWEEP_EVERY_MS = 5 * 60_000
const lastSweep = new WeakMap<Database, number>()

/** Counts one hit of `key` against `limit`. */
export async function consumeLimit({ db, clock }: LimitDeps, limit: Limit, key: string): Promise<LimitVerdict> {
  const now = clock.now()
  const { hits, resetsAt } = await countHit(db, `${limit.name}:${key}`, now, limit.windowMs)
  await sweepNowAndThen(db, now)
  return {
    hits,
    exceeded: hits > limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)),
  }
}

/** Gives back a hit counted by `consumeLimit` (an attempt that succeeded does not spend the budget). */
export async function refundLimit({ db, clock }: LimitDeps, limit: Limit, key: string): Promise<void> {
  await uncountHit(db, `${limit.name}:${key}`, clock.now())
}

async function sweepNowAndThen(db: Database, now: Date): Promise<void> {
  const last = lastSweep.get(db)
  if (last !== undefined && now.getTime() - last < SWEEP_EVERY_MS) return
  lastSweep.set(db, now.getTime())
  // A failed sweep is tried again at the next one; the hit itself has already been counted.
  await deleteEndedCounters(db, now).catch(() => {})
}

/** The refusal of every limit: 429 with the seconds to wait, in the body and in Retry-After. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('request.rate_limited', 429, 'Too many requests at once; please wait a moment.', {
    retryAfterSeconds,
  })

/** Counts one hit and refuses the request (429, Retry-After) when it is over the limit. */
export async function enforceLimit(
  deps: LimitDeps,
  limit: Limit,
  key: string,
  reply: FastifyReply,
): Promise<LimitVerdict> {
  const verdict = await consumeLimit(deps, limit, key)
  if (verdict.exceeded) {
    reply.header('retry-after', String(verdict.retryAfterSeconds))
    throw tooManyRequests(verdict.retryAfterSeconds)
  }
  return verdict
}

/** The name the store reads from a route's merged options. */
const LIMIT_NAME = 'limitName'

/** A route's `config.rateLimit` for `limit`, keyed by the client's address unless `key` says otherwise. */
export function routeLimit(
  limit: Limit,
  options: Pick<RateLimitOptions, 'hook' | 'errorResponseBuilder' | 'keyGenerator'> = {},
): RateLimitOptions {
  const named = { [LIMIT_NAME]: limit.name }
  return Object.assign(named, { keyGenerator: clientKey, ...options, max: limit.max, timeWindow: limit.windowMs })
}

/** The limit name in a route's merged options (the plugin passes every option on to the store). */
function limitNameOf(options: unknown): string | undefined {
  const name = (options as Record<string, unknown>)[LIMIT_NAME]
  return typeof name === 'string' ? name : undefined
}

interface StoreResult {
  current: number
  ttl: number
}

/**
 * The store @fastify/rate-limit counts through (its `store` option): each route's child store
 * carries the route's limit name, and every hit is one upsert in PostgreSQL. A route limited
 * without `routeLimit` has no name and is refused when the app starts, so no two routes ever share
 * counters by accident.
 */
export function databaseRateLimitStore(deps: LimitDeps) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly name: string | undefined

    constructor(options: FastifyRateLimitOptions) {
      this.name = limitNameOf(options)
    }

    incr(key: string, callback: (error: Error | null, result?: StoreResult) => void, timeWindow: number, max: number) {
      const name = this.name
      if (!name) {
        callback(new Error('This rate limit has no name: declare it with routeLimit()'))
        return
      }
      consumeLimit(deps, { name, max, windowMs: timeWindow }, key).then(
        (verdict) => callback(null, { current: verdict.hits, ttl: verdict.retryAfterSeconds * 1000 }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      if (!limitNameOf(routeOptions)) {
        const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
        throw new Error(`The rate limit of ${route?.method} ${route?.url} has no name: declare it with routeLimit()`)
      }
      return new DatabaseRateLimitStore(routeOptions)
    }
  }
}
