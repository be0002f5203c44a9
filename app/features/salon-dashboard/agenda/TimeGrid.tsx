import { cn } from '@app/lib/cn'
import type { Booking } from '@common/schemas/booking'
import { formatMinutes } from '@common/time'
import type { TFunction } from 'i18next'
import { type ReactNode, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { lanes, placeInGrid, type Span, snapMinute } from './agenda-grid'
import { BookingDetails, STATUS_LOOK } from './BookingDetails'
import { useBlockDragging } from './block-dragging'
import { RangeChooser } from './RangeChooser'
import { type GridRange, useRangePicking } from './range-picking'

/** One hour of the grid, in pixels: a 30-minute booking gets room for three lines. */
export const HOUR_PX = 96

export interface GridColumn {
  key: string
  date: string
  /** The member the column belongs to; null: the whole team (the week of everyone). */
  memberId: string | null
  header: ReactNode
  bookings: { booking: Booking; span: Span; colour: string }[]
  closed: Span[]
  absences: (Span & { reason: string | null; block?: 'weekly' | 'once' })[]
  /** The wall-clock minute of now, when the column is today. */
  now: number | null
}

export interface GridTarget {
  date: string
  memberId: string | null
  minute: number
}

/**
 * The agenda's time grid: hour rows on the left, one column per member or day, closed periods
 * and absences shaded, a "now" line on today, each booking a block placed by its wall-clock time
 * and length. A block is dragged to another time or column (snapped to the salon's slot step) —
 * with a mouse at once, with a finger after a long press (block-dragging.ts); a click or a tap on
 * a block opens it, a click on an empty stretch offers a new booking there.
 */
export function TimeGrid({
  columns,
  grid,
  step,
  canMove,
  onMove,
  onOpenBooking,
  onNewBookingAt,
  onBlockRange,
  minColumnWidth = 9.5,
}: {
  columns: GridColumn[]
  grid: Span
  step: number
  canMove: (booking: Booking) => boolean
  onMove?: (booking: Booking, target: GridTarget) => void
  onOpenBooking?: (booking: Booking) => void
  /** "New booking" from a range picked on empty time: its column and start. */
  onNewBookingAt?: ((target: GridTarget) => void) | undefined
  /** "Block this time" from a range picked on empty time. */
  onBlockRange?: ((range: GridRange) => void) | undefined
  /** rem: under this a column scrolls sideways rather than squeezing its blocks. */
  minColumnWidth?: number
}) {
  const { t } = useTranslation()
  const bodies = useRef(new Map<string, HTMLDivElement>())
  const container = useRef<HTMLDivElement>(null)
  const picking = useRangePicking({
    grid,
    step,
    enabled: Boolean(onNewBookingAt || onBlockRange),
    container,
    bodyOf: (key) => bodies.current.get(key),
  })
  const hours = Array.from({ length: (grid.end - grid.start) / 60 }, (_, i) => grid.start + i * 60)
  const height = ((grid.end - grid.start) / 60) * HOUR_PX
  const template = `3.5rem repeat(${columns.length}, minmax(${minColumnWidth}rem, 1fr))`

  const targetAt = (clientX: number, clientY: number, grab: number, duration: number) => {
    for (const column of columns) {
      const body = bodies.current.get(column.key)
      if (!body) continue
      const rect = body.getBoundingClientRect()
      if (clientX < rect.left || clientX >= rect.right) continue
      const minute = snapMinute((clientY - grab - rect.top) / rect.height, grid, step, duration)
      return { columnKey: column.key, date: column.date, memberId: column.memberId, minute }
    }
    return null
  }
  const {
    drag,
    handlers: dragging,
    justDragged,
  } = useBlockDragging({
    container,
    canMove: onMove && canMove,
    targetAt,
    onDrop: ({ booking, columnKey }, target) => {
      const sameColumn = target.columnKey === columnKey
      const sameStart = target.date === booking.localDate && formatMinutes(target.minute) === booking.localTime
      if (sameColumn && sameStart) return
      onMove?.(booking, { date: target.date, memberId: target.memberId, minute: target.minute })
    },
  })

  const picks = Boolean(onNewBookingAt || onBlockRange)

  return (
    // A sideways swipe ends here, never in the browser's "back" (the phone's day swipes between members).
    <div ref={container} className="overflow-x-auto overscroll-x-none rounded-xl border border-line">
      <div className="grid min-w-fit" style={{ gridTemplateColumns: template }}>
        <div className="sticky left-0 z-20 border-b border-line bg-surface" />
        {columns.map((column) => (
          <div key={column.key} className="min-w-0 border-b border-l border-line bg-surface px-2 py-2">
            {column.header}
          </div>
        ))}
        {/* Hour labels: on the salon's clock, whatever the browser's zone. */}
        <div className="sticky left-0 z-20 bg-surface" style={{ height }} aria-hidden>
          {hours.map((minute, index) => (
            <div
              key={minute}
              className="absolute right-1.5 -translate-y-1/2 text-xs tabular-nums text-ink-soft first:translate-y-0"
              style={{ top: index * HOUR_PX }}
            >
              {formatMinutes(minute)}
            </div>
          ))}
        </div>
        {columns.map((column) => (
          // A pointer shortcut (handlers spread from range-picking.ts): the toolbar's "Block" and
          // "New booking" buttons are the keyboard's way.
          <div
            key={column.key}
            ref={(node) => {
              if (node) bodies.current.set(column.key, node)
              else bodies.current.delete(column.key)
            }}
            data-agenda-column={column.key}
            className={cn(
              'relative border-l border-line',
              picks && 'cursor-cell select-none [-webkit-touch-callout:none]',
            )}
            style={{
              height,
              backgroundImage: `repeating-linear-gradient(to bottom, var(--color-line) 0 1px, transparent 1px ${HOUR_PX / 2}px)`,
            }}
            {...(picks ? picking.handlers(column) : {})}
          >
            {column.closed.map((span) => (
              <Shade key={`c${span.start}`} span={span} grid={grid} kind="closed" label={t('agenda.closed')} />
            ))}
            {column.absences.map((span) => (
              <Shade
                key={`a${span.start}-${span.end}`}
                span={span}
                grid={grid}
                kind="absence"
                label={shadeLabel(t, span)}
              />
            ))}
            {lanes(column.bookings).map(({ booking, span, colour, lane, lanes: count }) => {
              const place = placeInGrid(span, grid)
              if (!place) return null
              const dragged = drag?.moving && drag.booking.id === booking.id
              const movable = Boolean(onMove) && canMove(booking)
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the name inside is the block's button
                <article
                  key={booking.id}
                  data-booking={booking.id}
                  aria-label={`${booking.localTime} ${booking.clientName}`}
                  {...dragging(booking, column.key)}
                  onClick={() => {
                    if (!justDragged.current) onOpenBooking?.(booking)
                  }}
                  className={cn(
                    'absolute z-10 overflow-hidden rounded-lg border border-l-4 px-1.5 py-1 shadow-xs transition-shadow',
                    'h-(--block-h) hover:z-30 hover:h-auto hover:min-h-(--block-h) hover:shadow-soft focus-within:z-30 focus-within:h-auto focus-within:min-h-(--block-h)',
                    movable
                      ? 'cursor-grab select-none [-webkit-touch-callout:none] active:cursor-grabbing'
                      : 'cursor-pointer',
                    dragged && 'opacity-40',
                    STATUS_LOOK[booking.status],
                  )}
                  style={
                    {
                      top: `${place.top}%`,
                      '--block-h': `${(place.height / 100) * height}px`,
                      left: `calc(${(lane / count) * 100}% + 2px)`,
                      width: `calc(${100 / count}% - 4px)`,
                      borderColor: colour,
                      backgroundColor: mix(colour),
                    } as React.CSSProperties
                  }
                >
                  {booking.processing && (
                    // The processing pause: the member is free for another client meanwhile.
                    <div
                      data-processing
                      aria-hidden
                      className="pointer-events-none absolute inset-x-0 bg-[repeating-linear-gradient(135deg,transparent_0_5px,rgb(255_255_255/0.6)_5px_10px)]"
                      style={{
                        top: `${(booking.processing.after / booking.duration) * 100}%`,
                        height: `${(booking.processing.minutes / booking.duration) * 100}%`,
                      }}
                    >
                      <span className="absolute right-1 bottom-0.5 rounded bg-surface/90 px-1 text-[0.7rem] text-ink-soft">
                        {t('agenda.processing', { minutes: booking.processing.minutes })}
                      </span>
                    </div>
                  )}
                  {/* Positioned after the stripes: the text paints over them. */}
                  <div className="relative">
                    <BookingDetails booking={booking} onOpen={onOpenBooking} compact />
                  </div>
                </article>
              )
            })}
            {picking.shown?.columnKey === column.key && (
              <RangeChooser
                range={picking.shown}
                grid={grid}
                open={picking.picked === picking.shown}
                onClose={picking.clear}
                onNewBooking={
                  onNewBookingAt &&
                  ((range) => onNewBookingAt({ date: range.date, memberId: range.memberId, minute: range.start }))
                }
                onBlock={onBlockRange}
              />
            )}
            {drag?.moving && drag.target?.columnKey === column.key && (
              <DropPreview booking={drag.booking} minute={drag.target.minute} grid={grid} />
            )}
            {column.now !== null && column.now >= grid.start && column.now < grid.end && (
              <div
                data-now-line
                className="pointer-events-none absolute inset-x-0 z-40 border-t-2 border-danger"
                style={{ top: `${((column.now - grid.start) / (grid.end - grid.start)) * 100}%` }}
              >
                <span className="absolute -top-1.5 -left-1 size-2.5 rounded-full bg-danger" />
                <span className="sr-only">{t('agenda.now', { time: formatMinutes(column.now) })}</span>
              </div>
            )}
          </div>
        ))}
      </div>
    </div>
  )
}

