import type { Language } from '@common/languages'
import type { WorkingHours } from '@common/schemas/schedule'
import { type ServiceInfo, type TeamMemberInfo, type ToolScope, tools } from '../tools'
import type { Exclusions } from '../understanding/when'
import { askAgain, chooseBooking, late, movingVisit, startCancel, startMove, visitOf } from './appointments'
import type { Action, Question } from './decide'
import { bookedAtOnce } from './free-times'
import type { Line, Outcome } from './outcome'
import { seek } from './seek'
import { minutesOf } from './slots'
import { asking, type ConversationState, closed, type Pending, settled, withDraft, withoutPending } from './state'
import type { Understood } from './understand'
import { joinWaitlist } from './waiting'
import { visitsOf } from './which-appointment'

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
  /** What the customer ruled out so far, this message included: never offered. */
  excluded?: Exclusions | undefined
  /** Several people at once (this message's wish, else the request's): one start, a member each. */
  together?: boolean
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
    case 'which_again':
      return askAgain(action, state, scene)
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
      return (await startMove(state, scene)) ?? seek({ ...state, movingBookingIds: undefined }, scene)
    case 'late':
      return late(state, scene)
    case 'join_waitlist':
      return joinWaitlist(state, scene)
    case 'list_appointments': {
      const visits = visitsOf(await tools.list_my_appointments(scene.scope))
      return {
        lines: [visits.length === 0 ? { kind: 'no_appointments' } : { kind: 'appointments', visits }],
        state,
      }
    }
  }
}

/** A question about prices makes the next short message a price question too ("and a mens?"). */
function topicOf(questions: Question[]): ConversationState['topic'] {
  const last = questions.findLast(
    (q) => q.kind === 'price' || q.kind === 'service_info' || q.kind === 'we_do' || q.kind === 'services',
  )
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
    case 'total':
      return [{ kind: 'total', services: question.serviceIds.map(service) }]
    case 'we_do':
      return [{ kind: 'we_do', service: service(question.serviceId) }]
    case 'inactive':
      return [{ kind: 'inactive_service', name: question.name }]
    case 'not_offered':
      return [{ kind: 'not_offered', treatments: question.treatments }]
    case 'hours': {
      const week = await scene.week()
      return [
        question.date
          ? { kind: 'hours_day', week, date: question.date, ...(question.date === scene.today ? { today: true } : {}) }
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
      ...(pending.together ? { together: true } : pending.memberId ? { memberId: pending.memberId } : {}),
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
    const [bookingId] = pending.bookingIds
    const { appointments, icsData } =
      pending.bookingIds.length > 1
        ? await tools.reschedule_visit(scope, { bookingIds: pending.bookingIds, start: pending.start })
        : await tools
            .reschedule_appointment(scope, { bookingId: bookingId as string, start: pending.start })
            .then(({ appointment, icsData }) => ({ appointments: [appointment], icsData }))
    return {
      lines: [{ kind: 'moved', visit: appointments }],
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
  const [bookingId] = pending.bookingIds
  const { appointments, icsData } =
    pending.bookingIds.length > 1
      ? await tools.cancel_visit(scope, { bookingIds: pending.bookingIds })
      : await tools
          .cancel_appointment(scope, { bookingId: bookingId as string })
          .then(({ appointment, icsData }) => ({ appointments: [appointment], icsData }))
  return { lines: [{ kind: 'cancelled', visit: appointments }], state: closed(state), icsData }
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
  const visit = await visitOf(pending, scene)
  if (!visit) return { lines: [...before, { kind: 'fallback' }], state: withoutPending(state) }
  if (pending.kind === 'move') {
    return { lines: [...before, { kind: 'still_proposed_move', visit, start: pending.start }], state }
  }
  return { lines: [...before, { kind: 'still_proposed_cancel', visit }], state }
}

/** A no to a proposal: nothing booked; a move or a cancellation not made leaves the appointment as it was. */
async function decline(
  pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }>,
  state: ConversationState,
  scene: Scene,
): Promise<Outcome> {
  const next = { ...withoutPending(state), movingBookingIds: undefined }
  if (pending.kind === 'book') return { lines: [{ kind: 'declined' }], state: next }
  const visit = await visitOf(pending, scene)
  return { lines: visit ? [{ kind: 'kept', visit }] : [{ kind: 'declined' }], state: next }
}

async function proposeOffered(start: string, state: ConversationState, scene: Scene): Promise<Outcome> {
  const services = (state.draft.serviceIds ?? [])
    .map((id) => scene.services.find((s) => s.id === id))
    .filter((s) => s !== undefined)
  const moving = await movingVisit(state, scene)
  if (moving) {
    return {
      lines: [{ kind: 'propose_move', visit: moving, start }],
      state: asking(
        { ...state, movingBookingIds: undefined },
        { kind: 'move', bookingIds: moving.map((a) => a.bookingId), start },
      ),
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
  const together = bookedAtOnce(scene, services)
  return {
    lines: [{ kind: 'propose', services, start, ...(together ? { together } : memberId ? { memberId } : {}) }],
    state: asking(next, {
      kind: 'book',
      serviceIds: services.map((s) => s.id),
      start,
      ...(together ? { together } : memberId ? { memberId } : {}),
    }),
  }
}
