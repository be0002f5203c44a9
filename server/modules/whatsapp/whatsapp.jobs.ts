import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { answerWhatsAppCustomer } from './whatsapp-chat'
import { maintainWhatsApp, releaseWaba, setUpNumber } from './whatsapp-connect'
import { deliverToCustomer } from './whatsapp-deliver'
import type { WhatsAppDeps } from './whatsapp-deps'
import { sendFallback } from './whatsapp-fallback'

/** WhatsApp's workers: answering, delivering, setting numbers up, falling back to templates, upkeep, letting go. */
export function whatsappWorkers(deps: WhatsAppDeps): JobHandlers {
  return {
    'whatsapp.chat': async ({ salonId, waId }) => {
      await answerWhatsAppCustomer(deps, salonId, waId)
    },
    'whatsapp.deliver': async ({ salonId, waId }) => {
      await deliverToCustomer(deps, salonId, waId)
    },
    'whatsapp.connect': async ({ salonId, phoneNumberId }, job) => {
      await setUpNumber(deps, salonId, phoneNumberId, job)
    },
    'whatsapp.fallback': async ({ salonId, wamid }) => {
      await sendFallback(deps, salonId, wamid)
    },
    'whatsapp.maintain': async () => {
      await maintainWhatsApp(deps)
    },
    'whatsapp.release': async ({ wabaId, sealedToken }) => {
      await releaseWaba(deps, wabaId, sealedToken)
    },
  }
}
