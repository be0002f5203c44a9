import { useHydrating } from '@app/lib/hydration'
import { useQueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, useState } from 'react'
import { prefetchAgenda, prepareDateFormatting } from './agenda/agenda-prefetch'
import { type DashboardTab, preloadOtherTabs } from './dashboard-tabs'

// How the dashboard starts on a phone without long tasks: the tab after hydration, as a transition;
// the agenda's data and date formatting asked for before it mounts; the other tabs' code once the
// first tab is on screen with its data.

/**
 * Whether the tab waits: the server renders the professional area without knowing the screen, so no
 * tab is chosen in its HTML, nor while the browser hydrates it — the tab list, and a screen's height
 * kept for the tab. The tab then renders as a transition: React renders the agenda in slices of a
 * few milliseconds between which the phone answers a tap, where the end of hydration would render
 * it in one long task. Rendered in the browser alone (a page changed to this one), it shows at once.
 */
export function useTabAfterHydration(): boolean {
  const hydrating = useHydrating()
  const [waiting, setWaiting] = useState(hydrating)
  useEffect(() => {
    if (waiting) startTransition(() => setWaiting(false))
  }, [waiting])
  return waiting
}

/**
 * What the first tab needs, asked for as soon as the dashboard is there, when it is the agenda. In
 * tasks of their own, after the page's (hydration's) own: a request each, a millisecond or so on a
 * phone; then the date formatting the agenda's first render needs.
 */
export function useFirstTabAhead(first: DashboardTab, salonId: string): void {
  const queryClient = useQueryClient()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the tab the dashboard opened on
  useEffect(() => {
    if (first !== 'agenda') return
    const requests = setTimeout(() => prefetchAgenda(queryClient, salonId), 0)
    const formatting = setTimeout(prepareDateFormatting, 0)
    return () => {
      clearTimeout(requests)
      clearTimeout(formatting)
    }
  }, [])
}

/** How long the first tab stays on screen with its data before the other tabs' code is asked for. */
const OTHER_TABS_AFTER_MS = 5000

/**
 * The other tabs' code, once the first tab has been on screen with its data for a few seconds and
 * the phone has nothing else to do — or at once when the owner reaches for the tab list
 * (DashboardTabs). Not during the start: their compilation, a task per file, would fall among the
 * agenda's own, and their download share a slow connection with what the owner is waiting for.
 */
export function PreloadOtherTabs({ shown }: { shown: DashboardTab }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let later: (() => void) | undefined
    const startWhenSettled = () => {
      if (later || queryClient.isFetching() > 0) return
      unsubscribe()
      later = whenQuiet(OTHER_TABS_AFTER_MS, () => void preloadOtherTabs(shown))
    }
    const unsubscribe = queryClient.getQueryCache().subscribe(startWhenSettled)
    startWhenSettled()
    return () => {
      unsubscribe()
      later?.()
    }
  }, [queryClient, shown])
  return null
}

/**
 * Runs `work` once `delayMs` have passed and the browser is idle (or a second later where it cannot
 * tell); returns a cancel.
 */
function whenQuiet(delayMs: number, work: () => void): () => void {
  let cancelIdle: (() => void) | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work, { timeout: 2000 })
      cancelIdle = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(work, 1000)
      cancelIdle = () => clearTimeout(id)
    }
  }, delayMs)
  return () => {
    clearTimeout(timer)
    cancelIdle?.()
  }
}
