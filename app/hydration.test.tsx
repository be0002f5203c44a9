// @vitest-environment happy-dom

import { LANGUAGES, type Language } from '@common/languages'
import { pageAt } from '@common/routes'
import { hydrate } from '@tanstack/react-query'
import { fireEvent } from '@testing-library/react'
import i18next from 'i18next'
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAGES } from './App'
import { type PageRequest, renderPage } from './entry-server'
import { createQueryClient } from './lib/api'
import { readBoot } from './lib/boot'
import { setupI18n, showLanguage } from './lib/i18n'
import { Root } from './Root'

/**
 * The browser's first render of a page the server rendered must match it exactly: otherwise React
 * throws the server's HTML away (a flash, and a console error in production). What only the device
 * knows (the customer's profile, the tab's conversation, the stored language) comes after.
 */
const NOW = Date.parse('2026-11-27T10:00:00Z')

/** Whether the nav bar's ambassador part (a chunk of its own in the build) was ever imported. */
const ambassadorAccount = vi.hoisted(() => ({ loaded: false }))
vi.mock('./components/layout/AmbassadorAccount', async (importOriginal) => {
  ambassadorAccount.loaded = true
  return importOriginal()
})
const SALON = { salonId: 'SAL001', name: 'Salon Lumière', address: '12 rue des Lilas, 75011 Paris', telegramLink: null }

let i18nReady: Promise<void> | undefined
const mounted: (() => void)[] = []

async function hydratePage(
  path: string,
  language: Language,
  fields: Partial<PageRequest> = {},
  /** What the visitor does on the server's HTML before the JavaScript arrives. */
  beforeHydration?: (root: HTMLElement) => void,
) {
  const [pathname = '/', search = ''] = path.split('?')
  // The browser's i18next first: in this one process, the page's preload (by the server's render)
  // loads the browser's texts as well. Set up once, as in a browser; then switched.
  i18nReady ??= setupI18n(language)
  await i18nReady
  await showLanguage(language)
  const page = await renderPage({ path: pathname, search, language, anonymous: true, now: NOW, ...fields })
  window.history.replaceState(null, '', path)
  document.body.innerHTML = `<div id="root">${page.html}</div>${page.boot}`
  const boot = readBoot()
  const queryClient = createQueryClient()
  if (boot?.queries) hydrate(queryClient, boot.queries)
  expect(boot?.language).toBe(language)
  await PAGES[pageAt(pathname)].preload()
  const errors: unknown[] = []
  const root = document.getElementById('root') as HTMLElement
  const serverHtml = root.innerHTML
  beforeHydration?.(root)
  await act(async () => {
    const rendered = new Map(Object.entries(boot?.values ?? {}))
    const app = <Root i18n={i18next} queryClient={queryClient} now={boot?.now} rendered={rendered} />
    const reactRoot = hydrateRoot(root, app, {
      onRecoverableError: (error) => void errors.push(error),
    })
    mounted.push(() => reactRoot.unmount())
  })
  return { errors, serverHtml, root }
}

afterEach(() => {
  act(() => {
    for (const unmount of mounted.splice(0)) unmount()
  })
  document.body.innerHTML = ''
  delete document.documentElement.dataset.hydrated
  vi.unstubAllGlobals()
})

describe('hydrating the pages the server rendered', () => {
  for (const language of LANGUAGES) {
    it(`matches the server's HTML on every public page, in ${language}`, async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('{}', { status: 404 })),
      )
      for (const path of [
        '/',
        '/waitlist?ref=AMBDEMO1',
        '/ambassador',
        '/professional?salon=SAL001',
        '/chat',
        '/nope',
      ]) {
        const { errors } = await hydratePage(path, language)
        expect(errors.map(String), `${path} in ${language}`).toEqual([])
        expect(document.documentElement.dataset.hydrated).toBe('true')
        act(() => mounted.pop()?.())
      }
    })
  }

  it('keeps what the visitor typed before the page came alive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    )
    const field = (id: string) => document.getElementById(id) as HTMLInputElement
    await hydratePage('/waitlist', 'en', {}, () => {
      field('waitlist-salonName').value = 'Salon Iris'
    })
    // Typing in the next field renders the form again from its state: the first text must be in it.
    fireEvent.change(field('waitlist-contactEmail'), { target: { value: 'iris@example.com' } })
    expect(field('waitlist-salonName').value).toBe('Salon Iris')
    expect(field('waitlist-contactEmail').value).toBe('iris@example.com')
  })

  it('matches on a chat link, with the salon the server read', async () => {
    const fetch = vi.fn(
      async (url: string) => new Response(url.startsWith('/api/salon/') ? JSON.stringify(SALON) : '[]'),
    )
    vi.stubGlobal('fetch', fetch)
    const { errors, root } = await hydratePage('/chat/SAL001', 'fr', { salon: { idOrHash: 'SAL001', info: SALON } })
    expect(errors.map(String)).toEqual([])
    // The salon came with the page: the browser does not ask for it again.
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/salon/'))).toEqual([])
    expect(root.textContent).toContain('12 rue des Lilas, 75011 Paris')
  })

  it('matches on a booking link the server refused, and asks nothing more about it', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('{}', { status: 404 }))
    vi.stubGlobal('fetch', fetch)
    const token = 'A'.repeat(44)
    const { errors, root, serverHtml } = await hydratePage(`/r/${token}`, 'en', {
      bookingLink: { token, valid: false },
    })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(errors.map(String)).toEqual([])
    expect(serverHtml).toContain('Link not found')
    expect(root.textContent).toContain('Link not found')
    expect(fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/r/'))).toEqual([])
  })

  it("reuses the home's preview words the server worked out, without the browser's Intl data", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    )
    // The server's render and the browser's hydration share this process: formats made by either.
    let formats = 0
    const { DateTimeFormat, NumberFormat } = Intl
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl), {
        DateTimeFormat: class extends DateTimeFormat {
          constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
            super(...args)
            formats++
          }
        },
        NumberFormat: class extends NumberFormat {
          constructor(...args: ConstructorParameters<typeof NumberFormat>) {
            super(...args)
            formats++
          }
        },
      }),
    )
    let byServer = 0
    const { errors, root } = await hydratePage('/', 'de', {}, () => {
      byServer = formats
    })
    expect(errors.map(String)).toEqual([])
    expect(byServer).toBeGreaterThan(0)
    expect(formats).toBe(byServer)
    // 27 November 2026 (a Friday): the Saturday after tomorrow is 5 December, at 10:00 in Paris.
    expect(root.textContent).toContain('Samstag, 5. Dezember, 10:00')
  })

  it('loads no ambassador code and asks for no session for a visitor the server knew to be signed out', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('{}', { status: 404 }))
    vi.stubGlobal('fetch', fetch)
    const { errors, root } = await hydratePage('/', 'en', { anonymous: true })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(errors.map(String)).toEqual([])
    expect(root.querySelector('a[href="/professional"]')?.textContent).toBeTruthy()
    expect(ambassadorAccount.loaded).toBe(false)
    expect(fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('session'))).toEqual([])
  })
})
