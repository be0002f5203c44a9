import { countFailedJobs, listFailedJobs } from '@server/modules/jobs/jobs.repository'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookingRow, bookThroughApi, futureActiveBookingIds } from './calendar'
import type { CalendarWorld } from './calendar-world'
import { newTestChat, postChat } from './chat'
import { bookingRequest } from './demo'
import { eventually } from './jobs'

/**
 * The guarantees every calendar provider gives, whatever it does (down, throttling, an answer lost,
 * access revoked): a booking is answered at once, and once the provider is back and the queue has
 * drained its calendar holds exactly the salon's bookings still to come, once each, at their times.
 * Each provider's resilience test calls `describeCalendarContract` with its world
 * (calendar-world.ts); the workers run with short retry timings (1 s, up to 2 s).
 */

export interface CalendarContractOptions {
  /** Scenarios of the model-based test. */
  modelRuns: number
  /** The longest scenario, in steps (default 14). */
  maxSteps?: number
}

/** The generated scenarios' pauses: when each change comes is part of what the property varies. */
const elapse = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A local start on the salon's clock: 2026-12-<day> at 09:00 plus `slot` quarters of an hour. */
export function localStart(day: number, slot: number): string {
  const minutes = 9 * 60 + slot * 15
  const pad = (n: number) => String(n).padStart(2, '0')
  return `2026-12-${pad(day)}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** The owner's actions through the API, each answered at once whatever the calendar does. */
function ownerOf(world: CalendarWorld, cookie: () => string) {
  const { app } = world.t
  let serviceId: string | undefined
  const service = async () => {
    if (!serviceId) {
      const list = await app.inject({
        method: 'GET',
        url: '/api/salons/SAL001/services',
        headers: { cookie: cookie() },
      })
      serviceId = (list.json() as { id: string }[])[0]?.id ?? ''
    }
    return serviceId
  }
  /** Books; undefined when the salon refuses the slot (taken, closed…). */
  const tryBook = async (startsAt: string, name = 'Camille') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/bookings',
      headers: { cookie: cookie() },
      payload: bookingRequest(await service(), startsAt, name),
    })
    if (res.statusCode === 409 || res.statusCode === 422) return undefined
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as string
  }
  /** Moves a booking; false when the salon refuses the new slot. */
  const tryMove = async (id: string, startsAt: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/reschedule`,
      headers: { cookie: cookie() },
      payload: { startsAt },
    })
    if (res.statusCode === 409 || res.statusCode === 422) return false
    expect(res.statusCode, res.body).toBe(200)
    return true
  }
  return {
    tryBook,
    tryMove,
    book: async (startsAt: string, name?: string) => {
      const id = await tryBook(startsAt, name)
      if (!id) throw new Error(`the salon refused ${startsAt}`)
      return id
    },
    move: async (id: string, startsAt: string) => {
      if (!(await tryMove(id, startsAt))) throw new Error(`the salon refused to move ${id} to ${startsAt}`)
    },
    cancel: async (id: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: { cookie: cookie() } })
      expect(res.statusCode, res.body).toBe(200)
    },
    /** The salon's calendars as the dashboard shows them. */
    calendars: async () => {
      const res = await app.inject({ url: '/api/salons/SAL001/calendars', headers: { cookie: cookie() } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().calendars as { id: string; state: string; writesBookings: boolean; lastError: string | null }[]
    },
  }
}

/** The whole invariant: the calendar holds the salon's future active bookings, once each, at their times. */
export async function expectCalendarMirrorsBookings(world: CalendarWorld): Promise<void> {
  const { t } = world
  const expected = await futureActiveBookingIds(t)
  const events = await world.ourEvents()
  const failed = await listFailedJobs(t.database.db, 20)
  const context = `${world.name}; failed jobs: ${JSON.stringify(failed.map((j) => [j.name, j.data, j.output?.message]))}`
  expect([...events.keys()].sort(), context).toEqual(expected)
  expect(await world.ourEventCount(), `${context}: a booking has two events`).toBe(events.size)
  for (const [bookingId, event] of events) {
    const row = await bookingRow(t, bookingId)
    expect({ id: bookingId, start: event.start.getTime(), end: event.end.getTime() }, context).toEqual({
      id: bookingId,
      start: row?.startsAt.getTime(),
      end: row?.endsAt.getTime(),
    })
  }
}

