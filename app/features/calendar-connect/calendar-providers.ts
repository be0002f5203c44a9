import { useQuery } from '@tanstack/react-query'

/** The providers a server may connect (GET /api/calendar-providers, public). */
export type ProviderName = 'google' | 'microsoft' | 'caldav'
export type ProviderAvailability = { name: string; available: boolean }[]

export const PROVIDERS_KEY = ['/api/calendar-providers']

/** Whether this server connects `name`; undefined while the list is read (or when it cannot be). */
export function isAvailable(providers: ProviderAvailability | undefined, name: ProviderName): boolean | undefined {
  return providers?.find((provider) => provider.name === name)?.available
}

/** What this server can connect: Microsoft only once it is configured. It changes only with its configuration. */
export function useCalendarProviders() {
  return useQuery<ProviderAvailability>({ queryKey: PROVIDERS_KEY, staleTime: Number.POSITIVE_INFINITY })
}
