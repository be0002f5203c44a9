import type { SalonFactsSource } from '@server/modules/salons/salon-plug-ins'
import * as repo from './telegram.repository'

/**
 * A salon's chat link on Telegram: the bot's deep link with the salon's secure hash as `start`
 * parameter (24 characters of Telegram's allowed A-Z a-z 0-9 _ -). None while the platform has no
 * bot, or before the bot's first start told us its username.
 */
export const telegramSalonFacts: SalonFactsSource = {
  name: 'telegram',
  gives: ['telegramLink'],
  async read(db, config, salons) {
    const bot = config.telegram ? await repo.findBot(db) : undefined
    const hashes = new Map(salons.map((s) => [s.id, s.hash]))
    return (salonId) => {
      const hash = hashes.get(salonId)
      return bot && hash ? { telegramLink: `https://t.me/${bot.username}?start=${hash}` } : {}
    }
  },
}
