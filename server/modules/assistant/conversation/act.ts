import type { Language } from '@common/languages'
import type { WorkingHours } from '@common/schemas/schedule'
import { type Appointment, type ServiceInfo, type TeamMemberInfo, type ToolScope, tools } from '../tools'
import { pickAppointment } from './choices'
import type { Action, Question } from './decide'
import { moveTo } from './move'
import type { Line, Outcome } from './outcome'
import { seek } from './seek'
import { minutesOf } from './slots'
import { asking, type ConversationState, closed, type Pending, settled, withDraft, withoutPending } from './state'
import { hasWhen, type Understood } from './understand'

/**
 * Step 3 of the pipeline: carry the decided action out through the tools (the only way the
 * assistant reads the salon or touches bookings), and return the facts to say and the new state.
 */
export interface Scene {
  scope: ToolScope
  language: Language
  today: string
  /** The salon's active services. */
  services: ServiceInfo[]
  /** The salon's week, read at most once per message. */
  week: () => Promise<WorkingHours>
  u: Understood
  /** The salon's active team members (one in a solo salon). */
  team: TeamMemberInfo[]
}

export async function act(action: Action, state: ConversationState, scene: Scene): Promise<Outcome> {
  switch (action.kind) {
    case 'say':
      return { lines: action.lines, state }
    case 'answer':
      return { lines: await answerAll(action.questions, scene), state: { ...state, topic: topicOf(action.questions) } }
    case 'carry_out':
      return carryOut(action.pending, state, scene)
    case 'decline':
      return decline(action.pending, state, scene)
    case 'restate':
      return restate(action, state, scene)
    case 'choose_booking':
      return chooseBooking(action, state, scene)
    case 'propose_offered':
      return proposeOffered(action.start, state, scene)
    case 'which_time':
      return { lines: [{ kind: 'which_time', starts: action.starts }], state }
    case 'seek': {
      const outcome = await seek(state, scene)
      if (!action.questions) return outcome
      const answers = (await answerAll(action.questions, scene)).map((line) =>
        line.kind === 'practical' ? { ...line, beside: true } : line,
      )
      return { ...outcome, lines: [...answers, ...outcome.lines] }
    }
    case 'cancel':
      return startCancel(state, scene)
    case 'move':
      return (await startMove(state, scene)) ?? seek({ ...state, movingBookingId: undefined }, scene)
    case 'late':
      return late(state, scene)
    case 'list_appointments': {
      const appointments = await tools.list_my_appointments(scene.scope)
      return {
        lines: [appointments.length === 0 ? { kind: 'no_appointments' } : { kind: 'appointments', appointments }],
        state,
      }
    }
  }
}

/** A question about prices makes the next short message a price question too ("and a mens?"). */
function topicOf(questions: Question[]): ConversationState['topic'] {
  const last = questions.findLast((q) => q.kind === 'price' || q.kind === 'service_info' || q.kind === 'services')
  if (!last) return undefined
  return last.kind === 'services' ? { kind: 'price' } : { kind: 'price', serviceId: last.serviceId }
}

async function answerAll(questions: Question[], scene: Scene): Promise<Line[]> {
  return (await Promise.all(questions.map((q) => answer(q, scene)))).flat()
}

async function answer(question: Question, scene: Scene): Promise<Line[]> {
  const service = (id: string) => scene.services.find((s) => s.id === id) as ServiceInfo
  switch (question.kind) {
    case 'services':
      return [{ kind: 'services' }]
    case 'service_info':
      return [{ kind: 'service_info', service: service(question.serviceId) }]
    case 'price':
      return [{ kind: 'price', service: service(question.serviceId) }]
    case 'inactive':
      return [{ kind: 'inactive_service', name: question.name }]
    case 'not_offered':
      return [{ kind: 'not_offered', treatments: question.treatments }]
    case 'hours': {
      const week = await scene.week()
      return [
        question.date
          ? { kind: 'hours_day', week, date: question.date }
          : { kind: 'hours_week', week, today: scene.today },
      ]
    }
    default:
      return [{ kind: question.kind }]
  }
}

// ——— Proposals ———

