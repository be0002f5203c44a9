import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import * as repo from './telegram.repository'

/**
 * A salon's Telegram link: the bot's deep link with the salon's secure hash as `start` parameter
 * (24 characters of Telegram's allowed A-Z a-z 0-9 _ -). Null while the platform has no bot, or
 * before the bot's first start told us its username.
 */
export async function telegramLinkOf(
  db: Executor,
  config: Pick<Config, 'telegram'>,
  salon: Pick<SalonRow, 'hash'>,
): Promise<string | null> {
  if (!config.telegram) return null
  const bot = await repo.findBot(db)
  return bot ? `https://t.me/${bot.username}?start=${salon.hash}` : null
}
