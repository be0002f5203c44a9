import type { Clock } from '@server/clock'
import type { Config, WhatsAppConfig } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { enqueue } from './whatsapp-inbox.repository'
import type { WhatsAppPart } from './whatsapp-parts'

export interface WhatsAppLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** What WhatsApp's routes and jobs need: the database, the clock, the job engine and Meta's app settings. */
export interface WhatsAppDeps {
  db: Database
  clock: Clock
  jobs: Jobs
  config: Config
  whatsapp: WhatsAppConfig
  log: WhatsAppLog
}

/** Secrets are sealed under their own purpose: a secret of another kind never opens as one of these. */
export const TOKEN_PURPOSE = 'whatsapp-token'
export const PIN_PURPOSE = 'whatsapp-pin'
export const CODE_PURPOSE = 'whatsapp-code'

/** One job at a time per customer: their messages go out, and are answered, in order. */
export const customerKey = (to: { salonId: string; waId: string }) => `${to.salonId}:${to.waId}`

/**
 * Queues messages to a customer in the caller's transaction, and the customer's delivery job with
 * them: they leave only if what decided them commits.
 */
export async function queueParts(
  deps: { jobs: Jobs; clock: Clock },
  db: Executor,
  to: { salonId: string; waId: string },
  parts: WhatsAppPart[],
  options: { kind?: 'reply' | 'salon_change'; bookingEventId?: string } = {},
): Promise<boolean> {
  if (parts.length === 0) return false
  const seq = await enqueue(
    db,
    {
      ...to,
      kind: options.kind ?? 'reply',
      parts,
      ...(options.bookingEventId ? { bookingEventId: options.bookingEventId } : {}),
    },
    deps.clock.now(),
  )
  if (seq === undefined) return false
  await deps.jobs.send(db, 'whatsapp.deliver', to, { singletonKey: customerKey(to) })
  return true
}