async function carryOut(
  pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const { scope } = scene
  if (pending.kind === 'book' && pending.serviceIds.length > 1) {
    const { appointments, icsData } = await tools.book_visit(scope, {
      serviceIds: pending.serviceIds,
      start: pending.start,
      ...(pending.memberId ? { memberId: pending.memberId } : {}),
    })
    return {
      lines: [{ kind: 'booked', appointments }, ...remindOffer(scope)],
      state: settled(
        state,
        appointments.map((a) => a.bookingId),
        pending.start.slice(0, 10),
      ),
      icsData,
      bookingLink: appointments[0]?.link,
      booked: true,
    }
  }
  if (pending.kind === 'book') {
    const [serviceId] = pending.serviceIds
    const { appointment, icsData } = await tools.book_appointment(scope, {
      serviceId: serviceId as string,
      start: pending.start,
      ...(pending.memberId ? { memberId: pending.memberId } : {}),
    })
    return {
      lines: [{ kind: 'booked', appointments: [appointment] }, ...remindOffer(scope)],
      state: settled(state, [appointment.bookingId], pending.start.slice(0, 10)),
      icsData,
      bookingLink: appointment.link,
      booked: true,
    }
  }
  if (pending.kind === 'move') {
    const { appointment, icsData } = await tools.reschedule_appointment(scope, {
      bookingId: pending.bookingId,
      start: pending.start,
    })
    return {
      lines: [{ kind: 'moved', appointment }],
      state: settled(state, [appointment.bookingId], pending.start.slice(0, 10)),
      icsData,
      bookingLink: appointment.link,
      booked: true,
    }
  }
  const { appointment, icsData } = await tools.cancel_appointment(scope, { bookingId: pending.bookingId })
  return { lines: [{ kind: 'cancelled', appointment }], state: closed(state), icsData }
}

/**
 * A web chat customer who gave neither phone nor e-mail cannot be reminded: the booking's reply
 * says how to be (the profile). Telegram and Instagram carry reminders themselves.
 */
function remindOffer(scope: Scene['scope']): Line[] {
  const { customer } = scope
  return customer.identity.channel === 'web' && !customer.phone && !customer.email ? [{ kind: 'remind_offer' }] : []
}

