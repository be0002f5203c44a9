import { Toaster } from '@app/components/ui/Toast'
import { createQueryClient } from '@app/lib/api'
import { en } from '@app/locales/all'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { initReactI18next } from 'react-i18next'
import { vi } from 'vitest'

/**
 * For the component tests of the sign-in screens: English texts, the app's query client and toaster,
 * the real browser location (happy-dom) and a fetch that answers like the server's contract.
 */
export async function setupTexts(): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } })
  }
}

export function renderAt(path: string, ui: ReactNode) {
  window.history.replaceState(null, '', path)
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
}

export interface FakeAnswer {
  status?: number
  json?: unknown
  text?: string
}

export interface FetchCall {
  method: string
  url: string
  body: unknown
}

/** Answers `"<METHOD> <url>"` from the table; anything else is the server's 404 for an unknown route. */
export function fakeServer(routes: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>) {
  const calls: FetchCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined }
    calls.push(call)
    const route = routes[`${method} ${url}`]
    const answer: FakeAnswer = route
      ? typeof route === 'function'
        ? route(call)
        : route
      : { status: 404, json: { code: 'route.not_found', message: `No route ${method} ${url}` } }
    const body = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json))
    return new Response(body, {
      status: answer.status ?? 200,
      headers: answer.json === undefined ? {} : { 'content-type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

export const SIGNED_OUT = { json: { isAuthenticated: false } }

/** Stands in for leaving the page: records where the browser was sent. */
export function catchNavigation() {
  const assign = vi.fn()
  vi.spyOn(window.location, 'assign').mockImplementation(assign)
  return assign
}
