import { Badge } from '@app/components/ui/Badge'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { CalendarStatus } from '@common/schemas/calendar'
import {
  CalendarCheck,
  CalendarClock,
  CalendarOff,
  CalendarX,
  CircleAlert,
  ListChecks,
  Loader2,
  Radio,
  RefreshCw,
  Timer,
  TriangleAlert,
} from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { changeParts, countText, fullDateTime, syncErrorText, syncedAtText } from './calendar-format'

type Tone = 'neutral' | 'success' | 'warning' | 'danger'
const ICON_TONES: Record<Tone, string> = {
  neutral: 'bg-sand text-ink-soft',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
}

/** One line of the connection card: an icon, what it is (and a detail beneath), its value. */
export function StatusRow({
  icon,
  tone = 'neutral',
  label,
  detail,
  value,
}: {
  icon: ReactNode
  tone?: Tone
  label: string
  detail?: ReactNode
  value: ReactNode
}) {
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span
        className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-xl', ICON_TONES[tone])}
        aria-hidden
      >
        {icon}
      </span>
      {/* On a narrow card a long value goes under its label instead of squeezing it. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1 basis-40">
          <p className="text-sm text-ink-soft">{label}</p>
          {detail && <div className="mt-0.5 text-xs leading-snug text-ink-soft/85">{detail}</div>}
        </div>
        <div className="flex flex-col items-end gap-1 text-right text-sm font-medium">{value}</div>
      </div>
    </li>
  )
}

const icon = 'size-4'

const STATE_TONES: Record<CalendarStatus['state'], Tone> = {
  connected: 'success',
  reconnect_required: 'warning',
  not_connected: 'neutral',
}

/** The calendar's one state — connected, reconnect required or not connected — with its account. */
/** "Connecté", "Reconnexion nécessaire", "Non connecté": the status card's words, also the page header's. */
export function CalendarStateBadge({ state }: { state: CalendarStatus['state'] }) {
  const { t } = useTranslation()
  const text =
    state === 'connected'
      ? t('dashboard.calendar.state.connected')
      : state === 'reconnect_required'
        ? t('dashboard.calendar.state.reconnectRequired')
        : t('dashboard.calendar.state.notConnected')
  return <Badge tone={STATE_TONES[state]}>{text}</Badge>
}

export function CalendarStateRow({ state, account }: { state: CalendarStatus['state']; account: string | null }) {
  const { t } = useTranslation()
  const tone = STATE_TONES[state]
  return (
    <StatusRow
      tone={tone}
      icon={state === 'connected' ? <CalendarCheck className={icon} /> : <CalendarX className={icon} />}
      label={t('dashboard.calendar.label')}
      detail={
        state !== 'not_connected' && account ? (
          <span className="block truncate" title={account}>
            {account}
          </span>
        ) : undefined
      }
      value={<CalendarStateBadge state={state} />}
    />
  )
}

/** Renders again every 30 s, so "il y a 2 minutes" keeps true while the page stays open. */
function useTicking(): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 30_000)
    return () => clearInterval(timer)
  }, [])
}

/**
 * The synchronisation's rows of a connected (or to-be-reconnected) calendar. `updatesLabel` names
 * where changes come from when the calendar is not Google's ("Mises à jour depuis Outlook").
 */
export function CalendarSyncRows({ status, updatesLabel }: { status: CalendarStatus; updatesLabel?: string }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  useTicking()
  const now = Date.now()
  const { timeZone } = status

  // Each part stays whole ("0 supprimé"); a narrow card breaks the line between parts.
  const changes = status.lastSync
    ? changeParts(status.lastSync, language, t).map((part, index) => (
        <span key={part}>
          {index > 0 && ' · '}
          <span className="whitespace-nowrap">{part}</span>
        </span>
      ))
    : undefined
  const syncDetail = status.syncing ? (
    <span className="inline-flex items-center gap-1">
      <Loader2 aria-hidden className="size-3 animate-spin" />
      {t('dashboard.calendar.syncingNow')}
    </span>
  ) : (
    changes
  )

  const eventBadges: ReactNode[] = []
  if (status.failedEvents > 0) {
    eventBadges.push(
      <Badge key="failed" tone="danger">
        {countText(
          status.failedEvents,
          language,
          t('dashboard.calendar.failedOne', { count: status.failedEvents }),
          t('dashboard.calendar.failedMany', { count: status.failedEvents }),
        )}
      </Badge>,
    )
  }
  if (status.pendingEvents > 0) {
    eventBadges.push(
      <Badge key="pending" tone="neutral">
        {t('dashboard.calendar.pending', { count: status.pendingEvents })}
      </Badge>,
    )
  }

  return (
    <>
      <StatusRow
        tone={status.lastSyncedAt ? 'success' : 'neutral'}
        icon={<RefreshCw className={icon} />}
        label={t('dashboard.calendar.lastSync')}
        detail={syncDetail}
        value={
          status.lastSyncedAt ? (
            <time dateTime={status.lastSyncedAt} title={fullDateTime(status.lastSyncedAt, timeZone, language)}>
              {syncedAtText(status.lastSyncedAt, timeZone, language, now, t)}
            </time>
          ) : (
            <span className="text-ink-soft">{t('dashboard.calendar.never')}</span>
          )
        }
      />
      {status.state === 'connected' && (
        <StatusRow
          tone={status.updates === 'push' ? 'success' : 'neutral'}
          icon={status.updates === 'push' ? <Radio className={icon} /> : <Timer className={icon} />}
          label={updatesLabel ?? t('dashboard.calendar.updates')}
          value={
            status.updates === 'push'
              ? t('dashboard.calendar.push')
              : status.pollMinutes === 1
                ? t('dashboard.calendar.pollingEveryMinute')
                : t('dashboard.calendar.polling', { minutes: status.pollMinutes ?? 5 })
          }
        />
      )}
      <StatusRow
        tone={status.failedEvents > 0 ? 'danger' : eventBadges.length > 0 ? 'neutral' : 'success'}
        icon={status.failedEvents > 0 ? <CircleAlert className={icon} /> : <ListChecks className={icon} />}
        label={t('dashboard.calendar.events')}
        detail={status.failedEvents > 0 ? t('dashboard.calendar.failedHint') : undefined}
        value={eventBadges.length > 0 ? eventBadges : t('dashboard.calendar.allWritten')}
      />
      <StatusRow
        icon={status.busyEvents > 0 ? <CalendarClock className={icon} /> : <CalendarOff className={icon} />}
        label={t('dashboard.calendar.busy')}
        detail={t('dashboard.calendar.busyHint')}
        value={status.busyEvents > 0 ? status.busyEvents : t('dashboard.calendar.none')}
      />
    </>
  )
}

/** The last failure with the calendar, in words, until the next exchange succeeds. */
export function CalendarErrorNote({ error }: { error: NonNullable<CalendarStatus['lastError']> }) {
  const { t } = useTranslation()
  const danger = error === 'google_refused' || error === 'refused'
  const Icon = danger ? CircleAlert : TriangleAlert
  return (
    <p
      className={cn(
        'mt-4 flex gap-2 rounded-xl border p-3 text-sm leading-snug text-ink',
        danger ? 'border-danger/25 bg-danger-soft/70' : 'border-warning/25 bg-warning-soft/70',
      )}
    >
      <Icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', danger ? 'text-danger' : 'text-warning')} />
      {syncErrorText(error, t)}
    </p>
  )
}
