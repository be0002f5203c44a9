import { readFileSync } from 'node:fs'
import { openDatabase } from '@server/db/client'
import { JobEngine } from '@server/modules/jobs/job-engine'
import { plugIn } from '@server/plug-ins'
import { quietJobLog } from './jobs'
import { createServerDatabase, withAdmin } from './postgres-server'

/**
 * A migrated database, made once per test run and copied for each test that asks for a fresh one.
 * Creating an embedded PGlite runs initdb and every migration (3–5 s on two cores); loading a dump
 * of one already migrated takes about 1 s. On a PostgreSQL server `CREATE DATABASE … TEMPLATE`
 * copies the files instead of replaying the migrations statement by statement. The copy holds the
 * schema, the migrations' journal and pg-boss's schema with the product's queues, and no row of
 * anyone's data: each test still seeds what it needs, and still runs `migrate()` (which finds
 * nothing to do, as it would on a server restarted on an up-to-date database).
 */

/** Where the run's templates are: written by Vitest's global setup, read in every test worker. */
export interface TemplateDatabases {
  /** A gzipped tar of a migrated PGlite data directory (what `loadDataDir` takes). */
  pgliteDumpFile: string
  /** The template database's name on TEST_DATABASE_URL's server, when it is set. */
  postgresTemplate?: string
}

/** The environment variable carrying the templates to the test workers (as JSON). */
export const TEMPLATE_ENV = 'SALONIA_TEST_TEMPLATES'

export function templateDatabases(): TemplateDatabases | undefined {
  const value = process.env[TEMPLATE_ENV]
  return value ? (JSON.parse(value) as TemplateDatabases) : undefined
}

let pgliteDump: Blob | undefined
/** The PGlite template's dump, read from its file once per worker. */
export function pgliteTemplate(): Blob | undefined {
  const templates = templateDatabases()
  if (!templates) return undefined
  pgliteDump ??= new Blob([readFileSync(templates.pgliteDumpFile)])
  return pgliteDump
}

/** Installs pg-boss's schema and the product's queues, as the first start of a server does. */
async function installJobs(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  plugIn()
  const engine = await JobEngine.start(handle, { log: quietJobLog })
  await engine.stop({ graceful: false })
}

/** A migrated PGlite with pg-boss installed, dumped as `loadDataDir` takes it. */
export async function makePgliteTemplate(): Promise<Blob> {
  const handle = await openDatabase({ driver: 'pglite' })
  try {
    await installJobs(handle)
    if (!handle.dump) throw new Error('PGlite handle without dump')
    return await handle.dump()
  } finally {
    await handle.close()
  }
}

/**
 * A migrated database with pg-boss installed on the server of `adminUrl`, marked as a template
 * (only its owner may copy it, and nobody may connect to it while it is copied).
 */
export async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const { name, url } = await createServerDatabase({ prefix: 'salonia_template' })
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 2 })
  try {
    await installJobs(handle)
  } finally {
    await handle.close()
  }
  await withAdmin(adminUrl, (client) => client.query(`alter database ${name} with is_template true`))
  return name
}

export async function dropPostgresTemplate(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    await client.query(`alter database ${name} with is_template false`)
    await client.query(`drop database if exists ${name} with (force)`)
  })
}
