import { followReminderDelivery } from '@server/modules/reminders/reminder-deliveries'
import * as repo from './whatsapp.repository'
import { WhatsAppRefused, WhatsAppTokenRefused } from './whatsapp-api'
import { mayUseTemplate } from './whatsapp-deliver'
import type { WhatsAppDeps } from './whatsapp-deps'
import { findSent } from './whatsapp-inbox.repository'
import type { TemplatePart } from './whatsapp-parts'
import { markReconnect, sendAndRecord } from './whatsapp-send'
import { referenceOf } from './whatsapp-statuses'

/**
 * Job `whatsapp.fallback`: Meta reported a reminder or a notice as sent outside the 24 hours
 * (131047, re-engagement). Its template goes instead when the customer said yes to WhatsApp
 * messages and Meta approved it — under the first message's reference, so the reminder's history
 * follows the template's delivery. Otherwise a reminder goes to the next channel.
 */
export async function sendFallback(deps: WhatsAppDeps, salonId: string, wamid: string): Promise<void> {
  const sent = await findSent(deps.db, wamid)
  const template = (sent?.fallback as { template?: TemplatePart } | null)?.template
  if (!sent || sent.salonId !== salonId || !template) return
  const account = await repo.findAccount(deps.db, salonId)
  const contact = await repo.findContact(deps.db, { salonId, waId: sent.waId })
  const reference = referenceOf(sent)
  const usable = account && account.state === 'connected' && !account.reconnectRequiredAt
  if (usable && (await mayUseTemplate(deps, account, contact, template))) {
    try {
      await sendAndRecord(deps, account, sent.waId, template, {
        purpose: sent.purpose as 'reminder' | 'salon_change',
        bookingEventId: sent.bookingEventId,
        fallback: { replaces: reference },
      })
      return
    } catch (error) {
      if (error instanceof WhatsAppTokenRefused) await markReconnect(deps, account, error.message)
      else if (!(error instanceof WhatsAppRefused)) throw error
    }
  }
  await followReminderDelivery(
    deps,
    deps.db,
    { channel: 'whatsapp', reference },
    { status: 'undelivered', at: deps.clock.now(), detail: 'whatsapp_window_closed' },
  )
}
