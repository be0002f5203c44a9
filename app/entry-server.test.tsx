import { LANGUAGES } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { type PageRequest, renderPage } from './entry-server'
import { de, en, fr, it as italian } from './locales/all'

const NOW = Date.parse('2026-11-27T10:00:00Z')
const TEXTS = { fr, de, it: italian, en }
const SALON = { salonId: 'SAL001', name: 'Salon Lumière <b>&', address: '12 rue des Lilas, Paris', telegramLink: null }

/** The text of HTML as a reader sees it (the entities React writes, undone). */
const readable = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function request(path: string, fields: Partial<PageRequest> = {}): PageRequest {
  const [pathname = '/', search = ''] = path.split('?')
  return { path: pathname, search, language: 'fr', anonymous: true, now: NOW, ...fields }
}

describe('renderPage', () => {
  it('renders every public page in the four languages at once, each in its own words', async () => {
    const paths = ['/', '/waitlist', '/ambassador', '/professional', '/chat', '/no-such-page']
    const renders = await Promise.all(
      LANGUAGES.flatMap((language) =>
        paths.map(async (path) => ({ language, path, page: await renderPage(request(path, { language })) })),
      ),
    )
    for (const { language, path, page } of renders) {
      expect(page.html, `${path} in ${language}`).toMatch(/<h1/)
      // Nothing left pending: no inline script, which the CSP would refuse.
      expect(page.html).not.toContain('<script')
      expect(page.boot).toContain(`"language":"${language}"`)
    }
    const home = (language: string) => renders.find((r) => r.path === '/' && r.language === language)?.page
    for (const language of LANGUAGES) {
      expect(readable(home(language)?.html ?? '')).toContain(TEXTS[language].footer.tagline)
      expect(home(language)?.title).toBe(`${TEXTS[language].home.title} · Salonia`)
    }
    expect(renders.find((r) => r.path === '/no-such-page' && r.language === 'de')?.page.title).toBe(
      `${de.notFound.title} · Salonia`,
    )
  })

  it('renders a chat link with the salon’s name and address, escaped, and hands the answer to the browser', async () => {
    const page = await renderPage(request('/chat/abc123', { salon: { idOrHash: 'abc123', info: SALON } }))
    expect(page.html).toContain('Salon Lumière &lt;b&gt;&amp;')
    expect(page.html).toContain('12 rue des Lilas, Paris')
    expect(page.title).toBe('Salon Lumière <b>& · Salonia')
    expect(page.boot).not.toContain('<b>')
    expect(page.boot).toContain('\\u003cb>')
  })

  it('renders a booking link the server never gave out as the booking page’s "link not found", in each language', async () => {
    const token = 'A'.repeat(44)
    for (const language of LANGUAGES) {
      const page = await renderPage(request(`/r/${token}`, { language, bookingLink: { token, valid: false } }))
      const { notFound } = TEXTS[language].bookingPage
      expect(page.page).toBe('BookingPage')
      expect(readable(page.html), language).toContain(notFound.title)
      expect(readable(page.html)).toContain(notFound.description)
      expect(page.html).not.toContain('<script')
      expect(page.title).toBe(`${notFound.title} · Salonia`)
      expect(page.boot).toContain('"rendered":true')
    }
    // A link the server gave out: the browser asks for its appointment and renders it.
    const given = await renderPage(request(`/r/${token}`, { bookingLink: { token, valid: true } }))
    expect(given.html).toBe('')
    expect(given.boot).toContain('"rendered":false')
  })

  it('leaves the signed-in areas, and the sign-in pages for someone signed in, to the browser', async () => {
    for (const [path, anonymous] of [
      ['/admin', true],
      ['/ambassador/dashboard', true],
      ['/professional', false],
      ['/ambassador', false],
    ] as const) {
      const page = await renderPage(request(path, { anonymous }))
      expect(page.html, path).toBe('')
      expect(page.boot).toContain('"rendered":false')
    }
  })

  it("renders the professional area for a salon's owner whose session the server read, and hands the session over", async () => {
    const owner = {
      isAuthenticated: true,
      user: { salonId: 'SAL001', email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière', isAdmin: false },
    }
    const page = await renderPage(
      request('/professional', { anonymous: false, sessions: { staff: async () => owner, ambassadorCookie: false } }),
    )
    expect(readable(page.html)).toContain('Bonjour, Salon Lumière')
    expect(page.html).toContain(`aria-label="${fr.dashboard.tabs.label}"`)
    // The screen decides the first tab (a phone opens on the agenda): none is chosen in the HTML.
    expect(page.html).not.toContain('aria-selected="true"')
    expect(page.boot).toContain('"rendered":true')
    expect(page.boot).toContain('"isAuthenticated":true')
    expect(page.boot).toContain('"salonId":"SAL001"')
  })

  it("sends with the owner's page what its header and the day's agenda read first, as the owner", async () => {
    const owner = {
      isAuthenticated: true,
      user: { salonId: 'SAL001', email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière', isAdmin: false },
    }
    const answers: Record<string, unknown> = {
      '/api/salons/SAL001/calendar': { state: 'not_connected', account: null },
      '/api/salons/SAL001/dashboard': { today: '2026-11-27', now: '2026-11-27T10:00:00.000Z' },
      '/api/salons/SAL001/team': { members: [] },
      '/api/salons/SAL001/bookings?from=2026-11-27&to=2026-11-27': [],
    }
    const asked: string[] = []
    const page = await renderPage(
      request('/professional', {
        anonymous: false,
        sessions: { staff: async () => owner, ambassadorCookie: false },
        read: async (path) => {
          asked.push(path)
          return answers[path]
        },
      }),
    )
    expect(asked).toEqual(
      expect.arrayContaining([
        '/api/salons/SAL001',
        '/api/salons/SAL001/time-off',
        '/api/salons/SAL001/blocks',
        '/api/salons/SAL001/services',
        '/api/salons/SAL001/bookings?from=2026-11-27&to=2026-11-27',
      ]),
    )
    // The header shows the calendar's state at once; the answers go to the browser, the day's
    // bookings under the agenda's own key; what could not be read (the salon) is left to it.
    expect(readable(page.html)).toContain(fr.dashboard.calendar.state.notConnected)
    expect(page.boot).toContain('"queryKey":["/api/salons","SAL001","calendar"]')
    expect(page.boot).toContain(
      '"queryKey":["/api/salons","SAL001","bookings",{"from":"2026-11-27","to":"2026-11-27"}]',
    )
    expect(page.boot).not.toContain('"queryKey":["/api/salons","SAL001"]')
  })

  it('sends the sessions it read with a signed-in page it leaves to the browser, and only what it knows', async () => {
    const admin = { isAuthenticated: true, user: { salonId: null, email: 'a@b.c', name: 'Admin', isAdmin: true } }
    const withAmbassador = await renderPage(
      request('/admin', { anonymous: false, sessions: { staff: async () => admin, ambassadorCookie: true } }),
    )
    expect(withAmbassador.html).toBe('')
    expect(withAmbassador.boot).toContain('"isAdmin":true')
    expect(withAmbassador.boot).not.toContain('/api/ambassador')
    // An administrator without a salon: the professional area's signed-out face, left to the browser.
    const professional = await renderPage(
      request('/professional', { anonymous: false, sessions: { staff: async () => admin, ambassadorCookie: false } }),
    )
    expect(professional.html).toBe('')
    expect(professional.boot).toContain('"isAdmin":true')
    expect(professional.boot).toContain('/api/ambassador')
    const unread = await renderPage(
      request('/professional', {
        anonymous: false,
        sessions: { staff: () => Promise.reject(new Error('database down')), ambassadorCookie: true },
      }),
    )
    expect(unread.html).toBe('')
    expect(unread.boot).not.toContain('isAuthenticated')
  })

  it('renders the home for a signed-in visitor too, without claiming to know who they are', async () => {
    const page = await renderPage(request('/', { anonymous: false }))
    expect(page.html).toContain('<h1')
    expect(page.boot).not.toContain('isAuthenticated')
  })
})
