import { describe, expect, it } from 'vitest'
import { manualClock, systemClock } from './clock'

describe('clock', () => {
  it('starts at APP_NOW and keeps running', async () => {
    const clock = systemClock(new Date('2026-12-01T07:30:00Z'))
    const first = clock.now().getTime()
    expect(Math.abs(first - Date.parse('2026-12-01T07:30:00Z'))).toBeLessThan(1000)
    // It runs on: polled until it has moved (a millisecond or so), not a fixed wait.
    await expect.poll(() => clock.now().getTime()).toBeGreaterThan(first)
  })

  it('follows the real time without APP_NOW', () => {
    expect(Math.abs(systemClock().now().getTime() - Date.now())).toBeLessThan(1000)
  })

  it('moves a manual clock only when told', () => {
    const clock = manualClock('2026-12-01T08:30:00+01:00')
    expect(clock.now().toISOString()).toBe('2026-12-01T07:30:00.000Z')
    clock.advance(60_000)
    expect(clock.now().toISOString()).toBe('2026-12-01T07:31:00.000Z')
    clock.set('2027-03-28T00:00:00Z')
    expect(clock.now().toISOString()).toBe('2027-03-28T00:00:00.000Z')
  })
})
