import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardHeader } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { Booking } from '@common/schemas/booking'
import { addDays, formatMinutes, instantToLocal } from '@common/time'
import { CircleAlert, RefreshCw } from 'lucide-react'
import { type ReactNode, useDeferredValue, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSalonDate } from '../customers/visits'
import { useSalon, useSalonDashboard, useTeam } from '../dashboard-api'
import { useMovedWithUndo } from '../desk/move-undo'
import { BlockDialog } from '../schedule/BlockDialog'
import type { BlockDraft } from '../schedule/blocks'
import { useBlocks, useTimeOff } from '../schedule/schedule-api'
import { AgendaNavigation, type AgendaView, CancelledToggle, MemberSelect, MemberSwitcher } from './AgendaToolbar'
import { type AgendaActions, type AgendaData, DayView, NothingBooked, WeekList, WeekView } from './AgendaViews'
import { refusalMessage, useAgendaBookings, useMoveBooking } from './agenda-api'
import { dayColumns, gridSpan, startsAtOf, weekOf } from './agenda-grid'
import { useNarrow, useSalonNow } from './agenda-hooks'
import { MoveConfirmDialog } from './MoveConfirmDialog'
import { PrintDay } from './PrintDay'
import type { GridRange } from './range-picking'
import { Swipeable } from './Swipeable'
import type { GridTarget } from './TimeGrid'

/** What "New booking" starts from: an empty cell gives its member, day and time; the button gives nothing. */
export interface NewBookingDraft {
  memberId?: string
  localDate?: string
  localTime?: string
}

export interface AgendaTabProps {
  salonId: string
  /** A booking clicked (its block or its customer's name). */
  onOpenBooking?: (booking: Booking) => void
  /** An empty stretch of a column clicked, or the "New booking" button. */
  onNewBooking?: (draft: NewBookingDraft) => void
  /** What goes above the day's grid about that day (its waiting list). */
  daySection?: (date: string) => ReactNode
}

const DAY_HEADINGS: Record<Language, string> = {
  fr: 'EEEE d MMMM yyyy',
  de: 'EEEE, d. MMMM yyyy',
  it: 'EEEE d MMMM yyyy',
  en: 'EEEE d MMMM yyyy',
}

/**
 * Agenda: the salon's day with a column per member, or its week, on the salon's clock, with
 * closed periods and absences shaded. The date shown and the view are the component's state (a
 * reload or another tab starts again from today's day view, what an owner opens it for); "today"
 * is the server's (its clock decides, as on the overview), the now line the device's.
 */
