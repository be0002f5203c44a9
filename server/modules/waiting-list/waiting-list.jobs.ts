import { instantToLocal } from '@common/time'
import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { findSalonById } from '@server/modules/salons/salons.repository'
import type { WorkerDeps } from '@server/plug-in'
import * as repo from './waiting-list.repository'
import { tellWaitingCustomer } from './waiting-list.telling'
import { reviewSoon, reviewWaitingList } from './waiting-list.usecases'

/** The waiting list's workers: reviews, one message at a time, and the periodic round. */
export function waitingListWorkers(deps: WorkerDeps): JobHandlers {
  return {
    'waiting-list.review': async ({ salonId }) => {
      const salon = await findSalonById(deps.db, salonId)
      if (salon) await reviewWaitingList(deps, salon)
    },
    'waiting-list.tell': async ({ entryId, key }) => {
      await tellWaitingCustomer(deps, entryId, key)
    },
    'waiting-list.sweep': async () => {
      // The earliest day anywhere (UTC−12) that may still be today somewhere: each review then
      // keeps its own salon's days from its own today.
      const fromDay = instantToLocal(deps.clock.now(), 'Etc/GMT+12').date
      const salonIds = await repo.salonsWithActiveEntries(deps.db, fromDay)
      await deps.db.transaction(async (tx) => {
        for (const salonId of salonIds) await reviewSoon(tx, deps.jobs, salonId)
      })
    },
  }
}
