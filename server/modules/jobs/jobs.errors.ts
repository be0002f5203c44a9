import { notFound } from '@server/errors'

/** Only a job that failed for good can be retried: an unknown, waiting, running or finished one cannot. */
export const failedJobNotFound = () => notFound('jobs.not_found', 'No failed job with this id')
