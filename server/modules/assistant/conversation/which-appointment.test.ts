import { describe, expect, it } from 'vitest'
import type { Appointment } from '../tools'
import { type Context, type Designation, designate, type Pointer, pickListed, visitsOf } from './which-appointment'

/**
 * Which of a customer's appointments a message is about. The customer here has a cut and a
 * blow-dry back to back on Friday 4 December with Léa (one visit), a balayage on Saturday 5 with
 * Hugo, and (in some tests) a men's cut today, Tuesday 1 December.
 */
const appointment = (id: string, service: string, start: string, end: string, member: string): Appointment => ({
  bookingId: id,
  serviceName: service,
  start,
  end,
  durationMinutes: 0,
  priceMinor: 0,
  currency: 'EUR',
  status: 'confirmed',
  member,
})
const cut = appointment('cut', 'Coupe femme', '2026-12-04T10:00', '2026-12-04T10:45', 'Léa')
const blowDry = appointment('blow', 'Brushing', '2026-12-04T10:45', '2026-12-04T11:15', 'Léa')
const balayage = appointment('bal', 'Balayage', '2026-12-05T14:00', '2026-12-05T16:00', 'Hugo')
const todays = appointment('men', 'Coupe homme', '2026-12-01T16:00', '2026-12-01T16:30', 'Hugo')
const mine = [balayage, blowDry, cut]

const nothing: Pointer = { services: [], kept: [] }
const context: Context = { today: '2026-12-01', remembered: [] }
const ids = (found: Designation) =>
  found.kind === 'one'
    ? found.visit.map((a) => a.bookingId)
    : found.kind === 'none'
      ? found.kind
      : [found.kind, ...found.visits.map((v) => v.map((a) => a.bookingId).join('+'))]

describe('the customer’s visits', () => {
  it('reads appointments back to back on one day as one visit, soonest first', () => {
    expect(visitsOf(mine).map((v) => v.map((a) => a.bookingId))).toEqual([['cut', 'blow'], ['bal']])
  })
})

describe('which appointment a cancellation is about', () => {
  it('takes a whole visit, and one part of it only when that service is named', () => {
    expect(ids(designate([cut, blowDry], nothing, 'cancel', context))).toEqual(['cut', 'blow'])
    expect(ids(designate(mine, { ...nothing, services: ['Brushing'] }, 'cancel', context))).toEqual(['blow'])
    expect(ids(designate(mine, { ...nothing, date: '2026-12-04' }, 'cancel', context))).toEqual(['cut', 'blow'])
  })

  it('says the beard trim is none of theirs, even when the haircut to keep is', () => {
    const beardNotKept = { ...nothing, services: ['Taille de barbe'], kept: ['Coupe femme'] }
    expect(ids(designate(mine, beardNotKept, 'cancel', context))).toEqual(['unmatched', 'cut+blow', 'bal'])
    // A lone balayage is not a beard trim either: never "cancel your balayage?".
    expect(ids(designate([balayage], beardNotKept, 'cancel', context))).toEqual(['unmatched', 'bal'])
    expect(ids(designate([balayage], { ...nothing, unknownService: true }, 'cancel', context))).toEqual([
      'unmatched',
      'bal',
    ])
  })

  it('keeps what the customer keeps: "cancel, but keep the haircut" is the other one', () => {
    expect(ids(designate(mine, { ...nothing, kept: ['Balayage'] }, 'cancel', context))).toEqual(['cut', 'blow'])
  })

  it('asks which when several fit, even right after one was booked', () => {
    expect(ids(designate(mine, nothing, 'cancel', context))).toEqual(['which', 'cut+blow', 'bal'])
    expect(ids(designate(mine, nothing, 'cancel', { ...context, remembered: ['bal'] }))).toEqual([
      'which',
      'cut+blow',
      'bal',
    ])
  })

  it('finds by a weekday said alone, whichever week it is in ("celui de samedi")', () => {
    // The parser reads "samedi" as the coming Saturday (5 December); the 12th is meant all the same.
    const later = appointment('later', 'Coupe homme', '2026-12-12T10:00', '2026-12-12T10:30', 'Hugo')
    const saturday = { ...nothing, date: '2026-12-05', weekday: 5 }
    expect(ids(designate([cut, blowDry, later], saturday, 'cancel', context))).toEqual(['later'])
  })

  it('finds by member and by time, and says so when neither fits', () => {
    expect(ids(designate(mine, { ...nothing, member: 'Hugo' }, 'cancel', context))).toEqual(['bal'])
    expect(ids(designate(mine, { ...nothing, time: 14 * 60 }, 'cancel', context))).toEqual(['bal'])
    expect(ids(designate(mine, { ...nothing, date: '2026-12-09' }, 'cancel', context))[0]).toBe('unmatched')
    expect(ids(designate([], nothing, 'cancel', context))).toBe('none')
  })
})

