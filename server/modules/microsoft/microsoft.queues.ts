import { PROVIDER_RETRIES, type QueueTable } from '@server/modules/jobs/queues'

declare module '@server/modules/jobs/queues' {
  interface JobPayloads {
    /** After an Outlook calendar is removed: delete its Graph subscription (with its sealed tokens). */
    'microsoft.release': {
      /** The connection's tokens, sealed with APP_SECRET as they were stored (microsoft-access.ts). */
      sealedCredentials: string
      subscriptionId: string | null
    }
  }
}

export const microsoftQueues: QueueTable = { 'microsoft.release': { policy: 'standard', ...PROVIDER_RETRIES } }
