import { Button } from '@app/components/ui/Button'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { type RefObject, useEffect, useRef } from 'react'

/**
 * The up and down arrows of an ordered list (services, team), and the focus that follows the row
 * it moved: after the new order shows, the arrow last pressed has the focus again (or the other
 * one, once its row reached an end), so a keyboard can move a row several places in a row.
 */

type Direction = -1 | 1

/** Keeps the focus on the arrow last pressed after each new order of `items`. */
export function useReorderFocus(items: readonly unknown[]): {
  list: RefObject<HTMLUListElement | null>
  pressed: (id: string, direction: Direction) => void
} {
  const list = useRef<HTMLUListElement>(null)
  const last = useRef<{ id: string; direction: Direction } | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new order of the list
  useEffect(() => {
    const arrow = last.current
    if (!arrow || !list.current) return
    const button = (direction: number) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${arrow.id}:${direction}"]`)
    const same = button(arrow.direction)
    ;(same && !same.disabled ? same : button(-arrow.direction))?.focus()
  }, [items])

  return {
    list,
    pressed: (id, direction) => {
      last.current = { id, direction }
    },
  }
}

export function ReorderArrows({
  id,
  index,
  count,
  busy,
  onMove,
  upLabel,
  downLabel,
}: {
  id: string
  index: number
  count: number
  /** An order on its way: no other move until it is saved. */
  busy: boolean
  onMove: (index: number, direction: Direction) => void
  upLabel: string
  downLabel: string
}) {
  const arrow = (direction: Direction, label: string, disabled: boolean) => (
    <Button
      variant="ghost"
      size="icon"
      data-move={`${id}:${direction}`}
      disabled={disabled || busy}
      onClick={() => onMove(index, direction)}
      aria-label={label}
      title={label}
    >
      {direction === -1 ? <ArrowUp aria-hidden className="size-4" /> : <ArrowDown aria-hidden className="size-4" />}
    </Button>
  )
  return (
    <div className="-mt-1.5 -mr-1.5 flex items-center gap-1 lg:order-3 lg:m-0">
      {arrow(-1, upLabel, index === 0)}
      {arrow(1, downLabel, index === count - 1)}
    </div>
  )
}
