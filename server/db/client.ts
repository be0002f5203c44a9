import { mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import * as schema from './schema'

/**
 * Opens the database: a PostgreSQL server through a node-postgres pool when a URL is given,
 * otherwise embedded PGlite persisted under a directory (or in memory, for tests). Both speak the
 * same SQL, run the same migrations and are used through the same Drizzle API.
 */

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0]

export interface DatabaseHandle {
  db: Database
  driver: 'postgres' | 'pglite'
  close(): Promise<void>
  /**
   * Embedded PGlite only: a consistent copy of the whole data directory (a gzipped tar, what
   * `loadDataDir` takes back), taken while the database serves.
   */
  dump?: () => Promise<Blob>
  /**
   * How the job engine (pg-boss) reaches the same database: its own small pool (through the same
   * pooler, if any: then without LISTEN), or the one PGlite.
   */
  jobsConnection:
    | { driver: 'postgres'; url: string; transactionPooling?: boolean }
    | { driver: 'pglite'; client: PGlite }
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))
/** Arbitrary constant: instances starting together take turns to migrate. */
const MIGRATION_LOCK_ID = 72_616_873

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool)
 * before failing: during an outage requests fail fast (503) instead of hanging; under normal load
 * a connection is free within milliseconds.
 */
export const CONNECT_TIMEOUT_MS = 5000

/**
 * Connections a server keeps to PostgreSQL when DATABASE_POOL_SIZE does not say: twice the
 * machine's cores plus one (PostgreSQL's rule of thumb), at least 4. Connections beyond what the
 * cores can run only make each query slower: on 2 cores shared with the database, availability
 * under load answered ~1,700 req/s with 10 connections and ~2,100 with 5 (docs/PERFORMANCE.md).
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism() + 1)
}

export type DatabaseOptions =
  | {
      driver: 'postgres'
      url: string
      poolSize?: number
      connectTimeoutMs?: number
      /**
       * `url` is a pooler in transaction mode (PgBouncer's `pool_mode = transaction`;
       * DATABASE_TRANSACTION_POOLING): statements go unnamed, and the job engine does not LISTEN.
       */
      transactionPooling?: boolean
    }
  | {
      driver: 'pglite'
      dataDir?: string
      /** A dump to fill an empty data directory with (a restore); migrated like any database. */
      loadDataDir?: Blob
      /** false: open as it is, without migrating (a backup must copy the database unchanged). */
      migrate?: boolean
    }

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    })
    const db = drizzleNodePg(pool, { schema }) as unknown as Database
    reportLostConnections(pool, db, () => connectAfresh(options.url, options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS))
    if (options.transactionPooling) pool.on('connect', sendStatementsUnnamed)
    await migrateUnderLock(db)
    return {
      db,
      driver: 'postgres',
      close: () => pool.end(),
      jobsConnection: { driver: 'postgres', url: options.url, transactionPooling: options.transactionPooling ?? false },
    }
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Database
  if (options.migrate !== false) await migrateUnderLock(db)
  return {
    db,
    driver: 'pglite',
    close: () => client.close(),
    dump: () => dumpPglite(client),
    jobsConnection: { driver: 'pglite', client },
  }
}

/** Told that the pool lost a connection, with the way to learn whether a new one can be made. */
type ConnectionLost = (connects: () => Promise<void>) => void
const connectionLossListeners = new WeakMap<Database, Set<ConnectionLost>>()

/**
 * Hears the pool of `db` lose an idle connection (PostgreSQL restarting or unreachable, a
 * connection terminated by an administrator or dropped by a firewall): the app's health tracker
 * (server/db/health.ts) listens, to fold it into its one line per outage. `connects()` opens a new
 * connection outside the pool, asks `select 1` and closes it: it fails if the database cannot be
 * reached. Returns the way to stop listening. A PGlite database never loses one.
 */
