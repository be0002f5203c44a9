import { useEffect, useState, useSyncExternalStore } from 'react'

/** Under Tailwind's `sm` breakpoint: a phone, where the agenda shows one member at a time. */
const NARROW = '(max-width: 639.98px)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(NARROW)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** Whether the screen is a phone's width (followed as it turns or the window is resized). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(NARROW).matches ?? false,
    () => false,
  )
}

/** The current instant, renewed every minute: the "now" line moves with it. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
