import type { ReactNode } from 'react'

// The footer a DialogForm renders after its fields is pinned to the bottom of the scrolling dialog
// by DialogFooter itself; on a phone its two buttons share one row here instead of stacking, so the
// form keeps most of the screen. The footer is found by its data-slot, not as `div:last-child`: a
// stylesheet with `:last-child` before a combinator makes the browser restyle the whole subtree of
// any element that gains or loses a last sibling, on every page (the chat restyled itself entirely
// when the toast region mounted after it).
const ONE_ROW =
  'max-sm:[&>form>[data-slot=dialog-footer]]:flex-row-reverse max-sm:[&>form>[data-slot=dialog-footer]>*]:flex-1'

/**
 * Keeps a long dialog's buttons in reach and small: on a phone the panel and the new-booking form
 * are taller than the screen, and the action must not be a scroll away.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return <div className={ONE_ROW}>{children}</div>
}
