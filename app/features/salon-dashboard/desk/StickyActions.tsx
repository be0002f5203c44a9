import type { ReactNode } from 'react'

// The footer a DialogForm renders after its fields (`form > div:last-child`) is pinned to the bottom
// of the scrolling dialog by DialogFooter itself; on a phone its two buttons share one row here
// instead of stacking, so the form keeps most of the screen.
const ONE_ROW = 'max-sm:[&>form>div:last-child]:flex-row-reverse max-sm:[&>form>div:last-child>*]:flex-1'

/**
 * Keeps a long dialog's buttons in reach and small: on a phone the panel and the new-booking form
 * are taller than the screen, and the action must not be a scroll away.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return <div className={ONE_ROW}>{children}</div>
}
