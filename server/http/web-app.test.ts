import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildApp } from '@server/app'
import { manualClock } from '@server/clock'
import { loadConfig } from '@server/config'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import type { JobEngine } from '@server/modules/jobs/job-engine'
import { openTestDatabase, type TestDatabase } from '@tests/helpers/database'
import { startTestJobEngine } from '@tests/helpers/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { App } from './types'

const APP_SECRET = 'x'.repeat(40)

describe('the web app as the server sends it', () => {
  let dir: string
  let database: TestDatabase
  let app: App
  let jobs: JobEngine
  const script = `console.log(${JSON.stringify('salonia '.repeat(400))})`

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'salonia-web-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(dir, 'assets/index-abc123.js'), script)
    writeFileSync(join(dir, 'assets/index-abc123.js.gz'), gzipSync(script))
    database = await openTestDatabase('pglite')
    const config = loadConfig({ NODE_ENV: 'test', APP_SECRET, DATA_DIR: '/nonexistent' })
    jobs = await startTestJobEngine(database)
    app = await buildApp({
      config,
      db: database.db,
      clock: manualClock('2026-12-01T08:30:00+01:00'),
      jobs,
      webAppDir: dir,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await jobs.stop()
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each(['/', '/waitlist', '/chat/SAL001', '/chat/SAL001/legacy', '/ambassador/dashboard', '/waitlist?ref=AMBDEMO1'])(
    'answers the page %s with the app and 200',
    async (url) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it("keeps a customer's booking page out of search engines, a link never given out (404) included", async () => {
    const res = await app.inject({ method: 'GET', url: `/r/${bookingLinkToken(APP_SECRET, randomUUID())}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    const forged = await app.inject({ method: 'GET', url: `/r/${'A'.repeat(44)}` })
    expect(forged.statusCode).toBe(404)
    expect(forged.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect((await app.inject({ method: 'GET', url: '/waitlist' })).headers['x-robots-tag']).toBeUndefined()
  })

  it.each(['/nothing', '/chat/SAL001/other', '/professional/x'])('answers %s with the app and 404', async (url) => {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<div id="root">')
  })

  it('caches hashed files for a year and sends the compressed copy to browsers that accept it', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    const gzipped = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(gzipped.rawPayload.length).toBeLessThan(script.length / 10)
  })

  it('leaves unknown API paths to the JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'route.not_found' })
  })

  it('does not serve files outside the app folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/../package.json' })
    expect(res.body).not.toContain('"name"')
  })
})
