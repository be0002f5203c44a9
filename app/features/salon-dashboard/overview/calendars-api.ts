import { ApiError, apiRequest } from '@app/lib/api'
import type { CaldavAccount, CaldavDiscovery, CalendarConnections } from '@common/schemas/calendar'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { salonKeys } from '../dashboard-api'

export { isAvailable, type ProviderName, useCalendarProviders } from '@app/features/calendar-connect/calendar-providers'

export const calendarsKey = (salonId: string) => ['/api/salons', salonId, 'calendars']
/** The salon's calendars, read again while one of them synchronises (its outcome shows in the row). */
export function useCalendars(salonId: string) {
  return useQuery<CalendarConnections>({
    queryKey: calendarsKey(salonId),
    staleTime: 30_000,
    refetchInterval: (query) => (query.state.data?.calendars.some((calendar) => calendar.syncing) ? 3000 : 60_000),
  })
}

/** After a change of calendars: their list, the writer's status (the old card's rows) and the busy times. */
export function useRefreshCalendars(salonId: string) {
  const queryClient = useQueryClient()
  return (connections?: CalendarConnections) => {
    if (connections) queryClient.setQueryData(calendarsKey(salonId), connections)
    else void queryClient.invalidateQueries({ queryKey: calendarsKey(salonId) })
    void queryClient.invalidateQueries({ queryKey: salonKeys.calendar(salonId) })
    void queryClient.invalidateQueries({ queryKey: salonKeys.team(salonId) })
  }
}

const readJson = async <T>(response: Response): Promise<T> => (await response.json()) as T

export function useCalendarActions(salonId: string) {
  const refresh = useRefreshCalendars(salonId)
  const base = `/api/salons/${salonId}/calendars`
  const setWriter = useMutation({
    mutationFn: async (calendarId: string) =>
      readJson<CalendarConnections>(await apiRequest('PUT', `${base}/${calendarId}/writer`)),
    onSuccess: (connections) => refresh(connections),
    // The list may have changed meanwhile (a calendar removed, another in need of reconnecting).
    onError: () => refresh(),
  })
  const sync = useMutation({
    mutationFn: (calendarId: string) => apiRequest('POST', `${base}/${calendarId}/sync`),
    onSettled: () => refresh(),
  })
  const remove = useMutation({
    mutationFn: (calendarId: string) => apiRequest('DELETE', `${base}/${calendarId}`),
    onSettled: () => refresh(),
  })
  return { setWriter, sync, remove }
}

/** Asks the server for Microsoft's consent page; the browser then leaves for it. */
export async function fetchMicrosoftAuthUrl(salonId: string): Promise<string> {
  const body = await readJson<{ authUrl?: unknown }>(
    await apiRequest('GET', `/api/salons/${salonId}/microsoft/auth-url`),
  )
  if (typeof body.authUrl !== 'string' || body.authUrl === '') throw new Error('No authUrl in the answer')
  return body.authUrl
}

export async function discoverCaldav(salonId: string, account: CaldavAccount): Promise<CaldavDiscovery> {
  return readJson<CaldavDiscovery>(await apiRequest('POST', `/api/salons/${salonId}/caldav/discover`, account))
}

export async function connectCaldav(
  salonId: string,
  body: { account: CaldavAccount; calendarUrl: string; calendarName?: string },
): Promise<CalendarConnections> {
  return readJson<CalendarConnections>(await apiRequest('POST', `/api/salons/${salonId}/caldav/connect`, body))
}

/** Why a CalDAV server could not be read or connected, in the owner's words. */
export function caldavErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'caldav.unauthorized':
        return t('calendars.caldav.errors.unauthorized')
      case 'caldav.not_caldav':
        return t('calendars.caldav.errors.notCaldav')
      case 'caldav.unreachable':
        return t('calendars.caldav.errors.unreachable')
      case 'caldav.url_refused':
        return t('calendars.caldav.errors.urlRefused')
      case 'caldav.calendar_unknown':
        return t('calendars.caldav.errors.calendarUnknown')
    }
    if (error.status === 429) return t('calendars.caldav.errors.tooOften')
    if (error.status === 400) return t('calendars.caldav.errors.invalid')
  }
  return t('calendars.errors.tryAgain')
}

/** Why Microsoft's consent could not start, in the owner's words. */
export function microsoftErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'microsoft.not_configured') {
    return t('calendars.providers.notOnServer')
  }
  return t('calendars.errors.tryAgain')
}
