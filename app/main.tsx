import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ComingSoon } from './pages/ComingSoon'

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ComingSoon />
    </StrictMode>,
  )
}
