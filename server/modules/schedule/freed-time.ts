import type { Executor } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { Registry } from '@server/registry'

/**
 * Who follows time a salon's schedule gives back — an absence or a weekly block removed — in the
 * change's transaction (the waiting list, server/plug-ins.ts). Cheap by rule, as booking
 * subscribers are: at most one statement of jobs.
 */
export interface FreedTimeFollower {
  name: string
  onTimeFreed(db: Executor, jobs: Jobs, salonId: string): Promise<void>
}

const followers = new Registry<FreedTimeFollower>()

export function followFreedTime(follower: FreedTimeFollower): () => void {
  return followers.plugIn(follower)
}

export async function publishFreedTime(db: Executor, jobs: Jobs, salonId: string): Promise<void> {
  for (const follower of followers.all()) await follower.onTimeFreed(db, jobs, salonId)
}