export function AgendaTab({ salonId, onOpenBooking, onNewBooking, daySection }: AgendaTabProps) {
  const { t } = useTranslation()
  const salon = useSalon(salonId)
  const team = useTeam(salonId)
  const timeOff = useTimeOff(salonId)
  const blocks = useBlocks(salonId)
  const dashboard = useSalonDashboard(salonId)
  const narrow = useNarrow()
  const now = useSalonNow(salonId)
  const [chosenDate, setChosenDate] = useState<string>()
  const [view, setView] = useState<AgendaView>('day')
  const [member, setMember] = useState<string>()
  const [showCancelled, setShowCancelled] = useState(false)
  const move = useMoveBooking(salonId)
  const movedWithUndo = useMovedWithUndo(salonId)
  // A dropped appointment waits here for "tell the customer?" and the confirmation.
  const [dropped, setDropped] = useState<{ booking: Booking; target: GridTarget }>()
  // A stretch to block, picked on the grid or from the toolbar's button.
  const [blocking, setBlocking] = useState<{ memberId: string | null; start: Partial<BlockDraft> }>()

  const timeZone = salon.data?.timeZone
  const today =
    dashboard.data?.today ?? (timeZone && !dashboard.isPending ? instantToLocal(now, timeZone).date : undefined)
  const date = chosenDate ?? today
  const days = date ? weekOf(date) : []
  const from = view === 'day' ? date : days[0]
  const to = view === 'day' ? date : days[6]
  const bookings = useAgendaBookings(salonId, from ?? '', to ?? '', Boolean(from && to))

  const failed = salon.isError || team.isError || timeOff.isError || bookings.isError
  const retry = () => {
    for (const query of [salon, team, timeOff, bookings]) if (query.isError) void query.refetch()
  }
  // The day's grid is the heaviest render of the dashboard's start, and each answer that completes
  // it arrives as an urgent update: deferred, React renders it in slices of a few milliseconds (the
  // skeleton stays until then) instead of one long task the phone cannot answer a tap during.
  const shown = useDeferredValue(Boolean(salon.data && team.data && timeOff.data && bookings.data && date && today))
  const ready = shown && salon.data && team.data && timeOff.data && bookings.data && date && today

  const dropTarget = dropped && {
    localDate: dropped.target.date,
    localTime: formatMinutes(dropped.target.minute),
    member: team.data?.members.find((m) => m.id === dropped.target.memberId) ?? dropped.booking.member,
  }
  const confirmMove = (tellCustomer: boolean) => {
    if (!dropped || !dropTarget || !timeZone) return
    const before = dropped.booking
    move.mutate(
      {
        booking: before,
        startsAt: startsAtOf(dropTarget.localDate, dropped.target.minute, timeZone),
        member: { id: dropTarget.member.id, name: dropTarget.member.name },
        timeZone,
        tellCustomer,
      },
      {
        onSuccess: (saved) => movedWithUndo(before, saved, tellCustomer),
        onError: (error) =>
          toast({ title: t('agenda.moveRefused'), description: refusalMessage(t, error), tone: 'destructive' }),
      },
    )
    // The agenda shows it moved at once; the server's answer follows (undo, or put back and why).
    setDropped(undefined)
  }

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="font-display text-xl font-semibold leading-tight">{t('agenda.title')}</h2>
          {date && (
            <p className="text-sm font-medium text-ink-soft first-letter:uppercase" aria-live="polite">
              {view === 'day' ? <DayHeading date={date} /> : <WeekHeading days={days} />}
            </p>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failed ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft p-4 sm:flex-row">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 text-ink">{t('agenda.loadError')}</p>
            <Button variant="outline" size="sm" onClick={retry}>
              <RefreshCw aria-hidden className="size-4" />
              {t('agenda.retry')}
            </Button>
          </div>
        ) : !ready ? (
          <div role="status" className="flex flex-col gap-3 py-2">
            <span className="sr-only">{t('agenda.loading')}</span>
            {[0, 1, 2].map((row) => (
              <span key={row} aria-hidden className="h-16 animate-pulse rounded-xl bg-sand/80" />
            ))}
          </div>
        ) : (
          <Agenda
            salonName={salon.data.name}
            data={{
              timeZone: salon.data.timeZone,
              salonHours: salon.data.workingHours,
              timeOff: timeOff.data,
              blocks: blocks.data,
              members: team.data.members,
              bookings: bookings.data.filter((b) => showCancelled || b.status !== 'cancelled'),
              grid: gridSpan(salon.data.workingHours, team.data.members),
              step: salon.data.bookingRules.slotStepMinutes || 15,
              now,
              today,
            }}
            cancelledCount={bookings.data.filter((b) => b.status === 'cancelled').length}
            date={date}
            days={days}
            view={view}
            navigation={{
              date,
              view,
              onDate: setChosenDate,
              onStep: (direction: -1 | 1) => setChosenDate(addDays(date, direction * (view === 'day' ? 1 : 7))),
              onToday: () => setChosenDate(today),
              onView: setView,
              // The day on screen is the one the booking is most likely for.
              onNewBooking: onNewBooking && (() => onNewBooking({ localDate: date })),
              onBlock: () => setBlocking({ memberId: member ?? null, start: { repeat: 'once', firstDay: date } }),
            }}
            narrow={narrow}
            member={member}
            onMember={setMember}
            showCancelled={showCancelled}
            onShowCancelled={setShowCancelled}
            stale={bookings.isPlaceholderData}
            daySection={view === 'day' ? daySection?.(date) : undefined}
            actions={{
              canMove: (booking) =>
                (booking.status === 'confirmed' || booking.status === 'pending') &&
                Date.parse(booking.appointmentDate) > now,
              onMove: (booking, target) => setDropped({ booking, target }),
              onOpenBooking,
              onNewBookingAt: onNewBooking
                ? (target: GridTarget) =>
                    onNewBooking({
                      memberId: target.memberId ?? undefined,
                      localDate: target.date,
                      localTime: formatMinutes(target.minute),
                    })
                : undefined,
              onBlockRange: (range: GridRange) =>
                setBlocking({
                  memberId: range.memberId,
                  start: {
                    repeat: 'once',
                    firstDay: range.date,
                    startTime: formatMinutes(range.start),
                    endTime: formatMinutes(range.end),
                  },
                }),
            }}
          />
        )}
      </CardContent>
      {team.data && today && (
        <BlockDialog
          salonId={salonId}
          members={team.data.members}
          memberId={blocking?.memberId ?? null}
          today={today}
          start={blocking?.start}
          open={blocking !== undefined}
          onOpenChange={(open) => !open && setBlocking(undefined)}
        />
      )}
      <MoveConfirmDialog
        booking={dropped?.booking}
        target={dropTarget}
        pending={false}
        onConfirm={confirmMove}
        onClose={() => setDropped(undefined)}
      />
    </Card>
  )
}

