import type { PlugIn } from '@server/plug-in'
import { emailChannel } from './email.channel'

/** Reminders and the salon's notices by e-mail, when the customer left an address. */
export const email: PlugIn = { name: 'email', channels: [emailChannel] }
