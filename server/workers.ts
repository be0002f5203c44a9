import type { AppDeps } from './http/types'
import { bookingsWorkers } from './modules/bookings/bookings.jobs'
import { calendarSyncWorkers } from './modules/calendar-sync/calendar-sync.jobs'
import { customerNoticesWorkers } from './modules/customer-notices/customer-notices.jobs'
import { googleWorkers } from './modules/google/google.jobs'
import { instagramWorkers } from './modules/instagram/instagram.jobs'
import type { JobHandlers } from './modules/jobs/job-engine'
import { mailWorkers } from './modules/outbox/outbox.jobs'
import { remindersWorkers } from './modules/reminders/reminders.jobs'
import { telegramWorkers } from './modules/telegram/telegram.jobs'
import { telegramApi } from './modules/telegram/telegram-api'
import { plugIn } from './plug-ins'

type WorkerLog = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}
/** Tests run workers without a logger; a server passes its own. */
const QUIET: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} }

/** Every queue's worker, with its dependencies: what a server runs besides answering requests. */
export function productWorkers(deps: AppDeps & { log?: WorkerLog }): JobHandlers {
  plugIn()
  const telegram = deps.config.telegram
  const instagram = deps.config.instagram
  return {
    ...(instagram ? instagramWorkers({ ...deps, log: deps.log ?? QUIET, instagram }) : {}),
    ...(telegram ? telegramWorkers({ ...deps, log: deps.log ?? QUIET, telegram, api: telegramApi(telegram) }) : {}),
    ...bookingsWorkers(deps),
    ...customerNoticesWorkers({ ...deps, log: deps.log ?? QUIET }),
    ...remindersWorkers({ ...deps, log: deps.log ?? QUIET }),
    ...mailWorkers({ ...deps, log: deps.log ?? QUIET }),
    ...calendarSyncWorkers(deps),
    ...googleWorkers(deps),
  }
}
