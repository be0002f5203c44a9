import { lazy, Suspense, useEffect, useState } from 'react'
import { useCurrentToast } from './toast-store'

const Toaster = lazy(async () => ({ default: (await import('./Toast')).Toaster }))

/**
 * The Toaster, loaded off the first screen's path: once the page is idle, or at once when a toast
 * is asked for before then (the store keeps it until the Toaster shows it). Its Radix code is not
 * part of the first-load JavaScript of the home page or the chat.
 */
export function DeferredToaster() {
  const pending = useCurrentToast() !== null
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 3000 })
      return () => cancelIdleCallback(id)
    }
    // Without idle callbacks (Safari): once the page has loaded.
    const ready = () => setIdle(true)
    if (document.readyState === 'complete') ready()
    else window.addEventListener('load', ready, { once: true })
    return () => window.removeEventListener('load', ready)
  }, [])
  if (!idle && !pending) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
