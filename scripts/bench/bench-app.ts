import { buildApp } from '@server/app'
import { manualClock } from '@server/clock'
import { loadConfig } from '@server/config'
import { JobEngine } from '@server/modules/jobs/job-engine'
import { queueSettings } from '@server/modules/jobs/queues'
import { plugIn } from '@server/plug-ins'
import { seedDemoData } from '@server/seed'
import { productWorkers } from '@server/workers'
import type { TestApp } from '@tests/helpers/app'
import type { TestDatabase } from '@tests/helpers/database'

/**
 * The app as server/main.ts assembles it — the job engine with production timings (JobEngine's
 * defaults: 2-second polling, LISTEN/NOTIFY, 30-second supervision) and every product worker
 * running — on a bench database with the demo salon and the bench's fixed clock. startTestApp
 * would give the engine the tests' short timings, and the figures would not be a user's.
 */
export async function startAppWithProductionJobs(options: {
  database: TestDatabase
  now: string
  env: Record<string, string>
}): Promise<TestApp> {
  const { database } = options
  const clock = manualClock(options.now)
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    DATA_DIR: '/nonexistent',
    ...options.env,
  })
  // The plug-ins first, as server/main.ts does: a new salon's owner member is made by one of them.
  plugIn()
  await seedDemoData(database.db, clock)
  const jobs = await JobEngine.start(database, {
    timing: { heartbeatSeconds: sharedHeartbeat() },
    log: {
      warn: (obj, msg) => process.stderr.write(`job engine: ${msg} ${JSON.stringify(obj)}\n`),
      error: (obj, msg) => process.stderr.write(`job engine: ${msg} ${JSON.stringify(obj)}\n`),
    },
  })
  const app = await buildApp({ config, db: database.db, clock, jobs })
  await app.ready()
  await jobs.work(productWorkers({ db: database.db, clock, config, jobs }))
  return {
    app,
    config,
    database,
    clock,
    jobs,
    close: async () => {
      await app.close()
      // As server/main.ts stops: jobs running finish first (the database closes after this).
      await jobs.stop()
    },
  }
}

/**
 * The heartbeat every product queue has. Given explicitly because JobEngine.start without
 * `timing` passes an undefined heartbeat for the queues without backoff (calendar.maintain), which
 * pg-boss refuses ("heartbeatSeconds must be an integer >= 10"); the value is the queues' own.
 */
function sharedHeartbeat(): number {
  const values = new Set(Object.values(queueSettings()).map((q) => q.heartbeatSeconds))
  const [only] = values
  if (values.size !== 1 || only === undefined) throw new Error('The product queues no longer share one heartbeat')
  return only
}
