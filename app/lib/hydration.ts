import { type Ref, type RefCallback, useCallback, useEffect, useRef, useSyncExternalStore } from 'react'

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

type TextField = HTMLInputElement | HTMLTextAreaElement

/**
 * Keeps what a visitor typed into a server-rendered field before the page came alive. React leaves
 * the typed text on screen while it hydrates, but the form's state still holds the server's value:
 * the text would be missing when the form is sent, and gone at the next render. Once hydrated, the
 * text is handed to the field's onChange as the input event it missed. Returns the ref to give the
 * field (merged with the caller's own).
 */
export function useKeepTypedText<Field extends TextField>(value: unknown, outer?: Ref<Field>): RefCallback<Field> {
  const hydrated = useRef(useHydrating())
  const field = useRef<Field | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was typed before hydration counts
  useEffect(() => {
    const element = field.current
    if (!hydrated.current || !element || (typeof value !== 'string' && typeof value !== 'number')) return
    const typed = element.value
    if (typed === String(value)) return
    // React notices a change by comparing with the value it last saw set: set the state's value the
    // ordinary way, then the typed text behind its back, and let the event tell it.
    element.value = String(value)
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, typed)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  }, [])
  return useCallback(
    (element: Field | null) => {
      field.current = element
      if (typeof outer === 'function') return outer(element)
      if (outer) outer.current = element
    },
    [outer],
  )
}
