import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import { offerLinkToken } from '@server/modules/waiting-list/offer-link'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { capturedLog } from '@tests/helpers/log'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestLogSerializers } from './logging'

/**
 * The server's side of rendering pages (render.ts), with a stand-in for the server build
 * (dist/server/entry-server.js) that shows what it was asked: the real build's render is tested
 * in app/entry-server.test.tsx, and the whole in the browser tests.
 */
const TEMPLATE = `<!doctype html><html lang="fr"><head><title>Salonia</title></head><body><div id="root"></div></body></html>`
const ENTRY = `export async function renderPage(request) {
  // As the real build says it (app/entry-server.tsx): the path in the error's message.
  if (request.path === '/broken' || request.search === '?broken') throw new Error('Rendering ' + request.path + ' failed')
  // What a signed-in visitor's page may know: their session, and API answers read as them.
  const known = request.sessions && {
    staff: await request.sessions.staff(),
    ambassadorCookie: request.sessions.ambassadorCookie,
    team: await request.read?.('/api/salons/SAL001/team'),
    otherSalon: await request.read?.('/api/salons/SAL999'),
  }
  const json = JSON.stringify({ ...request, known }).replace(/</g, '\\\\u003c')
  return { html: '<h1>rendered</h1>', title: (request.salon?.info.name ?? 'Page') + ' <&> · Salonia', boot: '<script type="application/json" id="salonia-boot">' + json + '</script>' }
}`

