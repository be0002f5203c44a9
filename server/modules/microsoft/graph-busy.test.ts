import { describe, expect, it } from 'vitest'
import { bookingIdOfGraphEvent, busyTimeOfGraphEvent, type GraphEvent, instantOfGraph } from './graph-busy'

const paris = 'Europe/Paris'

function event(fields: Partial<GraphEvent> = {}): GraphEvent {
  return {
    id: 'AAMkAD=',
    subject: 'Dentist',
    start: { dateTime: '2026-12-02T10:00:00.0000000', timeZone: 'UTC' },
    end: { dateTime: '2026-12-02T11:30:00.0000000', timeZone: 'UTC' },
    isAllDay: false,
    showAs: 'busy',
    isCancelled: false,
    type: 'singleInstance',
    ...fields,
  }
}

describe('busyTimeOfGraphEvent', () => {
  it('reads a timed event in UTC, 7 fractional digits included', () => {
    expect(busyTimeOfGraphEvent(event(), paris)).toEqual({
      eventId: 'AAMkAD=',
      startsAt: new Date('2026-12-02T10:00:00.000Z'),
      endsAt: new Date('2026-12-02T11:30:00.000Z'),
      allDay: false,
      summary: 'Dentist',
    })
    expect(instantOfGraph({ dateTime: '2026-12-02T10:00:00.1234567', timeZone: 'UTC' })).toEqual(
      new Date('2026-12-02T10:00:00.123Z'),
    )
    expect(instantOfGraph({ dateTime: '2026-12-02T10:00:00', timeZone: 'UTC' })).toEqual(
      new Date('2026-12-02T10:00:00Z'),
    )
    expect(instantOfGraph({ dateTime: '2026-12-02T10:00:00.0000000', timeZone: 'Europe/Paris' })).toEqual(
      new Date('2026-12-02T09:00:00Z'),
    )
    expect(instantOfGraph({ dateTime: '2026-13-02T10:00:00.0000000', timeZone: 'UTC' })).toBeUndefined()
    expect(instantOfGraph({ dateTime: 'garbage', timeZone: 'UTC' })).toBeUndefined()
  })

  it('blocks for busy, oof, tentative and unknown; not for free and workingElsewhere', () => {
    for (const showAs of ['busy', 'oof', 'tentative', 'unknown'] as const) {
      expect(busyTimeOfGraphEvent(event({ showAs }), paris), showAs).toBeDefined()
    }
    for (const showAs of ['free', 'workingElsewhere'] as const) {
      expect(busyTimeOfGraphEvent(event({ showAs }), paris), showAs).toBeUndefined()
    }
  })

  it('frees cancelled and removed events and series masters', () => {
    expect(busyTimeOfGraphEvent(event({ isCancelled: true }), paris)).toBeUndefined()
    expect(busyTimeOfGraphEvent({ id: 'x', '@removed': { reason: 'deleted' } }, paris)).toBeUndefined()
    expect(busyTimeOfGraphEvent(event({ type: 'seriesMaster' }), paris)).toBeUndefined()
  })

  it("makes an all-day event whole days in the salon's zone, across the DST change", () => {
    const allDay = event({
      isAllDay: true,
      start: { dateTime: '2027-03-27T00:00:00.0000000', timeZone: 'UTC' },
      end: { dateTime: '2027-03-29T00:00:00.0000000', timeZone: 'UTC' },
    })
    expect(busyTimeOfGraphEvent(allDay, paris)).toMatchObject({
      startsAt: new Date('2027-03-26T23:00:00.000Z'),
      endsAt: new Date('2027-03-28T22:00:00.000Z'),
      allDay: true,
    })
  })

  it('cuts subjects to 200 characters and drops empty or broken events', () => {
    expect(busyTimeOfGraphEvent(event({ subject: 'x'.repeat(300) }), paris)?.summary).toHaveLength(200)
    expect(busyTimeOfGraphEvent(event({ subject: '' }), paris)?.summary).toBeNull()
    expect(busyTimeOfGraphEvent(event({ end: event().start }), paris)).toBeUndefined()
    expect(busyTimeOfGraphEvent(event({ start: { dateTime: 'soon', timeZone: 'UTC' } }), paris)).toBeUndefined()
  })

  it('does not count our own events as busy', () => {
    const ours = event({ transactionId: '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-3' })
    expect(busyTimeOfGraphEvent(ours, paris)).toBeUndefined()
  })
})

describe('bookingIdOfGraphEvent', () => {
  it('reads the booking id of our transactionId, and nothing else', () => {
    expect(bookingIdOfGraphEvent({ transactionId: '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-3' })).toBe(
      '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    )
    expect(bookingIdOfGraphEvent({ transactionId: '0b6f4a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' })).toBeUndefined()
    expect(bookingIdOfGraphEvent({ transactionId: 'abc-1' })).toBeUndefined()
    expect(bookingIdOfGraphEvent({ transactionId: null })).toBeUndefined()
    expect(bookingIdOfGraphEvent({})).toBeUndefined()
  })
})
