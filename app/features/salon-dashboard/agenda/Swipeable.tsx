import { type ReactNode, useEffect, useRef } from 'react'

/** How far sideways a finger travels, and how much more than up or down, to count as a swipe. */
const SWIPE_PX = 60
const SIDEWAYS_RATIO = 1.5
/** Sideways from this far on, the move is the swipe's: the browser's own (its "back") is held off. */
const CLAIM_PX = 10

/**
 * A finger swiping sideways across its content: left for the next (1), right for the previous (-1).
 * A vertical drag scrolls as always; the content fades in as it is shown (keyed by its caller).
 */
export function Swipeable({ onSwipe, children }: { onSwipe: (direction: 1 | -1) => void; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  const start = useRef<{ x: number; y: number } | null>(null)
  const swipe = useRef(onSwipe)
  swipe.current = onSwipe

  // Native listeners: only a non-passive touchmove can keep a sideways move from the browser.
  useEffect(() => {
    const node = box.current
    if (!node) return
    const begin = (event: TouchEvent) => {
      const touch = event.touches[0]
      start.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null
    }
    const move = (event: TouchEvent) => {
      const from = start.current
      const touch = event.touches[0]
      if (!from || !touch || !event.cancelable) return
      const dx = Math.abs(touch.clientX - from.x)
      if (dx > CLAIM_PX && dx > Math.abs(touch.clientY - from.y) * SIDEWAYS_RATIO) event.preventDefault()
    }
    const end = (event: TouchEvent) => {
      const from = start.current
      const touch = event.changedTouches[0]
      start.current = null
      if (!from || !touch) return
      const dx = touch.clientX - from.x
      const dy = touch.clientY - from.y
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * SIDEWAYS_RATIO) swipe.current(dx < 0 ? 1 : -1)
    }
    const cancel = () => {
      start.current = null
    }
    node.addEventListener('touchstart', begin, { passive: true })
    node.addEventListener('touchmove', move, { passive: false })
    node.addEventListener('touchend', end)
    node.addEventListener('touchcancel', cancel)
    return () => {
      node.removeEventListener('touchstart', begin)
      node.removeEventListener('touchmove', move)
      node.removeEventListener('touchend', end)
      node.removeEventListener('touchcancel', cancel)
    }
  }, [])

  return (
    <div ref={box} className="motion-safe:animate-fade-in">
      {children}
    </div>
  )
}