async function restate(
  action: Extract<Action, { kind: 'restate' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const before = action.before ? (await act(action.before, state, scene)).lines : []
  const { pending } = action
  if (pending.kind === 'book') {
    const services = pending.serviceIds
      .map((id) => scene.services.find((s) => s.id === id))
      .filter((s) => s !== undefined)
    return {
      lines: [
        ...before,
        { kind: 'nothing_booked_yet' },
        {
          kind: 'still_proposed',
          services,
          start: pending.start,
          ...(pending.memberId ? { memberId: pending.memberId } : {}),
        },
      ],
      state,
    }
  }
  const appointment = (await tools.list_my_appointments(scene.scope)).find((a) => a.bookingId === pending.bookingId)
  if (!appointment) return { lines: [...before, { kind: 'fallback' }], state: withoutPending(state) }
  if (pending.kind === 'move') {
    return { lines: [...before, { kind: 'still_proposed_move', appointment, start: pending.start }], state }
  }
  return { lines: [...before, { kind: 'still_proposed_cancel', appointment }], state }
}

/** A no to a proposal: nothing booked; a move or a cancellation not made leaves the appointment as it was. */
async function decline(
  pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const next = { ...withoutPending(state), movingBookingId: undefined }
  if (pending.kind === 'book') return { lines: [{ kind: 'declined' }], state: next }
  const appointment = (await tools.list_my_appointments(scene.scope)).find((a) => a.bookingId === pending.bookingId)
  return { lines: appointment ? [{ kind: 'kept', appointment }] : [{ kind: 'declined' }], state: next }
}

async function proposeOffered(start: string, state: ConversationState, scene: Scene): Promise<Outcome> {
  const services = (state.draft.serviceIds ?? [])
    .map((id) => scene.services.find((s) => s.id === id))
    .filter((s) => s !== undefined)
  if (state.movingBookingId) {
    const appointment = (await tools.list_my_appointments(scene.scope)).find(
      (a) => a.bookingId === state.movingBookingId,
    )
    if (appointment) {
      return {
        lines: [{ kind: 'propose_move', appointment, start }],
        state: asking(
          { ...state, movingBookingId: undefined },
          { kind: 'move', bookingId: appointment.bookingId, start },
        ),
      }
    }
  }
  if (services.length === 0) return seek(state, scene)
  // The start offered with another member ("Hugo l'est") goes with them; a member named with the
  // pick ("Léa à 11h") is checked first, like any wish.
  const offeredWith = state.offeredWith?.[start]
  const named = scene.u.member?.kind === 'member' ? scene.u.member.memberId : undefined
  if (scene.u.member && (scene.u.member.kind === 'unknown' || named !== (offeredWith ?? state.draft.memberId))) {
    return seek(withDraft(state, { date: start.slice(0, 10), time: minutesOf(start), timeOptions: undefined }), scene)
  }
  const memberId = offeredWith ?? state.draft.memberId
  const next = withDraft(state, { memberId })
  return {
    lines: [{ kind: 'propose', services, start, ...(memberId ? { memberId } : {}) }],
    state: asking(next, {
      kind: 'book',
      serviceIds: services.map((s) => s.id),
      start,
      ...(memberId ? { memberId } : {}),
    }),
  }
}

// ——— The customer's appointments ———

async function chooseBooking(
  chosen: Extract<Action, { kind: 'choose_booking' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const next = withoutPending(state)
  const picked = (await tools.list_my_appointments(scene.scope)).find((a) => a.bookingId === chosen.bookingId)
  if (!picked) return { lines: [{ kind: 'no_appointments' }], state: next }
  if (chosen.action === 'cancel') return proposeCancel(picked, next)
  if (chosen.action === 'note') return late({ ...next, lastBookingIds: [picked.bookingId] }, scene)
  return (await startMove({ ...next, movingBookingId: picked.bookingId }, scene)) ?? seek(next, scene)
}

/** The appointment a cancel, move or note is about; several without a hint → ask which. */
async function targetAppointment(
  state: ConversationState,
  scene: Scene,
  action: 'cancel' | 'move' | 'note',
): Promise<{ appointment: Appointment } | Outcome | undefined> {
  const appointments = await tools.list_my_appointments(scene.scope)
  if (appointments.length === 0) return undefined
  if (appointments.length === 1) return { appointment: appointments[0] as Appointment }
  const remembered = appointments.find(
    (a) => a.bookingId === state.movingBookingId || state.lastBookingIds?.includes(a.bookingId),
  )
  const picked = pickAppointment(scene.u, appointments) ?? remembered
  if (picked) return { appointment: picked }
  return {
    lines: [{ kind: 'which_appointment', action, appointments }],
    state: asking(state, {
      kind: 'choose_booking',
      action,
      bookingIds: appointments.map((a) => a.bookingId),
      options: appointments.map(({ bookingId, start, serviceName }) => ({ bookingId, start, serviceName })),
    }),
  }
}

async function startCancel(state: ConversationState, scene: Scene): Promise<Outcome> {
  const target = await targetAppointment(state, scene, 'cancel')
  if (!target) return { lines: [{ kind: 'no_appointments' }], state: withoutPending(state) }
  if ('lines' in target) return target
  return proposeCancel(target.appointment, state)
}

function proposeCancel(appointment: Appointment, state: ConversationState): Outcome {
  return {
    lines: [{ kind: 'cancel_confirm', appointment }],
    state: asking(state, { kind: 'cancel', bookingId: appointment.bookingId }),
  }
}

/** A move needs an appointment of the customer; without one, the message is a booking request. */
async function startMove(state: ConversationState, scene: Scene): Promise<Outcome | undefined> {
  const target = await targetAppointment(state, scene, 'move')
  if (!target) return undefined
  if ('lines' in target) return target
  const { appointment } = target
  if (!hasWhen(scene.u.when)) {
    return {
      lines: [{ kind: 'ask_day', services: appointment.serviceName }],
      state: { ...withoutPending(state), movingBookingId: appointment.bookingId },
    }
  }
  return moveTo(appointment, { ...withoutPending(state), movingBookingId: undefined }, scene)
}

/** "I'll be 10 minutes late": a note on the appointment the salon sees; the reply says it was passed on. */
async function late(state: ConversationState, scene: Scene): Promise<Outcome> {
  const target = await targetAppointment(state, scene, 'note')
  if (!target) return { lines: [{ kind: 'no_appointments' }], state }
  if ('lines' in target) return target
  const { lateMinutes } = scene.u
  const { appointment, note } = await tools.tell_salon_late(scene.scope, {
    bookingId: target.appointment.bookingId,
    ...(lateMinutes ? { minutes: lateMinutes } : {}),
  })
  return {
    lines: [{ kind: 'late_noted', appointment, ...(note.minutes ? { minutes: note.minutes } : {}) }],
    state,
  }
}
