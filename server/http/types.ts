import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Clock } from '../clock'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Jobs } from '../modules/jobs/job-engine'

/** What every route module receives: the database, the clock, the configuration and the job queue. */
export interface AppDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
