import type { Language } from '@common/languages'
import type { OwnerService } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import type { ServiceTexts } from './translations-api'

/** A service's texts in one language as the owner types them (not saved yet). */
export interface Draft {
  name?: string
  description?: string
}

/** The name and description the owner saved in `language` (empty: none; the glossary's, if any, serves). */
export function savedTexts(service: OwnerService, language: Language): { name: string; description: string } {
  return {
    name: service.ownerTranslations[language] ?? '',
    description: service.descriptionTranslations[language] ?? '',
  }
}

/** Whether the service's name is itself in `language` (a salon naming a service in English): no translation then. */
export const namedIn = (service: OwnerService, language: Language) => service.nameLanguage === language

/**
 * What saving the draft changes, as the API takes it: only the texts that differ from those saved,
 * an emptied one as null (the glossary's name comes back; a description is removed). Nothing: null.
 */
export function changesOf(service: OwnerService, language: Language, draft: Draft | undefined): ServiceTexts | null {
  if (!draft) return null
  const saved = savedTexts(service, language)
  const changes: ServiceTexts = {}
  const name = draft.name?.trim()
  if (name !== undefined && name !== saved.name && !namedIn(service, language)) changes.name = name || null
  const description = draft.description?.trim()
  if (description !== undefined && description !== saved.description) changes.description = description || null
  return Object.keys(changes).length > 0 ? changes : null
}

/**
 * How many texts a customer of `language` would not read in it: a name neither the owner nor the
 * glossary gives, a description the salon wrote but not in that language (of the services offered:
 * a deactivated one waits), and the practical information likewise.
 */
export function missingIn(services: readonly OwnerService[], salon: Salon, language: Language): number {
  let missing = 0
  for (const service of services) {
    if (!service.isActive) continue
    if (!namedIn(service, language) && !service.translations[language]) missing++
    if (service.description.trim() && !service.descriptionTranslations[language]) missing++
  }
  if (salon.practicalInfo && !salon.practicalInfoTranslations[language]) missing++
  return missing
}
