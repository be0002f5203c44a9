import type { Booking } from '@common/schemas/booking'
import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { LONG_PRESS_MS } from './range-picking'

/** How far the pointer travels before a press on a block becomes a drag (a click or a tap below that). */
const DRAG_THRESHOLD_PX = 5

/** Where a block would land: its column, day, member and start minute. */
export interface DropTarget {
  columnKey: string
  date: string
  memberId: string | null
  minute: number
}

export interface Drag {
  booking: Booking
  columnKey: string
  pointerId: number
  pointerType: string
  x: number
  y: number
  /** From the block's top edge to where it was grabbed, in pixels. */
  grab: number
  /** Carried: a mouse's at once, a finger's after a long press (before it, the finger scrolls). */
  held: boolean
  moving: boolean
  target: DropTarget | null
}

/**
 * Carrying a booking's block to another time or column: a mouse drags it at once; a finger rests
 * on it a moment (as when it picks a range), then drags — a finger that moves sooner scrolls the
 * page or swipes to another member, and a tap opens the booking. While a finger carries a block,
 * the page neither scrolls nor swipes (non-passive touch listeners on the grid, which stop the
 * touch before the swipe's container sees it).
 */
export function useBlockDragging({
  container,
  canMove,
  targetAt,
  onDrop,
}: {
  container: RefObject<HTMLElement | null>
  canMove: ((booking: Booking) => boolean) | undefined
  targetAt: (clientX: number, clientY: number, grab: number, duration: number) => DropTarget | null
  onDrop: (drag: Drag, target: DropTarget) => void
}) {
  const [drag, setDrag] = useState<Drag | null>(null)
  const current = useRef<Drag | null>(null)
  const longPress = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A finger carrying a block, until its touch has ended (after the pointer's own end).
  const fingerCarries = useRef(false)
  // The click that ends a drag, or a finger's long press, must not also open the booking.
  const justDragged = useRef(false)

  const update = (next: Drag | null) => {
    current.current = next
    setDrag(next)
  }

  useEffect(() => {
    const node = container.current
    if (!node) return
    const hold = (event: TouchEvent) => {
      if (!fingerCarries.current) return
      if (event.cancelable) event.preventDefault()
      event.stopPropagation()
    }
    const release = (event: TouchEvent) => {
      if (!fingerCarries.current) return
      fingerCarries.current = false
      event.stopPropagation()
    }
    node.addEventListener('touchmove', hold, { passive: false })
    node.addEventListener('touchend', release)
    node.addEventListener('touchcancel', release)
    return () => {
      node.removeEventListener('touchmove', hold)
      node.removeEventListener('touchend', release)
      node.removeEventListener('touchcancel', release)
    }
  }, [container])
  useEffect(() => () => clearTimeout(longPress.current), [])

  const suppressNextClick = () => {
    justDragged.current = true
    setTimeout(() => {
      justDragged.current = false
    }, 0)
  }

  const handlers = (booking: Booking, columnKey: string) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (!canMove?.(booking)) return
      const mouse = event.pointerType === 'mouse'
      if (mouse && event.button !== 0) return
      const block = event.currentTarget.getBoundingClientRect()
      if (mouse) {
        // No text selection (nor the page scrolling after it) while a block is carried.
        event.preventDefault()
        event.currentTarget.setPointerCapture?.(event.pointerId)
        // The focus a click would have given (prevented above) goes to the block's own button: the
        // move's question then hands it back here, not to a field at the top that pulls the page up.
        event.currentTarget.querySelector<HTMLElement>('button')?.focus({ preventScroll: true })
      }
      const pressed: Drag = {
        booking,
        columnKey,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        x: event.clientX,
        y: event.clientY,
        grab: event.clientY - block.top,
        held: mouse,
        moving: false,
        target: null,
      }
      update(pressed)
      if (mouse) return
      clearTimeout(longPress.current)
      const element = event.currentTarget
      longPress.current = setTimeout(() => {
        const still = current.current
        if (!still || still.pointerId !== pressed.pointerId) return
        element.setPointerCapture?.(pressed.pointerId)
        fingerCarries.current = true
        navigator.vibrate?.(10)
        update({ ...still, held: true })
      }, LONG_PRESS_MS)
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const pressed = current.current
      if (!pressed || event.pointerId !== pressed.pointerId) return
      const travelled = Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) > DRAG_THRESHOLD_PX
      if (!pressed.held) {
        // A finger that moves before its long press scrolls or swipes: no drag.
        if (travelled) {
          clearTimeout(longPress.current)
          update(null)
        }
        return
      }
      if (!pressed.moving && !travelled) return
      update({
        ...pressed,
        moving: true,
        target: targetAt(event.clientX, event.clientY, pressed.grab, pressed.booking.duration),
      })
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      const pressed = current.current
      if (!pressed || event.pointerId !== pressed.pointerId) return
      clearTimeout(longPress.current)
      update(null)
      if (!pressed.held) return
      if (pressed.moving || pressed.pointerType !== 'mouse') suppressNextClick()
      if (pressed.moving && pressed.target) onDrop(pressed, pressed.target)
    },
    onPointerCancel: () => {
      clearTimeout(longPress.current)
      update(null)
    },
  })

  return { drag, handlers, justDragged }
}