type Command =
  | { kind: 'book'; day: number; slot: number }
  | { kind: 'move'; pick: number; day: number; slot: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'failNext'; count: number }
  | { kind: 'outage'; on: boolean }
  | { kind: 'loseAnswer'; remove: boolean }
  | { kind: 'wait'; ms: number }

const day = fc.integer({ min: 2, max: 10 })
// 09:00 to 16:45 on the 15-minute grid.
const slot = fc.integer({ min: 0, max: 31 })
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('book' as const), day, slot }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), day, slot }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('failNext' as const), count: fc.integer({ min: 1, max: 4 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('outage' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseAnswer' as const), remove: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 600 }) }) },
)

/**
 * After each step, a pause of its own: the workers run meanwhile, between the test's changes. A
 * scenario's steps last at most about 12 s, well inside a push's retries (10 over about 19 s).
 */
const pause = fc.integer({ min: 0, max: 250 })

/**
 * The shared cases, against the world `makeWorld` starts: (a) a booking during an outage, (b) moves
 * and cancels while down, (c) lost answers, an event moved by hand, (d) revoked access then a
 * reconnection, and (e) the model: any sequence of bookings, moves, cancellations and failures.
 */
export function describeCalendarContract(makeWorld: () => Promise<CalendarWorld>, options: CalendarContractOptions) {
  describe('the calendar contract', () => {
    let world: CalendarWorld
    let cookie = ''
    let owner: ReturnType<typeof ownerOf>
    beforeAll(async () => {
      world = await makeWorld()
      owner = ownerOf(world, () => cookie)
      cookie = await world.connect()
      await world.drain()
    })
    afterAll(async () => {
      await world?.close()
    })

    /** The calendar's event of one booking, when it has exactly one. */
    const eventOf = async (bookingId: string) => {
      const events = await world.ourEvents()
      return events.get(bookingId)
    }
    /** Waits until the provider refused one more call than `before`. */
    const refusedSince = (before: number, count = 1) =>
      eventually(() => (world.faults.refused() >= before + count ? true : undefined), 10_000)

    it('gives each booking its event whatever the path: the API, the dashboard and the chat', async () => {
      const api = await bookThroughApi(world.t, cookie, localStart(11, 0), { name: 'Par API', channel: 'api' })
      const desk = await bookThroughApi(world.t, cookie, localStart(11, 4), {
        name: 'Au comptoir',
        channel: 'dashboard',
      })
      const chat = newTestChat('fr', 'Nora')
      await postChat(world.t.app, chat, 'Un brushing vendredi 11 décembre à 15h')
      const confirmed = await postChat(world.t.app, chat, 'oui')
      expect(confirmed.json().icsData, confirmed.body).toBeDefined()
      await world.drain()
      const events = await world.ourEvents()
      expect(events.has(api)).toBe(true)
      expect(events.has(desk)).toBe(true)
      const fromChat = [...events.values()].filter(
        (event) => event.start.getTime() === new Date('2026-12-11T14:00:00Z').getTime(),
      )
      expect(fromChat).toHaveLength(1)
      await expectCalendarMirrorsBookings(world)
    })

    it('answers a booking made during an outage at once, and its event appears once the provider is back', async () => {
      const before = world.faults.refused()
      world.faults.outage()
      try {
        const started = performance.now()
        const id = await owner.book(localStart(2, 0), 'Pendant la panne')
        expect(performance.now() - started).toBeLessThan(2000)
        // The push was tried and refused: the calendar does not have it yet, and the dashboard says so.
        await refusedSince(before)
        const shown = await eventually(async () => {
          const [writer] = (await owner.calendars()).filter((c) => c.writesBookings)
          return writer?.lastError ? writer : undefined
        })
        expect(shown.state).toBe('connected')
        expect(await eventOf(id)).toBeUndefined()
        world.faults.restore()
        await world.drain()
        expect(await eventOf(id)).toBeDefined()
        await expectCalendarMirrorsBookings(world)
        expect(await countFailedJobs(world.t.database.db)).toBe(0)
      } finally {
        world.faults.restore()
      }
    })

    it('ends with the final state of bookings moved and cancelled while the provider was down', async () => {
      const movedTwice = await owner.book(localStart(4, 0), 'Moved Twice')
      const cancelled = await owner.book(localStart(4, 4), 'Cancelled')
      await world.drain()
      expect(await eventOf(movedTwice)).toBeDefined()
      expect(await eventOf(cancelled)).toBeDefined()

      try {
        const before = world.faults.refused()
        world.faults.outage()
        await owner.move(movedTwice, localStart(4, 12))
        await owner.cancel(cancelled)
        const bornAndGone = await owner.book(localStart(4, 16), 'Born And Gone')
        const newAndMoved = await owner.book(localStart(4, 20), 'New And Moved')
        await refusedSince(before)
        await owner.move(movedTwice, localStart(4, 24))
        await owner.cancel(bornAndGone)
        await owner.move(newAndMoved, localStart(4, 28))
        // The provider stays down until the later changes' pushes have been refused too.
        await refusedSince(world.faults.refused())
        world.faults.restore()
        await world.drain()

        const final = await bookingRow(world.t, movedTwice)
        expect((await eventOf(movedTwice))?.start.getTime()).toBe(final?.startsAt.getTime())
        expect(await eventOf(cancelled)).toBeUndefined()
        expect(await eventOf(bornAndGone)).toBeUndefined()
        expect((await eventOf(newAndMoved))?.start.getTime()).toBe(
          (await bookingRow(world.t, newAndMoved))?.startsAt.getTime(),
        )
        await expectCalendarMirrorsBookings(world)
        expect(await countFailedJobs(world.t.database.db)).toBe(0)
      } finally {
        world.faults.restore()
      }
    })

    it('never leaves two events when the answer to a write is lost', async () => {
      try {
        const kept = await owner.book(localStart(3, 32), 'Cancelled Later')
        await world.drain()
        // The create reaches the provider, which makes the event; its answer is lost and the push retried.
        let before = world.faults.refused()
        world.faults.loseNextWriteAnswer()
        const id = await owner.book(localStart(3, 0), 'Lost Answer')
        await refusedSince(before)
        await world.drain()
        expect(await eventOf(id)).toBeDefined()
        await expectCalendarMirrorsBookings(world)

        // The same for a move, and for a cancellation's delete (whose retry finds the event gone).
        before = world.faults.refused()
        world.faults.loseNextWriteAnswer()
        world.faults.loseNextRemoveAnswer()
        await owner.move(id, localStart(3, 8))
        await owner.cancel(kept)
        await refusedSince(before, 2)
        await world.drain()
        const moved = await bookingRow(world.t, id)
        expect((await eventOf(id))?.start.getTime()).toBe(moved?.startsAt.getTime())
        expect(await eventOf(kept)).toBeUndefined()
        await expectCalendarMirrorsBookings(world)

        // A booking moved after its create's answer was lost, before the retry: the retry meets
        // the event the first attempt made (at the old time) and must leave it at the new one.
        before = world.faults.refused()
        world.faults.loseNextWriteAnswer()
        const early = await owner.book(localStart(3, 16), 'Moved Before The Retry')
        await refusedSince(before)
        await owner.move(early, localStart(3, 24))
        await world.drain()
        const final = await bookingRow(world.t, early)
        expect((await eventOf(early))?.start.getTime()).toBe(final?.startsAt.getTime())
        await expectCalendarMirrorsBookings(world)
        expect(await countFailedJobs(world.t.database.db)).toBe(0)
      } finally {
        world.faults.restore()
      }
    })

    it('moves back an event moved by hand in the calendar, and it stays one event', async () => {
      const id = await owner.book(localStart(9, 0), 'Moved By Hand')
      await world.drain()
      const booked = await eventOf(id)
      expect(booked).toBeDefined()
      const twoHours = 2 * 60 * 60 * 1000
      await world.moveOurEventByHand(id, {
        start: new Date((booked?.start.getTime() ?? 0) + twoHours),
        end: new Date((booked?.end.getTime() ?? 0) + twoHours),
      })
      expect((await eventOf(id))?.start.getTime()).toBe((booked?.start.getTime() ?? 0) + twoHours)
      // The owner's "Synchroniser" (Google and Outlook would also notify; CalDAV waits for its poll).
      const [writer] = (await owner.calendars()).filter((c) => c.writesBookings)
      const sync = await world.t.app.inject({
        method: 'POST',
        url: `/api/salons/SAL001/calendars/${writer?.id}/sync`,
        headers: { cookie },
      })
      expect(sync.statusCode, sync.body).toBe(202)
      await world.drain()
      expect((await eventOf(id))?.start.getTime()).toBe(booked?.start.getTime())
      await expectCalendarMirrorsBookings(world)
    })

    it('asks for a reconnection when access is revoked, and writes what was booked meanwhile once, after reconnecting', async () => {
      await world.revoke()
      try {
        const first = await owner.book(localStart(8, 0), 'Revoked One')
        const shown = await eventually(async () => {
          const [writer] = (await owner.calendars()).filter((c) => c.writesBookings)
          return writer?.state === 'reconnect_required' ? writer : undefined
        })
        expect(shown.state).toBe('reconnect_required')
        const second = await owner.book(localStart(8, 8), 'Revoked Two')
        await world.drain()
        expect(await eventOf(first)).toBeUndefined()
        expect(await eventOf(second)).toBeUndefined()
      } finally {
        cookie = await world.reconnect()
      }
      await world.drain()
      const [writer] = (await owner.calendars()).filter((c) => c.writesBookings)
      expect(writer).toMatchObject({ state: 'connected', lastError: null })
      await expectCalendarMirrorsBookings(world)
      expect(await countFailedJobs(world.t.database.db)).toBe(0)
    })

    it(
      'ends with the calendar holding exactly the future active bookings, once each (model)',
      async () => {
        const maxSteps = options.maxSteps ?? 14
        await fc.assert(
          fc.asyncProperty(
            fc.array(fc.tuple(command, pause), { minLength: Math.min(4, maxSteps), maxLength: maxSteps }),
            async (commands) => {
              // Each run starts from an empty calendar: the last run's bookings are cancelled.
              world.faults.restore()
              for (const id of await futureActiveBookingIds(world.t)) await owner.cancel(id)
              await world.drain()
              expect([...(await world.ourEvents()).keys()]).toEqual([])

              const active: string[] = []
              try {
                for (const [step, then] of commands) {
                  if (step.kind === 'book') {
                    const id = await owner.tryBook(localStart(step.day, step.slot))
                    if (id) active.push(id)
                  } else if (step.kind === 'move' && active.length > 0) {
                    await owner.tryMove(active[step.pick % active.length] ?? '', localStart(step.day, step.slot))
                  } else if (step.kind === 'cancel' && active.length > 0) {
                    const [id] = active.splice(step.pick % active.length, 1)
                    await owner.cancel(id ?? '')
                  } else if (step.kind === 'failNext') {
                    world.faults.failNext(step.count)
                  } else if (step.kind === 'outage') {
                    if (step.on) world.faults.outage()
                    else world.faults.restore()
                  } else if (step.kind === 'loseAnswer') {
                    if (step.remove) world.faults.loseNextRemoveAnswer()
                    else world.faults.loseNextWriteAnswer()
                  } else if (step.kind === 'wait') {
                    await elapse(step.ms)
                  }
                  await elapse(then)
                }
              } finally {
                world.faults.restore()
              }
              await world.drain()
              expect(await futureActiveBookingIds(world.t)).toEqual([...active].sort())
              await expectCalendarMirrorsBookings(world)
              expect(await countFailedJobs(world.t.database.db)).toBe(0)
            },
          ),
          { numRuns: options.modelRuns, endOnFailure: true },
        )
      },
      // Up to about 12 s of changes per scenario, then the retries after the provider is back.
      30_000 + options.modelRuns * 20_000,
    )
  })
}
