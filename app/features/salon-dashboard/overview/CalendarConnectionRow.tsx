import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { currentLanguage } from '@app/lib/i18n'
import type { CalendarConnection, CalendarStatus } from '@common/schemas/calendar'
import { CircleAlert, Info, RefreshCw, RotateCcw, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CalendarSyncRows } from './CalendarStatusRows'
import { syncErrorText, syncedAtText } from './calendar-format'
import { ProviderMark, providerName } from './calendar-provider'

/**
 * One of the salon's calendars: whose it is, its state, whether it receives the bookings (a radio of
 * the card's group), and what can be done with it. The one receiving the bookings also shows what
 * the single-calendar card showed (last sync and what it changed, events waiting or failed).
 */
export function CalendarConnectionRow({
  calendar,
  radioName,
  writerStatus,
  timeZone,
  choosingWriter,
  showSync,
  onChooseWriter,
  onSync,
  syncPending,
  onReconnect,
  reconnectPending,
  onRemove,
}: {
  calendar: CalendarConnection
  radioName: string
  /** The writer's detailed status (GET …/calendar), for the writer's row only. */
  writerStatus: CalendarStatus | undefined
  timeZone: string
  choosingWriter: boolean
  /** Per calendar only when there are several: the quick actions' button already syncs them all. */
  showSync: boolean
  onChooseWriter: () => void
  onSync: () => void
  syncPending: boolean
  onReconnect: () => void
  reconnectPending: boolean
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const name = providerName(calendar.provider, t)
  const toReconnect = calendar.state === 'reconnect_required'
  const subject = calendar.calendarName ? `${calendar.account} · ${calendar.calendarName}` : calendar.account
  // Said once, by the badge: the reconnect error repeats what "À reconnecter" already says.
  const error = calendar.lastError && calendar.lastError !== 'reconnect_required' ? calendar.lastError : null

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-start gap-3">
        <ProviderMark provider={calendar.provider} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-medium leading-snug">{name}</p>
              <p className="truncate text-sm text-ink-soft" title={subject}>
                {subject}
              </p>
            </div>
            <Badge tone={toReconnect ? 'warning' : 'success'}>
              {toReconnect ? t('calendars.row.reconnectRequired') : t('calendars.row.connected')}
            </Badge>
          </div>

          {toReconnect && (
            <p className="mt-2 flex gap-1.5 text-xs leading-snug text-warning">
              <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
              {calendar.provider === 'google'
                ? syncErrorText('reconnect_required', t)
                : t('calendars.row.reconnectHint', { name })}
            </p>
          )}
          {error && (
            <p className="mt-2 flex gap-1.5 text-xs leading-snug text-ink-soft">
              <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0 text-warning" />
              {syncErrorText(error, t)}
            </p>
          )}
          {!calendar.writesBookings && <ReadSummary calendar={calendar} timeZone={timeZone} />}

          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg pr-2 text-sm has-disabled:cursor-not-allowed has-disabled:text-ink-soft">
              <input
                type="radio"
                name={radioName}
                value={calendar.id}
                checked={calendar.writesBookings}
                // A calendar to reconnect cannot take the bookings until it is reconnected.
                disabled={choosingWriter || (toReconnect && !calendar.writesBookings)}
                onChange={onChooseWriter}
                className="size-4 shrink-0 accent-primary"
              />
              {t('calendars.row.writer')}
              <span className="sr-only">
                {' '}
                : {name}, {calendar.account}
              </span>
            </label>
            <div className="ml-auto flex flex-wrap justify-end gap-1.5">
              {showSync && !toReconnect && (
                <Button variant="outline" size="sm" onClick={onSync} loading={syncPending || calendar.syncing}>
                  {!(syncPending || calendar.syncing) && <RefreshCw aria-hidden className="size-3.5" />}
                  {t('calendars.row.sync')}
                  <span className="sr-only"> {name}</span>
                </Button>
              )}
              {toReconnect && (
                <Button size="sm" onClick={onReconnect} loading={reconnectPending}>
                  {!reconnectPending && <RotateCcw aria-hidden className="size-3.5" />}
                  {t('calendars.row.reconnect')}
                  <span className="sr-only"> {name}</span>
                </Button>
              )}
              {calendar.removable && (
                <Button variant="dangerGhost" size="sm" onClick={onRemove}>
                  <Trash2 aria-hidden className="size-3.5" />
                  {t('calendars.row.remove')}
                  <span className="sr-only"> {name}</span>
                </Button>
              )}
            </div>
          </div>
          {!calendar.removable && calendar.provider === 'google' && (
            <p className="mt-1 flex gap-1.5 text-xs leading-snug text-ink-soft">
              <Info aria-hidden className="mt-px size-3.5 shrink-0" />
              {t('calendars.row.signInCalendar')}
            </p>
          )}
        </div>
      </div>
      {calendar.writesBookings && writerStatus && writerStatus.state !== 'not_connected' && (
        <ul className="mt-3 divide-y divide-line/70 rounded-2xl bg-sand/35 p-3 sm:ml-12">
          <CalendarSyncRows
            status={writerStatus}
            updatesLabel={calendar.provider === 'google' ? undefined : t('calendars.row.updatesFrom', { name })}
          />
        </ul>
      )}
    </li>
  )
}

/** A calendar only read: when it was last read and how many of its events block times. */
function ReadSummary({ calendar, timeZone }: { calendar: CalendarConnection; timeZone: string }) {
  const { t } = useTranslation()
  const read = calendar.lastPulledAt ?? calendar.lastSyncedAt
  return (
    <p className="mt-2 text-xs leading-snug text-ink-soft">
      {read
        ? t('calendars.row.readAt', { when: syncedAtText(read, timeZone, currentLanguage(), Date.now(), t) })
        : t('calendars.row.notReadYet')}
      {' · '}
      {t('calendars.row.busy', { count: calendar.busyEvents })}
    </p>
  )
}
