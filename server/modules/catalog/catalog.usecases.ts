import type { Service, ServicesImportResult } from '../../../common/schemas/catalog'
import type { Clock } from '../../clock'
import { type Database, type Executor, PG_UNIQUE_VIOLATION, sqlState } from '../../db/client'
import type { SalonRow, ServiceRow } from '../../db/schema'
import { listSalons } from '../salons/salons.repository'
import { csvNameClash, csvNothingValid, csvUnreadable, serviceInactive, serviceNotFound } from './catalog.errors'
import { presentService } from './catalog.presenters'
import * as repo from './catalog.repository'
import {
  CsvFormatError,
  type CsvLineError,
  formatServicesCsv,
  parseServicesCsv,
  type ServiceCsvRow,
} from './services-csv'

export async function listSalonServices(db: Executor, salon: SalonRow): Promise<Service[]> {
  return (await repo.listServices(db, salon.id)).map((s) => presentService(s, salon))
}

/** Every service of every salon (administrators). */
export async function listEveryService(db: Database): Promise<Service[]> {
  const [salons, services] = await Promise.all([listSalons(db), repo.listAllServices(db)])
  const byId = new Map(salons.map((s) => [s.id, s]))
  return services.flatMap((s) => {
    const salon = byId.get(s.salonId)
    return salon ? [presentService(s, salon)] : []
  })
}

/** A service of this salon that customers can book, or a 404/422. */
export async function requireBookableService(db: Executor, salon: SalonRow, serviceId: string): Promise<ServiceRow> {
  const service = await repo.findService(db, salon.id, serviceId)
  if (!service) throw serviceNotFound()
  if (!service.isActive) throw serviceInactive(service.name)
  return service
}

export async function exportServicesCsv(db: Executor, salon: SalonRow): Promise<string> {
  return formatServicesCsv(await repo.listServices(db, salon.id))
}

/**
 * Imports a services CSV: each valid line updates the service with its id, else the one with the
 * same name, else adds a service. All valid lines are written in one transaction; bad lines are
 * reported and skipped. Nothing is written when no line is valid.
 */
export async function importServicesCsv(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  csvData: string,
): Promise<ServicesImportResult> {
  let parsed: ReturnType<typeof parseServicesCsv>
  try {
    parsed = parseServicesCsv(csvData)
  } catch (error) {
    if (error instanceof CsvFormatError) throw csvUnreadable(error.message, error.line)
    throw error
  }

  const existing = await repo.listServices(db, salon.id)
  const byId = new Map(existing.map((s) => [s.id, s]))
  const byName = new Map(existing.map((s) => [s.name.toLowerCase(), s]))
  const errors: CsvLineError[] = [...parsed.errors]
  const updates: { id: string; row: ServiceCsvRow }[] = []
  const inserts: ServiceCsvRow[] = []

  for (const row of parsed.rows) {
    const target = row.id ? byId.get(row.id) : byName.get(row.name.toLowerCase())
    if (row.id && !target) {
      errors.push({ line: row.line, reason: `no service of this salon has id ${row.id}` })
      continue
    }
    const namesake = byName.get(row.name.toLowerCase())
    if (target && namesake && namesake.id !== target.id) {
      errors.push({ line: row.line, reason: `another service is already called "${row.name}"` })
      continue
    }
    if (target) updates.push({ id: target.id, row })
    else inserts.push(row)
  }
  errors.sort((a, b) => a.line - b.line)
  if (updates.length + inserts.length === 0) throw csvNothingValid(errors)

  const now = clock.now()
  const position = existing.reduce((max, s) => Math.max(max, s.position), 0)
  try {
    await writeImport(db, salon, updates, inserts, now, position)
  } catch (error) {
    // Two lines swapping names collide half-way; the transaction rolled back, so nothing changed.
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw csvNameClash()
    throw error
  }

  const parts = [`${inserts.length} service(s) added`, `${updates.length} updated`]
  if (errors.length > 0) parts.push(`${errors.length} line(s) ignored`)
  return { message: `Import done: ${parts.join(', ')}.`, created: inserts.length, updated: updates.length, errors }
}

async function writeImport(
  db: Database,
  salon: SalonRow,
  updates: { id: string; row: ServiceCsvRow }[],
  inserts: ServiceCsvRow[],
  now: Date,
  lastPosition: number,
): Promise<void> {
  let position = lastPosition
  await db.transaction(async (tx) => {
    for (const { id, row } of updates) {
      await repo.updateService(
        tx,
        id,
        {
          name: row.name,
          description: row.description,
          durationMinutes: row.duration,
          priceMinor: row.price,
          ...(row.isActive === null ? {} : { isActive: row.isActive }),
        },
        now,
      )
    }
    await repo.insertServices(
      tx,
      inserts.map((row) => ({
        salonId: salon.id,
        name: row.name,
        description: row.description,
        durationMinutes: row.duration,
        priceMinor: row.price,
        isActive: row.isActive ?? true,
        position: ++position,
      })),
    )
  })
}
