import { cn } from '@app/lib/cn'
import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import type { RecurringBlock, TimeOff, WorkingHours } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { CalendarX2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatSalonDate } from '../customers/visits'
import { bookingSpan, nowOnDay, type Span, shadedSpans } from './agenda-grid'
import { BookingDetails, STATUS_LOOK } from './BookingDetails'
import type { GridRange } from './range-picking'
import { type GridColumn, type GridTarget, TimeGrid } from './TimeGrid'

/** What both views need: the salon's clock and hours, its team and absences, the bookings shown. */
export interface AgendaData {
  timeZone: string
  salonHours: WorkingHours
  timeOff: TimeOff[]
  /** The weekly breaks, shaded like absences (none until they load: the server enforces them anyway). */
  blocks?: readonly RecurringBlock[] | undefined
  members: TeamMember[]
  bookings: Booking[]
  grid: Span
  step: number
  now: number
  today: string
}

export interface AgendaActions {
  canMove: (booking: Booking) => boolean
  onMove?: (booking: Booking, target: GridTarget) => void
  onOpenBooking?: (booking: Booking) => void
  onNewBookingAt?: ((target: GridTarget) => void) | undefined
  onBlockRange?: ((range: GridRange) => void) | undefined
}

const FALLBACK_COLOUR = '#5e4d40'

function colourOf(members: TeamMember[], memberId: string): string {
  return members.find((m) => m.id === memberId)?.colour ?? FALLBACK_COLOUR
}

function column(
  data: AgendaData,
  date: string,
  member: TeamMember | null,
  header: React.ReactNode,
  key: string,
): GridColumn {
  const shading = shadedSpans(date, data.grid, data, member)
  const bookings = data.bookings
    .filter((b) => member === null || b.member.id === member.id)
    .flatMap((booking) => {
      const span = bookingSpan(booking, date, data.timeZone)
      return span ? [{ booking, span, colour: colourOf(data.members, booking.member.id) }] : []
    })
  return {
    key,
    date,
    memberId: member?.id ?? null,
    header,
    bookings,
    closed: shading.closed,
    absences: shading.absences,
    now: nowOnDay(date, data.now, data.timeZone),
  }
}

/** A member's name under their colour: a column's heading. */
function MemberHeading({ member }: { member: TeamMember }) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink">
      <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ backgroundColor: member.colour }} />
      <span className="truncate">{member.name}</span>
    </p>
  )
}

/** One day, a column per member shown (every active one; on a phone the one picked). */
export function DayView({
  data,
  date,
  columns,
  actions,
}: {
  data: AgendaData
  date: string
  columns: TeamMember[]
  actions: AgendaActions
}) {
  return (
    <TimeGrid
      grid={data.grid}
      step={data.step}
      columns={columns.map((member) => column(data, date, member, <MemberHeading member={member} />, member.id))}
      {...actions}
    />
  )
}

/** Seven days from Monday, for the whole team (blocks in each member's colour) or one member. */
export function WeekView({
  data,
  days,
  member,
  actions,
}: {
  data: AgendaData
  days: string[]
  member: TeamMember | null
  actions: AgendaActions
}) {
  const language = currentLanguage()
  return (
    <TimeGrid
      grid={data.grid}
      step={data.step}
      minColumnWidth={7.5}
      columns={days.map((date) =>
        column(
          data,
          date,
          member,
          <p
            className={cn(
              'text-sm font-semibold first-letter:uppercase',
              date === data.today ? 'text-primary' : 'text-ink',
            )}
          >
            {formatSalonDate(date, language, 'EEE d')}
          </p>,
          date,
        ),
      )}
      {...actions}
    />
  )
}

/**
 * A phone's week: the days one under the other, each with its bookings by time (a grid of seven
 * columns would not fit 412 px), coloured by member.
 */
export function WeekList({
  data,
  days,
  onOpenBooking,
}: {
  data: AgendaData
  days: string[]
  onOpenBooking?: (booking: Booking) => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <div className="flex flex-col gap-5">
      {days.map((date) => {
        const bookings = data.bookings
          .filter((b) => b.localDate === date)
          .sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate))
        return (
          <section key={date} aria-labelledby={`agenda-day-${date}`} className="flex flex-col gap-2">
            <h3
              id={`agenda-day-${date}`}
              className={cn(
                'font-display text-base font-semibold first-letter:uppercase',
                date === data.today ? 'text-primary' : 'text-ink',
              )}
            >
              {formatSalonDate(date, language, 'EEEE d MMMM')}
            </h3>
            {bookings.length === 0 ? (
              <p className="text-sm text-ink-soft">{t('agenda.noBookingsDay')}</p>
            ) : (
              <BookingList bookings={bookings} members={data.members} onOpenBooking={onOpenBooking} />
            )}
          </section>
        )
      })}
    </div>
  )
}

/** Bookings by time, each in its member's colour, with everything the agenda tells about it. */
export function BookingList({
  bookings,
  members,
  onOpenBooking,
}: {
  bookings: Booking[]
  members: TeamMember[]
  onOpenBooking?: (booking: Booking) => void
}) {
  return (
    <ol className="flex flex-col gap-2">
      {bookings.map((booking) => {
        const colour = colourOf(members, booking.member.id)
        return (
          <li
            key={booking.id}
            data-booking={booking.id}
            className={cn('rounded-xl border border-l-4 px-3 py-2', STATUS_LOOK[booking.status])}
            style={{ borderColor: colour, backgroundColor: `color-mix(in srgb, ${colour} 10%, white)` }}
          >
            <BookingDetails booking={booking} onOpen={onOpenBooking} />
          </li>
        )
      })}
    </ol>
  )
}

/** A day or week without a booking says so above the grid, so an empty grid is not mistaken for loading. */
export function NothingBooked({ view }: { view: 'day' | 'week' }) {
  const { t } = useTranslation()
  return (
    <p className="flex items-center gap-2 text-sm text-ink-soft">
      <CalendarX2 aria-hidden className="size-4" />
      {t(view === 'day' ? 'agenda.emptyDay' : 'agenda.emptyWeek')}
    </p>
  )
}
