import { buildApp } from '@server/app'
import { type ManualClock, manualClock } from '@server/clock'
import { type Config, loadConfig } from '@server/config'
import type { App } from '@server/http/types'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { seedDemoData } from '@server/seed'
import { productWorkers } from '@server/workers'
import type { FastifyServerOptions } from 'fastify'
import { type Driver, openTestDatabase, type TestDatabase } from './database'
import { startTestJobEngine } from './jobs'

export interface TestApp {
  app: App
  config: Config
  database: TestDatabase
  clock: ManualClock
  /** The app's job engine: jobs are enqueued, but none runs unless the test starts workers. */
  jobs: JobEngine
  close(): Promise<void>
}

/** The demo instant most tests start at: Tuesday 1 December 2026, 08:30 in Paris. */
export const DEMO_NOW = '2026-12-01T08:30:00+01:00'

/** A whole application on a fresh database with the demo salon, and a clock the test controls. */
export async function startTestApp(
  options: {
    driver?: Driver
    now?: string
    seed?: boolean
    database?: TestDatabase
    env?: Record<string, string>
    /** Run the product's job workers (calendar sync…) in this app, as a server does. */
    workers?: boolean
    /** The app's logger (none by default); see tests/helpers/log.ts to read what it writes. */
    logger?: FastifyServerOptions['logger']
    /** A built web app to serve (dist/app's layout: index.html, and ../server/entry-server.js to render pages). */
    webAppDir?: string
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(options.driver ?? 'pglite'))
  const clock = manualClock(options.now ?? DEMO_NOW)
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0000',
    DATA_DIR: '/nonexistent',
    ...options.env,
  })
  if (options.seed !== false) await seedDemoData(database.db, clock)
  const jobs = await startTestJobEngine(database)
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    jobs,
    logger: options.logger,
    webAppDir: options.webAppDir,
  })
  await app.ready()
  if (options.workers) await jobs.work(productWorkers({ db: database.db, clock, config, jobs }))
  return {
    app,
    config,
    database,
    clock,
    jobs,
    close: async () => {
      await app.close()
      await jobs.stop({ graceful: false })
      if (!options.database) await database.close()
    },
  }
}
