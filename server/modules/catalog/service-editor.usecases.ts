import { currencyForCountry } from '@common/countries'
import { LANGUAGES, type Language, languageOfCountry } from '@common/languages'
import { parseAmount } from '@common/money'
import type { OwnerService, ServiceCreateInput, ServiceUpdateInput } from '@common/schemas/catalog'
import { phasesProblem } from '@common/service-phases'
import type { Clock } from '@server/clock'
import { type Database, type Executor, PG_UNIQUE_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow, ServiceRow } from '@server/db/schema'
import {
  duplicateName,
  noActivePerformer,
  nothingToChange,
  orderStale,
  phasesRefused,
  priceRefused,
  serviceNotFound,
  unknownPerformers,
} from './catalog.errors'
import { presentOwnerService, serviceNameLanguage } from './catalog.presenters'
import * as repo from './catalog.repository'
import { addServices, translateFromGlossary } from './catalog.usecases'
import * as performersRepo from './performers.repository'

/**
 * The services editor of the dashboard: add, edit, reorder, deactivate a service. Prices come in as
 * amounts of the salon's currency ("35,50"), never minor units; names in other languages are the
 * owner's (an empty one gives the glossary's back).
 */

type Translations = NonNullable<ServiceCreateInput['translations']>
type DescriptionTranslations = NonNullable<ServiceCreateInput['descriptionTranslations']>

/** The salon's services as its owner edits them, in the owner's order. */
export async function listOwnerServices(db: Executor, salon: SalonRow): Promise<OwnerService[]> {
  const [services, translations] = await Promise.all([
    repo.listServices(db, salon.id),
    repo.listTranslationsOfSalon(db, salon.id),
  ])
  return services.map((s) => presentOwnerService(s, salon, translations))
}

async function presentOne(db: Executor, salon: SalonRow, serviceId: string): Promise<OwnerService> {
  const service = await repo.findService(db, salon.id, serviceId)
  if (!service) throw serviceNotFound()
  return presentOwnerService(service, salon, await repo.listTranslationsOfSalon(db, salon.id))
}

function priceInMinorUnits(salon: SalonRow, amount: string | number): number {
  const parsed = parseAmount(amount, currencyForCountry(salon.country))
  if ('problem' in parsed) throw priceRefused(parsed.problem)
  return parsed.minor
}

async function refuseNamesake(db: Executor, salon: SalonRow, name: string, except?: string): Promise<void> {
  const key = name.toLowerCase()
  const namesake = (await repo.listServices(db, salon.id)).find((s) => s.name.toLowerCase() === key)
  if (namesake && namesake.id !== except) throw duplicateName(name)
}

/** Two requests naming two services alike at once: the database's unique index says no. */
async function namingRace<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw duplicateName(name)
    throw error
  }
}

/**
 * The owner's names of a service in other languages: a name replaces whatever was there and stays
 * through renames; null or empty forgets it and the glossary's name, if any, comes back. A name in
 * the language the service is named in is no translation: it is left out.
 */
async function applyTranslations(
  tx: Executor,
  salon: SalonRow,
  service: Pick<ServiceRow, 'id' | 'name'>,
  translations: Translations | undefined,
  renamed: boolean,
  now: Date,
): Promise<void> {
  const own = serviceNameLanguage(service.name, salon.country)
  const forgotten: Language[] = [own]
  for (const language of LANGUAGES) {
    const name = translations?.[language]
    if (name === undefined || language === own) continue
    if (name === null || name === '') forgotten.push(language)
    else await repo.saveOwnerTranslation(tx, service.id, language, name, now)
  }
  await repo.deleteTranslations(tx, service.id, forgotten)
  if (renamed || forgotten.length > 1) await translateFromGlossary(tx, salon, [service], now)
}

/**
 * The owner's descriptions of a service in other languages: a text replaces what was there, null
 * or empty removes it. The salon's own language is the description itself: left out, as a name in
 * its own language is.
 */
async function applyDescriptionTranslations(
  tx: Executor,
  salon: SalonRow,
  serviceId: string,
  descriptions: DescriptionTranslations | undefined,
  now: Date,
): Promise<void> {
  if (!descriptions) return
  const salonLanguage = languageOfCountry(salon.country)
  const written: Partial<Record<Language, string>> = {}
  const removed: Language[] = []
  for (const language of LANGUAGES) {
    const text = descriptions[language]
    if (text === undefined || language === salonLanguage) continue
    if (text === null || text === '') removed.push(language)
    else written[language] = text
  }
  await repo.changeDescriptionTranslations(tx, serviceId, written, removed, now)
}

/**
 * Who performs the service: the members given replace those who did. An active service keeps at
 * least one active member who performs it, else the chat would offer what nobody can take. Checked
 * when the performers change or the service is (re)activated, not on a mere rename.
 */
