import type { Language } from '@common/languages'
import { useEffect, useRef } from 'react'
import { currentLanguage, showLanguage } from './i18n'

/** A customer's own page opens in their language once (the switcher may change it afterwards). */
export function useCustomerLanguage(language: Language | undefined): void {
  const done = useRef(false)
  useEffect(() => {
    if (!language || done.current) return
    done.current = true
    if (language !== currentLanguage()) void showLanguage(language)
  }, [language])
}
