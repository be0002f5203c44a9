import type { AppDeps } from './http/types'
import type { JobHandlers } from './modules/jobs/job-engine'
import type { WorkerLog } from './plug-in'
import { plugIn, plugInWorkers } from './plug-ins'

/** Tests run workers without a logger; a server passes its own. */
const QUIET: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} }

/** Every queue's worker, with its dependencies: what a server runs besides answering requests. */
export function productWorkers(deps: AppDeps & { log?: WorkerLog }): JobHandlers {
  plugIn()
  return plugInWorkers({ ...deps, log: deps.log ?? QUIET })
}
