import type { PlugIn } from '@server/plug-in'
import { telegramChannel } from './telegram.channel'
import { telegramWorkers } from './telegram.jobs'
import { telegramQueues } from './telegram.queues'
import { telegramRoutes } from './telegram.routes'
import { telegramSalonFacts } from './telegram.salon-facts'
import { telegramApi } from './telegram-api'

/** Customers chat with the salon's assistant through the salon's own Telegram bot. */
export const telegram: PlugIn = {
  name: 'telegram',
  channels: [telegramChannel],
  salonFacts: [telegramSalonFacts],
  queues: telegramQueues,
  routes: telegramRoutes,
  workers: (deps) => {
    const config = deps.config.telegram
    return config ? telegramWorkers({ ...deps, telegram: config, api: telegramApi(config) }) : {}
  },
}
