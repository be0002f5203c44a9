import type { Executor } from './client'

/**
 * A prepared query per database handle. Drizzle otherwise rebuilds the SQL text of a query on every
 * call, which is most of the CPU a hot read costs (docs/PERFORMANCE.md); a prepared query is built
 * once, and PostgreSQL parses it once per connection.
 */
export function preparedPerDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>()
  return (db) => {
    let statement = built.get(db)
    if (!statement) {
      statement = build(db)
      built.set(db, statement)
    }
    return statement
  }
}
