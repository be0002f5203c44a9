import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { apiRequest } from '@app/lib/api'
import type { Salon } from '@common/schemas/salon'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarCheck, CircleDashed, LogOut, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { useCalendarStatus } from '../dashboard-api'
import { CALENDAR_TOAST_MS, useCalendarSync } from './calendar-sync'

/** Spec §9: home comes 100 ms after a disconnect. */
const HOME_AFTER_DISCONNECT_MS = 100

/**
 * Synchronise the calendar (or connect it, or connect it again when Google stopped honouring the
 * grant), and disconnect the salon (which also signs the owner out).
 */
export function QuickActionsCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const salonId = salon.salonId
  const status = useCalendarStatus(salonId)
  const sync = useCalendarSync(salonId)
  // Until the status is read, the salon's own flag says whether there is a calendar to synchronise.
  const state = status.data?.state ?? (salon.isGoogleCalendarConnected ? 'connected' : 'not_connected')

  const connect = useMutation({
    mutationFn: async () => {
      const body = (await (await apiRequest('GET', `/api/google/auth-url/${salonId}`)).json()) as { authUrl?: unknown }
      // Spec §5: an answer without an authUrl is a failed connection.
      if (typeof body.authUrl !== 'string' || body.authUrl === '') throw new Error('No authUrl in the answer')
      return body.authUrl
    },
    onSuccess: (authUrl) => window.location.assign(authUrl),
    onError: () =>
      toast({
        title: t('dashboard.calendar.connectionFailed'),
        description: t('dashboard.calendar.tryAgain'),
        tone: 'destructive',
      }),
  })

  const disconnect = useMutation({
    mutationFn: () => apiRequest('POST', `/api/salons/${salonId}/disconnect`),
    onSuccess: () => {
      setConfirming(false)
      toast({ title: t('dashboard.calendar.disconnected'), tone: 'success', duration: CALENDAR_TOAST_MS })
      // The server ended the session: forget everything read with it, then leave the private area.
      setTimeout(() => {
        queryClient.clear()
        navigate('/')
      }, HOME_AFTER_DISCONNECT_MS)
    },
    onError: () =>
      toast({
        title: t('dashboard.calendar.disconnectFailed'),
        description: t('dashboard.calendar.tryAgain'),
        tone: 'destructive',
      }),
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.actions.title')}</CardTitle>
        <CardDescription>{t('dashboard.actions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {state === 'connected' ? (
          <Button variant="outline" onClick={sync.start} loading={sync.running} className="w-full">
            {!sync.running && <RefreshCw aria-hidden className="size-4" />}
            {sync.running ? t('dashboard.actions.syncing') : t('dashboard.actions.sync')}
          </Button>
        ) : (
          <Button onClick={() => connect.mutate()} loading={connect.isPending} className="w-full">
            {!connect.isPending && <CalendarCheck aria-hidden className="size-4" />}
            {connect.isPending
              ? t('dashboard.actions.connecting')
              : state === 'reconnect_required'
                ? t('dashboard.actions.reconnect')
                : t('dashboard.actions.connect')}
          </Button>
        )}
        <Button
          variant="outline"
          onClick={() => setConfirming(true)}
          className="w-full border-danger/30 text-danger hover:border-danger/50 hover:bg-danger-soft"
        >
          <LogOut aria-hidden className="size-4" />
          {t('dashboard.actions.disconnect')}
        </Button>
        <p role="status" className="flex min-h-5 items-center gap-1.5 text-xs text-ink-soft">
          {sync.running ? (
            <>
              <RefreshCw aria-hidden className="size-3.5 animate-spin" />
              {t('dashboard.actions.syncingHint')}
            </>
          ) : (
            <>
              <CircleDashed aria-hidden className="size-3.5" />
              {t('dashboard.actions.disconnectHint')}
            </>
          )}
        </p>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate()}
        pending={disconnect.isPending}
        title={t('dashboard.actions.confirmTitle')}
        description={t('dashboard.actions.confirmText')}
        submitLabel={t('dashboard.actions.confirmButton')}
        pendingLabel={t('dashboard.actions.disconnecting')}
      />
    </Card>
  )
}
