import type { AdminAmbassador, FailedJob } from '@common/schemas/admin'
import type { AmbassadorStats } from '@common/schemas/ambassador'
import type { AmbassadorRow } from '@server/db/schema'
import type { FailedJobRow } from '@server/modules/jobs/jobs.repository'

/** Enough of an error for an administrator to see what went wrong; the rest is in the logs. */
const ERROR_MAX_CHARS = 300

/** The last attempt's error, on one line and shortened; pg-boss keeps a thrown Error's message there. */
function lastError(output: FailedJobRow['output']): string | null {
  const message = typeof output?.message === 'string' ? output.message.replace(/\s+/g, ' ').trim() : ''
  if (!message) return null
  return message.length > ERROR_MAX_CHARS ? `${message.slice(0, ERROR_MAX_CHARS - 1).trimEnd()}…` : message
}

/**
 * A failed job as the panel shows it. Its payload never leaves the server (a release job carries
 * the grant's encrypted token): `about` is what the use case derived from it for a person.
 */
export function presentFailedJob(row: FailedJobRow, about: string | null): FailedJob {
  return {
    id: row.id,
    queue: row.name,
    about,
    error: lastError(row.output),
    // pg-boss counts retries; the first attempt is not one.
    attempts: row.retryCount + 1,
    failedAt: row.failedOn.toISOString(),
    createdAt: row.createdOn.toISOString(),
  }
}

export function presentAdminAmbassador(row: AmbassadorRow, stats: AmbassadorStats): AdminAmbassador {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    referralCode: row.referralCode,
    isActive: row.isActive,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    stats,
  }
}
