import { join } from 'node:path'
import { systemClock } from '@server/clock'
import { loadConfig } from '@server/config'
import { openDatabase } from '@server/db/client'
import { plugIn } from '@server/plug-ins'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { remindersWorkers } from './reminders.jobs'
import { dispatchDueReminders } from './send-reminder'

/**
 * A server's reminder work in a process of its own, for the kill -9 test: the product's job engine
 * and reminder workers on the test's database, a clock started at CHILD_NOW, the dispatch the
 * minute's cron would run, then "dispatched". The test kills it with SIGKILL while it sends.
 */
const env = process.env
const database = env.CHILD_DATABASE_URL
  ? await openDatabase({ driver: 'postgres', url: env.CHILD_DATABASE_URL })
  : await openDatabase({ driver: 'pglite', dataDir: join(env.CHILD_DATA_DIR ?? '', 'pglite') })
const config = loadConfig({
  NODE_ENV: 'test',
  APP_SECRET: env.CHILD_APP_SECRET,
  DATA_DIR: '/nonexistent',
  TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
  TWILIO_FROM: env.TWILIO_FROM,
  TWILIO_BASE_URL: env.TWILIO_BASE_URL,
})
// As a server does (server/workers.ts): the channels reminders go through, plugged in.
plugIn()
const clock = systemClock(new Date(env.CHILD_NOW ?? ''))
const jobs = await startTestJobEngine(database)
const log = { info: () => {}, warn: () => {} }
await jobs.work(remindersWorkers({ db: database.db, clock, config, log, jobs }))
await dispatchDueReminders({ db: database.db, clock, jobs })
process.stdout.write('dispatched\n')
