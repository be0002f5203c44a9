import { localToInstant, MINUTE_MS, type Weekday } from '@common/time'
import { describe, expect, it } from 'vitest'
import { pushedOutByHours, type TeamHours } from './affected-bookings'
import { DEFAULT_BOOKING_RULES } from './availability'

const salon = { timeZone: 'Europe/Paris', rules: DEFAULT_BOOKING_RULES }
const open = (weekday: Weekday, opens: string, closes: string) => ({
  weekday,
  opens: minutes(opens),
  closes: minutes(closes) <= minutes(opens) ? minutes(closes) + 1440 : minutes(closes),
})
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
/** A booking of `member` on a local date and time (2026-12-02 is a Wednesday, weekday 2). */
const booking = (id: string, member: string, date: string, time: string, length = 30) => {
  const start = localToInstant(date, minutes(time), salon.timeZone)
  return { id, memberId: member, start, end: start + length * MINUTE_MS }
}
const team = (hours: TeamHours['salon'], own: Record<string, TeamHours['salon'] | null> = {}): TeamHours => ({
  salon: hours,
  members: new Map(Object.entries(own)),
})
const ids = (list: { id: string }[]) => list.map((b) => b.id)

describe('bookings pushed out by new hours', () => {
  const wednesday = [open(2, '09:00', '19:00')]

  it('are those the old week covered and the new one does not, ending by closing time included', () => {
    const bookings = [
      booking('morning', 'lea', '2026-12-02', '09:00'),
      booking('ends-at-17', 'lea', '2026-12-02', '16:30'),
      booking('ends-after-17', 'lea', '2026-12-02', '16:45'),
    ]
    const after = team([open(2, '09:00', '17:00')])
    expect(ids(pushedOutByHours(bookings, team(wednesday), after, salon))).toEqual(['ends-after-17'])
  })

  it('leave out a booking the old week did not cover either (a time the salon forced)', () => {
    const forced = [booking('forced', 'lea', '2026-12-02', '19:10')]
    expect(pushedOutByHours(forced, team(wednesday), team([open(2, '10:00', '18:00')]), salon)).toEqual([])
  })

  it('judge a member on the salon’s week cut to their own', () => {
    const bookings = [
      booking('hugo-11', 'hugo', '2026-12-02', '11:00'),
      booking('lea-18', 'lea', '2026-12-02', '18:00'),
    ]
    const own = { hugo: [open(2, '09:00', '13:00')], lea: null }
    const shorterEvening = team([open(2, '09:00', '17:00')], own)
    expect(ids(pushedOutByHours(bookings, team(wednesday, own), shorterEvening, salon))).toEqual(['lea-18'])
    const laterMorning = team([open(2, '12:00', '19:00')], own)
    expect(ids(pushedOutByHours(bookings, team(wednesday, own), laterMorning, salon))).toEqual(['hugo-11'])
  })

  it('read an evening past midnight as one window', () => {
    const late = [booking('late', 'lea', '2026-12-03', '00:15')]
    const overnight = team([open(2, '18:00', '01:00')])
    expect(pushedOutByHours(late, overnight, team([open(2, '18:00', '02:00')]), salon)).toEqual([])
    expect(ids(pushedOutByHours(late, overnight, team([open(2, '18:00', '23:30')]), salon))).toEqual(['late'])
  })
})
