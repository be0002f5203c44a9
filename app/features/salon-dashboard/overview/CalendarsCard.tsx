import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { salonAuthUrlEndpoint, useGoogleRedirect } from '@app/features/calendar-connect/google-sign-in'
import {
  forgetPendingCalendar,
  type PendingCalendar,
  readPendingCalendar,
} from '@app/features/calendar-connect/pending-calendar'
import { ApiError } from '@app/lib/api'
import { useSession } from '@app/lib/session'
import type { CaldavPreset, CalendarConnection } from '@common/schemas/calendar'
import type { Salon } from '@common/schemas/salon'
import { CalendarCheck, Plus, ShieldCheck } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCalendarStatus } from '../dashboard-api'
import { CalendarConnectionRow } from './CalendarConnectionRow'
import { CalendarErrorNote, CalendarStateRow, CalendarSyncRows, StatusRow } from './CalendarStatusRows'
import { ConnectCalendarDialog, type ConnectView, useMicrosoftRedirect } from './ConnectCalendarDialog'
import { providerName } from './calendar-provider'
import { useCalendarState } from './calendar-state'
import { CALENDAR_TOAST_MS } from './calendar-sync'
import { useCalendarActions, useCalendars, useRefreshCalendars } from './calendars-api'
import { useMicrosoftReturn } from './microsoft-return'
import { Skeleton } from './states'

/** The dialog a calendar chosen before signing in opens (pending-calendar.ts). */
function pendingView(pending: PendingCalendar | undefined): ConnectView | undefined {
  if (pending === 'microsoft') return { kind: 'choose' }
  if (pending === 'icloud') return { kind: 'caldav', preset: 'icloud' }
  if (pending === 'caldav') return { kind: 'caldav', preset: 'custom' }
  return undefined
}

/** The CalDAV form's server for a calendar to reconnect: the account's address tells iCloud and Fastmail apart. */
function presetOf(account: string): CaldavPreset {
  const domain = account.toLowerCase().split('@')[1] ?? ''
  if (['icloud.com', 'me.com', 'mac.com'].includes(domain)) return 'icloud'
  if (domain.startsWith('fastmail.')) return 'fastmail'
  return 'custom'
}

/**
 * "État de la connexion": each of the salon's calendars (Google, the owner's sign-in; Outlook;
 * CalDAV), the one receiving the bookings chosen among them, "Ajouter un calendrier", and whether
 * the owner's session is active. Until the calendars are read, or if they cannot be, the writer's
 * status alone (the single-calendar card): the owner still sees how the calendar is.
 */
