import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { deliverQueuedEmail, type MailDeps } from './outbox.usecases'

/** The mail worker: each queued e-mail is handed to SMTP once (a retry after success finds it sent). */
export function mailWorkers(deps: MailDeps): JobHandlers {
  return {
    'mail.send': async ({ outboxId }) => {
      await deliverQueuedEmail(deps, outboxId)
    },
  }
}
