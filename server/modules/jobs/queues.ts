import { Registry } from '@server/registry'
import type { QueuePolicy } from 'pg-boss'

/**
 * Every kind of background job, its payload and how its queue behaves. Payloads carry ids, never
 * personal data or tokens in clear: a handler reads the current facts when it runs, which is also
 * what makes it idempotent (running it twice converges on the same state).
 *
 * The job engine knows no queue by name: each module declares its own (`<module>.queues.ts`) — its
 * payloads by adding them to `JobPayloads` (TypeScript's declaration merging), its settings as a
 * `QueueTable` that server/plug-ins.ts plugs in before the engine starts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface JobPayloads {}

export type JobName = keyof JobPayloads

export interface QueueSettings {
  /** `stately`: at most one waiting and one running job per singletonKey (later sends fold in). */
  policy: QueuePolicy
  retryLimit: number
  /** Seconds before the first retry; doubled at each attempt (with jitter) up to retryDelayMax. */
  retryDelay: number
  retryBackoff: boolean
  /** Only with retryBackoff. */
  retryDelayMax?: number
  /** A running job sends a heartbeat this often; silent twice as long, it is retried elsewhere. */
  heartbeatSeconds: number
  expireInSeconds: number
  /** Failed jobs stay this long for administrators to see and retry. */
  retentionSeconds?: number
  deleteAfterSeconds: number
  /** Jobs of this queue running at once in one instance. */
  concurrency?: number
  /** Periodic queues: a cron expression (UTC); one instance sends each occurrence. */
  cron?: string
}

export const DAY_SECONDS = 24 * 60 * 60

/** A periodic queue's round: a missed or failed round is simply the next one, so no retry. */
export const PERIODIC = {
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: DAY_SECONDS,
} satisfies Partial<QueueSettings>

/** Talking to a provider (a calendar, a chat platform): up to 10 attempts over about 2 hours (5 s, 10 s, 20 s … capped at 30 min). */
export const PROVIDER_RETRIES = {
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
} satisfies Partial<QueueSettings>

/** An e-mail or a notice to a person: the SMTP server or the database may be down a moment, so a few tries over about an hour. */
export const TELLING_A_PERSON: QueueSettings = {
  policy: 'standard',
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 20 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
}

/**
 * Answering a chat on a platform: one job per conversation keeps its messages in order, chats run
 * side by side. The channel gives up a poison message after a few tries of its own, whatever these
 * retries.
 */
export const ANSWERING_A_CHAT = {
  policy: 'stately',
  concurrency: 8,
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 5 * 60,
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 7 * DAY_SECONDS,
} satisfies QueueSettings

/** A module's queues and their settings, as it declares them. */
export type QueueTable = { readonly [N in JobName]?: QueueSettings }

export interface QueueDeclaration {
  /** The module that declares them (its folder's name). */
  name: string
  queues: QueueTable
}

const DECLARED = new Registry<QueueDeclaration>()

/** Plugs a module's queues in (server/plug-ins.ts); returns how to take them out. */
export function plugInQueues(declaration: QueueDeclaration): () => void {
  return DECLARED.plugIn(declaration)
}

/** Every queue plugged in, with its settings: what the job engine creates when it starts. */
export function queueSettings(): Record<JobName, QueueSettings> {
  return Object.assign({}, ...DECLARED.all().map((d) => d.queues))
}

/** Whether a queue is one of the product's (plugged in). */
export function isProductQueue(name: string): name is JobName {
  return DECLARED.all().some((d) => Object.hasOwn(d.queues, name))
}
