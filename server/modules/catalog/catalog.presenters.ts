import { currencyForCountry } from '@common/countries'
import { type Language, languageOfCountry } from '@common/languages'
import { amountString } from '@common/money'
import type { OwnerService, Service, ServiceTranslations } from '@common/schemas/catalog'
import type { SalonRow, ServiceRow, ServiceTranslationRow } from '@server/db/schema'
import { lookUpServiceName } from './service-glossary'

/** The language a salon's name for a service is in: the glossary's word for it, else the salon's language. */
export function serviceNameLanguage(name: string, country: string): Language {
  const salonLanguage = languageOfCountry(country)
  return lookUpServiceName(name, salonLanguage)?.language ?? salonLanguage
}

/**
 * A service's description as a customer reading `language` reads it: the owner's translation, else
 * the salon's own text when they read the salon's language — never the salon's words in a reply,
 * page or file in another language (there is no glossary of descriptions to fall back on).
 */
export function serviceDescriptionIn(
  service: { description: string | null; descriptionTranslations: Partial<Record<Language, string>> },
  salonCountry: string,
  language: Language,
): string | undefined {
  const salonLanguage = languageOfCountry(salonCountry)
  const text = language === salonLanguage ? service.description : service.descriptionTranslations[language]
  return text || undefined
}

/** The owner's descriptions in other languages than the salon's (whose text is the description itself). */
function otherDescriptions(row: ServiceRow, country: string): ServiceTranslations {
  const salonLanguage = languageOfCountry(country)
  const descriptions: ServiceTranslations = {}
  for (const [language, text] of Object.entries(row.descriptionTranslations))
    if (language !== salonLanguage && text) descriptions[language as Language] = text
  return descriptions
}

/** `translations`: rows of this service (others are ignored); its name's own language is left out. */
export function presentService(
  row: ServiceRow,
  salon: Pick<SalonRow, 'publicId' | 'country'>,
  translations: readonly ServiceTranslationRow[] = [],
): Service {
  const own = serviceNameLanguage(row.name, salon.country)
  const names: ServiceTranslations = {}
  for (const t of translations) if (t.serviceId === row.id && t.language !== own) names[t.language] = t.name
  return {
    id: row.id,
    salonId: salon.publicId,
    name: row.name,
    description: row.description,
    duration: row.durationMinutes,
    processing:
      row.processingMinutes > 0 ? { after: row.processingAfterMinutes, minutes: row.processingMinutes } : null,
    cleanup: row.cleanupMinutes,
    price: row.priceMinor,
    currency: currencyForCountry(salon.country),
    isActive: row.isActive,
    position: row.position,
    translations: names,
    descriptionTranslations: otherDescriptions(row, salon.country),
  }
}

/**
 * A service as its owner edits it: beside what everyone sees, the price as an amount, the language
 * of its name, the names the owner gave it, and the glossary's names to suggest in the others.
 */
export function presentOwnerService(
  row: ServiceRow,
  salon: Pick<SalonRow, 'publicId' | 'country'>,
  translations: readonly ServiceTranslationRow[] = [],
): OwnerService {
  const service = presentService(row, salon, translations)
  const salonLanguage = languageOfCountry(salon.country)
  const match = lookUpServiceName(row.name, salonLanguage)
  const own = match?.language ?? salonLanguage
  const ownerTranslations: ServiceTranslations = {}
  for (const t of translations)
    if (t.serviceId === row.id && t.source === 'owner' && t.language !== own) ownerTranslations[t.language] = t.name
  const suggestedTranslations: ServiceTranslations = {}
  if (match)
    for (const [language, name] of Object.entries(match.names))
      if (language !== own) suggestedTranslations[language as Language] = name
  return {
    ...service,
    priceAmount: amountString(row.priceMinor, service.currency),
    nameLanguage: own,
    ownerTranslations,
    suggestedTranslations,
  }
}
