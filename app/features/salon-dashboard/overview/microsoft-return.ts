import { toast } from '@app/components/ui/toast-store'
import type { TFunction } from 'i18next'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useRefreshCalendars } from './calendars-api'

/**
 * What Microsoft's consent came back with: `/professional?calendar=microsoft&connected=true`, or
 * `&error=<reason>` (the server's MicrosoftConnectError). The sign-in's own `?connected=true` has
 * no `calendar`.
 */
const REASONS = ['denied', 'invalid_state', 'unavailable', 'refused', 'no_calendar', 'not_configured'] as const
type Reason = (typeof REASONS)[number]

export type MicrosoftReturn = { kind: 'connected' } | { kind: 'error'; reason: Reason }

export function readMicrosoftReturn(search: string): MicrosoftReturn | undefined {
  const params = new URLSearchParams(search)
  if (params.get('calendar') !== 'microsoft') return undefined
  if (params.get('connected') === 'true') return { kind: 'connected' }
  const reason = params.get('error')
  // Anything else the server might add later reads as "unavailable": try again.
  return { kind: 'error', reason: REASONS.find((known) => known === reason) ?? 'unavailable' }
}

function reasonText(reason: Reason, t: TFunction): string {
  switch (reason) {
    case 'denied':
      return t('calendars.microsoftReturn.denied')
    case 'invalid_state':
      return t('calendars.microsoftReturn.invalidState')
    case 'unavailable':
      return t('calendars.microsoftReturn.unavailable')
    case 'refused':
      return t('calendars.microsoftReturn.refused')
    case 'no_calendar':
      return t('calendars.microsoftReturn.noCalendar')
    case 'not_configured':
      return t('calendars.providers.notOnServer')
  }
}

/** Takes Microsoft's answer out of the address bar (replace: a reload or Back must not repeat it). */
function clearMicrosoftReturn(): void {
  const url = new URL(window.location.href)
  for (const name of ['calendar', 'connected', 'error']) url.searchParams.delete(name)
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

/** Back from Microsoft: says how it went, once (even under React's strict mode), and reads the calendars again. */
export function useMicrosoftReturn(salonId: string): void {
  const { t } = useTranslation()
  const refresh = useRefreshCalendars(salonId)
  const handled = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the card first shows
  useEffect(() => {
    if (handled.current) return
    handled.current = true
    const answer = readMicrosoftReturn(window.location.search)
    if (!answer) return
    clearMicrosoftReturn()
    if (answer.kind === 'connected') {
      refresh()
      toast({
        title: t('calendars.microsoftReturn.connected'),
        description: t('calendars.microsoftReturn.connectedText'),
        tone: 'success',
      })
    } else {
      toast({
        title: t('calendars.errors.connectFailed'),
        description: reasonText(answer.reason, t),
        tone: 'destructive',
      })
    }
  }, [])
}
