import { addDays, weekdayOf } from '@common/time'
import type { ServiceInfo } from '../tools'
import { shiftedStart } from '../understanding/shift'
import type { Scene } from './act'
import { alternatives, checkStart, freeStarts, refusal } from './free-times'
import type { Outcome } from './outcome'
import { asOne, length, MAX_TIMES } from './seek'
import { inWindow, localStart, minutesOf, plausibleFirst, spread, wishedWindow } from './slots'
import { asking, type ConversationState, offering } from './state'
import type { Visit } from './which-appointment'

/**
 * Moving one of the customer's visits (an appointment, or several back to back, as a whole) to the
 * day and time the message gives (the visit's own day or time when only one of them is said):
 * propose it, say that it would change nothing, or say why not and offer the nearest free times —
 * the move then waits for one of them.
 */
export async function moveTo(visit: Visit, state: ConversationState, scene: Scene): Promise<Outcome> {
  const { when, shift } = scene.u
  const [first] = visit
  if (!first) return { lines: [{ kind: 'fallback' }], state }
  const impossible = when.impossibleDate
  if (impossible && !when.date)
    return {
      lines: [{ kind: 'impossible_date', ...impossible }],
      state: { ...state, movingBookingIds: visit.map((a) => a.bookingId) },
    }
  // "Deux jours plus tard", "an hour earlier": from the appointment, not from today.
  const shifted = shift ? shiftedStart(first.start, shift) : undefined
  const date = shifted?.date ?? weekdayOfItsWeek(first.start, scene) ?? when.date ?? first.start.slice(0, 10)
  const own = shifted?.minutes ?? minutesOf(first.start)
  // "Une heure plus tard": the shift is the time ("une heure" is no one o'clock here).
  const byTheClock = shift !== undefined && shift.minutes !== 0
  const wished = byTheClock ? [own] : when.time !== undefined ? [when.time] : (when.timeOptions ?? [own])
  const candidates = plausibleFirst(await scene.week(), date, wished)
  const services = servicesOf(visit, scene)
  // A service the salon withdrew cannot be checked against the engine: the salon moves it.
  if (!services) return { lines: [{ kind: 'fallback' }], state }
  const bookingIds = visit.map((a) => a.bookingId)
  // "Nachmittags", "pas avant 14h" without a time: the free times of that part of that day.
  const window =
    when.time === undefined && !when.timeOptions && !byTheClock ? wishedWindow(when, length(services)) : undefined
  if (window) return partOfDay(visit, services, date, window, state, scene)
  if (candidates.some((minutes) => localStart(date, minutes) === first.start))
    return { lines: [{ kind: 'move_unchanged', visit }], state }
  for (const minutes of candidates) {
    const check = await checkStart(scene, services, localStart(date, minutes), bookingIds)
    if (check.free) {
      return {
        lines: [{ kind: 'propose_move', visit, start: check.start }],
        state: asking(state, { kind: 'move', bookingIds, start: check.start }),
      }
    }
    if (minutes === candidates.at(-1)) {
      const why = await refusal(scene, asOne(services), check.reason ?? 'taken', check.start)
      const instead = await alternatives(scene, services, date, minutes, undefined, bookingIds)
      return {
        lines: [why, instead.line],
        state: { ...offering(state, instead.offered), movingBookingIds: bookingIds },
      }
    }
  }
  return { lines: [{ kind: 'fallback' }], state }
}

/**
 * "Move it to Thursday": a weekday said alone is that day of the appointment's own week (Monday to
 * Sunday), not the next one from today — unless that day has passed.
 */
function weekdayOfItsWeek(start: string, scene: Scene): string | undefined {
  const { weekday } = scene.u
  if (weekday === undefined) return undefined
  const day = start.slice(0, 10)
  const date = addDays(day, weekday - weekdayOf(day))
  return date >= scene.today ? date : undefined
}

/** The free times within the part of the day asked for, offered for the move to wait on one. */
async function partOfDay(
  visit: Visit,
  services: ServiceInfo[],
  date: string,
  window: [number, number],
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const bookingIds = visit.map((a) => a.bookingId)
  const part = scene.u.when.partOfDay ? { part: scene.u.when.partOfDay } : {}
  const free = inWindow(await freeStarts(scene, services, date, date, undefined, bookingIds), window).filter(
    (start) => start !== visit[0]?.start,
  )
  const moving = (next: ConversationState) => ({ ...next, movingBookingIds: bookingIds })
  if (free.length > 0) {
    const offered = spread(free, MAX_TIMES)
    return { lines: [{ kind: 'day_times', date, starts: offered, ...part }], state: moving(offering(state, offered)) }
  }
  const instead = await alternatives(scene, services, date, window[0], undefined, bookingIds)
  return {
    lines: [{ kind: 'no_times_that_day', date, ...part }, instead.line],
    state: moving(offering(state, instead.offered)),
  }
}

/** The services of a visit as the salon offers them now (undefined: one was withdrawn). */
function servicesOf(visit: Visit, scene: Scene): ServiceInfo[] | undefined {
  const services = visit.map((a) => scene.services.find((s) => s.name === a.serviceName))
  return services.every((s) => s !== undefined) ? services : undefined
}
