import { createContext, useContext, useEffect } from 'react'

/** On the server, where the page's title is collected during the render, for the HTML's <title>. */
export const PageTitleContext = createContext<{ title: string } | null>(null)

export function documentTitle(title: string | undefined): string {
  return title ? `${title} · Salonia` : 'Salonia'
}

/** Sets the browser tab's title for the page: "<title> · Salonia". */
export function usePageTitle(title: string | undefined): void {
  const collected = useContext(PageTitleContext)
  // A server render runs no effects: the title is noted as the render goes (the last one set wins).
  if (collected && title) collected.title = documentTitle(title)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
