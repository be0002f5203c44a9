import type { Language } from '@common/languages'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { serviceDescriptionIn } from './catalog.presenters'
import * as repo from './catalog.repository'

/** A booked service as its customer reads it, in their language (confirmations, pages, calendar files). */
export interface ServiceForCustomer {
  /** Its name in their language when the salon has one (the owner's, else the glossary's), else the salon's. */
  name: string
  /** The name it was booked under: the salon's own, which the salon's staff say at the counter. */
  salonName: string
  /** Its description in their language, when there is one (see serviceDescriptionIn). */
  description: string | undefined
}

/**
 * The booked service in `language`: a service removed since keeps the name it was booked under and
 * has no description.
 */
export async function bookedServiceFor(
  db: Executor,
  salon: Pick<SalonRow, 'id' | 'country'>,
  booking: { serviceId: string | null; serviceName: string },
  language: Language,
): Promise<ServiceForCustomer> {
  const salonName = booking.serviceName
  if (!booking.serviceId) return { name: salonName, salonName, description: undefined }
  // One after the other: `db` may be a transaction's single connection.
  const service = await repo.findService(db, salon.id, booking.serviceId)
  const translated = await repo.findTranslatedName(db, booking.serviceId, language)
  return {
    name: translated ?? salonName,
    salonName,
    description: service ? serviceDescriptionIn(service, salon.country, language) : undefined,
  }
}

/** Services' names by id as a customer reading `language` reads them (a message naming what they asked for). */
export async function serviceNamesFor(
  db: Executor,
  serviceIds: readonly string[],
  language: Language,
): Promise<Map<string, string>> {
  return repo.findNamesIn(db, serviceIds, language)
}
