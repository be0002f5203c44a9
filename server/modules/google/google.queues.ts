import { PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** After a disconnect: stop Google's push channel, then revoke the grant (sealed token). */
    'calendar.release': {
      /** The grant's token, encrypted with APP_SECRET as it was stored. */
      sealedToken: string
      tokenKind: 'refresh' | 'access'
      channel: { id: string; resourceId: string } | null
    }
  }
}

export const googleQueues: QueueTable = { 'calendar.release': { policy: 'standard', ...PROVIDER_RETRIES } }