/** "Pause : Déjeuner", "Bloqué", "Absent(e)": what a shaded stretch is, with its reason. */
function shadeLabel(t: TFunction, span: GridColumn['absences'][number]): string {
  const [plain, withReason] =
    span.block === 'weekly'
      ? ['agenda.break', 'agenda.breakWith']
      : span.block === 'once'
        ? ['agenda.blockedOnce', 'agenda.blockedOnceWith']
        : ['agenda.absence', 'agenda.absenceWith']
  return span.reason ? t(withReason, { reason: span.reason }) : t(plain)
}

/** A member's colour, light enough under dark text: the block's background. */
function mix(colour: string): string {
  return `color-mix(in srgb, ${colour} 14%, white)`
}

function Shade({ span, grid, kind, label }: { span: Span; grid: Span; kind: 'closed' | 'absence'; label: string }) {
  const place = placeInGrid(span, grid)
  if (!place) return null
  return (
    <div
      data-shade={kind}
      title={label}
      className={cn('absolute inset-x-0', kind === 'closed' && 'bg-sand/80')}
      style={{ top: `${place.top}%`, height: `${place.height}%` }}
    >
      {/* The stripes are faded, not the label over them: it keeps its contrast. */}
      {kind === 'absence' && (
        <div
          aria-hidden
          className="absolute inset-0 bg-[repeating-linear-gradient(45deg,var(--color-sand-deep)_0_6px,var(--color-sand)_6px_12px)] opacity-80"
        />
      )}
      {kind === 'absence' && place.height > 4 && (
        <span className="relative m-1 inline-block rounded bg-surface/90 px-1.5 text-xs text-ink-soft">{label}</span>
      )}
      {kind === 'closed' && <span className="sr-only">{label}</span>}
    </div>
  )
}

/** Where the dragged block will land, with its new time. */
function DropPreview({ booking, minute, grid }: { booking: Booking; minute: number; grid: Span }) {
  const place = placeInGrid({ start: minute, end: minute + booking.duration }, grid)
  if (!place) return null
  return (
    <div
      data-drop-preview
      className="pointer-events-none absolute inset-x-0.5 z-40 rounded-lg border-2 border-dashed border-primary bg-primary-soft/70 px-1.5 py-1 text-xs font-semibold text-primary-hover"
      style={{ top: `${place.top}%`, height: `${place.height}%` }}
    >
      {formatMinutes(minute)}–{formatMinutes(minute + booking.duration)}
    </div>
  )
}
