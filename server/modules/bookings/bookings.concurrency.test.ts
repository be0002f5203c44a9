import { afterEach, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../tests/helpers/app'
import { openTestDatabase, testDrivers } from '../../../tests/helpers/database'
import { bookingRequest } from '../../../tests/helpers/demo'
import { ownerCookie } from '../../../tests/helpers/sign-in'

/**
 * Fifty requests book the same slot at the same moment, over real HTTP (the salon's professionals
 * booking for their customers, signed in): exactly one wins, the 49 others get a clean 409, and
 * the database holds one booking.
 */
async function raceForOneSlot(targets: string[], serviceId: string, cookie: string) {
  const requests = Array.from({ length: 50 }, (_, i) =>
    fetch(`${targets[i % targets.length]}/api/salons/SAL001/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(bookingRequest(serviceId, '2026-12-02T15:00', `Client ${i}`)),
    }).then(async (r) => ({ status: r.status, body: await r.json() })),
  )
  return Promise.all(requests)
}

const running: TestApp[] = []
afterEach(async () => {
  while (running.length) await running.pop()?.close()
})

async function listen(app: TestApp): Promise<string> {
  running.push(app)
  return app.app.listen({ port: 0, host: '127.0.0.1' })
}

describe.each(testDrivers())('on %s', (driver) => {
  it('50 simultaneous requests for one slot give exactly one 201 and 49 409', async () => {
    const t = await startTestApp({ driver })
    const base = await listen(t)
    const cookie = await ownerCookie(t, 'SAL001')
    const Brushing = await serviceNamed(t, cookie, 'Brushing')
    const results = await raceForOneSlot([base], Brushing?.id ?? '', cookie)
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(49)
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'bookings.slot_taken')).toBe(true)
    const list = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-02',
      headers: { cookie },
    })
    expect(list.json()).toHaveLength(1)
  })
})

// Only where a PostgreSQL server is configured (TEST_DATABASE_URL), as in CI.
describe.each(testDrivers().filter((d) => d === 'postgres'))('two app instances sharing one %s', () => {
  it('still give exactly one 201 and 49 409', async () => {
    const database = await openTestDatabase('postgres')
    try {
      const first = await startTestApp({ database })
      // The second instance opens its own pool on the same database, as another process would.
      const second = await startTestApp({ database: await reopen(database.url ?? ''), seed: false })
      const targets = [await listen(first), await listen(second)]
      // One session, opened through the first instance's database, is good on both.
      const cookie = await ownerCookie(first, 'SAL001')
      const Brushing = await serviceNamed(first, cookie, 'Brushing')
      const results = await raceForOneSlot(targets, Brushing?.id ?? '', cookie)
      expect(results.filter((r) => r.status === 201)).toHaveLength(1)
      expect(results.filter((r) => r.status === 409)).toHaveLength(49)
      const list = await second.app.inject({
        url: '/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-02',
        headers: { cookie },
      })
      expect(list.json()).toHaveLength(1)
      await second.database.close()
    } finally {
      while (running.length) await running.pop()?.close()
      await database.close()
    }
  })
})

async function serviceNamed(t: TestApp, cookie: string, name: string) {
  const res = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  return (res.json() as { id: string; name: string }[]).find((s) => s.name === name)
}

async function reopen(url: string) {
  const { openDatabase } = await import('../../db/client')
  return openDatabase({ driver: 'postgres', url, poolSize: 20 })
}
