import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  dropPostgresTemplate,
  makePgliteTemplate,
  makePostgresTemplate,
  TEMPLATE_ENV,
  type TemplateDatabases,
} from './template-database'

/**
 * Vitest's global setup: the run's template databases (tests/helpers/template-database.ts), made
 * once before any test file and removed after the last. The workers find them through the
 * environment, which they inherit from this process.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'salonia-templates-'))
  const pgliteDumpFile = join(dir, 'pglite.tar.gz')
  writeFileSync(pgliteDumpFile, Buffer.from(await (await makePgliteTemplate()).arrayBuffer()))
  const adminUrl = process.env.TEST_DATABASE_URL
  const postgresTemplate = adminUrl ? await makePostgresTemplate(adminUrl) : undefined
  const templates: TemplateDatabases = { pgliteDumpFile, postgresTemplate }
  process.env[TEMPLATE_ENV] = JSON.stringify(templates)
  return async () => {
    if (adminUrl && postgresTemplate) await dropPostgresTemplate(adminUrl, postgresTemplate)
    rmSync(dir, { recursive: true, force: true })
  }
}
