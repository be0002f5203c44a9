import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { createTransport, type Transporter } from 'nodemailer'
import * as repo from './outbox.repository'

/**
 * The product's e-mail outbox, infrastructure of the core as the jobs are: account e-mails (a
 * salon's activation) go straight through it, and customers are reached by e-mail through the
 * e-mail channel (email/email.channel.ts), which writes here too.
 *
 * Sends an e-mail: written to the outbox first (so nothing is lost and an administrator can see
 * it), then handed to the SMTP server of SMTP_URL through nodemailer. Without SMTP_URL the outbox
 * and the log are where the mail goes. A refused or failed send is recorded on the outbox row and
 * logged; it never undoes what the mail reports.
 */

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  kind: string
}

export interface MailDeps {
  db: Executor
  clock: Clock
  config: Config
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

const transports = new Map<string, Transporter>()

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl)
  if (!transport) {
    transport = createTransport(smtpUrl)
    transports.set(smtpUrl, transport)
  }
  return transport
}

export async function sendEmail(deps: MailDeps, email: OutgoingEmail): Promise<{ sent: boolean }> {
  const { db, clock, log } = deps
  const row = await repo.insertOutboxEmail(db, { ...email, createdAt: clock.now() })
  try {
    if (!(await handOver(deps, row.id, email))) return { sent: false }
    await repo.markOutboxEmail(db, row.id, { sentAt: clock.now() })
    return { sent: true }
  } catch (error) {
    const reason = (error as Error).message
    await repo.markOutboxEmail(db, row.id, { error: reason })
    log.warn({ outboxId: row.id, to: email.to, reason }, 'E-mail could not be sent; it stays in the outbox')
    return { sent: false }
  }
}

/**
 * Hands an outbox e-mail to SMTP (true), or, without SMTP_URL, to the log (false): the outbox is then
 * where it stays. An SMTP refusal is thrown.
 */
async function handOver(
  { config, log }: MailDeps,
  outboxId: string,
  email: Pick<OutgoingEmail, 'to' | 'subject' | 'text'>,
): Promise<boolean> {
  if (!config.mail.smtpUrl) {
    log.info(
      { outboxId, to: email.to, subject: email.subject, text: email.text },
      'E-mail written to the outbox (no SMTP_URL)',
    )
    return false
  }
  await transportFor(config.mail.smtpUrl).sendMail({
    from: config.mail.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
  })
  return true
}

/**
 * Queues an e-mail: the outbox row and the job that sends it are written through the caller's
 * transaction, so the mail exists exactly when what it reports does, and the request answering
 * never waits for the SMTP server. The `mail.send` job delivers it (retried while SMTP fails).
 */
export async function queueEmail(
  { db, clock, jobs }: { db: Executor; clock: Clock; jobs: Jobs },
  email: OutgoingEmail,
): Promise<{ outboxId: string }> {
  const row = await repo.insertOutboxEmail(db, { ...email, createdAt: clock.now() })
  await jobs.send(db, 'mail.send', { outboxId: row.id })
  return { outboxId: row.id }
}

/**
 * Job `mail.send`: hands a queued e-mail to SMTP once. Without SMTP_URL the outbox and the log are
 * where it goes; a refusal is recorded on the row and thrown, so the job is tried again later.
 */
export async function deliverQueuedEmail(deps: MailDeps, outboxId: string): Promise<void> {
  const { db, clock, log } = deps
  const row = await repo.findOutboxEmail(db, outboxId)
  if (!row || row.sentAt) return
  try {
    if (!(await handOver(deps, outboxId, row))) return
  } catch (error) {
    const reason = (error as Error).message
    await repo.markOutboxEmail(db, row.id, { error: reason })
    log.warn({ outboxId, to: row.to, reason }, 'E-mail could not be sent; it will be tried again')
    throw error
  }
  await repo.markOutboxEmail(db, row.id, { sentAt: clock.now() })
}
