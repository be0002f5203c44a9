import type { Executor } from '@server/db/client'
import * as repo from './whatsapp.repository'
import { languageOfCode, purposeOfName, TEMPLATE_NAMES, type TemplatePurpose } from './whatsapp-templates'
import type { NotifiedReview } from './whatsapp-webhook'

/**
 * Meta's review of the salon's templates, kept on our side: the card shows it, and a template not
 * APPROVED is never sent (the next channel takes the reminder). Reviews arrive by webhook
 * (`message_template_status_update`) and are read again by the maintenance job.
 */

/** A review's event is the new status (APPROVED, REJECTED, PAUSED, DISABLED, IN_APPEAL, FLAGGED…). */
export async function followTemplateReview(db: Executor, review: NotifiedReview, now: Date): Promise<void> {
  const language = languageOfCode(review.language)
  if (!purposeOfName(review.name) || !language) return
  for (const account of await repo.findAccountsByWaba(db, review.wabaId)) {
    await repo.saveTemplate(
      db,
      {
        salonId: account.salonId,
        name: review.name,
        language,
        status: review.event.toUpperCase(),
        reason: review.reason && review.reason !== 'NONE' ? review.reason : null,
      },
      now,
    )
  }
}

/** Whether the salon may send this template now. */
export async function templateApproved(
  db: Executor,
  salonId: string,
  purpose: TemplatePurpose,
  language: string,
): Promise<boolean> {
  const template = await repo.findTemplate(db, salonId, TEMPLATE_NAMES[purpose], language)
  return template?.status === 'APPROVED'
}
