import './styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { DeferredToaster } from './components/ui/DeferredToaster'
import { createQueryClient } from './lib/api'
import { setupI18n } from './lib/i18n'

const queryClient = createQueryClient()

// The texts of the visitor's language arrive before the first render, so nothing flashes in French.
await setupI18n()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <DeferredToaster />
      </QueryClientProvider>
    </StrictMode>,
  )
}
