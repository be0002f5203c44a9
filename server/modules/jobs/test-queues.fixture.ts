import type { QueueSettings } from './queues'

/** Queues of the job engine's own tests (not the product's): plain, flaky, keyed and slow jobs. */
export interface TestPayloads {
  'test.echo': { n: number }
  'test.flaky': { n: number }
  'test.keyed': { n: number }
  'test.slow': { n: number }
}

const BASE: QueueSettings = {
  policy: 'standard',
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 2,
  heartbeatSeconds: 10,
  expireInSeconds: 60,
  deleteAfterSeconds: 3600,
}

export const TEST_QUEUES: Record<keyof TestPayloads, QueueSettings> = {
  'test.echo': { ...BASE, concurrency: 4 },
  'test.flaky': BASE,
  'test.keyed': { ...BASE, policy: 'stately', concurrency: 4 },
  'test.slow': BASE,
}
