import { Popover, PopoverAnchor, PopoverContent } from '@app/components/ui/Popover'
import { currentLanguage } from '@app/lib/i18n'
import { formatMinutes } from '@common/time'
import { Ban, CalendarPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { shortDay } from '../desk/desk-format'
import { placeInGrid, type Span } from './agenda-grid'
import { MenuButton } from './MenuButton'
import type { GridRange } from './range-picking'

/**
 * A range picked on the agenda: drawn on its column while it is picked, then with a small menu
 * beside it — a new booking from its start, or the range blocked (a break, a training). Escape or
 * a click elsewhere lets it go.
 */
export function RangeChooser({
  range,
  grid,
  open,
  onClose,
  onNewBooking,
  onBlock,
}: {
  range: GridRange
  grid: Span
  /** The pick is done: the menu shows (while picking, only the range does). */
  open: boolean
  onClose: () => void
  onNewBooking?: ((range: GridRange) => void) | undefined
  onBlock?: ((range: GridRange) => void) | undefined
}) {
  const { t } = useTranslation()
  const place = placeInGrid(range, grid)
  if (!place) return null
  const from = formatMinutes(range.start)
  const to = formatMinutes(range.end)
  const choose = (action: ((range: GridRange) => void) | undefined) => () => {
    onClose()
    action?.(range)
  }
  return (
    <Popover open={open} onOpenChange={(next) => !next && onClose()}>
      <PopoverAnchor asChild>
        <div
          data-picked-range
          className="pointer-events-none absolute inset-x-0.5 z-40 rounded-lg border-2 border-dashed border-primary bg-primary-soft/70 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-primary-hover"
          style={{ top: `${place.top}%`, height: `${place.height}%` }}
        >
          {from}–{to}
        </div>
      </PopoverAnchor>
      <PopoverContent side="bottom" align="start" className="flex w-72 max-w-[calc(100vw-1.5rem)] flex-col gap-0.5">
        <p className="px-2.5 pt-1.5 pb-1 text-sm font-semibold first-letter:uppercase">
          {shortDay(range.date, currentLanguage())} · <span className="tabular-nums">{`${from}–${to}`}</span>
        </p>
        {onNewBooking && (
          <MenuButton onClick={choose(onNewBooking)} icon={<CalendarPlus aria-hidden className="size-4" />}>
            {t('agenda.pick.newBooking', { time: from })}
          </MenuButton>
        )}
        {onBlock && (
          <MenuButton onClick={choose(onBlock)} icon={<Ban aria-hidden className="size-4" />}>
            {t('agenda.pick.block', { from, to })}
          </MenuButton>
        )}
      </PopoverContent>
    </Popover>
  )
}
