import { localToInstant, MINUTE_MS, type Weekday } from '@common/time'
import { membersInAssignmentOrder } from '@server/modules/bookings/member-choice'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type BusyInterval, DEFAULT_BOOKING_RULES, explainSlot, type OpeningInterval } from './availability'
import {
  explainTeamSlot,
  findTeamFreeSlots,
  freeMembersAt,
  intersectHours,
  type MemberSchedule,
  scheduleOfMember,
  type TeamSchedule,
} from './team-availability'

/**
 * The engine for a team (Paris, 15-minute grid, 60-minute notice): a start is offered when at least
 * one member who could take it is free for the whole service; never otherwise.
 */

const PARIS = 'Europe/Paris'
const DAY = '2026-12-02' // a Wednesday (weekday 2)
const NOW = localToInstant('2026-12-01', 8 * 60, PARIS)
const at = (minutes: number) => localToInstant(DAY, minutes, PARIS)
const WEEK: OpeningInterval[] = [0, 1, 2, 3, 4, 5].map((weekday) => ({
  weekday: weekday as Weekday,
  opens: 9 * 60,
  closes: 19 * 60,
}))
const salon = (busy: BusyInterval[] = []) => ({
  timeZone: PARIS,
  openingHours: WEEK,
  busy,
  rules: DEFAULT_BOOKING_RULES,
})
const booking = (from: number, to: number): BusyInterval => ({ start: at(from), end: at(to), kind: 'booking' })
const query = { durationMinutes: 45, from: at(0), to: at(24 * 60), now: NOW }

describe('the team engine', () => {
  it('offers 10:00 while one of two stylists is free, and not once both are busy', () => {
    const lea: MemberSchedule = { id: 'lea', hours: null, busy: [booking(600, 645)] }
    const hugo: MemberSchedule = { id: 'hugo', hours: null, busy: [] }
    const team: TeamSchedule = { salon: salon(), members: [lea, hugo] }
    expect(findTeamFreeSlots(team, query)).toContain(at(600))
    expect(freeMembersAt(team, at(600), 45, NOW)).toEqual(['hugo'])
    const full: TeamSchedule = { ...team, members: [lea, { ...hugo, busy: [booking(600, 645)] }] }
    expect(findTeamFreeSlots(full, query)).not.toContain(at(600))
    expect(explainTeamSlot(full, at(600), 45, NOW)).toBe('taken')
    // The salon's own reasons come first: closed before opening, whoever is free.
    expect(explainTeamSlot(team, at(8 * 60), 45, NOW)).toBe('outside_hours')
  })

  it('cuts a member’s own week to the salon’s, and the salon’s absence blocks everyone', () => {
    const own = [{ weekday: 2 as Weekday, opens: 13 * 60, closes: 21 * 60 }]
    expect(intersectHours(WEEK, own)).toEqual([{ weekday: 2, opens: 13 * 60, closes: 19 * 60 }])
    const ines: MemberSchedule = { id: 'ines', hours: own, busy: [] }
    const slots = findTeamFreeSlots({ salon: salon(), members: [ines] }, query)
    expect(slots[0]).toBe(at(13 * 60))
    expect(slots.at(-1)).toBe(at(18 * 60 + 15))
    const closed = salon([{ start: at(0), end: at(24 * 60), kind: 'time_off' }])
    expect(findTeamFreeSlots({ salon: closed, members: [ines, { id: 'x', hours: null, busy: [] }] }, query)).toEqual([])
  })

  it('gives the start to the free member with the fewest appointments that day, then the team’s order', () => {
    const busyDay: MemberSchedule = { id: 'lea', hours: null, busy: [booking(540, 585), booking(900, 945)] }
    const quiet: MemberSchedule = { id: 'hugo', hours: null, busy: [booking(540, 585)] }
    const third: MemberSchedule = { id: 'ines', hours: null, busy: [booking(540, 585)] }
    const team: TeamSchedule = { salon: salon(), members: [busyDay, quiet, third] }
    expect(membersInAssignmentOrder(team, at(660), 45, NOW)).toEqual(['hugo', 'ines', 'lea'])
    // A booking being moved keeps its member when they are free.
    expect(membersInAssignmentOrder(team, at(660), 45, NOW, 'lea')[0]).toBe('lea')
  })

  const memberArb = (index: number) =>
    fc
      .record({
        bookings: fc.array(fc.tuple(fc.integer({ min: 0, max: 44 }), fc.integer({ min: 1, max: 8 })), {
          maxLength: 6,
        }),
        late: fc.boolean(),
      })
      .map(({ bookings, late }): MemberSchedule => {
        // Non-overlapping bookings of one member: sorted, each after the previous one's end.
        let cursor = 9 * 60
        const busy: BusyInterval[] = []
        for (const [gap, quarters] of [...bookings].sort((a, b) => a[0] - b[0])) {
          const start = Math.max(cursor, 9 * 60 + gap * 15)
          busy.push(booking(start, start + quarters * 15))
          cursor = start + quarters * 15
        }
        return { id: `m${index}`, hours: late ? [{ weekday: 2, opens: 12 * 60, closes: 19 * 60 }] : null, busy }
      })

  it('never offers a start without a free member, and agrees with the reasons it gives (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => memberArb(i)))),
        fc.integer({ min: 1, max: 12 }),
        (members, quarters) => {
          const team: TeamSchedule = { salon: salon(), members }
          const duration = quarters * 15
          const offered = findTeamFreeSlots(team, { ...query, durationMinutes: duration })
          for (const start of offered) {
            const free = freeMembersAt(team, start, duration, NOW)
            expect(free.length).toBeGreaterThan(0)
            // The member given the start is never double-booked by it.
            const member = members.find((m) => m.id === free[0]) as MemberSchedule
            expect(member.busy.some((b) => b.start < start + duration * MINUTE_MS && start < b.end)).toBe(false)
          }
          for (let minute = 8 * 60; minute < 20 * 60; minute += 5) {
            const start = at(minute)
            const offeredHere = offered.includes(start)
            expect(explainTeamSlot(team, start, duration, NOW) === null).toBe(offeredHere)
            const anyMemberFree = members.some(
              (m) => explainSlot(scheduleOfMember(team, m), start, duration, NOW) === null,
            )
            expect(anyMemberFree).toBe(offeredHere)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
