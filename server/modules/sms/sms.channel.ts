import type { Channel, Delivery } from '@server/modules/customers/channels'
import { toE164 } from './phone'
import { SmsMisconfigured, SmsOutcomeUnknown, SmsUnavailable, sendSms } from './twilio'

/**
 * SMS as a channel, for reminders only (a text costs the salon): when the server has Twilio, the
 * salon allows SMS and the customer gave a phone number that reads as one in the salon's country.
 */
export const smsChannel: Channel<string> = {
  name: 'sms',
  configured: (config) => config.sms !== undefined,

  async reach(deps, _db, { salon, customer }) {
    if (!deps.config.sms || !salon.remindBySms || !customer.phone) return undefined
    return toE164(customer.phone, salon.country) ?? undefined
  },

  async sendNow(deps, to, message): Promise<Delivery> {
    const sms = deps.config.sms
    if (!sms) return { outcome: 'failed', reason: 'sms_unavailable', detail: 'not configured' }
    try {
      const outcome = await sendSms(sms, { to, body: message.text })
      if (outcome.status === 'sent') return { outcome: 'sent', detail: outcome.providerId }
      return { outcome: 'refused', reason: 'sms_refused', detail: `${outcome.code}: ${outcome.reason}` }
    } catch (error) {
      const detail = (error as Error).message.slice(0, 300)
      // Twilio may have it: neither resent nor sent by e-mail, so the customer never gets two.
      if (error instanceof SmsOutcomeUnknown) return { outcome: 'unconfirmed', reason: 'sms_unconfirmed', detail }
      if (error instanceof SmsMisconfigured) {
        deps.log.warn({}, 'SMS provider refuses the account: check TWILIO_*')
        return { outcome: 'failed', reason: 'sms_misconfigured', detail }
      }
      const down = error instanceof SmsUnavailable
      return { outcome: 'failed', reason: 'sms_unavailable', detail, ...(down ? { retryable: error } : {}) }
    }
  },
}
