/**
 * The only source of "now" on the server. Use cases receive a Clock instead of calling Date.now(),
 * so tests and demos control time: `APP_NOW` starts the clock at a chosen instant and lets it run.
 */
export interface Clock {
  now(): Date
}

/** The real clock, optionally started at `startAt` and running from there. */
export function systemClock(startAt?: Date): Clock {
  const offset = startAt ? startAt.getTime() - Date.now() : 0
  return { now: () => new Date(Date.now() + offset) }
}

/** A clock that only moves when told to: for tests. */
export interface ManualClock extends Clock {
  set(instant: Date | string): void
  advance(ms: number): void
}

export function manualClock(start: Date | string): ManualClock {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime()
    },
    advance: (ms) => {
      current += ms
    },
  }
}
