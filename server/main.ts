import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAdminCommand } from './admin/admin-commands'
import { type DataDirOwnership, ownDataDir } from './admin/data-dir-owner'
import { buildApp } from './app'
import { systemClock } from './clock'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { DataDirLockedError } from './db/data-dir-lock'
import { requestLogSerializers } from './http/logging'
import { JobEngine } from './modules/jobs/job-engine'
import { mcpTokenFor } from './modules/mcp/mcp-token'
import { mcpTokenStatus } from './modules/mcp/mcp-token.usecases'
import { findSalonByPublicId } from './modules/salons/salons.repository'
import { type RunningBot, startTelegram } from './modules/telegram/telegram-start'
import { plugIn } from './plug-ins'
import { DEMO_ACCESS_CODE, retireDemoAccessCode, SEEDED_MCP_TOKEN_VERSION, seedDemoData } from './seed'
import { productWorkers } from './workers'

/** Starts Salonia: configuration → database (migrated) → demo data → HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig()
  const clock = systemClock(config.appNow)
  // One owner per embedded data directory: refuse to start while another process holds it.
  const owner: DataDirOwnership | undefined = config.databaseUrl
    ? undefined
    : await ownDataDir(config.dataDir, 'server')
  const database = config.databaseUrl
    ? await openDatabase({
        driver: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        transactionPooling: config.databaseTransactionPooling,
      })
    : await openDatabase({ driver: 'pglite', dataDir: join(config.dataDir, 'pglite') })

  // The job engine starts first (its schema, the queues plugged in); its workers once the app is built.
  plugIn()
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  const jobs = await JobEngine.start(database, {
    log: {
      info: (obj, msg) => app?.log.info(obj, msg),
      warn: (obj, msg) => app?.log.warn(obj, msg),
      error: (obj, msg) => app?.log.error(obj, msg),
    },
  })
  app = await buildApp({
    config,
    db: database.db,
    clock,
    jobs,
    webAppDir: fileURLToPath(new URL('../dist/app', import.meta.url)),
    logger: {
      level: config.logLevel,
      serializers: requestLogSerializers,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      ...(process.stdout.isTTY && !config.isProduction
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
  })

  if (config.seedDemo && (await seedDemoData(database.db, clock))) app.log.info('Demo data seeded (salon SAL001)')
  if (config.isProduction && (await retireDemoAccessCode(database.db, clock))) {
    app.log.warn(`The demo access code ${DEMO_ACCESS_CODE} was still usable in this database: revoked (production)`)
  }
  const oldMeta = Object.keys(process.env).filter((name) => name.startsWith('META_'))
  if (oldMeta.length > 0) {
    app.log.warn(
      `${oldMeta.join(', ')} are no longer read: Instagram takes INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET and INSTAGRAM_VERIFY_TOKEN`,
    )
  }
  await jobs.work(productWorkers({ db: database.db, clock, config, jobs, log: app.log }))
  owner?.control.serve((command, args) => {
    app.log.info({ command }, 'admin command through the control socket')
    return runAdminCommand({ database, clock, config }, command, args)
  })

  let bot: RunningBot | undefined
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`)
    await bot?.stop()
    await app.close()
    // Jobs running finish (up to a few seconds); a job cut short is retried by the next start.
    await jobs.stop()
    await database.close()
    await owner?.release()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  // After listen: Telegram may call the webhook as soon as it is set.
  if (config.telegram)
    bot = startTelegram({ db: database.db, clock, jobs, config, telegram: config.telegram, log: app.log })
  const demo = config.seedDemo ? await findSalonByPublicId(database.db, 'SAL001') : undefined
  // Only the demo's own token, as seeded: once the owner replaced or revoked it, it is theirs.
  const demoToken =
    demo && mcpTokenStatus(demo).hasToken && demo.mcpTokenVersion === SEEDED_MCP_TOKEN_VERSION
      ? mcpTokenFor(config.appSecret, demo)
      : undefined
  const lines = [
    '',
    `  Salonia is running on ${config.publicUrl}`,
    `  Database: ${database.driver === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(config.appNow ? [`  Clock started at ${config.appNow.toISOString()} (APP_NOW)`] : []),
    ...(demo
      ? [
          `  Demo salon ${demo.publicId} (${demo.name}) — customer chat link: ${config.publicUrl}/chat/${demo.hash}`,
          ...(demoToken
            ? [`  Its MCP server for AI agents: POST ${config.publicUrl}/mcp with Authorization: Bearer ${demoToken}`]
            : []),
          `  Professional area: ${config.publicUrl}/professional (salon ID ${demo.publicId}${config.demoSignIn ? ', demo sign-in' : ''})`,
          `  Ambassador area: ${config.publicUrl}/ambassador — demo access code ${DEMO_ACCESS_CODE}`,
        ]
      : []),
    '',
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(
      `Salonia could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  }
  process.exit(1)
})