export function onConnectionLost(db: Database, listener: ConnectionLost): () => void {
  let listeners = connectionLossListeners.get(db)
  if (!listeners) {
    listeners = new Set()
    connectionLossListeners.set(db, listeners)
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * An idle connection can die; node-postgres then emits 'error' on the pool, once per connection
 * (an outage drops all of them at once), and unheard that would end the process. The pool replaces
 * the connection on the next query. The listeners of `onConnectionLost` are told; without any (a
 * script, an admin command), one line goes to stderr, and the next only once the pool has connected
 * again: one line per outage, not one per connection.
 */
function reportLostConnections(pool: pg.Pool, db: Database, connects: () => Promise<void>): void {
  let written = false
  pool.on('connect', () => {
    written = false
  })
  pool.on('error', (error) => {
    const listeners = connectionLossListeners.get(db)
    if (listeners && listeners.size > 0) {
      for (const listener of listeners) listener(connects)
      return
    }
    if (written) return
    written = true
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`)
  })
}

/** One connection of its own, outside the pool: `select 1`, then closed. */
async function connectAfresh(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs })
  client.on('error', () => {}) // lost after its answer, or while failing: the caller hears it from connect or query
  try {
    await client.connect()
    await client.query('select 1')
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Drizzle's migrator (drizzle-orm/pg-core/dialect.js `migrate`, the same for node-postgres and
 * PGlite) — the same bookkeeping table, the same rule: the journal's migrations later than the last
 * one applied, all in one transaction — with the whole of it inside that one transaction, which
 * first takes a transaction-level advisory lock: instances starting together take turns, and the
 * lock ends with the transaction whatever happens. Drizzle's own `migrate` reads what was applied
 * before its transaction, so it needs a lock held across several statements: a session-level one.
 * Through a pooler in transaction mode a session is not one server connection: the lock would be
 * taken on one, the migrations run on others (two instances then migrated at once and one failed
 * on "already exists"), and the unlock could reach a connection that does not hold it, leaving the
 * lock held by a pooled connection. PGlite has one connection: the lock costs nothing there, and
 * both databases are migrated by the same code.
 */
async function migrateUnderLock(db: Database): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`)
    await tx.execute(sql`create schema if not exists drizzle`)
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    )
    const applied = (await tx.execute(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { created_at: string | number | bigint | null }[] }
    const last = applied.rows[0]
    const pending = migrations.filter((migration) => !last || Number(last.created_at) < migration.folderMillis)
    for (const migration of pending) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      )
    }
  })
}

/**
 * Behind a pooler in transaction mode, a client's consecutive statements may run on different
 * server connections: a named (prepared) statement parsed on one is unknown to the next ("prepared
 * statement does not exist") or already there ("already exists"). PgBouncer keeps named statements
 * across its connections only from 1.21 on, with `max_prepared_statements` set (Debian 12 ships
 * 1.18). There every statement goes unnamed, parsed with each execution in the same round trip;
 * Drizzle's prepared queries (server/db/prepared.ts) still build their SQL once.
 */
function sendStatementsUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => query(unnamed(config), ...rest)) as typeof client.query
}

/** A plain query config ({ name, text, … }, as Drizzle passes) without its name; anything else as it is. */
function unnamed(config: unknown): unknown {
  if (!config || typeof config !== 'object' || Object.getPrototypeOf(config) !== Object.prototype) return config
  if (!('name' in config)) return config
  const { name: _, ...rest } = config as { name?: unknown }
  return rest
}

/**
 * PGlite's own dump waits for the query in flight, not for an open transaction: it could copy the
 * files in the middle of one, leaving crash recovery to sort it out on restore. Inside a
 * transaction of our own no other is open (PGlite runs them one at a time), and CHECKPOINT first
 * writes every committed change into the data files: the copy is a clean image of all that was
 * committed, bookings acknowledged a moment before included.
 */
function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT')
    return client.dumpDataDir('gzip')
  })
}

/** PostgreSQL's SQLSTATE of a failed query, looking through Drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The constraint a failed query violated, if PostgreSQL named one. */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    const name = (current as { constraint?: unknown }).constraint
    if (typeof name === 'string') return name
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export const PG_EXCLUSION_VIOLATION = '23P01'
export const PG_UNIQUE_VIOLATION = '23505'
export const PG_FOREIGN_KEY_VIOLATION = '23503'
export const PG_CHECK_VIOLATION = '23514'
/** Two transactions each waiting on the other (exclusion constraints under concurrency): one is rolled back. */
export const PG_DEADLOCK_DETECTED = '40P01'

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`)
}
