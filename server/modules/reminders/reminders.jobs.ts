import type { JobHandlers, Jobs } from '@server/modules/jobs/job-engine'
import { dispatchDueReminders, type ReminderDeps, sendReminder } from './send-reminder'

/** The reminders' workers: the minute's dispatch, and each reminder's sending. */
export function remindersWorkers(deps: ReminderDeps & { jobs: Jobs }): JobHandlers {
  return {
    'reminders.dispatch': async () => {
      await dispatchDueReminders(deps)
    },
    'reminders.send': async ({ reminderId }, job) => {
      await sendReminder(deps, reminderId, job)
    },
  }
}
