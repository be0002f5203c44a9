import { type Appointment, tools } from '../tools'
import { hasWhen, type When } from '../understanding/when'
import type { Scene } from './act'
import type { Action } from './decide'
import { moveTo } from './move'
import type { Outcome } from './outcome'
import { minutesOf } from './slots'
import { asking, type ConversationState, type Pending, withoutPending } from './state'
import { designate, type Purpose, pointerOf, type Visit, visitsOf } from './which-appointment'

/**
 * Cancelling, moving and noting lateness on the customer's own appointments. Which one is always
 * decided by which-appointment.ts; here the answer becomes a proposal (cancel, move), a note, or
 * the question or the list the customer needs.
 */

/** The visit a cancel, move or note is about; otherwise the reply that says why not, or asks which. */
async function designated(
  state: ConversationState,
  scene: Scene,
  purpose: Purpose,
  appointments?: Appointment[],
): Promise<{ visit: Visit } | Outcome> {
  appointments ??= await tools.list_my_appointments(scene.scope)
  const found = designate(appointments, pointerOf(scene.u, scene.team), purpose, contextOf(state, scene))
  const next = { ...withoutPending(state), movingBookingIds: undefined }
  switch (found.kind) {
    case 'one':
      return { visit: found.visit }
    case 'none':
      return { lines: [{ kind: 'no_appointments' }], state: next }
    case 'none_today':
      return { lines: [{ kind: 'no_appointment_today', visits: found.visits }], state: next }
    case 'unmatched':
      // Said plainly, with the list: the customer's answer can still point at one of them.
      return {
        lines: [{ kind: 'no_such_appointment', visits: found.visits }],
        state: choosing(next, purpose, found.visits),
      }
    case 'which':
      return {
        lines: [{ kind: 'which_appointment', action: purpose, visits: found.visits }],
        state: choosing(next, purpose, found.visits),
      }
  }
}

/** What the resolver weighs besides the message: today, and the appointments the chat is about. */
function contextOf(state: ConversationState, scene: Scene) {
  return { today: scene.today, remembered: [...(state.movingBookingIds ?? []), ...(state.lastBookingIds ?? [])] }
}

/** The customer is to choose among these visits, for a cancel, a move or a note. */
function choosing(state: ConversationState, action: Purpose, visits: Visit[]): ConversationState {
  return asking(state, {
    kind: 'choose_booking',
    action,
    options: visits.map((visit) => ({
      bookingIds: visit.map((a) => a.bookingId),
      start: visit[0]?.start ?? '',
      serviceNames: visit.map((a) => a.serviceName),
      ...(visit[0] ? { member: visit[0].member } : {}),
    })),
  })
}

export async function startCancel(state: ConversationState, scene: Scene): Promise<Outcome> {
  const target = await designated(state, scene, 'cancel')
  if ('lines' in target) return target
  return proposeCancel(target.visit, state)
}

function proposeCancel(visit: Visit, state: ConversationState): Outcome {
  return {
    lines: [{ kind: 'cancel_confirm', visit }],
    state: asking(
      { ...state, movingBookingIds: undefined },
      { kind: 'cancel', bookingIds: visit.map((a) => a.bookingId) },
    ),
  }
}

/** A move needs an appointment of the customer; without any, the message is a booking request. */
export async function startMove(state: ConversationState, scene: Scene): Promise<Outcome | undefined> {
  const appointments = await tools.list_my_appointments(scene.scope)
  if (appointments.length === 0) return undefined
  // The answer to "which day?" for a move under way: its day and time are where it goes.
  const moving = appointmentsAmong(appointments, state.movingBookingIds ?? [])
  if (moving.length > 0 && scene.u.services.length === 0) return moveVisit(moving, state, scene)
  // "Décaler celui du 17 à vendredi": when the part that names it names one of theirs, the rest is where to.
  const split = scene.u.designates
  if (split) {
    const pointer = { ...split.pointer, kept: scene.u.kept.map((s) => s.name), named: true }
    const found = designate(appointments, pointer, 'move', contextOf(state, scene))
    if (found.kind === 'one') {
      const { weekday: _said, ...heard } = scene.u
      const u = { ...heard, when: split.to, ...(split.toWeekday !== undefined ? { weekday: split.toWeekday } : {}) }
      return moveVisit(found.visit, state, { ...scene, u })
    }
  }
  const target = await designated(state, scene, 'move', appointments)
  if ('lines' in target) return target
  return moveVisit(target.visit, state, scene)
}