export function CalendarsCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const { session } = useSession()
  const salonId = salon.salonId
  const calendars = useCalendars(salonId)
  const status = useCalendarStatus(salonId)
  const fallback = useCalendarState(salonId, salon)
  const actions = useCalendarActions(salonId)
  const refresh = useRefreshCalendars(salonId)
  const outlook = useMicrosoftRedirect(salonId)
  const google = useGoogleRedirect({ failureTitle: t('calendars.errors.connectFailed') })
  const radioName = useId()
  const groupLabel = useId()
  const titleId = useId()
  const [dialog, setDialog] = useState<ConnectView | undefined>(() => pendingView(readPendingCalendar()))
  const [removing, setRemoving] = useState<CalendarConnection | undefined>(undefined)
  useMicrosoftReturn(salonId)
  // The calendar chosen before signing in is offered once: its dialog is open now.
  useEffect(() => forgetPendingCalendar(), [])

  const list = calendars.data?.calendars
  const several = (list?.length ?? 0) > 1

  const chooseWriter = (calendar: CalendarConnection) =>
    actions.setWriter.mutate(calendar.id, {
      onSuccess: () =>
        toast({
          title: t('calendars.writer.changed', { name: providerName(calendar.provider, t) }),
          description: t('calendars.writer.changedText'),
          tone: 'success',
          duration: CALENDAR_TOAST_MS,
        }),
      onError: (error) =>
        toast({
          title: t('calendars.writer.failed'),
          description:
            error instanceof ApiError && error.code === 'calendar.reconnect_required'
              ? t('calendars.row.reconnectHint', { name: providerName(calendar.provider, t) })
              : t('calendars.errors.tryAgain'),
          tone: 'destructive',
        }),
    })

  const sync = (calendar: CalendarConnection) =>
    actions.sync.mutate(calendar.id, {
      onSuccess: () => toast({ title: t('calendars.row.syncQueued'), tone: 'success', duration: CALENDAR_TOAST_MS }),
      onError: () =>
        toast({
          title: t('dashboard.calendar.syncFailed'),
          description: t('calendars.errors.tryAgain'),
          tone: 'destructive',
        }),
    })

  const reconnect = (calendar: CalendarConnection) => {
    if (calendar.provider === 'microsoft') outlook.redirect()
    else if (calendar.provider === 'google') google.redirect(salonAuthUrlEndpoint(salonId))
    else setDialog({ kind: 'caldav', preset: presetOf(calendar.account) })
  }

  const remove = () => {
    if (!removing) return
    const name = providerName(removing.provider, t)
    actions.remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(undefined)
        toast({ title: t('calendars.remove.done', { name }), tone: 'success', duration: CALENDAR_TOAST_MS })
      },
      onError: () =>
        toast({
          title: t('calendars.remove.failed'),
          description: t('calendars.errors.tryAgain'),
          tone: 'destructive',
        }),
    })
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('dashboard.connection.title')}</CardTitle>
        <CardDescription>{t('calendars.card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {list && list.length > 0 ? (
          <div role="radiogroup" aria-labelledby={groupLabel}>
            <p id={groupLabel} className="sr-only">
              {t('calendars.writer.group')}
            </p>
            <ul className="divide-y divide-line/70">
              {list.map((calendar) => (
                <CalendarConnectionRow
                  key={calendar.id}
                  calendar={calendar}
                  radioName={radioName}
                  writerStatus={status.data}
                  timeZone={salon.timeZone}
                  choosingWriter={actions.setWriter.isPending}
                  showSync={several}
                  onChooseWriter={() => chooseWriter(calendar)}
                  onSync={() => sync(calendar)}
                  syncPending={actions.sync.isPending && actions.sync.variables === calendar.id}
                  onReconnect={() => reconnect(calendar)}
                  reconnectPending={calendar.provider === 'google' ? google.isPending : outlook.isPending}
                  onRemove={() => setRemoving(calendar)}
                />
              ))}
            </ul>
          </div>
        ) : (
          <WriterOnly calendars={calendars} status={status} fallback={fallback} />
        )}
        {status.data?.lastError && !list && <CalendarErrorNote error={status.data.lastError} />}

        <Button variant="outline" className="mt-5 w-full" onClick={() => setDialog({ kind: 'choose' })}>
          <Plus aria-hidden className="size-4" />
          {t('calendars.add.button')}
        </Button>

        <ul className="mt-5 border-t border-line/70 pt-4">
          <StatusRow
            tone={session.isAuthenticated ? 'success' : 'neutral'}
            icon={<ShieldCheck className="size-4" />}
            label={t('dashboard.connection.auth')}
            value={
              <Badge tone={session.isAuthenticated ? 'success' : 'neutral'}>
                {session.isAuthenticated
                  ? t('dashboard.connection.authActive')
                  : t('dashboard.connection.authInactive')}
              </Badge>
            }
          />
        </ul>
        {(calendars.isError || status.isError) && !list && (
          <p className="mt-4 flex flex-wrap items-center gap-x-2 text-xs text-ink-soft">
            {t('dashboard.calendar.statusFailed')}
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              onClick={() => {
                void calendars.refetch()
                void status.refetch()
              }}
            >
              {t('dashboard.retry')}
            </Button>
          </p>
        )}
      </CardContent>

      <ConnectCalendarDialog
        salonId={salonId}
        view={dialog}
        onViewChange={setDialog}
        onClose={() => setDialog(undefined)}
        onConnected={(connections) => {
          setDialog(undefined)
          refresh(connections)
          toast({ title: t('calendars.caldav.connected'), tone: 'success', duration: CALENDAR_TOAST_MS })
        }}
      />
      <ConfirmDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={remove}
        pending={actions.remove.isPending}
        title={t('calendars.remove.title')}
        description={
          removing
            ? t('calendars.remove.text', { name: providerName(removing.provider, t), account: removing.account })
            : ''
        }
        submitLabel={t('calendars.remove.confirm')}
        pendingLabel={t('calendars.remove.removing')}
      >
        {removing?.writesBookings && (
          <p className="rounded-xl bg-warning-soft px-3.5 py-3 text-sm leading-relaxed text-ink">
            {t('calendars.remove.writerWarning')}
          </p>
        )}
      </ConfirmDialog>
    </Card>
  )
}

/**
 * The writer's status alone: while the calendars are read, when they cannot be, or when the salon
 * has none ("Non connecté", with the quick actions' "Connecter Google Calendar").
 */
function WriterOnly({
  calendars,
  status,
  fallback,
}: {
  calendars: ReturnType<typeof useCalendars>
  status: ReturnType<typeof useCalendarStatus>
  fallback: ReturnType<typeof useCalendarState>
}) {
  const { t } = useTranslation()
  const empty = calendars.data?.calendars.length === 0
  const shown = empty ? { state: 'not_connected' as const, account: null } : fallback
  return (
    <ul className="divide-y divide-line/70">
      {shown ? (
        <CalendarStateRow state={shown.state} account={shown.account} />
      ) : (
        <StatusRow
          icon={<CalendarCheck className="size-4" />}
          label={t('dashboard.calendar.label')}
          value={
            <>
              <span className="sr-only">{t('dashboard.loading')}</span>
              <Skeleton className="h-5 w-24 rounded-full" />
            </>
          }
        />
      )}
      {!empty && status.data && status.data.state !== 'not_connected' && <CalendarSyncRows status={status.data} />}
    </ul>
  )
}
