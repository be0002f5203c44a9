import type { Appointment, ServiceInfo } from '../tools'
import type { Scene } from './act'
import { alternatives, checkStart, refusal } from './free-times'
import type { Outcome } from './outcome'
import { localStart, minutesOf, plausibleFirst } from './slots'
import { asking, type ConversationState, offering } from './state'

/**
 * Moving one of the customer's appointments to the day and time the message gives (the
 * appointment's own day or time when only one of them is said): propose it, or say why not and
 * offer the nearest free times — the move then waits for one of them.
 */
export async function moveTo(appointment: Appointment, state: ConversationState, scene: Scene): Promise<Outcome> {
  const { when } = scene.u
  const date = when.date ?? appointment.start.slice(0, 10)
  const wished = when.time !== undefined ? [when.time] : (when.timeOptions ?? [minutesOf(appointment.start)])
  const candidates = plausibleFirst(await scene.week(), date, wished)
  const service = serviceOf(appointment, scene)
  // A service the salon withdrew cannot be checked against the engine: the salon moves it.
  if (!service) return { lines: [{ kind: 'fallback' }], state }
  for (const minutes of candidates) {
    const check = await checkStart(scene, [service], localStart(date, minutes), appointment.bookingId)
    if (check.free) {
      return {
        lines: [{ kind: 'propose_move', appointment, start: check.start }],
        state: asking(state, { kind: 'move', bookingId: appointment.bookingId, start: check.start }),
      }
    }
    if (minutes === candidates.at(-1)) {
      const why = await refusal(scene, service, check.reason ?? 'taken', check.start)
      const instead = await alternatives(scene, [service], date, minutes)
      return {
        lines: [why, instead.line],
        state: { ...offering(state, instead.offered), movingBookingId: appointment.bookingId },
      }
    }
  }
  return { lines: [{ kind: 'fallback' }], state }
}

/** The service of an appointment as the salon offers it now. */
function serviceOf(appointment: Appointment, scene: Scene): ServiceInfo | undefined {
  return scene.services.find((s) => s.name === appointment.serviceName)
}
