import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Clock } from './clock'
import type { Config } from './config'
import type { Database } from './db/client'
import { DatabaseHealth } from './db/health'
import { registerErrorHandling } from './errors'
import { registerAccessRules } from './http/access'
import { databaseRateLimitStore, tooManyRequests } from './http/rate-limits'
import { registerSameOriginGuard } from './http/same-origin'
import { registerSecurityHeaders } from './http/security-headers'
import type { App, AppDeps } from './http/types'
import { registerWebApp } from './http/web-app'
import { adminRoutes } from './modules/admin/admin.routes'
import { ambassadorsRoutes } from './modules/ambassadors/ambassadors.routes'
import { assistantRoutes } from './modules/assistant/assistant.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { bookingPageRoutes } from './modules/booking-page/booking-page.routes'
import { bookingsRoutes } from './modules/bookings/bookings.routes'
import { calendarFilesRoutes } from './modules/calendar-files/calendar-files.routes'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { customersRoutes } from './modules/customers/customers.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import type { Jobs } from './modules/jobs/job-engine'
import { mcpRoutes } from './modules/mcp/mcp.routes'
import { privacyRoutes } from './modules/privacy/privacy.routes'
import { salonsRoutes } from './modules/salons/salons.routes'
import { scheduleRoutes } from './modules/schedule/schedule.routes'
import { systemRoutes } from './modules/system/system.routes'
import { teamRoutes } from './modules/team/team.routes'
import { waitlistRoutes } from './modules/waitlist/waitlist.routes'
import { plugIn, plugInRoutes } from './plug-ins'

export interface BuildAppOptions {
  config: Config
  db: Database
  clock: Clock
  /** Where background work is enqueued (the engine runs the workers separately: server/workers.ts). */
  jobs: Jobs
  /** Folder of the built web app; none is served when absent. */
  webAppDir?: string
  logger?: FastifyServerOptions['logger']
}

/** 1 MiB: ample for JSON and a services CSV, small enough that a stray upload is refused early. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/** Builds the Fastify application from its modules. Used by main.ts and by the tests. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, db, clock, jobs } = options
  plugIn()
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const deps: AppDeps = { db, clock, config, jobs }
  // PGlite's files are on this machine: the health check also watches their disk's free space.
  const health = new DatabaseHealth({
    db,
    clock,
    log: app.log,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  })
  app.addHook('onClose', async () => health.close())
  registerErrorHandling(app, health)
  registerDatabaseRecovery(app, health)
  registerAccessRules(app, deps)
  registerSameOriginGuard(app, config)

  registerSecurityHeaders(app)
  await app.register(cookie, { secret: config.appSecret })
  // Per-route limits only (waitlist, sign-in attempts, access codes, MCP; the chat counts its own);
  // nothing is limited unless it says so. Counters live in PostgreSQL, shared by every instance.
  // A refusal is an AppError like any other, so the one error handler shapes it; a route may give
  // its own builder (the waitlist answers in the visitor's language).
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore({ db, clock }),
    errorResponseBuilder: (_, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  })

  systemRoutes(app, deps, health)
  salonsRoutes(app, deps)
  catalogRoutes(app, deps)
  scheduleRoutes(app, deps)
  teamRoutes(app, deps)
  bookingsRoutes(app, deps)
  bookingPageRoutes(app, deps)
  dashboardRoutes(app, deps)
  customersRoutes(app, deps)
  privacyRoutes(app, deps)
  waitlistRoutes(app, deps)
  ambassadorsRoutes(app, deps)
  adminRoutes(app, deps)
  assistantRoutes(app, deps)
  mcpRoutes(app, deps)
  calendarFilesRoutes(app)
  authRoutes(app, deps)
  plugInRoutes(app, deps)
  if (options.webAppDir) await registerWebApp(app, options.webAppDir, deps)

  return app
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * During a database outage, each request first lets the health tracker probe (at most once a
 * second), so the first request after the database is back ends the outage in the log; a write
 * that succeeds tells it the disk has room again.
 */
function registerDatabaseRecovery(app: App, health: DatabaseHealth): void {
  app.addHook('onRequest', async () => {
    await health.recoverIfDue()
  })
  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) health.wrote()
  })
}
