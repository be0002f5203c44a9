import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { sqlState } from './db/client'
import { databaseFailure } from './db/failures'
import type { DatabaseHealth } from './db/health'

/**
 * Typed errors with stable codes. A use case throws `new AppError('bookings.slot_taken', …)`; the one
 * error handler below turns it into `{ code, message, issues? }` with the right status. Clients
 * translate `code`; `message` is a readable English fallback.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const notFound = (code: string, message: string) => new AppError(code, 404, message)
export const badRequest = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 400, message, details)
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details)
export const unprocessable = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 422, message, details)

/**
 * A refused field: where, the English `message`, and — when the schema gives one (a custom issue's
 * `params.code`, e.g. `schedule.hours.overlap`) — a stable `code` with its parameters beside it,
 * for the client to word in the person's language.
 */
export interface Issue {
  path: string
  message: string
  code?: string
  [parameter: string]: unknown
}

/** A custom issue's own code and parameters (`params: {code, …}`), if it has any. */
function issueCode(params: unknown): Record<string, unknown> {
  if (!params || typeof params !== 'object') return {}
  const { code, ...parameters } = params as Record<string, unknown>
  return typeof code === 'string' ? { code, ...parameters } : {}
}

function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((i) => ({
    ...issueCode((i as { params?: unknown }).params),
    path: i.path.join('.'),
    message: i.message,
  }))
}

/** Fastify's own client errors, in words a person understands. */
const FRAMEWORK_MESSAGES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'request.too_large', 'The request is too large.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request.empty_body', 'The request body is empty; JSON was expected.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'request.unsupported_media_type',
    'This content type is not accepted; send JSON.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request.invalid_length', 'The request length does not match its body.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request.invalid_json', 'The request body is not valid JSON.'],
}

/** The answers when the database cannot serve: 503, and how long to wait (also in Retry-After). */
const DATABASE_DOWN = {
  unavailable: {
    code: 'service.unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  },
  storage_full: {
    code: 'service.storage_full',
    message: 'The service cannot save anything right now. Please try again later.',
    retryAfterSeconds: 60,
  },
} as const

/**
 * The one error handler. A 500 says nothing but `{code: 'internal', message: 'Internal error',
 * requestId}`; no answer ever carries SQL, query parameters or a driver's message. Database
 * outages are told to `health`, which logs them once, not once per request.
 */
export function registerErrorHandling(app: FastifyInstance, health?: Pick<DatabaseHealth, 'failed'>): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.details })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        ...issueCode((v.params as { params?: unknown } | undefined)?.params),
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }))
      return reply.status(400).send({
        code: 'request.invalid',
        message: `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        issues,
      })
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error)
      return reply.status(400).send({
        code: 'request.invalid',
        message: `Invalid request: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        issues,
      })
    }
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined
    if (known) {
      const [status, code, message] = known
      return reply.status(status).send({ code, message })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Other framework client errors (rate limit, malformed URL…) keep their status and message.
      return reply.status(error.statusCode).send({ code: 'request.rejected', message: error.message })
    }
    const failure = databaseFailure(error)
    if (failure === 'unavailable' || failure === 'storage_full') {
      if (health) health.failed(failure, error)
      else request.log.warn({ database: failure }, 'database failure')
      const answer = DATABASE_DOWN[failure]
      return reply.status(503).header('retry-after', String(answer.retryAfterSeconds)).send(answer)
    }
    if (failure === 'invalid_value') {
      // Input validation should have refused this value before the database saw it: worth a look.
      request.log.warn(
        { sqlState: sqlState(error), query: queryOf(error), route: request.routeOptions.url },
        'a value reached the database that validation should have refused',
      )
      return reply.status(400).send({
        code: 'request.invalid_value',
        message:
          'A value in the request cannot be stored: remove unusual characters (such as control characters), and check its dates and numbers.',
      })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema')
    } else {
      request.log.error({ err: withoutQueryParameters(error) }, 'request failed')
    }
    return reply.status(500).send({ code: 'internal', message: 'Internal error', requestId: request.id })
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'route.not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` })
  })
}

/** The SQL of a failed Drizzle query, without its parameters. */
function queryOf(error: Error): string | undefined {
  const query = (error as { query?: unknown }).query
  return typeof query === 'string' ? query : undefined
}

/**
 * Drizzle's query errors carry the query's parameters in their message (customer names, phone
 * numbers): log the SQL and the database's own error, never the values.
 */
export function withoutQueryParameters(error: Error): Error {
  const failed = error as Error & { query?: unknown; params?: unknown; cause?: unknown }
  if (typeof failed.query !== 'string' || !('params' in failed)) return error
  const safe = new Error(`Failed query: ${failed.query}`)
  const frames = (failed.stack ?? '').split('\n').filter((line) => line.startsWith('    at '))
  safe.stack = [safe.message, ...frames].join('\n')
  if (failed.cause instanceof Error) safe.cause = failed.cause
  return safe
}
