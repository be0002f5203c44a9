import { useEffect, useState, useSyncExternalStore } from 'react'
import { useSalonDashboard } from '../dashboard-api'

/** Under Tailwind's `sm` breakpoint: a phone, where the agenda shows one member at a time. */
const NARROW = '(max-width: 639.98px)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(NARROW)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** Whether the screen is a phone's width now (false where there is no window). */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.(NARROW).matches ?? false)
}

/** Whether the screen is a phone's width (followed as it turns or the window is resized). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false)
}

/**
 * The current instant on the server's clock, renewed every minute: the "now" line moves with it,
 * and an appointment has begun when the server — which refuses a no-show before the start — says
 * so. The device's clock may be off (or the server's started elsewhere, as a demo's APP_NOW): the
 * offset is the server's instant in the dashboard's last answer minus when it arrived.
 */
export function useSalonNow(salonId: string): number {
  const dashboard = useSalonDashboard(salonId)
  const offset = dashboard.data ? Date.parse(dashboard.data.now) - dashboard.dataUpdatedAt : 0
  const [device, setDevice] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setDevice(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return device + (Number.isFinite(offset) ? offset : 0)
}
