import { openingHours, salons } from '@server/db/schema'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { bookingRequest, demoServices } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listRemindersOfBookings } from './reminders.repository'

/**
 * Every active booking plans its two reminders, 24 h and 2 h before its start, in the transaction
 * that makes, moves or cancels it (issue 15, point 1). The clock is the demo's: Tuesday 1 December
 * 2026, 08:30 in Paris.
 */

let t: TestApp
let cookie: string
let coupe: string

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  coupe = (await demoServices(t.app, cookie))['Coupe femme']?.id ?? ''
})
afterAll(() => t.close())
beforeEach(async () => {
  t.clock.set(DEMO_NOW)
  await t.database.db.update(salons).set({ remindDayBefore: true, remindTwoHours: true })
})

async function book(startsAt: string, name = 'Camille'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: { ...bookingRequest(coupe, startsAt, name), channel: 'dashboard' },
    headers: { cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { id: string }).id
}

async function reminders(bookingId: string) {
  const rows = await listRemindersOfBookings(t.database.db, [bookingId])
  return rows.map((r) => ({
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    dueAt: r.dueAt.toISOString(),
    for: r.appointmentStartsAt.toISOString(),
  }))
}

describe('planning reminders', () => {
  it('plans both reminders of a booking made days ahead, at 24 h and 2 h before its start', async () => {
    const id = await book('2026-12-04T10:00')
    expect(await reminders(id)).toEqual([
      {
        kind: 'day_before',
        status: 'planned',
        reason: null,
        dueAt: '2026-12-03T09:00:00.000Z',
        for: '2026-12-04T09:00:00.000Z',
      },
      {
        kind: 'two_hours',
        status: 'planned',
        reason: null,
        dueAt: '2026-12-04T07:00:00.000Z',
        for: '2026-12-04T09:00:00.000Z',
      },
    ])
  })

  it('skips the reminder whose moment has passed: booked 3 h before, only the 2-hour one; 1 h 30 before, none', async () => {
    const threeHours = await book('2026-12-01T11:30', 'Trois heures')
    expect((await reminders(threeHours)).map((r) => [r.kind, r.status, r.reason])).toEqual([
      ['day_before', 'skipped', 'too_late'],
      ['two_hours', 'planned', null],
    ])
    const ninetyMinutes = await book('2026-12-01T10:00', 'Une heure et demie')
    expect((await reminders(ninetyMinutes)).map((r) => [r.kind, r.status, r.reason])).toEqual([
      ['day_before', 'skipped', 'too_late'],
      ['two_hours', 'skipped', 'too_late'],
    ])
  })

  it('counts 24 real hours in the week clocks go back (25 October 2026 in Paris)', async () => {
    // Open on Mondays for this test only: the salon's week is Tuesday to Saturday.
    const salon = await findSalonByPublicId(t.database.db, 'SAL001')
    const salonId = salon?.id ?? ''
    await t.database.db.insert(openingHours).values({ salonId, weekday: 0, opensMinute: 9 * 60, closesMinute: 18 * 60 })
    try {
      t.clock.set('2026-10-20T08:30:00+02:00')
      const id = await book('2026-10-26T10:00', 'Heure d’hiver')
      // Monday 26 October 10:00 in Paris (UTC+1) is 09:00Z; 24 real hours earlier is Sunday 09:00Z,
      // 10:00 on Sunday's clock too (it went back at 03:00 that night). The sending tests cover an
      // appointment on the Sunday itself, whose reminder falls on the Saturday's clock (UTC+2).
      expect((await reminders(id))[0]).toMatchObject({
        for: '2026-10-26T09:00:00.000Z',
        dueAt: '2026-10-25T09:00:00.000Z',
      })
    } finally {
      await t.database.db
        .delete(openingHours)
        .where(and(eq(openingHours.salonId, salonId), eq(openingHours.weekday, 0)))
    }
  })

  it('a move cancels the old start’s reminders and plans the new start’s; moved back, the first ones return', async () => {
    const id = await book('2026-12-05T10:00', 'Déplacée')
    const move = (startsAt: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/reschedule`,
        payload: { startsAt },
        headers: { cookie },
      })
    expect((await move('2026-12-05T14:00')).statusCode).toBe(200)
    const afterMove = await reminders(id)
    expect(afterMove.filter((r) => r.status === 'planned').map((r) => r.for)).toEqual([
      '2026-12-05T13:00:00.000Z',
      '2026-12-05T13:00:00.000Z',
    ])
    expect(afterMove.filter((r) => r.status === 'cancelled').map((r) => [r.for, r.reason])).toEqual([
      ['2026-12-05T09:00:00.000Z', 'moved'],
      ['2026-12-05T09:00:00.000Z', 'moved'],
    ])
    expect((await move('2026-12-05T10:00')).statusCode).toBe(200)
    const back = await reminders(id)
    expect(back).toHaveLength(4)
    expect(back.filter((r) => r.status === 'planned').map((r) => r.for)).toEqual([
      '2026-12-05T09:00:00.000Z',
      '2026-12-05T09:00:00.000Z',
    ])
  })

  it('a cancellation drops the reminders still waiting', async () => {
    const id = await book('2026-12-08T10:00', 'Annulée')
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/cancel`,
      payload: {},
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    expect((await reminders(id)).map((r) => [r.status, r.reason])).toEqual([
      ['cancelled', 'cancelled'],
      ['cancelled', 'cancelled'],
    ])
  })

  it('a reminder the salon turned off is skipped, the other planned', async () => {
    await t.database.db.update(salons).set({ remindDayBefore: false }).where(eq(salons.publicId, 'SAL001'))
    const id = await book('2026-12-09T10:00', 'Sans veille')
    expect((await reminders(id)).map((r) => [r.kind, r.status, r.reason])).toEqual([
      ['day_before', 'skipped', 'turned_off'],
      ['two_hours', 'planned', null],
    ])
  })

  it('turned off and on again in the settings, the reminders still to come follow at once; those past stay', async () => {
    const soon = await book('2026-12-02T09:00', 'Demain matin')
    const later = await book('2026-12-10T15:00', 'Plus tard')
    const settings = (remindTwoHours: boolean) =>
      t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload: { remindTwoHours }, headers: { cookie } })
    const twoHours = async (id: string) => (await reminders(id)).find((r) => r.kind === 'two_hours')
    expect((await settings(false)).statusCode).toBe(200)
    expect(await twoHours(soon)).toMatchObject({ status: 'skipped', reason: 'turned_off' })
    expect(await twoHours(later)).toMatchObject({ status: 'skipped', reason: 'turned_off' })
    // The first one's moment (07:00 on 2 December) passes while the salon has it off.
    t.clock.set('2026-12-02T07:30:00+01:00')
    expect((await settings(true)).statusCode).toBe(200)
    expect(await twoHours(soon)).toMatchObject({ status: 'skipped', reason: 'turned_off' })
    expect(await twoHours(later)).toMatchObject({ status: 'planned', reason: null })
    expect((await reminders(later)).find((r) => r.kind === 'day_before')).toMatchObject({ status: 'planned' })
  })
})