async function moveVisit(visit: Visit, state: ConversationState, scene: Scene): Promise<Outcome> {
  const next = { ...withoutPending(state), movingBookingIds: visit.map((a) => a.bookingId) }
  if (!hasWhen(scene.u.when) && !scene.u.shift) {
    // The services as the salon offers them now, so the reply names them in the customer's language.
    const offered = visit.map((a) => scene.services.find((s) => s.name === a.serviceName))
    const services = offered.every((s) => s !== undefined) ? offered : visit.map((a) => a.serviceName).join(' + ')
    const start = visit[0]?.start as string
    return { lines: [{ kind: 'ask_move_day', services, start }], state: next }
  }
  return moveTo(visit, { ...next, movingBookingIds: undefined }, scene)
}

/** "I'll be 10 minutes late": a note on today's appointment the salon sees; the reply says it was passed on. */
export async function late(state: ConversationState, scene: Scene): Promise<Outcome> {
  const target = await designated(state, scene, 'note')
  if ('lines' in target) return target
  return noteLate(target.visit, state, scene)
}

async function noteLate(visit: Visit, state: ConversationState, scene: Scene): Promise<Outcome> {
  const [first] = visit as [Appointment]
  const { lateMinutes } = scene.u
  const { appointment, note } = await tools.tell_salon_late(scene.scope, {
    bookingId: first.bookingId,
    ...(lateMinutes ? { minutes: lateMinutes } : {}),
  })
  return {
    lines: [{ kind: 'late_noted', appointment, ...(note.minutes ? { minutes: note.minutes } : {}) }],
    state,
  }
}

/** The customer chose one of the visits we listed, for the action we asked about. */
export async function chooseBooking(
  chosen: Extract<Action, { kind: 'choose_booking' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const next = withoutPending(state)
  const visit = await mine(scene, chosen.bookingIds)
  if (visit.length === 0) return { lines: [{ kind: 'no_appointments' }], state: next }
  if (chosen.action === 'cancel') return proposeCancel(visit, next)
  if (chosen.action === 'note') return noteLate(visit, next, scene)
  // "Friday 18 December at 15:00" picked the appointment by its own day and time: that is which
  // one to move, not where to (a tapped choice says exactly that).
  if (pointsAt(scene.u.when, visit)) return moveVisit(visit, next, { ...scene, u: { ...scene.u, when: {} } })
  return moveVisit(visit, next, scene)
}

/** A day, and a time if any, that are the visit's own: the message names it, it asks no new time. */
function pointsAt(when: When, visit: Visit): boolean {
  const start = visit[0]?.start
  if (!start || when.date !== start.slice(0, 10) || when.range || when.timeRange || when.partOfDay) return false
  return when.time === undefined ? !when.timeOptions : when.time === minutesOf(start)
}

/** The answer to "which one?" fits none of those listed: say so, and list them again (as they stand now). */
export async function askAgain(
  asked: Extract<Action, { kind: 'which_again' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const visits = visitsOf(await mine(scene, asked.bookingIds.flat()))
  const next = withoutPending(state)
  if (visits.length === 0) return { lines: [{ kind: 'no_appointments' }], state: next }
  return { lines: [{ kind: 'no_such_appointment', visits }], state: choosing(next, asked.action, visits) }
}

/** The appointments of a proposal, as they stand now (none: they are gone since). */
export async function visitOf(
  pending: Extract<Pending, { kind: 'move' | 'cancel' }>,
  scene: Scene,
): Promise<Visit | undefined> {
  const found = await mine(scene, pending.bookingIds)
  return found.length === pending.bookingIds.length ? found : undefined
}

/** The visit being moved without a new time yet, as it stands now. */
export async function movingVisit(state: ConversationState, scene: Scene): Promise<Visit | undefined> {
  const ids = state.movingBookingIds ?? []
  if (ids.length === 0) return undefined
  const found = await mine(scene, ids)
  return found.length > 0 ? found : undefined
}

/** The customer's appointments among these ids, as they stand now, in time order. */
async function mine(scene: Scene, ids: readonly string[]): Promise<Visit> {
  return appointmentsAmong(await tools.list_my_appointments(scene.scope), ids)
}

function appointmentsAmong(appointments: readonly Appointment[], ids: readonly string[]): Visit {
  return visitsOf(appointments.filter((a) => ids.includes(a.bookingId))).flat()
}
