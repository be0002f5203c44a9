import type { ServiceInfo } from '../tools'
import type { Scene } from './act'
import { alternatives, checkStart, refusal } from './free-times'
import type { Outcome } from './outcome'
import { asOne } from './seek'
import { localStart, minutesOf, plausibleFirst } from './slots'
import { asking, type ConversationState, offering } from './state'
import type { Visit } from './which-appointment'

/**
 * Moving one of the customer's visits (an appointment, or several back to back, as a whole) to the
 * day and time the message gives (the visit's own day or time when only one of them is said):
 * propose it, say that it would change nothing, or say why not and offer the nearest free times —
 * the move then waits for one of them.
 */
export async function moveTo(visit: Visit, state: ConversationState, scene: Scene): Promise<Outcome> {
  const { when } = scene.u
  const [first] = visit
  if (!first) return { lines: [{ kind: 'fallback' }], state }
  const date = when.date ?? first.start.slice(0, 10)
  const wished = when.time !== undefined ? [when.time] : (when.timeOptions ?? [minutesOf(first.start)])
  const candidates = plausibleFirst(await scene.week(), date, wished)
  const services = servicesOf(visit, scene)
  // A service the salon withdrew cannot be checked against the engine: the salon moves it.
  if (!services) return { lines: [{ kind: 'fallback' }], state }
  const bookingIds = visit.map((a) => a.bookingId)
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

/** The services of a visit as the salon offers them now (undefined: one was withdrawn). */
function servicesOf(visit: Visit, scene: Scene): ServiceInfo[] | undefined {
  const services = visit.map((a) => scene.services.find((s) => s.name === a.serviceName))
  return services.every((s) => s !== undefined) ? services : undefined
}