async function applyPerformers(
  tx: Executor,
  salon: SalonRow,
  serviceId: string,
  memberIds: readonly string[] | undefined,
  activeAfter: boolean,
): Promise<void> {
  const members = new Map((await performersRepo.listMemberActivity(tx, salon.id)).map((m) => [m.id, m.isActive]))
  if (memberIds && !memberIds.every((id) => members.has(id))) throw unknownPerformers()
  const performers = memberIds ?? (await performersRepo.listServicePerformers(tx, serviceId))
  if (activeAfter && !performers.some((id) => members.get(id))) throw noActivePerformer()
  if (memberIds) await performersRepo.replaceServicePerformers(tx, serviceId, memberIds)
}

/** Adds a service at the end of the salon's list, with the glossary's names and the owner's. */
export async function createService(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  input: ServiceCreateInput,
): Promise<OwnerService> {
  const priceMinor = priceInMinorUnits(salon, input.priceAmount)
  await refuseNamesake(db, salon, input.name)
  const now = clock.now()
  const id = await namingRace(input.name, () =>
    db.transaction(async (tx) => {
      const position = (await repo.listServices(tx, salon.id)).reduce((max, s) => Math.max(max, s.position), 0) + 1
      const [added] = await addServices(
        tx,
        salon,
        [
          {
            name: input.name,
            description: input.description ?? '',
            durationMinutes: input.duration,
            ...phaseColumns(input.processing ?? null, input.cleanup ?? 0),
            priceMinor,
            isActive: input.isActive ?? true,
            position,
          },
        ],
        now,
      )
      if (!added) throw new Error('The service was not inserted')
      await applyTranslations(tx, salon, added, input.translations, false, now)
      await applyDescriptionTranslations(tx, salon, added.id, input.descriptionTranslations, now)
      // Without a choice, the whole active team performs it (addServices).
      if (input.memberIds) await applyPerformers(tx, salon, added.id, input.memberIds, added.isActive)
      return added.id
    }),
  )
  return presentOne(db, salon, id)
}

/** Changes the fields given of a service; a deactivated one stays listed and is no longer offered. */
export async function editService(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  serviceId: string,
  input: ServiceUpdateInput,
): Promise<OwnerService> {
  if (Object.values(input).every((value) => value === undefined)) throw nothingToChange()
  const service = await repo.findService(db, salon.id, serviceId)
  if (!service) throw serviceNotFound()
  const priceMinor = input.priceAmount === undefined ? undefined : priceInMinorUnits(salon, input.priceAmount)
  const name = input.name ?? service.name
  const renamed = name !== service.name
  // The phases as they will be, judged whole: a shorter duration may leave a processing outside it.
  const phases = {
    ...phaseColumns(
      input.processing === undefined
        ? service.processingMinutes > 0
          ? { after: service.processingAfterMinutes, minutes: service.processingMinutes }
          : null
        : input.processing,
      input.cleanup ?? service.cleanupMinutes,
    ),
    durationMinutes: input.duration ?? service.durationMinutes,
  }
  if (phasesProblem(phases)) throw phasesRefused()
  if (renamed) await refuseNamesake(db, salon, name, service.id)
  const now = clock.now()
  await namingRace(name, () =>
    db.transaction(async (tx) => {
      await repo.updateService(
        tx,
        service.id,
        {
          ...(input.name !== undefined && { name: input.name }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.duration !== undefined && { durationMinutes: input.duration }),
          ...((input.processing !== undefined || input.cleanup !== undefined) && phases),
          ...(priceMinor !== undefined && { priceMinor }),
          ...(input.isActive !== undefined && { isActive: input.isActive }),
        },
        now,
      )
      if (renamed || input.translations)
        await applyTranslations(tx, salon, { id: service.id, name }, input.translations, renamed, now)
      await applyDescriptionTranslations(tx, salon, service.id, input.descriptionTranslations, now)
      if (input.memberIds || input.isActive === true)
        await applyPerformers(tx, salon, service.id, input.memberIds, input.isActive ?? service.isActive)
    }),
  )
  return presentOne(db, salon, service.id)
}

/** Puts the salon's services in this order; the list must name each of them once (else it is stale: 409). */
export async function reorderServices(
  db: Database,
  clock: Clock,
  salon: SalonRow,
  serviceIds: string[],
): Promise<OwnerService[]> {
  const existing = await repo.listServices(db, salon.id)
  const known = new Set(existing.map((s) => s.id))
  const given = new Set(serviceIds)
  if (given.size !== serviceIds.length || given.size !== known.size || serviceIds.some((id) => !known.has(id)))
    throw orderStale()
  const now = clock.now()
  await db.transaction((tx) => repo.setPositions(tx, salon.id, serviceIds, now))
  return listOwnerServices(db, salon)
}

/** The columns of a processing pause (or none) and a clean-up. */
function phaseColumns(processing: { after: number; minutes: number } | null, cleanup: number) {
  return {
    processingAfterMinutes: processing?.after ?? 0,
    processingMinutes: processing?.minutes ?? 0,
    cleanupMinutes: cleanup,
  }
}
