import { useEffect } from 'react'

/** Sets the browser tab's title for the page: "<title> · Salonia". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Salonia` : 'Salonia'
  }, [title])
}
