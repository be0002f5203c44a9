import { apiRequest } from '@app/lib/api'
import type { Language } from '@common/languages'
import type { OwnerService } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/** One language's texts of a service: a name or description given replaces the owner's, null forgets it. */
export interface ServiceTexts {
  name?: string | null
  description?: string | null
}

/**
 * Saves a service's texts in one language (PATCH the service). The answer is the service as saved:
 * it goes into the list at once, so the fields show what is saved while the list is read again.
 */
export function useSaveServiceTexts(salonId: string) {
  const queryClient = useQueryClient()
  const key = salonKeys.services(salonId)
  return useMutation({
    mutationFn: async ({
      serviceId,
      language,
      texts,
    }: {
      serviceId: string
      language: Language
      texts: ServiceTexts
    }) =>
      (await (
        await apiRequest('PATCH', `/api/salons/${salonId}/services/${serviceId}`, {
          ...(texts.name !== undefined && { translations: { [language]: texts.name } }),
          ...(texts.description !== undefined && { descriptionTranslations: { [language]: texts.description } }),
        })
      ).json()) as OwnerService,
    onSuccess: (saved) => {
      queryClient.setQueryData<OwnerService[]>(key, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))
      void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/** Saves the practical information in one language (PATCH the salon); null or empty removes it. */
export function useSavePracticalInfo(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ language, text }: { language: Language; text: string | null }) =>
      (await (
        await apiRequest('PATCH', `/api/salons/${salonId}`, { practicalInfoTranslations: { [language]: text } })
      ).json()) as Salon,
    // The salon's key is a prefix of its services', hours'… keys: set it rather than invalidate it,
    // which would read all of them again.
    onSuccess: (saved) => queryClient.setQueryData(salonKeys.salon(salonId), saved),
  })
}
