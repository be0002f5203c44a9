import type { ReactNode } from 'react'

// The footer a DialogForm renders after its fields (`form > div:last-child`), pinned to the bottom
// of the scrolling dialog and widened over its padding, on the dialog's own background; on a phone
// its two buttons share one row instead of stacking, so the form keeps most of the screen.
const PINNED =
  '[&>form>div:last-child]:sticky [&>form>div:last-child]:-bottom-6 [&>form>div:last-child]:z-10 [&>form>div:last-child]:-mx-6 [&>form>div:last-child]:mt-0 [&>form>div:last-child]:border-t [&>form>div:last-child]:border-line/70 [&>form>div:last-child]:bg-surface [&>form>div:last-child]:px-6 [&>form>div:last-child]:pb-6 [&>form>div:last-child]:pt-3 max-sm:[&>form>div:last-child]:flex-row-reverse max-sm:[&>form>div:last-child>*]:flex-1'

/**
 * Keeps a long dialog's buttons in reach: on a phone the panel and the new-booking form are taller
 * than the screen, and the action must not be a scroll away.
 */
export function StickyActions({ children }: { children: ReactNode }) {
  return <div className={PINNED}>{children}</div>
}
