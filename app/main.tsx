import './styles.css'
import { pageAt } from '@common/routes'
import { hydrate } from '@tanstack/react-query'
import i18next from 'i18next'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { PAGES } from './App'
import { createQueryClient } from './lib/api'
import { arrivedWithPage, readBoot } from './lib/boot'
import { setupI18n } from './lib/i18n'
import { Root } from './Root'

const boot = readBoot()
const queryClient = createQueryClient()
// What the server already knew (the chat's salon, signed out, a signed-in owner's salon and day):
// not asked for again.
if (boot?.queries) hydrate(queryClient, arrivedWithPage(boot.queries))

// The language the server rendered the page in (else the visitor's choice or browser's, in
// development): its texts arrive before the first render, so nothing flashes in another language.
await setupI18n(boot?.language)

const root = document.getElementById('root')
if (root) {
  const rendered = new Map(Object.entries(boot?.values ?? {}))
  const app = <Root i18n={i18next} queryClient={queryClient} now={boot?.now} rendered={rendered} />
  if (boot?.rendered) {
    // The page's code and texts first, so that hydration renders it at once, as the server did.
    // Should they fail to arrive, hydration still starts: the page asks for them again as it renders.
    await PAGES[pageAt(window.location.pathname)].preload().catch(() => undefined)
    // As a transition, hydration works in slices of a few milliseconds and lets the phone answer a
    // tap in between, instead of one long task (an urgent update would render it all in one go).
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else {
    createRoot(root).render(app)
  }
}
