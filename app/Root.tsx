import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { StrictMode, useEffect } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Router } from 'wouter'
import { App } from './App'
import { DeferredToaster } from './components/ui/DeferredToaster'
import { reconcileLanguageChoice } from './lib/i18n'
import { RenderClockProvider } from './lib/render-clock'

/**
 * The whole app, as the server renders it and the browser hydrates it: the same tree on both sides.
 * On the server the address comes from the request (ssrPath, ssrSearch); in the browser, from the
 * location bar.
 */
export function Root({
  i18n,
  queryClient,
  now,
  rendered,
  ssrPath,
  ssrSearch,
}: {
  i18n: i18n
  queryClient: QueryClient
  now?: number
  /** What the render worked out from `now` (useRenderedValue): the server's, when hydrating its page. */
  rendered?: Map<string, unknown>
  ssrPath?: string
  ssrSearch?: string
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RenderClockProvider now={now} values={rendered}>
            <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
              <App />
              <DeferredToaster />
              <FirstRenderDone />
            </Router>
          </RenderClockProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  )
}

/**
 * After the first render in the browser (hydration, when the server rendered the page): the page
 * answers now (browser tests wait for html[data-hydrated]), and the stored language choice and its
 * cookie are made to agree.
 */
function FirstRenderDone() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    // A task of its own: the first read of the storage loads it from disk, which would lengthen
    // the task that finishes hydration (the phone does not answer a tap meanwhile).
    const later = setTimeout(() => void reconcileLanguageChoice(), 0)
    return () => clearTimeout(later)
  }, [])
  return null
}
