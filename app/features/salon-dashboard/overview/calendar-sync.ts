import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import type { CalendarStatus } from '@common/schemas/calendar'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { salonKeys, useCalendarStatus } from '../dashboard-api'
import { changeParts, syncErrorText } from './calendar-format'

/** Spec §9: the calendar toasts last 2 s. */
export const CALENDAR_TOAST_MS = 2000
/**
 * A failure already shown before the owner asked may be the one their sync is about to clear:
 * it counts as the outcome only once the sync has had this long to succeed.
 */
const STALE_ERROR_GRACE_MS = 20_000

type SyncError = NonNullable<CalendarStatus['lastError']>
export type SyncOutcome =
  | { kind: 'running' }
  | { kind: 'done'; status: CalendarStatus }
  | { kind: 'failed'; error: SyncError }

/**
 * Where a requested synchronisation stands, from the status read after the request was accepted
 * and the one read before it. It is over once a synchronisation ended after the request (a new
 * lastSyncedAt), even if another is already queued: the events it writes make Google notify us,
 * and the read that follows would keep the owner waiting for nothing. Google failing leaves the
 * job retrying (still "syncing") with the failure recorded: that failure is the outcome the owner
 * needs, not a spinner for hours.
 */
export function syncOutcome(before: CalendarStatus | undefined, now: CalendarStatus, waitedMs: number): SyncOutcome {
  if (now.state === 'reconnect_required') return { kind: 'failed', error: 'reconnect_required' }
  if (now.lastSyncedAt && now.lastSyncedAt !== before?.lastSyncedAt) return { kind: 'done', status: now }
  if (now.syncing) {
    const fresh = now.lastError !== null && (now.lastError !== before?.lastError || waitedMs >= STALE_ERROR_GRACE_MS)
    return fresh && now.lastError ? { kind: 'failed', error: now.lastError } : { kind: 'running' }
  }
  return now.lastError ? { kind: 'failed', error: now.lastError } : { kind: 'done', status: now }
}

/**
 * "Synchroniser": asks the server for a synchronisation (202, a background job), then follows the
 * calendar's status until it says the job finished, and tells the owner what it changed.
 */
export function useCalendarSync(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const status = useCalendarStatus(salonId)
  const [request, setRequest] = useState<{ acceptedAt: number; before: CalendarStatus | undefined } | null>(null)
  const before = useRef<CalendarStatus | undefined>(undefined)

  const errorText = (error: SyncError) => syncErrorText(error, t)
  const failed = (description: string) =>
    toast({ title: t('dashboard.calendar.syncFailed'), description, tone: 'destructive' })

  const sync = useMutation({
    mutationFn: () => apiRequest('POST', `/api/salons/${salonId}/sync-calendar`),
    onMutate: () => {
      before.current = status.data
    },
    onSuccess: () => {
      setRequest({ acceptedAt: Date.now(), before: before.current })
      // A read already on its way started before the job existed: it is cancelled and sent again.
      void queryClient.invalidateQueries({ queryKey: salonKeys.calendar(salonId) })
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: salonKeys.calendar(salonId) })
      const reconnect = error instanceof ApiError && error.code === 'calendar.reconnect_required'
      failed(reconnect ? errorText('reconnect_required') : t('dashboard.calendar.tryAgain'))
    },
  })

  const { data, dataUpdatedAt } = status
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new status is the trigger; the texts and client are stable
  useEffect(() => {
    if (!request || !data || dataUpdatedAt < request.acceptedAt) return
    const outcome = syncOutcome(request.before, data, Date.now() - request.acceptedAt)
    if (outcome.kind === 'running') return
    setRequest(null)
    if (outcome.kind === 'failed') {
      failed(errorText(outcome.error))
      return
    }
    // Spec §2: a synchronisation refreshes the bookings shown.
    void queryClient.invalidateQueries({ queryKey: salonKeys.bookings(salonId) })
    void queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salonId) })
    const counts = outcome.status.lastSync ?? { created: 0, updated: 0, removed: 0 }
    const changed = counts.created + counts.updated + counts.removed > 0
    toast({
      title: changed
        ? t('dashboard.calendar.syncDone', { changes: changeParts(counts, currentLanguage(), t).join(', ') })
        : t('dashboard.calendar.syncDoneNoChanges'),
      tone: 'success',
      duration: CALENDAR_TOAST_MS,
    })
  }, [request, data, dataUpdatedAt])

  return { start: () => sync.mutate(), running: sync.isPending || request !== null }
}
