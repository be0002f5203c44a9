import type { PlugIn } from '@server/plug-in'
import { whatsappChannel } from './whatsapp.channel'
import { whatsappWorkers } from './whatsapp.jobs'
import { whatsappQueues } from './whatsapp.queues'
import { whatsappRoutes } from './whatsapp.routes'

/** Customers write to the salon's own WhatsApp number; the assistant answers and reminds them there. */
export const whatsapp: PlugIn = {
  name: 'whatsapp',
  channels: [whatsappChannel],
  queues: whatsappQueues,
  routes: whatsappRoutes,
  workers: (deps) => {
    const config = deps.config.whatsapp
    return config ? whatsappWorkers({ ...deps, whatsapp: config }) : {}
  },
}
