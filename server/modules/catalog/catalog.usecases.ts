import { createHash } from 'node:crypto'
import { currencyForCountry } from '@common/countries'
import { LANGUAGES, type Language, languageOfCountry } from '@common/languages'
import type {
  ImportPreviewService,
  Service,
  ServicesImportPreview,
  ServicesImportResult,
} from '@common/schemas/catalog'
import type { Clock } from '@server/clock'
import { type Database, type Executor, PG_UNIQUE_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import { listSalons } from '@server/modules/salons/salons.repository'
import {
  csvNameClash,
  csvNothingValid,
  csvPreviewStale,
  csvUnreadable,
  serviceInactive,
  serviceNotFound,
  translationOfOwnName,
} from './catalog.errors'
import { presentService, serviceNameLanguage } from './catalog.presenters'
import * as repo from './catalog.repository'
import { giveServicesToActiveMembers } from './performers.repository'
import { lookUpServiceName } from './service-glossary'
import {
  CsvFormatError,
  type CsvLineError,
  formatServicesCsv,
  parseServicesCsv,
  type ServiceCsvRow,
} from './services-csv'

/** The salon's services, inactive ones included, each with its name in the other languages the salon's are known in. */
export async function listSalonServices(db: Executor, salon: SalonRow): Promise<Service[]> {
  const [services, translations] = await Promise.all([
    repo.listServices(db, salon.id),
    repo.listTranslationsOfSalon(db, salon.id),
  ])
  return services.map((s) => presentService(s, salon, translations))
}

/** Every service of every salon (administrators). */
export async function listEveryService(db: Database): Promise<Service[]> {
  const [salons, services, translations] = await Promise.all([
    listSalons(db),
    repo.listAllServices(db),
    repo.listAllTranslations(db),
  ])
  const byId = new Map(salons.map((s) => [s.id, s]))
  return services.flatMap((s) => {
    const salon = byId.get(s.salonId)
    return salon ? [presentService(s, salon, translations)] : []
  })
}

/** Adds services to the salon's menu (in the caller's transaction), with the glossary's translations of their names. */
export async function addServices(
  db: Executor,
  salon: SalonRow,
  services: Omit<repo.NewService, 'salonId'>[],
  now: Date,
): Promise<ServiceRow[]> {
  const added = await repo.insertServices(
    db,
    services.map((service) => ({ ...service, salonId: salon.id })),
  )
  await translateFromGlossary(db, salon, added, now)
  // A new service is performed by the whole active team until the owner says otherwise.
  await giveServicesToActiveMembers(
    db,
    salon.id,
    added.map((service) => service.id),
  )
  return added
}

/**
 * Writes, for each service whose name the glossary knows, its names in the other languages (the
 * earlier glossary names go; names the owner entered stay). A name the glossary does not know gets
 * no translation: none is ever made up.
 */
export async function translateFromGlossary(
  db: Executor,
  salon: Pick<SalonRow, 'country'>,
  services: Pick<ServiceRow, 'id' | 'name'>[],
  now: Date,
): Promise<void> {
  const salonLanguage = languageOfCountry(salon.country)
  for (const service of services) {
    const match = lookUpServiceName(service.name, salonLanguage)
    const names = match
      ? LANGUAGES.filter((language) => language !== match.language).map((language) => ({
          language,
          name: match.names[language],
        }))
      : []
    await repo.replaceGlossaryTranslations(db, service.id, names, now)
  }
}

/**
 * The owner's own name for a service in another language; it outlives renames. `null` forgets it
 * (the glossary's name comes back, if it has one). The service's own name stays the reference: its
 * language is not translated.
 */
export async function setServiceTranslation(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  input: { serviceId: string; language: Language; name: string | null },
): Promise<Service> {
  const service = await repo.findService(db, salon.id, input.serviceId)
  if (!service) throw serviceNotFound()
  if (input.language === serviceNameLanguage(service.name, salon.country)) throw translationOfOwnName()
  const now = clock.now()
  await db.transaction(async (tx) => {
    if (input.name === null) {
      await repo.deleteTranslations(tx, service.id, [input.language])
      await translateFromGlossary(tx, salon, [service], now)
    } else {
      await repo.saveOwnerTranslation(tx, service.id, input.language, input.name, now)
    }
  })
  return presentService(service, salon, await repo.listTranslationsOfSalon(db, salon.id))
}

/** A service of this salon that customers can book, or a 404/422. */
export async function requireBookableService(db: Executor, salon: SalonRow, serviceId: string): Promise<ServiceRow> {
  return bookableService(await repo.findService(db, salon.id, serviceId))
}

/** The service read, if it is one the salon offers now: unknown (404) or withdrawn (422) otherwise. */
export function bookableService<S extends Pick<ServiceRow, 'name' | 'isActive'>>(service: S | undefined): S {
  if (!service) throw serviceNotFound()
  if (!service.isActive) throw serviceInactive(service.name)
  return service
}

/** The services as the specification's CSV (prices in minor units), the active column in `language`'s words (the salon's by default). */
export async function exportServicesCsv(db: Executor, salon: SalonRow, language?: Language): Promise<string> {
  return formatServicesCsv(await repo.listServices(db, salon.id), language ?? languageOfCountry(salon.country))
}

/** What importing a file would do: the lines read, each adding or updating a service, and the lines left out. */
interface ImportPlan {
  currency: string
  updates: ImportUpdate[]
  inserts: ServiceCsvRow[]
  errors: CsvLineError[]
  /** The highest position among the salon's services: added ones come after it. */
  lastPosition: number
}

/**
 * Reads a services CSV against the salon's services: each valid line updates the service with its
 * id, else the one with the same name, else adds a service. The one reading both the preview and
 * the import make, so that the import writes what the preview showed.
 */
async function planImport(db: Executor, salon: SalonRow, csvData: string): Promise<ImportPlan> {
  const currency = currencyForCountry(salon.country)
  let parsed: ReturnType<typeof parseServicesCsv>
  try {
    parsed = parseServicesCsv(csvData, currency)
  } catch (error) {
    if (error instanceof CsvFormatError) throw csvUnreadable(error.code, error.message, error.line)
    throw error
  }

  const existing = await repo.listServices(db, salon.id)
  const byId = new Map(existing.map((s) => [s.id, s]))
  const byName = new Map(existing.map((s) => [s.name.toLowerCase(), s]))
  const errors: CsvLineError[] = [...parsed.errors]
  const updates: ImportUpdate[] = []
  const inserts: ServiceCsvRow[] = []

  for (const row of parsed.rows) {
    const target = row.id ? byId.get(row.id) : byName.get(row.name.toLowerCase())
    if (row.id && !target) {
      errors.push({
        line: row.line,
        code: 'csv.id_unknown',
        field: 'id',
        value: row.id,
        reason: `no service of this salon has id ${row.id}`,
      })
      continue
    }
    const namesake = byName.get(row.name.toLowerCase())
    if (target && namesake && namesake.id !== target.id) {
      errors.push({
        line: row.line,
        code: 'csv.name_taken',
        field: 'name',
        value: row.name.slice(0, 40),
        reason: `another service is already called "${row.name}"`,
      })
      continue
    }
    if (target) updates.push({ target, row })
    else inserts.push(row)
  }
  errors.sort((a, b) => a.line - b.line)
  const lastPosition = existing.reduce((max, s) => Math.max(max, s.position), 0)
  return { currency, updates, inserts, errors, lastPosition }
}

/** Each line of the plan as the owner checks it: what it adds or changes, in the order of the file. */
function plannedServices({ updates, inserts }: ImportPlan): ImportPreviewService[] {
  return [
    ...updates.map(({ target, row }) => plannedService(row, target)),
    ...inserts.map((row) => plannedService(row, null)),
  ].sort((a, b) => a.line - b.line)
}

/** A line as the import would write it: a new service, or `target` updated (an active column left empty keeps it as it is). */
function plannedService(row: ServiceCsvRow, target: ServiceRow | null): ImportPreviewService {
  return {
    line: row.line,
    action: target ? 'update' : 'create',
    serviceId: target?.id ?? null,
    name: row.name,
    description: row.description,
    duration: row.duration,
    price: row.price,
    isActive: row.isActive ?? target?.isActive ?? true,
    before: target && {
      name: target.name,
      duration: target.durationMinutes,
      price: target.priceMinor,
      isActive: target.isActive,
    },
  }
}

/**
 * Names what the plan would write (not what the services are now): a confirmation sent with it is
 * written only if reading the file again gives the same plan.
 */
function previewTokenOf(plan: ImportPlan, services = plannedServices(plan)): string {
  const written = services.map(({ before: _before, ...service }) => service)
  const ignored = plan.errors.map(({ line, code }) => [line, code])
  return createHash('sha256')
    .update(JSON.stringify([plan.currency, written, ignored]))
    .digest('hex')
}

/** What importing the file would do, saving nothing: the services read (prices in minor units) and the lines left out. */
export async function previewServicesImport(
  db: Executor,
  salon: SalonRow,
  csvData: string,
): Promise<ServicesImportPreview> {
  const plan = await planImport(db, salon, csvData)
  const services = plannedServices(plan)
  return {
    currency: plan.currency,
    services,
    errors: plan.errors,
    created: plan.inserts.length,
    updated: plan.updates.length,
    previewToken: previewTokenOf(plan, services),
  }
}

/**
 * Imports a services CSV (see planImport). All valid lines are written in one transaction; bad
 * lines are reported and skipped. Nothing is written when no line is valid, nor when `previewToken`
 * names a preview the file no longer gives.
 */
export async function importServicesCsv(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  csvData: string,
  previewToken?: string,
): Promise<ServicesImportResult> {
  const plan = await planImport(db, salon, csvData)
  if (previewToken !== undefined && previewToken !== previewTokenOf(plan)) throw csvPreviewStale()
  const { updates, inserts, errors } = plan
  if (updates.length + inserts.length === 0) throw csvNothingValid(errors)

  try {
    await writeImport(db, salon, plan, clock.now())
  } catch (error) {
    // Two lines swapping names collide half-way; the transaction rolled back, so nothing changed.
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw csvNameClash()
    throw error
  }

  const parts = [`${inserts.length} service(s) added`, `${updates.length} updated`]
  if (errors.length > 0) parts.push(`${errors.length} line(s) ignored`)
  return { message: `Import done: ${parts.join(', ')}.`, created: inserts.length, updated: updates.length, errors }
}

/** A line updating one of the salon's services: `target`, as the plan found it. */
interface ImportUpdate {
  target: ServiceRow
  row: ServiceCsvRow
}

async function writeImport(
  db: Database,
  salon: SalonRow,
  { updates, inserts, lastPosition }: ImportPlan,
  now: Date,
): Promise<void> {
  let position = lastPosition
  await db.transaction(async (tx) => {
    for (const { target, row } of updates) {
      await repo.updateService(
        tx,
        target.id,
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
    await translateFromGlossary(
      tx,
      salon,
      // A renamed service's glossary translations follow its new name.
      updates.filter((u) => u.target.name !== u.row.name).map((u) => ({ id: u.target.id, name: u.row.name })),
      now,
    )
    await addServices(
      tx,
      salon,
      inserts.map((row) => ({
        name: row.name,
        description: row.description,
        durationMinutes: row.duration,
        priceMinor: row.price,
        isActive: row.isActive ?? true,
        position: ++position,
      })),
      now,
    )
  })
}

/**
 * A booked service's name as its customer reads it: in their language when the salon has a
 * translation (the chat already speaks of a "Damenhaarschnitt"), else the name it was booked under.
 */
export async function bookedServiceName(
  db: Executor,
  booking: { serviceId: string | null; serviceName: string },
  language: Language,
): Promise<string> {
  if (!booking.serviceId) return booking.serviceName
  return (await repo.findTranslatedName(db, booking.serviceId, language)) ?? booking.serviceName
}
