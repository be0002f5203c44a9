import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  CalendarCheck,
  CalendarX,
  CheckCircle2,
  CircleDashed,
  LogOut,
  RefreshCw,
  ShieldCheck,
  UserRound,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import type { Salon } from '../../../../common/schemas/salon'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/Card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/Dialog'
import { toast } from '../../../components/ui/Toast'
import { apiRequest } from '../../../lib/api'
import { formatDate } from '../../../lib/format'
import { currentLanguage } from '../../../lib/i18n'
import { useSession } from '../../../lib/session'
import { salonKeys } from '../dashboard-api'

/** Spec §9: the calendar toasts last 2 s, and home comes 100 ms after a disconnect. */
const CALENDAR_TOAST_MS = 2000
const HOME_AFTER_DISCONNECT_MS = 100

function StatusRow({ icon, label, value, ok }: { icon: ReactNode; label: string; value: ReactNode; ok: boolean }) {
  return (
    <div className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      {/* The icon belongs to the term: a <dl> group holds only <dt> and <dd>. */}
      <dt className="flex min-w-0 flex-1 items-center gap-3 text-sm text-ink-soft">
        <span
          className={
            ok
              ? 'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success'
              : 'inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-sand text-ink-soft'
          }
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="min-w-0 max-w-[60%] truncate text-right text-sm font-medium">{value}</dd>
    </div>
  )
}

/** Whether the calendar is connected, the sign-in is active, and with which Google account. */
export function ConnectionStatusCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const { session } = useSession()
  const connected = salon.isGoogleCalendarConnected
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.connection.title')}</CardTitle>
        <CardDescription>{t('dashboard.connection.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-line/70">
          <StatusRow
            ok={connected}
            icon={
              connected ? (
                <CalendarCheck aria-hidden className="size-4" />
              ) : (
                <CalendarX aria-hidden className="size-4" />
              )
            }
            label={t('dashboard.connection.calendar')}
            value={
              <Badge tone={connected ? 'success' : 'neutral'}>
                {connected ? t('dashboard.connection.connected') : t('dashboard.connection.notConnected')}
              </Badge>
            }
          />
          <StatusRow
            ok={session.isAuthenticated}
            icon={<ShieldCheck aria-hidden className="size-4" />}
            label={t('dashboard.connection.auth')}
            value={
              <Badge tone={session.isAuthenticated ? 'success' : 'neutral'}>
                {session.isAuthenticated
                  ? t('dashboard.connection.authActive')
                  : t('dashboard.connection.authInactive')}
              </Badge>
            }
          />
          <StatusRow
            ok={Boolean(salon.googleConnectedEmail)}
            icon={<UserRound aria-hidden className="size-4" />}
            label={t('dashboard.connection.account')}
            value={
              <span title={salon.googleConnectedEmail ?? undefined}>
                {salon.googleConnectedEmail ?? t('dashboard.connection.noAccount')}
              </span>
            }
          />
        </dl>
      </CardContent>
    </Card>
  )
}

/** Synchronise or connect the calendar, and disconnect the salon (which also signs the owner out). */
export function QuickActionsCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const [syncedAt, setSyncedAt] = useState<string>()
  const salonId = salon.salonId

  const sync = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `/api/salons/${salonId}/sync-calendar`)).json()) as { syncedAt: string },
    onSuccess: ({ syncedAt }) => {
      setSyncedAt(syncedAt)
      void queryClient.invalidateQueries({ queryKey: salonKeys.bookings(salonId) })
      void queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salonId) })
      toast({ title: t('dashboard.calendar.synced'), tone: 'success', duration: CALENDAR_TOAST_MS })
    },
    onError: () =>
      toast({
        title: t('dashboard.calendar.syncFailed'),
        description: t('dashboard.calendar.tryAgain'),
        tone: 'destructive',
      }),
  })

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

  const language = currentLanguage()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.actions.title')}</CardTitle>
        <CardDescription>{t('dashboard.actions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {salon.isGoogleCalendarConnected ? (
          <Button variant="outline" onClick={() => sync.mutate()} loading={sync.isPending} className="w-full">
            {!sync.isPending && <RefreshCw aria-hidden className="size-4" />}
            {sync.isPending ? t('dashboard.actions.syncing') : t('dashboard.actions.sync')}
          </Button>
        ) : (
          <Button onClick={() => connect.mutate()} loading={connect.isPending} className="w-full">
            {!connect.isPending && <CalendarCheck aria-hidden className="size-4" />}
            {connect.isPending ? t('dashboard.actions.connecting') : t('dashboard.actions.connect')}
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
          {syncedAt ? (
            <>
              <CheckCircle2 aria-hidden className="size-3.5 text-success" />
              {t('dashboard.actions.lastSync', { time: formatDate(new Date(syncedAt), 'HH:mm', language) })}
            </>
          ) : (
            <>
              <CircleDashed aria-hidden className="size-3.5" />
              {t('dashboard.actions.disconnectHint')}
            </>
          )}
        </p>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !disconnect.isPending && setConfirming(open)}>
        <DialogContent closeLabel={t('dashboard.close')} role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('dashboard.actions.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('dashboard.actions.confirmText')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={disconnect.isPending}>
                {t('dashboard.cancel')}
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={() => disconnect.mutate()} loading={disconnect.isPending}>
              {disconnect.isPending ? t('dashboard.actions.disconnecting') : t('dashboard.actions.confirmButton')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
