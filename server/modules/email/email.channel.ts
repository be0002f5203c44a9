import type { Channel, ChannelMessage } from '@server/modules/customers/channels'
import { sendEmail } from '@server/modules/outbox/outbox.usecases'

/**
 * E-mail as a channel, to the address the customer gave. Written to the outbox first; counted as
 * sent when the SMTP server took it, or — on a server without SMTP_URL, where the outbox is where
 * mail goes — once it is in the outbox.
 */
export const emailChannel: Channel<string> = {
  name: 'email',

  async reach(_deps, _db, { customer }) {
    return customer.email?.trim() || undefined
  },

  async sendNow(deps, to, message) {
    const { sent } = await sendEmail(deps, { to, ...letter(message) })
    if (sent || !deps.config.mail.smtpUrl) return { outcome: 'sent', detail: sent ? null : 'outbox' }
    return { outcome: 'failed', reason: 'email_failed', detail: 'smtp' }
  },

  async leaveNotice(deps, db, to, notice) {
    const { sent } = await sendEmail({ ...deps, db }, { to, ...letter(notice) })
    return sent || !deps.config.mail.smtpUrl ? 'told' : 'not_told'
  },
}

function letter(message: ChannelMessage) {
  return { subject: message.letter.subject, text: message.letter.text, kind: message.kind }
}
