import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { createTransport, type Transporter } from 'nodemailer'
import * as repo from './mail.repository'

/**
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
  const { db, clock, config, log } = deps
  const row = await repo.insertOutboxEmail(db, { ...email, createdAt: clock.now() })
  if (!config.mail.smtpUrl) {
    log.info(
      { outboxId: row.id, to: email.to, subject: email.subject, text: email.text },
      'E-mail written to the outbox (no SMTP_URL)',
    )
    return { sent: false }
  }
  try {
    await transportFor(config.mail.smtpUrl).sendMail({
      from: config.mail.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
    })
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
  const { db, clock, config, log } = deps
  const row = await repo.findOutboxEmail(db, outboxId)
  if (!row || row.sentAt) return
  if (!config.mail.smtpUrl) {
    log.info(
      { outboxId, to: row.to, subject: row.subject, text: row.text },
      'E-mail written to the outbox (no SMTP_URL)',
    )
    return
  }
  try {
    await transportFor(config.mail.smtpUrl).sendMail({
      from: config.mail.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
    })
  } catch (error) {
    const reason = (error as Error).message
    await repo.markOutboxEmail(db, row.id, { error: reason })
    log.warn({ outboxId, to: row.to, reason }, 'E-mail could not be sent; it will be tried again')
    throw error
  }
  await repo.markOutboxEmail(db, row.id, { sentAt: clock.now() })
}
