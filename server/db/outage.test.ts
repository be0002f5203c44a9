import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { openTestDatabase, type TestDatabase } from '@tests/helpers/database'
import { expectServiceUnavailable } from '@tests/helpers/database-down'
import { capturedLog, WARN } from '@tests/helpers/log'
import { startTcpProxy, type TcpProxy } from '@tests/helpers/tcp-proxy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client'

/**
 * A PostgreSQL outage, played with a TCP proxy between the app and the server: while the proxy
 * refuses connections, every request answers 503 `service.unavailable` with Retry-After and the
 * health check says the database is unreachable; the log has one line for the outage and one for
 * its end; once the proxy forwards again, the same app answers normally, without a restart.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL outage', () => {
  let database: TestDatabase
  let proxy: TcpProxy
  let proxied: DatabaseHandle
  let t: TestApp
  const log = capturedLog()

  beforeAll(async () => {
    database = await openTestDatabase('postgres')
    const server = new URL(database.url as string)
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) })
    proxied = await openDatabase({
      driver: 'postgres',
      url: proxy.urlFor(database.url as string),
      connectTimeoutMs: 1000,
    })
    t = await startTestApp({ database: { ...proxied }, logger: log.logger })
  })
  afterAll(async () => {
    await t.close()
    await proxied.close()
    await proxy.close()
    await database.close()
  })

  const salonPage = () => t.app.inject({ url: '/api/salon/SAL001' })
  const health = () => t.app.inject({ url: '/api/health' })
  const problems = () => log.lines.filter((line) => Number(line.level) >= WARN)

  it('answers 503 with Retry-After during the outage, logs it once, and recovers by itself', async () => {
    expect((await salonPage()).statusCode).toBe(200)
    expect((await health()).json()).toEqual({ ok: true })

    await proxy.refuse()
    const chat = newTestChat('fr', 'Alex', 'outage')
    for (let i = 0; i < 4; i++) {
      for (const res of [await salonPage(), await postChat(t.app, chat, 'Bonjour')]) expectServiceUnavailable(res)
      const unhealthy = await health()
      expect(unhealthy.statusCode).toBe(503)
      expect(unhealthy.json()).toEqual({ ok: false, database: 'unreachable' })
      t.clock.advance(2000)
    }
    // One line for the whole outage: no stack, no line per request.
    expect(problems()).toHaveLength(1)
    expect(problems()[0]).toMatchObject({
      level: 50,
      database: 'unreachable',
      reason: expect.stringMatching(/ECONNREFUSED|Connection terminated/),
    })
    expect(JSON.stringify(log.lines)).not.toMatch(/"stack"|request failed/)

    await proxy.accept()
    expect((await salonPage()).statusCode).toBe(200)
    expect((await postChat(t.app, chat, 'Bonjour')).statusCode).toBe(200)
    expect((await health()).json()).toEqual({ ok: true })
    expect(problems()).toHaveLength(1)
    const recovered = log.lines.filter((line) => line.database === 'reachable')
    expect(recovered).toEqual([expect.objectContaining({ level: 30, outageSeconds: 8 })])
    expect(recovered[0]?.msg).toBe('database reachable again after 8 s')
  })

  it('fails fast when connections hang: the pool gives up after its connect timeout', async () => {
    await proxy.silence()
    const started = Date.now()
    const res = await salonPage()
    expect(res.statusCode).toBe(503)
    expect(Date.now() - started).toBeLessThan(5000)
    expect((await health()).json()).toEqual({ ok: false, database: 'unreachable' })
    await proxy.accept()
    t.clock.advance(1000)
    expect((await salonPage()).statusCode).toBe(200)
  })
})