describe('which appointment a move is about', () => {
  it('reads a day that is no appointment’s as where the remembered one goes', () => {
    const toThursday = { ...nothing, date: '2026-12-03', time: 15 * 60 }
    expect(ids(designate(mine, toThursday, 'move', { ...context, remembered: ['bal'] }))).toEqual(['bal'])
    expect(ids(designate(mine, toThursday, 'move', context))).toEqual(['which', 'cut+blow', 'bal'])
  })

  it("reads a new time on an appointment's own day as moving that one", () => {
    const saturdayAt3 = { ...nothing, date: '2026-12-05', time: 15 * 60 }
    expect(ids(designate(mine, saturdayAt3, 'move', { ...context, remembered: ['cut', 'blow'] }))).toEqual(['bal'])
  })

  it('asks when a day could be either the one to move or where to move the other', () => {
    const saturday = { ...nothing, date: '2026-12-05' }
    expect(ids(designate(mine, saturday, 'move', { ...context, remembered: ['cut', 'blow'] }))).toEqual([
      'which',
      'cut+blow',
      'bal',
    ])
  })

  it('asks which for "I would like to move an appointment", and moves the one just booked to a new day', () => {
    expect(ids(designate(mine, nothing, 'move', { ...context, remembered: ['bal'] }))[0]).toBe('which')
    const friday = { ...nothing, date: '2026-12-11' }
    expect(ids(designate(mine, friday, 'move', { ...context, remembered: ['bal'] }))).toEqual(['bal'])
  })

  it('reads a member as the wish for the move when no appointment is with them', () => {
    expect(ids(designate([cut, blowDry], { ...nothing, member: 'Hugo' }, 'move', context))).toEqual(['cut', 'blow'])
    expect(ids(designate(mine, { ...nothing, member: 'Hugo' }, 'move', context))).toEqual(['bal'])
  })
})

describe('which appointment a lateness note is about', () => {
  it("goes on today's appointment, whatever else is booked", () => {
    expect(ids(designate([...mine, todays], nothing, 'note', { ...context, remembered: ['bal'] }))).toEqual(['men'])
  })

  it('says there is none today rather than noting tomorrow’s, unless it was just booked', () => {
    expect(ids(designate(mine, nothing, 'note', context))).toEqual(['none_today', 'cut+blow', 'bal'])
    expect(ids(designate(mine, { ...nothing, date: '2026-12-01' }, 'note', context))[0]).toBe('none_today')
    expect(ids(designate(mine, nothing, 'note', { ...context, remembered: ['bal'] }))).toEqual(['bal'])
    expect(ids(designate(mine, { ...nothing, date: '2026-12-05' }, 'note', context))).toEqual(['bal'])
  })
})

describe('an answer to "which one?"', () => {
  const listed = visitsOf(mine).map((v) => ({
    bookingIds: v.map((a) => a.bookingId),
    start: v[0]?.start ?? '',
    serviceNames: v.map((a) => a.serviceName),
    member: v[0]?.member ?? '',
  }))
  it('picks by day, service, member or rank', () => {
    expect(pickListed({ ...nothing, date: '2026-12-05' }, listed)?.bookingIds).toEqual(['bal'])
    expect(pickListed({ ...nothing, services: ['Brushing'] }, listed)?.bookingIds).toEqual(['cut', 'blow'])
    expect(pickListed({ ...nothing, member: 'Léa' }, listed)?.bookingIds).toEqual(['cut', 'blow'])
    expect(pickListed({ ...nothing, rank: 1 }, listed)?.bookingIds).toEqual(['bal'])
    expect(pickListed({ ...nothing, date: '2026-12-12', weekday: 5 }, listed)?.bookingIds).toEqual(['bal'])
    expect(pickListed({ ...nothing, date: '2026-12-09' }, listed)).toBeUndefined()
  })
})
