import type { Language } from '@common/languages'
import { useEffect, useRef } from 'react'
import { currentLanguage, showLanguage } from './i18n'

/**
 * What a customer's own page behind a personal link (`/r/<token>`, `/w/<token>`) does on every
 * visit: it speaks the customer's language, and stays out of search engines.
 */

/** Opens in the customer's language once (the switcher may change it afterwards). */
export function useCustomerLanguage(language: Language | undefined): void {
  const done = useRef(false)
  useEffect(() => {
    if (!language || done.current) return
    done.current = true
    if (language !== currentLanguage()) void showLanguage(language)
  }, [language])
}

/** Kept out of search engines: the page is someone's appointment (the server says it too, in its header and HTML). */
export function useNoIndex(): void {
  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"]')) return
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex, nofollow'
    document.head.append(meta)
    return () => meta.remove()
  }, [])
}
