import type { PlugIn } from '@server/plug-in'
import { smsChannel } from './sms.channel'

/** Reminders by text message (Twilio), when the customer left a mobile number. */
export const sms: PlugIn = { name: 'sms', channels: [smsChannel] }
