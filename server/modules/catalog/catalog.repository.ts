import type { Language } from '@common/languages'
import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import { type ServiceRow, type ServiceTranslationRow, services, serviceTranslations } from '@server/db/schema'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'

/** The salon's services and their names' translations. The only code that touches those tables. */

export async function listServices(db: Executor, salonId: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(eq(services.salonId, salonId))
    .orderBy(asc(services.position), asc(services.name))
}

export async function listAllServices(db: Executor): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.salonId), asc(services.position), asc(services.name))
}

const serviceOfSalon = preparedPerDatabase((db) =>
  db
    .select()
    .from(services)
    .where(and(eq(services.salonId, sql.placeholder('salonId')), eq(services.id, sql.placeholder('serviceId'))))
    .limit(1)
    .prepare('service_of_salon'),
)

export async function findService(db: Executor, salonId: string, serviceId: string): Promise<ServiceRow | undefined> {
  const [row] = await serviceOfSalon(db).execute({ salonId, serviceId })
  return row
}

export type NewService = Pick<ServiceRow, 'salonId' | 'name' | 'description' | 'durationMinutes' | 'priceMinor'> &
  Partial<
    Pick<
      ServiceRow,
      | 'isActive'
      | 'position'
      | 'processingAfterMinutes'
      | 'processingMinutes'
      | 'cleanupMinutes'
      | 'descriptionTranslations'
    >
  >

export async function insertServices(db: Executor, rows: NewService[]): Promise<ServiceRow[]> {
  if (rows.length === 0) return []
  return db.insert(services).values(rows).returning()
}

export async function updateService(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      ServiceRow,
      | 'name'
      | 'description'
      | 'durationMinutes'
      | 'processingAfterMinutes'
      | 'processingMinutes'
      | 'cleanupMinutes'
      | 'priceMinor'
      | 'isActive'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(services)
    .set({ ...changes, updatedAt: now })
    .where(eq(services.id, id))
}

/**
 * The owner's descriptions of a service in other languages, changed in one statement (two owners'
 * tabs saving different languages at once both stay): `written` replace those languages' texts,
 * `removed` go.
 */
export async function changeDescriptionTranslations(
  db: Executor,
  serviceId: string,
  written: Partial<Record<Language, string>>,
  removed: Language[],
  now: Date,
): Promise<void> {
  if (Object.keys(written).length === 0 && removed.length === 0) return
  const removal =
    removed.length > 0
      ? sql` - array[${sql.join(
          removed.map((language) => sql`${language}`),
          sql`, `,
        )}]::text[]`
      : sql``
  await db
    .update(services)
    .set({
      descriptionTranslations: sql`(${services.descriptionTranslations}${removal}) || ${JSON.stringify(written)}::jsonb`,
      updatedAt: now,
    })
    .where(eq(services.id, serviceId))
}

/** The translations of a salon's services. */
export async function listTranslationsOfSalon(db: Executor, salonId: string): Promise<ServiceTranslationRow[]> {
  return db
    .select({
      serviceId: serviceTranslations.serviceId,
      language: serviceTranslations.language,
      name: serviceTranslations.name,
      source: serviceTranslations.source,
      updatedAt: serviceTranslations.updatedAt,
    })
    .from(serviceTranslations)
    .innerJoin(services, eq(services.id, serviceTranslations.serviceId))
    .where(eq(services.salonId, salonId))
}

/** A service's name in one language, when the salon has it (its own name's language has none). */
export async function findTranslatedName(
  db: Executor,
  serviceId: string,
  language: Language,
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: serviceTranslations.name })
    .from(serviceTranslations)
    .where(and(eq(serviceTranslations.serviceId, serviceId), eq(serviceTranslations.language, language)))
    .limit(1)
  return row?.name
}

/** Services' names by id, each in `language` when the salon has it, else the salon's own. */
export async function findNamesIn(
  db: Executor,
  serviceIds: readonly string[],
  language: Language,
): Promise<Map<string, string>> {
  if (serviceIds.length === 0) return new Map()
  const rows = await db
    .select({ id: services.id, name: services.name, translated: serviceTranslations.name })
    .from(services)
    .leftJoin(
      serviceTranslations,
      and(eq(serviceTranslations.serviceId, services.id), eq(serviceTranslations.language, language)),
    )
    .where(inArray(services.id, [...serviceIds]))
  return new Map(rows.map((row) => [row.id, row.translated ?? row.name]))
}

export async function listAllTranslations(db: Executor): Promise<ServiceTranslationRow[]> {
  return db.select().from(serviceTranslations)
}

/**
 * Replaces a service's glossary translations with these: the earlier glossary ones go, and a
 * language the owner translated by hand keeps the owner's name.
 */
export async function replaceGlossaryTranslations(
  db: Executor,
  serviceId: string,
  names: { language: Language; name: string }[],
  now: Date,
): Promise<void> {
  await db
    .delete(serviceTranslations)
    .where(and(eq(serviceTranslations.serviceId, serviceId), eq(serviceTranslations.source, 'glossary')))
  if (names.length === 0) return
  await db
    .insert(serviceTranslations)
    .values(
      names.map(({ language, name }) => ({ serviceId, language, name, source: 'glossary' as const, updatedAt: now })),
    )
    .onConflictDoNothing({ target: [serviceTranslations.serviceId, serviceTranslations.language] })
}

/** The owner's own name for a service in a language: replaces whatever was there, and stays. */
export async function saveOwnerTranslation(
  db: Executor,
  serviceId: string,
  language: Language,
  name: string,
  now: Date,
): Promise<void> {
  await db
    .insert(serviceTranslations)
    .values({ serviceId, language, name, source: 'owner', updatedAt: now })
    .onConflictDoUpdate({
      target: [serviceTranslations.serviceId, serviceTranslations.language],
      set: { name, source: 'owner', updatedAt: now },
    })
}

/** Forgets the translations of these languages of a service. */
export async function deleteTranslations(db: Executor, serviceId: string, languages: Language[]): Promise<void> {
  if (languages.length === 0) return
  await db
    .delete(serviceTranslations)
    .where(and(eq(serviceTranslations.serviceId, serviceId), inArray(serviceTranslations.language, languages)))
}

/** The order of a salon's services: each id takes its index (from 1) as its position. */
export async function setPositions(db: Executor, salonId: string, serviceIds: string[], now: Date): Promise<void> {
  for (const [index, id] of serviceIds.entries()) {
    await db
      .update(services)
      .set({ position: index + 1, updatedAt: now })
      .where(and(eq(services.salonId, salonId), eq(services.id, id)))
  }
}
