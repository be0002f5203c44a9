import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react'
import type { Span } from './agenda-grid'

/** A stretch of one column picked on the agenda: its day, member (null: the whole team) and minutes. */
export interface GridRange {
  columnKey: string
  date: string
  memberId: string | null
  start: number
  end: number
}

interface PickColumn {
  key: string
  date: string
  memberId: string | null
}

interface Gesture {
  column: PickColumn
  pointerId: number
  pointerType: string
  x: number
  y: number
  /** The minute the press began at, unsnapped. */
  anchor: number
  /** Following the pointer: a mouse at once, a finger after a long press (before it, it scrolls). */
  active: boolean
  /** It has travelled: the range runs from the press to the pointer (until then, the default stretch). */
  moved: boolean
  range: GridRange
}

/**
 * Whether an event is a press on the column's empty time: not on a booking, and not from the
 * chooser's menu (a portal elsewhere in the page, whose events still bubble through React's tree).
 */
function onEmptyTime(event: React.SyntheticEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement
  return event.currentTarget.contains(target) && !target.closest('[data-booking]')
}

/** How long a finger rests before it picks a range rather than scrolls the page. */
export const LONG_PRESS_MS = 450
/** How far a press travels before it is a drag rather than a click or a tap. */
const MOVE_THRESHOLD_PX = 5

/**
 * Picking a range on the agenda's empty time: a mouse drags down (or up) a column; a finger rests
 * a moment, then drags; a click or a tap picks a default stretch from where it landed. The range
 * snaps to the salon's slot step and stays inside the grid. While a finger picks, the page does not
 * scroll (a non-passive touchmove on the grid, the only way to stop a pan once it has begun).
 */
export function useRangePicking({
  grid,
  step,
  enabled,
  container,
  bodyOf,
}: {
  grid: Span
  step: number
  enabled: boolean
  container: RefObject<HTMLElement | null>
  bodyOf: (columnKey: string) => HTMLElement | undefined
}) {
  const [gesture, setGesture] = useState<Gesture | null>(null)
  const [picked, setPicked] = useState<GridRange | null>(null)
  const current = useRef<Gesture | null>(null)
  const longPress = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The click that ends a pointer's pick must not pick again.
  const justPicked = useRef(false)
  const defaultLength = Math.max(step * 2, 30)

  const update = (next: Gesture | null) => {
    current.current = next
    setGesture(next)
  }

  useEffect(() => {
    const node = container.current
    if (!node) return
    const hold = (event: TouchEvent) => {
      if (current.current?.active) event.preventDefault()
    }
    node.addEventListener('touchmove', hold, { passive: false })
    return () => node.removeEventListener('touchmove', hold)
  }, [container])
  useEffect(() => () => clearTimeout(longPress.current), [])

  const minuteAt = (columnKey: string, clientY: number): number | undefined => {
    const rect = bodyOf(columnKey)?.getBoundingClientRect()
    if (!rect || rect.height === 0) return undefined
    return grid.start + ((clientY - rect.top) / rect.height) * (grid.end - grid.start)
  }
  const clamp = (minute: number) => Math.max(grid.start, Math.min(grid.end, minute))
  const rangeOf = (column: PickColumn, from: number, to: number | undefined): GridRange => {
    const low = Math.min(from, to ?? from)
    const high = Math.max(from, to ?? from)
    let start = clamp(Math.floor(low / step) * step)
    let end = to === undefined ? start + defaultLength : Math.max(start + step, Math.ceil(high / step) * step)
    end = clamp(end)
    if (end - start < step) start = Math.max(grid.start, end - step)
    return { columnKey: column.key, date: column.date, memberId: column.memberId, start, end }
  }

  const handlers = (column: PickColumn) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (!enabled || !onEmptyTime(event)) return
      if (event.pointerType === 'mouse' && event.button !== 0) return
      const anchor = minuteAt(column.key, event.clientY)
      if (anchor === undefined) return
      const mouse = event.pointerType === 'mouse'
      if (mouse) {
        // No text selection while the mouse drags a range.
        event.preventDefault()
        event.currentTarget.setPointerCapture?.(event.pointerId)
      }
      const base = {
        column,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        x: event.clientX,
        y: event.clientY,
        anchor,
        range: rangeOf(column, anchor, undefined),
      }
      update({ ...base, active: mouse, moved: false })
      if (!mouse) {
        clearTimeout(longPress.current)
        const target = event.currentTarget
        longPress.current = setTimeout(() => {
          const held = current.current
          if (!held || held.pointerId !== base.pointerId) return
          target.setPointerCapture?.(base.pointerId)
          navigator.vibrate?.(10)
          update({ ...held, active: true })
        }, LONG_PRESS_MS)
      }
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const held = current.current
      if (!held || event.pointerId !== held.pointerId) return
      const travelled = Math.abs(event.clientY - held.y) > MOVE_THRESHOLD_PX
      if (!held.active) {
        // A finger that moves before the long press scrolls the page or swipes: no pick.
        if (Math.hypot(event.clientX - held.x, event.clientY - held.y) > MOVE_THRESHOLD_PX) {
          clearTimeout(longPress.current)
          update(null)
        }
        return
      }
      if (!held.moved && !travelled) return
      const to = minuteAt(held.column.key, event.clientY)
      if (to !== undefined) update({ ...held, moved: true, range: rangeOf(held.column, held.anchor, to) })
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const held = current.current
      if (!held || event.pointerId !== held.pointerId) return
      clearTimeout(longPress.current)
      update(null)
      justPicked.current = true
      setTimeout(() => {
        justPicked.current = false
      }, 0)
      setPicked(held.range)
    },
    onPointerCancel: () => {
      clearTimeout(longPress.current)
      update(null)
    },
    // A click without pointer events before it (a keyboard's, a test's): the default stretch.
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      if (!enabled || justPicked.current || !onEmptyTime(event)) return
      const anchor = minuteAt(column.key, event.clientY)
      if (anchor !== undefined) setPicked(rangeOf(column, anchor, undefined))
    },
    // A long press must not open the phone's own menu.
    onContextMenu: (event: React.MouseEvent<HTMLElement>) => {
      if (current.current) event.preventDefault()
    },
  })

  return {
    /** The range being picked, drawn live; then the one picked, until the chooser closes. */
    shown: gesture?.active ? gesture.range : picked,
    picked,
    clear: () => setPicked(null),
    handlers,
  }
}
