import { Button } from '@app/components/ui/Button'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { WaitingEntry } from '@common/schemas/waiting-list'
import { BellRing, ChevronDown, CircleCheck, Clock, Hourglass, Plus, RefreshCw, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNarrow, useSalonNow } from '../agenda/agenda-hooks'
import { PhoneLink } from '../ContactLinks'
import { useSalon, useSalonDashboard } from '../dashboard-api'
import { dayLabel, salonToday } from '../desk/desk-format'
import type { WaitingDraft } from './AddWaitingDialog'
import { useRemoveFromWaitingList, useWaitingList } from './waiting-list-api'
import { waitingListErrorText } from './waiting-list-errors'
import { entryStatusText } from './waiting-list-format'

export interface WaitingListSectionProps {
  salonId: string
  /** The day the agenda shows (YYYY-MM-DD, the salon's). */
  date: string
  /** "Ajouter à la liste d'attente", starting from that day. */
  onAdd: (draft: WaitingDraft) => void
}

/**
 * The waiting list of the day the agenda shows: who waits, for what, for which part of the day,
 * and where each stands (waiting, a time offered and how they were told, booked). One line, its
 * count, above the grid; opened, the list. On a phone it starts closed and is not there at all
 * when nobody waits: the day's agenda comes first.
 */
export function WaitingListSection({ salonId, date, onAdd }: WaitingListSectionProps) {
  const { t } = useTranslation()
  const narrow = useNarrow()
  const salon = useSalon(salonId)
  const dashboard = useSalonDashboard(salonId)
  const now = useSalonNow(salonId)
  const list = useWaitingList(salonId, date, date)
  const [opened, setOpened] = useState<boolean>()
  const [removing, setRemoving] = useState<WaitingEntry>()
  const remove = useRemoveFromWaitingList(salonId)
  const headingId = useId()
  const listId = useId()

  const timeZone = salon.data?.timeZone ?? 'UTC'
  const today = dashboard.data?.today ?? salonToday(timeZone, now)
  const language = currentLanguage()
  const entries = list.data ?? []
  // Kept while a removal is asked or under way: its dialog and its answer belong here.
  if (narrow && entries.length === 0 && !list.isError && !removing) return null
  const expanded = entries.length > 0 && (opened ?? !narrow)
  const canAdd = date >= today

  const confirmRemove = () => {
    if (!removing) return
    const name = removing.customer.name
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: t('waitingList.remove.done', { name }), tone: 'success' }),
      onError: (error) =>
        toast({
          title: t('waitingList.remove.refused'),
          description: waitingListErrorText(t, error),
          tone: 'destructive',
        }),
      onSettled: () => setRemoving(undefined),
    })
  }

  const heading = list.isError
    ? t('waitingList.headingError')
    : list.isPending
      ? t('waitingList.title')
      : entries.length === 0
        ? t('waitingList.headingEmpty')
        : t('waitingList.heading', { count: entries.length })

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line/80 bg-sand/30">
      <div className="flex min-h-11 items-center justify-between gap-2 py-1 pl-3 pr-1.5">
        <h3 id={headingId} className="min-w-0 text-sm font-semibold text-ink">
          {entries.length > 0 ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setOpened(!expanded)}
              className="-ml-1.5 inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-1.5 text-left hover:bg-sand focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/30"
            >
              <Hourglass aria-hidden className="size-4 shrink-0 text-primary" />
              {heading}
              <ChevronDown
                aria-hidden
                className={cn('size-4 shrink-0 text-ink-soft transition-transform', expanded && 'rotate-180')}
              />
            </button>
          ) : (
            <span className="inline-flex min-h-9 items-center gap-2">
              <Hourglass aria-hidden className="size-4 shrink-0 text-ink-soft" />
              <span className={cn(entries.length === 0 && !list.isError && 'font-normal text-ink-soft')}>
                {heading}
              </span>
            </span>
          )}
        </h3>
        <div className="flex items-center gap-1">
          {list.isError && (
            <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden className="size-4" />
              {t('waitingList.retry')}
            </Button>
          )}
          {canAdd && (
            <Button
              variant="ghost"
              size="sm"
              className="max-sm:size-9 max-sm:px-0"
              onClick={() => onAdd({ day: date })}
              aria-label={t('waitingList.addLong')}
            >
              <Plus aria-hidden className="size-4" />
              {/* The words from a tablet on; a phone's row keeps to one line (the name says it all). */}
              <span className="max-sm:hidden">{t('waitingList.addLong')}</span>
            </Button>
          )}
        </div>
      </div>
      {expanded && (
        <ul
          id={listId}
          aria-labelledby={headingId}
          className="flex flex-col divide-y divide-line/70 border-t border-line/70"
        >
          {entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              status={entryStatusText(t, entry, { timeZone, today, language })}
              onRemove={() => setRemoving(entry)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        onConfirm={confirmRemove}
        pending={remove.isPending}
        title={t('waitingList.remove.title', { name: removing?.customer.name ?? '' })}
        description={t('waitingList.remove.description', { day: removing ? dayLabel(removing.day, language) : '' })}
        submitLabel={t('waitingList.remove.confirm')}
        dismissLabel={t('waitingList.remove.keep')}
      />
    </section>
  )
}

const STATUS_LOOK = {
  waiting: { icon: Clock, className: 'text-ink-soft' },
  offered: { icon: BellRing, className: 'text-warning' },
  booked: { icon: CircleCheck, className: 'text-success' },
  removed: { icon: X, className: 'text-ink-soft' },
} as const

/** One customer waiting: who (and their phone), what, when in the day, with whom, where it stands. */
function EntryRow({ entry, status, onRemove }: { entry: WaitingEntry; status: string; onRemove: () => void }) {
  const { t } = useTranslation()
  const look = STATUS_LOOK[entry.status]
  const what = [
    entry.services.map((service) => service.name).join(' + '),
    t(`waitingList.part.${entry.part}`),
    ...(entry.member ? [t('waitingList.with', { member: entry.member.name })] : []),
  ].join(' · ')
  return (
    <li className="flex items-start justify-between gap-2 py-2 pl-3 pr-1.5">
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <span className="min-w-0 break-words font-semibold text-ink">{entry.customer.name}</span>
          {entry.customer.phone && <PhoneLink phone={entry.customer.phone} missing="" />}
          <span className="min-w-0 break-words text-ink-soft">{what}</span>
        </p>
        <p className={cn('flex items-start gap-1.5', entry.status === 'waiting' ? 'text-ink-soft' : 'text-ink')}>
          <look.icon aria-hidden className={cn('mt-0.5 size-4 shrink-0', look.className)} />
          <span className="min-w-0 break-words">{status}</span>
        </p>
      </div>
      {entry.status !== 'booked' && (
        <Button
          variant="ghost"
          size="sm"
          className="max-sm:size-9 max-sm:px-0"
          onClick={onRemove}
          aria-label={t('waitingList.remove.label', { name: entry.customer.name })}
        >
          <X aria-hidden className="size-4" />
          {/* The word on a larger screen; a phone keeps the row's width for the customer. */}
          <span className="max-sm:hidden">{t('waitingList.remove.button')}</span>
        </Button>
      )}
    </li>
  )
}
