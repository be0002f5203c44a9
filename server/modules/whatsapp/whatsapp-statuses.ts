import type { Clock } from '@server/clock'
import type { Executor } from '@server/db/client'
import { addEventTeller } from '@server/modules/bookings/booking-events.repository'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { followReminderDelivery } from '@server/modules/reminders/reminder-deliveries'
import { REENGAGEMENT, UNDELIVERABLE } from './whatsapp-api'
import { noteStatus } from './whatsapp-inbox.repository'
import type { NotifiedStatus } from './whatsapp-webhook'

/**
 * What Meta says of a message after it took it: sent, delivered (on the customer's phone), read,
 * or failed with a code. Kept on the message; a reminder's delivery shows on the booking's panel; a
 * salon's notice counts as told once delivered. A failure is acted on: outside the 24 hours
 * (131047) the template goes instead, if there is one the customer may get; undeliverable (131026)
 * or anything else hands a reminder to the next channel.
 */

/** What a message stands for, for the reminders: a template sent in its place keeps the first one's reference. */
export function referenceOf(sent: { wamid: string; fallback: unknown }): string {
  const replaces = (sent.fallback as { replaces?: unknown } | null)?.replaces
  return typeof replaces === 'string' ? replaces : sent.wamid
}

export async function followStatus(
  deps: { clock: Clock; jobs: Jobs },
  tx: Executor,
  salonId: string,
  status: NotifiedStatus,
): Promise<void> {
  const before = await noteStatus(tx, status.wamid, status.status, status.at, status.errorCode)
  if (!before || before.salonId !== salonId) return
  const reference = { channel: 'whatsapp', reference: referenceOf(before) }
  if (status.status === 'delivered' || status.status === 'read') {
    // Each step is told once: "read" may arrive without "delivered" before it.
    if (before.status === 'accepted' || before.status === 'sent') {
      if (before.purpose === 'salon_change' && before.bookingEventId) {
        await addEventTeller(tx, before.bookingEventId, 'whatsapp')
      }
    }
    await followReminderDelivery(deps, tx, reference, { status: status.status, at: status.at })
    return
  }
  if (status.status !== 'failed') return
  const template = (before.fallback as { template?: unknown } | null)?.template
  if (status.errorCode === REENGAGEMENT && template) {
    await deps.jobs.send(tx, 'whatsapp.fallback', { salonId, wamid: before.wamid })
    return
  }
  const detail =
    status.errorCode === UNDELIVERABLE ? 'whatsapp_undeliverable' : `whatsapp_failed_${status.errorCode ?? ''}`
  await followReminderDelivery(deps, tx, reference, { status: 'undelivered', at: status.at, detail })
}