function DayHeading({ date }: { date: string }) {
  const language = currentLanguage()
  return <>{formatSalonDate(date, language, DAY_HEADINGS[language])}</>
}

function WeekHeading({ days }: { days: string[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const first = days[0] as string
  const last = days[6] as string
  return (
    <>
      {t('agenda.weekOf', {
        from: formatSalonDate(first, language, 'd MMM'),
        to: formatSalonDate(last, language, 'd MMM yyyy'),
      })}
    </>
  )
}

/** The loaded agenda: its filters, then the day's columns, the week's grid, or a phone's week list. */
function Agenda({
  data,
  cancelledCount,
  date,
  days,
  view,
  narrow,
  member,
  onMember,
  showCancelled,
  onShowCancelled,
  stale,
  actions,
  navigation,
  salonName,
  daySection,
}: {
  navigation: Omit<Parameters<typeof AgendaNavigation>[0], 'children'>
  salonName: string
  data: AgendaData
  cancelledCount: number
  date: string
  days: string[]
  view: AgendaView
  narrow: boolean
  member: string | undefined
  onMember: (memberId: string | undefined) => void
  showCancelled: boolean
  onShowCancelled: (show: boolean) => void
  stale: boolean
  actions: AgendaActions
  daySection?: ReactNode
}) {
  const booked = new Set(data.bookings.map((b) => b.member.id))
  const columns = dayColumns(data.members, narrow, member, booked)
  const everyone = dayColumns(data.members, false, undefined, booked)
  const chosen = view === 'week' ? (everyone.find((m) => m.id === member) ?? null) : null
  const shownData = chosen ? { ...data, bookings: data.bookings.filter((b) => b.member.id === chosen.id) } : data
  const empty = shownData.bookings.length === 0
  return (
    <>
      <AgendaNavigation {...navigation}>
        {view === 'week' && everyone.length > 1 && (
          <MemberSelect members={everyone} value={chosen?.id} onChange={onMember} />
        )}
        <CancelledToggle checked={showCancelled} count={cancelledCount} onChange={onShowCancelled} />
        {view === 'day' && <PrintDay salonName={salonName} date={date} members={everyone} bookings={data.bookings} />}
      </AgendaNavigation>
      {view === 'day' && narrow && everyone.length > 1 && (
        <MemberSwitcher members={everyone} shown={columns[0]?.id} onPick={onMember} />
      )}
      {daySection}
      <div className={cn('flex flex-col gap-3 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
        {empty && <NothingBooked view={view} />}
        {view === 'day' && narrow && everyone.length > 1 ? (
          // A phone's day, one member at a time: a swipe sideways shows the next or the previous one.
          <Swipeable
            key={columns[0]?.id}
            onSwipe={(direction) => {
              const index = everyone.findIndex((m) => m.id === columns[0]?.id)
              const next = everyone[(index + direction + everyone.length) % everyone.length]
              if (next) onMember(next.id)
            }}
          >
            <DayView data={data} date={date} columns={columns} actions={actions} />
          </Swipeable>
        ) : view === 'day' ? (
          <DayView data={data} date={date} columns={columns} actions={actions} />
        ) : narrow ? (
          <WeekList data={shownData} days={days} onOpenBooking={actions.onOpenBooking} />
        ) : (
          <WeekView data={shownData} days={days} member={chosen} actions={actions} />
        )}
      </div>
    </>
  )
}
