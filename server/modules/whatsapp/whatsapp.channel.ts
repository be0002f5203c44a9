import type { WhatsAppAccountRow, WhatsAppContactRow } from '@server/db/schema'
import { rememberSalonMessage } from '@server/modules/assistant/salon-messages'
import type { Channel, ChannelMessage, Delivery } from '@server/modules/customers/channels'
import { customerIdsOn } from '@server/modules/customers/customers.usecases'
import * as repo from './whatsapp.repository'
import {
  REENGAGEMENT,
  UNDELIVERABLE,
  WhatsAppOutcomeUnknown,
  WhatsAppRefused,
  WhatsAppTokenRefused,
  WhatsAppUnavailable,
} from './whatsapp-api'
import { mayUseTemplate } from './whatsapp-deliver'
import { queueParts } from './whatsapp-deps'
import * as inbox from './whatsapp-inbox.repository'
import type { TemplatePart } from './whatsapp-parts'
import { markReconnect, sendAndRecord, windowOpen } from './whatsapp-send'
import { asParameter } from './whatsapp-templates'

/**
 * WhatsApp as a channel, through the salon's own number. The customer is reached by the WhatsApp
 * id they wrote from (their phone number). Inside the 24 hours after their last message a reminder
 * is a plain message; outside them, the salon's approved template — and in both cases only for a
 * customer who said yes to reminders on WhatsApp. A salon's notice joins the customer's ordered
 * outbox and counts as told once WhatsApp says it was delivered.
 */
export interface WhatsAppReach {
  account: WhatsAppAccountRow
  contact: WhatsAppContactRow
}

export const whatsappChannel: Channel<WhatsAppReach> = {
  name: 'whatsapp',
  configured: (config) => config.whatsapp !== undefined,

  async reach(deps, db, { salon, customer }) {
    if (!deps.config.whatsapp) return undefined
    const account = await repo.findAccount(db, salon.id)
    if (account?.state !== 'connected' || account.reconnectRequiredAt) return undefined
    const contacts = await repo.findContacts(db, salon.id, await customerIdsOn(db, salon.id, customer.id, 'whatsapp'))
    const [contact] = contacts.sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime())
    return contact && !contact.blockedAt ? { account, contact } : undefined
  },

  async sendNow(deps, reach, message): Promise<Delivery> {
    const whatsapp = deps.config.whatsapp
    if (!whatsapp) return { outcome: 'failed', reason: 'whatsapp_unavailable', detail: 'not configured' }
    const all = { ...deps, whatsapp }
    const { account, contact } = reach
    if (contact.reminders !== 'yes') {
      return { outcome: 'refused', reason: 'whatsapp_not_welcome', detail: 'no yes to WhatsApp reminders' }
    }
    const template = templateOf(message)
    const purpose = message.kind === 'booking_reminder' ? 'reminder' : 'salon_change'
    try {
      if (windowOpen(contact.lastMessageAt, deps.clock.now())) {
        const wamid = await sendAndRecord(
          all,
          account,
          contact.waId,
          { kind: 'text', text: message.text },
          {
            purpose,
            fallback: { template },
          },
        )
        return { outcome: 'sent', detail: wamid }
      }
      if (!(await mayUseTemplate(deps, account, contact, template))) {
        return { outcome: 'refused', reason: 'whatsapp_window_closed', detail: 'outside 24 h, no approved template' }
      }
      const wamid = await sendAndRecord(all, account, contact.waId, template, { purpose })
      return { outcome: 'sent', detail: wamid }
    } catch (error) {
      const detail = (error as Error).message.slice(0, 300)
      if (error instanceof WhatsAppOutcomeUnknown)
        return { outcome: 'unconfirmed', reason: 'whatsapp_unconfirmed', detail }
      if (error instanceof WhatsAppRefused) {
        if (error.code === REENGAGEMENT) return { outcome: 'refused', reason: 'whatsapp_window_closed', detail }
        if (error.code === UNDELIVERABLE) return { outcome: 'refused', reason: 'whatsapp_undeliverable', detail }
        return { outcome: 'failed', reason: 'whatsapp_unavailable', detail }
      }
      if (error instanceof WhatsAppTokenRefused) await markReconnect(all, account, error.message)
      const down = error instanceof WhatsAppUnavailable
      return { outcome: 'failed', reason: 'whatsapp_unavailable', detail, ...(down ? { retryable: error } : {}) }
    }
  },

  async leaveNotice(deps, db, reach, notice, { salon, customer }) {
    const to = { salonId: salon.id, waId: reach.contact.waId }
    await queueParts(deps, db, to, [{ kind: 'notice', text: notice.text, template: templateOf(notice) }], {
      kind: 'salon_change',
      bookingEventId: notice.bookingEventId,
    })
    await rememberSalonMessage(db, { salonId: salon.id, customerId: customer.id, text: notice.text }, 'whatsapp')
    return 'pending'
  },

  async forget(db, salonId, waIds) {
    await repo.forgetContacts(db, salonId, waIds)
    await inbox.forgetMessages(db, salonId, waIds)
  },
}

/** The template saying the same: the reminder's for a reminder, the change notice's for anything else. */
function templateOf(message: ChannelMessage): TemplatePart {
  return {
    kind: 'template',
    purpose: message.kind === 'booking_reminder' ? 'reminder' : 'change',
    language: message.language,
    parameters: [asParameter(message.from, 100), asParameter(message.text)],
  }
}
