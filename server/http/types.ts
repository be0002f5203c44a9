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

/** What every route module receives: the database, the clock and the configuration. */
export interface AppDeps {
  db: Database
  clock: Clock
  config: Config
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>
