import type { JobHandlers } from '@server/modules/jobs/job-engine'
import * as repo from './telegram.repository'
import { answerChat } from './telegram-chat'
import { deliverChat } from './telegram-deliver'
import type { TelegramDeps } from './telegram-deps'

const DAY_MS = 24 * 60 * 60 * 1000

/** The bot's workers: answering chats, delivering their messages, forgetting old updates. */
export function telegramWorkers(deps: TelegramDeps): JobHandlers {
  return {
    'telegram.chat': async ({ chatId }) => {
      await answerChat(deps, chatId)
    },
    'telegram.deliver': async ({ chatId }) => {
      await deliverChat(deps, chatId)
    },
    'telegram.maintain': async () => {
      const now = deps.clock.now().getTime()
      await repo.prune(deps.db, { updates: new Date(now - 7 * DAY_MS), messages: new Date(now - 30 * DAY_MS) })
    },
  }
}
