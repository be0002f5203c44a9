import type { Language } from '@common/languages'
import { type DehydratedState, hashKey } from '@tanstack/react-query'

/**
 * What the server tells the browser about the page it sent, in a JSON data block (the CSP allows no
 * inline script): the language and "now" it rendered with, whether #root holds its HTML (then the
 * browser hydrates it), and the answers it already knew (the salon of a chat link, signed out).
 */
export interface Boot {
  language: Language
  now: number
  rendered: boolean
  queries?: DehydratedState
  /** What the render worked out from `now` that a phone is slow to (useRenderedValue), by key. */
  values?: Record<string, unknown>
}

export const BOOT_ELEMENT_ID = 'salonia-boot'

/** The boot data as HTML: `<` and the line separators escaped, so a salon's name cannot end the block. */
export function bootScript(boot: Boot): string {
  const json = JSON.stringify(boot)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script type="application/json" id="${BOOT_ELEMENT_ID}">${json}</script>`
}

export function readBoot(): Boot | undefined {
  if (typeof document === 'undefined') return undefined
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as Boot
  } catch {
    return undefined
  }
}

/**
 * The answer the server sent with the page for a query (its key as the query client hashes it), if
 * it sent one: what a page's loader can know before the app renders (none on the server).
 */
export function bootQueryData<T>(queryKey: readonly unknown[]): T | undefined {
  const hash = hashKey(queryKey)
  return readBoot()?.queries?.queries.find((query) => query.queryHash === hash)?.state.data as T | undefined
}

/**
 * The answers the server sent with the page, as arrived when the page did, on the device's clock:
 * an answer's age, and the offset of the server's clock that the agenda works out from the
 * dashboard's answer (useSalonNow: its `now` minus when it arrived), are then the device's own,
 * whatever the server's clock and the phone's say.
 */
export function arrivedWithPage(state: DehydratedState, now = Date.now()): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.dataUpdatedAt ? { ...query, state: { ...query.state, dataUpdatedAt: now } } : query,
    ),
  }
}