describe('pages rendered by the server', () => {
  let dir: string
  let t: TestApp
  const log = capturedLog()

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'salonia-render-'))
    mkdirSync(join(dir, 'app'))
    mkdirSync(join(dir, 'server'))
    writeFileSync(join(dir, 'app/index.html'), TEMPLATE)
    writeFileSync(join(dir, 'server/entry-server.js'), ENTRY)
    t = await startTestApp({
      webAppDir: join(dir, 'app'),
      logger: { ...log.logger, serializers: requestLogSerializers },
    })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const asked = (body: string) =>
    JSON.parse(body.match(/id="salonia-boot">(.*)<\/script>/)?.[1]?.replace(/\\u003c/g, '<') ?? 'null')

  it('renders in the browser’s language, unless the visitor chose one (the language cookie)', async () => {
    const german = await t.app.inject({ url: '/', headers: { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' } })
    expect(german.body).toContain('<html lang="de">')
    expect(asked(german.body)).toMatchObject({ path: '/', language: 'de', anonymous: true })
    expect(german.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie')

    const chosen = await t.app.inject({
      url: '/waitlist?ref=AMBDEMO1',
      headers: { 'accept-language': 'de', cookie: 'salonia-language=it' },
    })
    expect(chosen.body).toContain('<html lang="it">')
    expect(asked(chosen.body)).toMatchObject({ path: '/waitlist', search: '?ref=AMBDEMO1', language: 'it' })

    const unknown = await t.app.inject({
      url: '/',
      headers: { 'accept-language': 'es', cookie: 'salonia-language=xx' },
    })
    expect(unknown.body).toContain('<html lang="fr">')
  })

  it('puts the page into #root with its boot data, its title escaped, and the server’s clock', async () => {
    const res = await t.app.inject({ url: '/' })
    expect(res.body).toContain(
      '<div id="root"><h1>rendered</h1></div><script type="application/json" id="salonia-boot">',
    )
    expect(res.body).toContain('<title>Page &lt;&amp;&gt; · Salonia</title>')
    expect(asked(res.body).now).toBe(t.clock.now().getTime())
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('knows a signed-in visitor, and keeps their page out of shared caches', async () => {
    const res = await t.app.inject({ url: '/professional', headers: { cookie: await ownerCookie(t) } })
    expect(asked(res.body).anonymous).toBe(false)
    expect(res.headers['cache-control']).toBe('private, no-cache')
  })

  it("gives a signed-in visitor's page their session and the API's answers as they would get them", async () => {
    const owner = asked((await t.app.inject({ url: '/professional', headers: { cookie: await ownerCookie(t) } })).body)
    const known = owner.known as {
      staff: { isAuthenticated: boolean; user: { salonId: string } }
      ambassadorCookie: boolean
      team: { members: unknown[] } | undefined
      otherSalon?: unknown
    }
    expect(known.staff).toMatchObject({ isAuthenticated: true, user: { salonId: 'SAL001' } })
    expect(known.ambassadorCookie).toBe(false)
    expect(Array.isArray(known.team?.members)).toBe(true)
    // Another salon's answer is refused to this owner, as to their browser: nothing to send.
    expect(known.otherSalon).toBeUndefined()
    expect(asked((await t.app.inject({ url: '/professional' })).body).known).toBeUndefined()
  })

  it('reads the salon of a chat link as GET /api/salon does: the Telegram link only by its hash', async () => {
    const byId = asked((await t.app.inject({ url: '/chat/SAL001' })).body)
    expect(byId.salon).toEqual({
      idOrHash: 'SAL001',
      info: { salonId: 'SAL001', name: 'Salon Lumière', address: '12 rue des Lilas, 75011 Paris', telegramLink: null },
    })
    const hash = (
      await t.app.inject({ url: '/api/salon-hash/SAL001', headers: { cookie: await ownerCookie(t) } })
    ).json().hash as string
    const byHash = asked((await t.app.inject({ url: `/chat/${hash}/legacy` })).body)
    expect(byHash.salon).toMatchObject({ idOrHash: hash, info: { salonId: 'SAL001' } })
    // An unknown salon, or a link no salon could have: rendered without one (the page says so).
    expect(asked((await t.app.inject({ url: '/chat/SAL999' })).body).salon).toBeUndefined()
    expect(asked((await t.app.inject({ url: '/chat/%3Cscript%3E' })).body).salon).toBeUndefined()
  })

  it('answers 404 for a waiting customer’s link the server never gave out, 200 for one it gave', async () => {
    for (const path of [`/w/${'A'.repeat(44)}`, '/w/short'])
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(404)
    expect((await t.app.inject({ url: `/w/${offerLinkToken(t.config.appSecret, randomUUID())}` })).statusCode).toBe(200)
  })

  it('answers 404 for a path of no page, rendered all the same', async () => {
    const res = await t.app.inject({ url: '/no/such/page' })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<h1>rendered</h1>')
  })

  it('answers 404 with the booking page’s refusal for a link the server never gave out', async () => {
    const forged = 'A'.repeat(44)
    for (const path of [`/r/${forged}`, '/r/short', '/r/%3Cscript%3E']) {
      const res = await t.app.inject({ url: path })
      expect(res.statusCode, path).toBe(404)
      expect(asked(res.body).bookingLink, path).toMatchObject({ valid: false })
    }
    expect(asked((await t.app.inject({ url: `/r/${forged}` })).body).bookingLink).toEqual({
      token: forged,
      valid: false,
    })
    // A link it gave out: the page is there (whether its appointment is, the page asks /api/r).
    const token = bookingLinkToken(t.config.appSecret, randomUUID())
    const given = await t.app.inject({ url: `/r/${token}` })
    expect(given.statusCode).toBe(200)
    expect(asked(given.body).bookingLink).toEqual({ token, valid: true })
  })

  it('keeps every booking page out of search engines, in its header and its HTML', async () => {
    for (const path of [`/r/${'A'.repeat(44)}`, `/r/${bookingLinkToken(t.config.appSecret, randomUUID())}`]) {
      const res = await t.app.inject({ url: path })
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(res.body).toMatch(/<head>.*<meta name="robots" content="noindex, nofollow">.*<\/head>/s)
    }
    const home = await t.app.inject({ url: '/' })
    expect(home.headers['x-robots-tag']).toBeUndefined()
    expect(home.body).not.toContain('name="robots"')
  })

  it('sends the page for the browser to render when rendering fails, never an error', async () => {
    const res = await t.app.inject({ url: '/broken', headers: { 'accept-language': 'en' } })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<html lang="en">')
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<title>Salonia</title>')
  })

  it("logs a failed render without the booking link's token of its address", async () => {
    const token = 'Wr9tBv1yQ0a4YpS2dK7m3AZx8c5n6JuTqLhEoIiUfGs1'
    const before = log.lines.length
    expect((await t.app.inject({ url: `/r/${token}?broken` })).statusCode).toBeLessThan(500)
    const failure = log.lines
      .slice(before)
      .find((line) => line.msg === 'Server rendering failed: the browser renders the page')
    expect(failure).toMatchObject({ path: '/r/[redacted]' })
    expect(JSON.stringify(log.lines)).not.toContain(token)
  })

  it('compresses the page for browsers that accept it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>rendered</h1>')
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })
})
