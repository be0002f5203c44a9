import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Throw-away databases on the PostgreSQL server of TEST_DATABASE_URL: made with a random name
 * (from a template, if given), dropped with whatever is still connected to them.
 */
export interface ServerDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

export async function createServerDatabase(
  options: { prefix?: string; template?: string } = {},
): Promise<ServerDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `${options.prefix ?? 'salonia_test'}_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (client) =>
    client.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`),
  )
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(),
  }
}

/** One statement or a few as the server's administrator (TEST_DATABASE_URL's user), on its own connection. */
export async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}
