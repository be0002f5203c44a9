import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactNode } from 'react'
import { initReactI18next } from 'react-i18next'
import { Toaster } from './components/ui/Toast'
import { createQueryClient } from './lib/api'
import { fr } from './locales/all'

// For the component tests only: imported by *.test.tsx files, never by the app (so not bundled), and not a test itself.

let french: Promise<void> | undefined

/** French texts for the tests that find labels by their French words: `beforeAll(frenchTexts)`, i18next set up once. */
export function frenchTexts(): Promise<void> {
  // Resolves to nothing: a function returned to beforeAll would be run as its teardown.
  french ??= i18next
    .use(initReactI18next)
    .init({ lng: 'fr', resources: { fr: { translation: fr } }, interpolation: { escapeValue: false } })
    .then(() => undefined)
  return french
}

/** Renders `ui` as the dashboard holds it: under a fresh query client of the app's, with the toaster beside it. */
export function renderWithQueries(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  )
}
