import { startTestApp, type TestApp } from '@tests/helpers/app'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { bookingRequest } from '@tests/helpers/demo'
import { instanceRoutes, openInstanceDatabase } from '@tests/helpers/pgbouncer'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Fifty requests book the same slot at the same moment, over real HTTP (the salon's professionals
 * booking for their customers, signed in). The demo salon has two stylists, Léa and Hugo: exactly
 * two requests win, one with each, the 48 others get a clean 409, and the database holds two
 * bookings. Asked with one stylist named, exactly one wins.
 */
async function raceForOneSlot(targets: string[], serviceId: string, cookie: string, memberId?: string) {
  const requests = Array.from({ length: 50 }, (_, i) =>
    fetch(`${targets[i % targets.length]}/api/salons/SAL001/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        ...bookingRequest(serviceId, '2026-12-02T15:00', `Client ${i}`),
        ...(memberId ? { memberId } : {}),
      }),
    }).then(async (r) => ({ status: r.status, body: await r.json() })),
  )
  return Promise.all(requests)
}

/** Two winners, one per member, and 48 clean refusals. */
function expectOnePerMember(results: { status: number; body: { code?: string; member?: { name: string } } }[]) {
  const won = results.filter((r) => r.status === 201)
  expect(won.map((r) => r.body.member?.name).sort()).toEqual(['Hugo', 'Léa'])
  expect(results.filter((r) => r.status === 409)).toHaveLength(48)
  expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'bookings.slot_taken')).toBe(true)
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
  it('50 simultaneous requests for one slot with two stylists give exactly two 201 (one each) and 48 409', async () => {
    const t = await startTestApp({ driver })
    const base = await listen(t)
    const cookie = await ownerCookie(t, 'SAL001')
    const Brushing = await serviceNamed(t, cookie, 'Brushing')
    const results = await raceForOneSlot([base], Brushing?.id ?? '', cookie)
    expectOnePerMember(results)
    const list = await t.app.inject({
      url: '/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-02',
      headers: { cookie },
    })
    expect(list.json()).toHaveLength(2)
  })

  it('50 simultaneous requests for one stylist at one time give exactly one 201 and 49 409', async () => {
    const t = await startTestApp({ driver })
    const base = await listen(t)
    const cookie = await ownerCookie(t, 'SAL001')
    const Brushing = await serviceNamed(t, cookie, 'Brushing')
    const team = (await t.app.inject({ url: '/api/salons/SAL001/team', headers: { cookie } })).json()
    const hugo = team.members.find((m: { name: string }) => m.name === 'Hugo')
    const results = await raceForOneSlot([base], Brushing?.id ?? '', cookie, hugo.id)
    expect(results.filter((r) => r.status === 201).map((r) => r.body.member.name)).toEqual(['Hugo'])
    expect(results.filter((r) => r.status === 409)).toHaveLength(49)
  })
})

// Only where a PostgreSQL server is configured (TEST_DATABASE_URL), as in CI; a second time through
// PgBouncer in transaction mode when TEST_PGBOUNCER_URL is set.
describe.each(instanceRoutes())('two app instances sharing one PostgreSQL database (%s)', (route) => {
  it('still give exactly two 201 (one per stylist) and 48 409', async () => {
    const database = await openTestDatabase('postgres')
    const instances: TestDatabase[] = []
    try {
      // Each instance opens its own pool on the same database, as another process would.
      const instance = async () => {
        const opened = await openInstanceDatabase(database, route)
        instances.push(opened)
        return opened
      }
      const first = await startTestApp({ database: await instance() })
      const second = await startTestApp({ database: await instance(), seed: false })
      const targets = [await listen(first), await listen(second)]
      // One session, opened through the first instance's database, is good on both.
      const cookie = await ownerCookie(first, 'SAL001')
      const Brushing = await serviceNamed(first, cookie, 'Brushing')
      const results = await raceForOneSlot(targets, Brushing?.id ?? '', cookie)
      expectOnePerMember(results)
      const list = await second.app.inject({
        url: '/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-02',
        headers: { cookie },
      })
      expect(list.json()).toHaveLength(2)
    } finally {
      while (running.length) await running.pop()?.close()
      for (const instance of instances) await instance.close()
      await database.close()
    }
  })
})

async function serviceNamed(t: TestApp, cookie: string, name: string) {
  const res = await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })
  return (res.json() as { id: string; name: string }[]).find((s) => s.name === name)
}
