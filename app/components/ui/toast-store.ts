import { useSyncExternalStore } from 'react'

/**
 * Toasts (spec §9): at most one visible — a new one replaces the current — shown 5 s by default,
 * swiped away to the right past 50 px; F8 moves focus to the notification region. On a phone they
 * come at the top of the screen, and on a larger one too while a dialog is open: a toast never
 * covers a dialog's buttons (its actions at its bottom, its close button at its top right).
 *
 * This store is apart from the Toaster (Toast.tsx, with Radix): every screen can call toast(),
 * while the Toaster's code loads after the first paint (DeferredToaster) — a toast asked for
 * before then waits here and shows once it has arrived.
 */
export type ToastTone = 'default' | 'success' | 'destructive'

export interface ToastOptions {
  title: string
  description?: string
  tone?: ToastTone
  /** Milliseconds on screen (default 5000). */
  duration?: number
  /** One button beside the text ("Undo"): pressing it closes the toast. */
  action?: { label: string; onClick: () => void }
}

interface ShownToast extends ToastOptions {
  id: number
  open: boolean
}

export const TOAST_DURATION_MS = 5000

let current: ShownToast | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

export function toast(options: ToastOptions): void {
  current = { ...options, id: nextId++, open: true }
  emit()
}

/**
 * Closes the error toast on screen: a form's error toast is stale once the person changes what it
 * was about (DialogForm does it on any change of its fields).
 */
export function dismissErrorToast(): void {
  if (current?.open && current.tone === 'destructive') closeToast(current.id)
}

export function closeToast(id: number): void {
  if (current?.id !== id) return
  current = { ...current, open: false }
  emit()
}

export function useCurrentToast(): ShownToast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => null,
  )
}
