import { join } from 'node:path'
import { openDatabase } from '@server/db/client'
import { JobEngine } from './job-engine'
import { TEST_QUEUES, type TestPayloads } from './test-queues.fixture'

/**
 * A worker process for the kill -9 test: takes the slow job, says "working", and never finishes.
 * The test kills it with SIGKILL while the job is held.
 */
const database = process.env.CHILD_DATABASE_URL
  ? await openDatabase({ driver: 'postgres', url: process.env.CHILD_DATABASE_URL })
  : await openDatabase({ driver: 'pglite', dataDir: join(process.env.CHILD_DATA_DIR ?? '', 'pglite') })
const engine = await JobEngine.start<TestPayloads>(
  database,
  {
    log: { warn: () => {}, error: () => {} },
    timing: { heartbeatSeconds: 10 },
    pollingIntervalSeconds: 0.5,
  },
  TEST_QUEUES,
)
await engine.work({
  'test.slow': async () => {
    process.stdout.write('working\n')
    await new Promise(() => {})
  },
})
