import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import type { Jobs } from '@server/modules/jobs/job-engine'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

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
