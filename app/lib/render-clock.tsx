import { createContext, type ReactNode, useContext, useState } from 'react'

/**
 * "Now" for what a page shows from the clock (the footer's year, the home's next Saturday): the
 * server's time when it rendered the page, which the browser reuses to hydrate it, so both render
 * the same words (and APP_NOW, the demo's clock, applies). Without it, the browser's clock.
 *
 * With it, what the render worked out from that clock and is slow for a phone to work out again
 * (useRenderedValue): the server sends its values with the page's boot data.
 */
interface RenderClock {
  now: number | undefined
  values: Map<string, unknown>
}

const RenderClockContext = createContext<RenderClock | undefined>(undefined)

export function RenderClockProvider({
  now,
  values,
  children,
}: {
  now?: number
  /** The values already worked out (the server's, in the browser), filled in by the render. */
  values?: Map<string, unknown>
  children: ReactNode
}) {
  const [clock] = useState<RenderClock>(() => ({ now, values: values ?? new Map() }))
  return <RenderClockContext.Provider value={clock}>{children}</RenderClockContext.Provider>
}

const nowOf = (clock: RenderClock | undefined): Date => new Date(clock?.now ?? Date.now())

export function useRenderNow(): Date {
  return nowOf(useContext(RenderClockContext))
}

/**
 * Something a page shows, worked out from the render's "now", that a phone takes long to compute
 * while it hydrates (words needing the browser's Intl data, whose first use is a long task). Kept
 * under `key`: the browser reuses the value the server computed for the page; a key not there
 * (another language chosen since) is computed here, once.
 */
export function useRenderedValue<T>(key: string, compute: (now: Date) => T): T {
  const clock = useContext(RenderClockContext)
  if (!clock) return compute(nowOf(clock))
  if (!clock.values.has(key)) clock.values.set(key, compute(nowOf(clock)))
  return clock.values.get(key) as T
}
