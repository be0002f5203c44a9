import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * True while this render must match the server's HTML: on the server, and in the browser during
 * hydration. What only the device knows (the customer's profile cookie, the tab's conversation) is
 * read after that, in an effect; a page rendered in the browser alone reads it at once.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
}
