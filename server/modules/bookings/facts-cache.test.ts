import type { Executor } from '@server/db/client'
import { readSalonServiceAndVersion, type ScheduleFacts } from '@server/modules/bookings/availability.repository'
import { keepFacts, keptFacts } from '@server/modules/bookings/facts-cache'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { openTestDatabase, type TestDatabase, testDrivers } from '@tests/helpers/database'
import { bookingRequest, demoMembers, demoServices } from '@tests/helpers/demo'
import { instanceRoutes, openInstanceDatabase } from '@tests/helpers/pgbouncer'
import { ownerCookie } from '@tests/helpers/sign-in'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * Availability keeps the schedule it read under the salon's schedule version (facts-cache.ts), so
 * every write that changes what it reads must move that version — whatever the path, since the
 * triggers of migration 0027 move it — and an answer must never come from a schedule older than
 * the last change committed, on any instance.
 */
const running: TestApp[] = []
afterEach(async () => {
  while (running.length) await running.pop()?.close()
})

async function started(options: Parameters<typeof startTestApp>[0]) {
  const t = await startTestApp(options)
  running.push(t)
  return t
}

async function versionOf(t: TestApp): Promise<number> {
  const services = await demoServices(t.app, await ownerCookie(t, 'SAL001'))
  const found = await readSalonServiceAndVersion(t.database.db, 'SAL001', services['Coupe femme']?.id ?? '')
  return found?.version ?? Number.NaN
}

async function freeStarts(t: TestApp, serviceId: string, day: string): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/salons/SAL001/availability?serviceId=${serviceId}&from=${day}&to=${day}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { slots: { local: string }[] }).slots.map((slot) => slot.local)
}

describe('the schedules kept', () => {
  const facts = (): ScheduleFacts => ({ hours: [[1, 540, 1140]], busy: [[0, 1, 'booking', null]], members: [] })
  const week = (n: number) => ({ from: new Date(n * 7 * 86_400_000), to: new Date((n + 1) * 7 * 86_400_000) })

  it('are given back only at the version they were read at, per database, and cannot be changed', () => {
    const db = {} as Executor
    const other = {} as Executor
    keepFacts(db, 'salon', week(0), 3, facts())
    expect(keptFacts(db, 'salon', week(0), 3)?.hours).toEqual([[1, 540, 1140]])
    expect(keptFacts(db, 'salon', week(0), 4)).toBeUndefined()
    expect(keptFacts(db, 'salon', week(1), 3)).toBeUndefined()
    expect(keptFacts(other, 'salon', week(0), 3)).toBeUndefined()
    const kept = keptFacts(db, 'salon', week(0), 3)
    expect(() => kept?.busy.push([2, 3, 'booking', null])).toThrow(TypeError)
  })

  it('are bounded: the least recently used range goes first', () => {
    const db = {} as Executor
    keepFacts(db, 'salon', week(0), 1, facts())
    keepFacts(db, 'salon', week(1), 1, facts())
    expect(keptFacts(db, 'salon', week(0), 1)).toBeDefined()
    for (let n = 2; n <= 2_000; n++) keepFacts(db, 'salon', week(n), 1, facts())
    expect(keptFacts(db, 'salon', week(0), 1)).toBeDefined()
    expect(keptFacts(db, 'salon', week(1), 1)).toBeUndefined()
    expect(keptFacts(db, 'salon', week(2_000), 1)).toBeDefined()
  })
})

