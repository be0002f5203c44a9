import { createContext, useContext } from 'react'

/**
 * "Now" for what a page shows from the clock (the footer's year, the home's next Saturday): the
 * server's time when it rendered the page, which the browser reuses to hydrate it, so both render
 * the same words (and APP_NOW, the demo's clock, applies). Without it, the browser's clock.
 */
const RenderClock = createContext<number | undefined>(undefined)

export const RenderClockProvider = RenderClock.Provider

export function useRenderNow(): Date {
  const now = useContext(RenderClock)
  return new Date(now ?? Date.now())
}
