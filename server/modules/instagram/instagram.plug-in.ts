import type { PlugIn } from '@server/plug-in'
import { instagramChannel } from './instagram.channel'
import { instagramWorkers } from './instagram.jobs'
import { instagramQueues } from './instagram.queues'
import { instagramRoutes } from './instagram.routes'
import { instagramSalonFacts } from './instagram.salon-facts'

/** Customers write to the salon's Instagram account; the assistant answers in its direct messages. */
export const instagram: PlugIn = {
  name: 'instagram',
  channels: [instagramChannel],
  salonFacts: [instagramSalonFacts],
  queues: instagramQueues,
  routes: instagramRoutes,
  workers: (deps) => {
    const config = deps.config.instagram
    return config ? instagramWorkers({ ...deps, instagram: config }) : {}
  },
}