describe.each(testDrivers())('on %s', (driver) => {
  it('every kind of change to what availability reads moves the salon’s schedule version; a customer does not', async () => {
    const t = await started({ driver })
    const db = t.database.db
    const salon = sql`(select id from salons where public_id = 'SAL001')`
    const member = sql`(select id from team_members where salon_id = ${salon} and name = 'Hugo')`
    const changes = {
      'an absence': sql`insert into time_off (salon_id, starts_at, ends_at) values (${salon}, '2027-01-05T09:00Z', '2027-01-05T10:00Z')`,
      'a weekly block': sql`insert into recurring_blocks (salon_id, weekdays, starts_minute, ends_minute, first_day)
        values (${salon}, '{1}', 750, 795, '2027-01-01')`,
      'a calendar event': sql`with calendar as (
          insert into calendar_connections (salon_id, provider, account, calendar_ref, connected_at)
          values (${salon}, 'caldav', 'owner', 'https://dav.example/cal/', now()) returning id, salon_id)
        insert into calendar_busy_times (salon_id, calendar_id, event_id, starts_at, ends_at)
        select salon_id, id, 'evt-1', '2027-01-05T09:00Z', '2027-01-05T10:00Z' from calendar`,
      'opening hours': sql`update opening_hours set closes_minute = closes_minute - 60 where salon_id = ${salon} and weekday = 1`,
      "a member's hours": sql`insert into team_member_hours (member_id, weekday, opens_minute, closes_minute) values (${member}, 2, 600, 900)`,
      "a member's services": sql`delete from team_member_services where member_id = ${member}`,
      'a member': sql`update team_members set is_active = false where id = ${member}`,
      "the salon's time zone": sql`update salons set time_zone = 'Europe/Rome' where id = ${salon}`,
    }
    for (const [what, change] of Object.entries(changes)) {
      const before = await versionOf(t)
      await db.execute(change)
      expect(await versionOf(t), what).toBeGreaterThan(before)
    }
    const cookie = await ownerCookie(t, 'SAL001')
    const coupe = (await demoServices(t.app, cookie))['Coupe homme']?.id ?? ''
    const beforeBooking = await versionOf(t)
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: bookingRequest(coupe, '2026-12-11T15:00'),
    })
    expect(booked.statusCode, booked.body).toBe(201)
    const afterBooking = await versionOf(t)
    expect(afterBooking).toBeGreaterThan(beforeBooking)
    await db.execute(sql`update bookings set status = 'cancelled' where salon_id = ${salon}`)
    expect(await versionOf(t), 'a booking cancelled').toBeGreaterThan(afterBooking)
    const before = await versionOf(t)
    await db.execute(sql`insert into customers (salon_id, name) values (${salon}, 'Nouvelle Cliente')`)
    await db.execute(sql`update salons set name = 'Salon Lumière & Co' where id = ${salon}`)
    expect(await versionOf(t)).toBe(before)
  })

  it('a change rolled back leaves the version, and the answer, as they were', async () => {
    const t = await started({ driver })
    const cookie = await ownerCookie(t, 'SAL001')
    const coupe = (await demoServices(t.app, cookie))['Coupe homme']?.id ?? ''
    const offered = await freeStarts(t, coupe, '2026-12-08')
    const before = await versionOf(t)
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update bookings set status = status`)
        await tx.execute(
          sql`insert into time_off (salon_id, starts_at, ends_at) select id, '2026-12-08T08:00Z', '2026-12-08T18:00Z' from salons where public_id = 'SAL001'`,
        )
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await versionOf(t)).toBe(before)
    expect(await freeStarts(t, coupe, '2026-12-08')).toEqual(offered)
  })

  it('an answer kept in memory gives way at once to a booking, a cancellation and an absence', async () => {
    const t = await started({ driver })
    const cookie = await ownerCookie(t, 'SAL001')
    const coupe = (await demoServices(t.app, cookie))['Coupe homme']?.id ?? ''
    const { Hugo } = await demoMembers(t.app, cookie)
    const hugoFree = async () => {
      const res = await t.app.inject({
        url: `/api/salons/SAL001/availability?serviceId=${coupe}&memberId=${Hugo}&from=2026-12-09&to=2026-12-09`,
      })
      return (res.json() as { slots: { local: string }[] }).slots.map((slot) => slot.local)
    }
    expect(await hugoFree()).toContain('2026-12-09T10:00')
    expect(await hugoFree()).toContain('2026-12-09T10:00')
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie },
      payload: { ...bookingRequest(coupe, '2026-12-09T10:00'), memberId: Hugo },
    })
    expect(booked.statusCode, booked.body).toBe(201)
    expect(await hugoFree()).not.toContain('2026-12-09T10:00')
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booked.json().id}/cancel`,
      payload: {},
      headers: { cookie },
    })
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300)
    expect(await hugoFree()).toContain('2026-12-09T10:00')
    const away = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/time-off',
      headers: { cookie },
      payload: { startDate: '2026-12-09T00:00', endDate: '2026-12-09T23:59', memberId: Hugo },
    })
    expect(away.statusCode, away.body).toBe(201)
    expect(await hugoFree()).toEqual([])
  })
})

// Where a PostgreSQL server is configured: the version is in the database, so one instance's
// memory never hides another's booking.
describe.each(instanceRoutes())('two app instances sharing one PostgreSQL database (%s)', (route) => {
  it('a slot booked through one instance is no longer offered by the other, which had answered before', async () => {
    const database = await openTestDatabase('postgres')
    const instances: TestDatabase[] = []
    const instance = async () => {
      const opened = await openInstanceDatabase(database, route)
      instances.push(opened)
      return opened
    }
    try {
      const first = await started({ database: await instance() })
      const second = await started({ database: await instance(), seed: false })
      const cookie = await ownerCookie(first, 'SAL001')
      const coupe = (await demoServices(first.app, cookie))['Coupe homme']?.id ?? ''
      expect(await freeStarts(second, coupe, '2026-12-10')).toContain('2026-12-10T11:00')
      for (const name of ['Une', 'Deux']) {
        const booked = await first.app.inject({
          method: 'POST',
          url: '/api/salons/SAL001/bookings',
          headers: { cookie },
          payload: bookingRequest(coupe, '2026-12-10T11:00', name),
        })
        expect(booked.statusCode, booked.body).toBe(201)
      }
      // Léa and Hugo both taken at 11:00: the second instance no longer offers it.
      expect(await freeStarts(second, coupe, '2026-12-10')).not.toContain('2026-12-10T11:00')
    } finally {
      while (running.length) await running.pop()?.close()
      for (const opened of instances) await opened.close()
      await database.close()
    }
  })
})
