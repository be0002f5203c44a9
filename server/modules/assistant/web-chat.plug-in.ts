import type { PlugIn } from '@server/plug-in'
import { webChatChannel } from './web-chat.channel'

/** The salon's web link: the customer's chat window shows reminders and notices when they come back. */
export const webChat: PlugIn = { name: 'web-chat', channels: [webChatChannel] }
