import type { Treatment } from '../understanding/not-offered'
import type { Line } from './outcome'
import { type ConversationState, isProposal, type Pending } from './state'
import { hasWhen, type Understood } from './understand'

/**
 * Step 2 of the pipeline: the conversation state and what the customer said → the one thing to do.
 * Pure: no reading, no writing. The rules, in order:
 * 1. a question about other customers is declined;
 *    (and a wish to be on the waiting list joins it, with the request's service and day);
 * 2. a proposal waiting for an answer: a yes carries it out, a no drops it, new details make a new
 *    request, a question is answered and the proposal restated, anything else says plainly that
 *    nothing is booked yet (never a reply that sounds like a confirmation);
 * 3. a choice we asked for (service, appointment, day) takes the answer;
 * 4. lateness, cancelling and moving need one of the customer's appointments (which-appointment.ts);
 * 5. questions (services, prices, hours, address, phone, practical facts) are answered, and never
 *    taken for a change; then a move under way goes on (a pick among the times offered for it
 *    too), and another day or time right after a booking, or a time relative to an appointment
 *    ("une semaine plus tard"), moves it;
 * 6. a pick among the times just offered, or a yes to them, proposes that time;
 * 7. anything about a booking (a service, a day, a time) goes on with the booking under way, and
 *    practical questions asked beside it are answered too;
 * 8. greetings, thanks, goodbyes, help; a doubt or anything not understood while a booking is
 *    under way says that nothing is booked yet and what is missing; else we say what we can do.
 */
export type Action =
  | { kind: 'say'; lines: Line[] }
  /** Questions answered from the salon's data (hours need the week, services the catalogue), in order. */
  | { kind: 'answer'; questions: Question[] }
  | { kind: 'carry_out'; pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }> }
  | { kind: 'decline'; pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }> }
  /** Nothing booked: the proposal is still open, say so and restate it. */
  | { kind: 'restate'; pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }>; before: Action | undefined }
  /** One of the customer's appointments chosen, for the action we asked about. */
  | { kind: 'choose_booking'; action: 'cancel' | 'move' | 'note'; bookingIds: string[] }
  /** The answer fits none of the appointments listed: say so, and ask again among them. */
  | { kind: 'which_again'; action: 'cancel' | 'move' | 'note'; bookingIds: string[][] }
  | { kind: 'propose_offered'; start: string }
  | { kind: 'which_time'; starts: string[] }
  /** The booking under way goes on; `questions` asked beside it ("…et vous prenez la CB ?") are answered first. */
  | { kind: 'seek'; questions?: Question[] }
  | { kind: 'cancel' }
  | { kind: 'move' }
  | { kind: 'late' }
  | { kind: 'list_appointments' }
  /** On the waiting list for the day of the request (and its part of the day). */
  | { kind: 'join_waitlist' }

export type Question =
  | { kind: 'services' }
  | { kind: 'service_info'; serviceId: string }
  /** "Do you do X?" for a service the salon offers: yes, and what it is. */
  | { kind: 'we_do'; serviceId: string }
  | { kind: 'price'; serviceId: string }
  /** "Une couleur et un brushing, ça revient à combien ?": each price and the total. */
  | { kind: 'total'; serviceIds: string[] }
  | { kind: 'hours'; date?: string }
  | { kind: 'inactive'; name: string }
  | { kind: 'not_offered'; treatments: Treatment[] }
  | { kind: 'address' | 'phone' | 'email' | 'practical' }

export function decide(state: ConversationState, u: Understood): Action {
  if (u.intents.has('others_private')) return { kind: 'say', lines: [{ kind: 'privacy' }] }
  // "Mettez-moi sur liste d'attente" (and not "non, pas de liste d'attente"), whatever was asked before.
  if (u.intents.has('waitlist') && !u.intents.has('no') && !u.intents.has('cancel')) return { kind: 'join_waitlist' }

  const { pending } = state
  if (isProposal(pending)) {
    const answer = answerProposal(state, pending, u)
    if (answer) return answer
  } else if (pending) {
    const answer = answerChoice(state, pending, u)
    if (answer) return answer
  }
  return decideFresh(state, u)
}

function answerProposal(
  state: ConversationState,
  pending: Extract<Pending, { kind: 'book' | 'move' | 'cancel' }>,
  u: Understood,
): Action | undefined {
  const { intents } = u
  const newDetails = hasWhen(u.when) || u.shift !== undefined || u.services.length > 0 || otherMember(pending, u)
  const yes = (intents.has('yes') || u.takes) && !intents.has('no')
  if (yes && (!newDetails || sameProposal(pending, u))) return { kind: 'carry_out', pending }
  const no = (intents.has('no') || (pending.kind === 'book' && intents.has('cancel'))) && !intents.has('yes')
  if (no && !newDetails) return { kind: 'decline', pending }
  // "Celui de samedi" to "cancel your Tuesday one?": which appointment to cancel, said again.
  if (pending.kind === 'cancel' && newDetails && !intents.has('move') && !intents.has('book')) return { kind: 'cancel' }
  // New details: a new request (the proposal is dropped by it).
  if (newDetails || intents.has('cancel') || intents.has('move') || intents.has('my_appointments')) return undefined
  // A question while the proposal waits: answer it, then restate the proposal.
  const asked = questions(state, u)
  if (asked.length > 0) return { kind: 'restate', pending, before: { kind: 'answer', questions: asked } }
  if (intents.has('late')) return undefined
  // "merci", "hmm", "👀", anything else: nothing was booked, and the reply says so.
  return { kind: 'restate', pending, before: undefined }
}

/** A member asked for that the proposal is not with ("avec Hugo plutôt", "peu importe qui" to "avec Léa"). */
function otherMember(pending: Pending, u: Understood): boolean {
  if (!u.member || pending.kind !== 'book') return false
  if (u.member.kind === 'unknown') return true
  return (u.member.kind === 'member' ? u.member.memberId : undefined) !== pending.memberId
}

/** A yes that repeats the proposal's own day or time ("oui, à 10h") is still that yes. */
function sameProposal(pending: Pending, u: Understood): boolean {
  if (pending.kind !== 'book' && pending.kind !== 'move') return false
  if (otherMember(pending, u)) return false
  if (u.services.length > 0 && pending.kind === 'book' && !u.services.every((s) => pending.serviceIds.includes(s.id)))
    return false
  const date = u.when.date ?? pending.start.slice(0, 10)
  const minutes = Number(pending.start.slice(11, 13)) * 60 + Number(pending.start.slice(14, 16))
  const options = u.when.timeOptions
  const time = u.when.time ?? (options ? (options.includes(minutes) ? minutes : -1) : minutes)
  return date === pending.start.slice(0, 10) && time === minutes && !u.when.range && !u.when.timeRange
}

function answerChoice(
  state: ConversationState,
  pending: Exclude<Pending, { kind: 'book' | 'move' | 'cancel' }>,
  u: Understood,
): Action | undefined {
  const { choice } = u
  // "Celui de samedi" when none is on a Saturday: asked again with the list — never read as a
  // new day for something else. A request of its own, a question or a no goes on as such.
  if (!choice && pending.kind === 'choose_booking') {
    const own = ['cancel', 'move', 'book', 'late', 'my_appointments', 'no', 'thanks', 'goodbye', 'greeting'] as const
    if (own.some((intent) => u.intents.has(intent)) || questions(state, u).length > 0) return undefined
    return { kind: 'which_again', action: pending.action, bookingIds: pending.options.map((o) => o.bookingIds) }
  }
  // A day or time given while we asked which service: kept, and the question asked again.
  if (!choice && stillChoosingService(pending, u)) return { kind: 'seek' }
  if (!choice) return undefined
  if (pending.kind === 'choose_booking' && 'bookingIds' in choice)
    return { kind: 'choose_booking', action: pending.action, bookingIds: choice.bookingIds }
  // A service or a day chosen: the booking goes on with it.
  if (pending.kind === 'choose_service' || pending.kind === 'choose_day') return { kind: 'seek' }
  return undefined
}

function decideFresh(state: ConversationState, u: Understood): Action {
  const { intents, when, services } = u
  const about = hasWhen(when) || services.length > 0 || u.member !== undefined
  if (intents.has('late')) return { kind: 'late' }
  if (intents.has('cancel')) return { kind: 'cancel' }
  if (intents.has('move')) return { kind: 'move' }
  // "Book my appointment for the 4th" is a booking, not a question about appointments.
  if (intents.has('my_appointments') && !hasWhen(when)) return { kind: 'list_appointments' }

  // A question is answered, and never read as a change: "vous êtes ouverts aujourd'hui ?" or "a
  // che ora chiudete il sabato?" right after a booking asks about the salon, not to move it.
  const asked = questions(state, u)
  if (asked.length > 0) return { kind: 'answer', questions: asked }

  // A move waiting for its new day or time goes on with this one — a pick among the times just
  // offered for it ("la première", "14:30"), or a yes to them, included.
  if (state.movingBookingIds?.length) return takeOffered(state, u, !hasWhen(when)) ?? { kind: 'move' }
  // Right after a booking, another day or time without a new service ("1pm same day ok?") moves it.
  // ("et le 15, vous avez de la place ?" asks about another booking instead.)
  const another = intents.has('book') || intents.has('availability')
  // "Two days later", "eine Woche später": relative to an appointment, so always a move.
  const relative = u.shift !== undefined
  if (state.lastBookingIds?.length && services.length === 0 && (relative || (hasWhen(when) && !another)))
    return { kind: 'move' }
  // "Le brushing, une semaine plus tard": a time relative to an appointment moves it (with none, the
  // move goes on as a booking).
  if (relative) return { kind: 'move' }

  // A pick among the times just offered ("la deuxième", "10h30"), or a yes to them.
  const offeredTaken = takeOffered(state, u, !about && !!state.draft.serviceIds?.length)
  if (offeredTaken) return offeredTaken
  const yes = (intents.has('yes') || u.takes) && !intents.has('no')

  const booking = intents.has('book') || intents.has('availability') || about
  const underWay = !!state.draft.serviceIds?.length || !!state.draft.date || state.draft.time !== undefined
  if (booking || (underWay && (hasWhen(when) || yes))) {
    const beside = practicalQuestions(u)
    return beside.length > 0 ? { kind: 'seek', questions: beside } : { kind: 'seek' }
  }
  if (intents.has('greeting')) return { kind: 'say', lines: [{ kind: 'greeting' }] }
  if (intents.has('thanks'))
    return {
      kind: 'say',
      lines: underWay ? [{ kind: 'thanks' }, { kind: 'nothing_booked_yet' }] : [{ kind: 'thanks' }],
    }
  if (intents.has('goodbye'))
    return {
      kind: 'say',
      lines: underWay ? [{ kind: 'nothing_booked_yet' }, { kind: 'goodbye' }] : [{ kind: 'goodbye' }],
    }
  if (intents.has('help')) return { kind: 'say', lines: [{ kind: 'help' }] }
  // "hmm je sais pas", "not sure": nothing happens, and the reply says so.
  if (intents.has('unsure') && (underWay || (state.offered?.length ?? 0) > 0))
    return { kind: 'say', lines: [{ kind: 'nothing_booked_yet' }, { kind: 'needs', what: missing(state) }] }
  // Not understood: never a reply that could pass for a confirmation.
  if (underWay) return { kind: 'say', lines: [{ kind: 'nothing_booked_yet' }, { kind: 'needs', what: missing(state) }] }
  return { kind: 'say', lines: [{ kind: 'fallback' }] }
}

/**
 * A pick among the times just offered ("la deuxième", "10h30") proposes it; a yes to them (when
 * `yesCounts`: it adds nothing else) proposes the only one, or asks which of several.
 */
function takeOffered(state: ConversationState, u: Understood, yesCounts: boolean): Action | undefined {
  const offered = state.offered ?? []
  if (u.pick !== undefined && offered[u.pick]) return { kind: 'propose_offered', start: offered[u.pick] as string }
  const yes = (u.intents.has('yes') || u.takes) && !u.intents.has('no')
  if (!yes || !yesCounts || offered.length === 0) return undefined
  return offered.length === 1
    ? { kind: 'propose_offered', start: offered[0] as string }
    : { kind: 'which_time', starts: offered }
}

/** A day or time given while we asked which service (nothing to cancel or move): the question still stands. */
export function stillChoosingService(pending: Pending | undefined, u: Understood): boolean {
  const changing = (['cancel', 'move', 'late'] as const).some((intent) => u.intents.has(intent))
  return pending?.kind === 'choose_service' && !changing && u.services.length === 0 && hasWhen(u.when)
}

/**
 * The questions the salon's data answers that the message asks, in a sensible order ("vous êtes
 * où et c'est combien une coupe homme ?" asks two). A message that asks to book asks none: the
 * booking goes on.
 */
function questions(state: ConversationState, u: Understood): Question[] {
  const { intents, when, services, inactive, notOffered } = u
  const asked: Question[] = []
  const about = hasWhen(when)
  const one = services.length === 1 ? services[0] : undefined
  const followUp = state.topic?.kind === 'price' && !intents.has('book') && !intents.has('availability')
  const together = visitServices(u)
  if (!about) {
    if (together && intents.has('price')) asked.push({ kind: 'total', serviceIds: together })
    else if (one && (intents.has('price') || followUp)) asked.push({ kind: 'price', serviceId: one.id })
    else if (one && intents.has('duration')) asked.push({ kind: 'service_info', serviceId: one.id })
    else if (services.length === 0 && notOffered.length > 0) asked.push({ kind: 'not_offered', treatments: notOffered })
    // "Vous faites encore les permanentes ?": a service the salon no longer offers.
    else if (services.length === 0 && inactive[0]) asked.push({ kind: 'inactive', name: inactive[0] })
    // "Vous faites les colorations ?": yes, with what it is; a price asked: the service's details.
    else if (one && intents.has('services')) asked.push({ kind: 'we_do', serviceId: one.id })
    // ("wann macht ihr zu?" asks the hours, not the services.)
    else if ((intents.has('services') && !intents.has('hours')) || intents.has('price'))
      asked.push(one ? { kind: 'service_info', serviceId: one.id } : { kind: 'services' })
  }
  if (intents.has('hours') && when.time === undefined && services.length === 0)
    asked.push({ kind: 'hours', ...(when.date ? { date: when.date } : {}) })
  const booking = intents.has('book') || intents.has('availability') || about || (services.length > 0 && !asked.length)
  if (booking && asked.length === 0) return []
  return [...asked, ...practicalQuestions(u)]
}

/** The services of several asked for together, each clear ("une couleur et un brushing"); else none. */
function visitServices(u: Understood): string[] | undefined {
  const parts = u.visit?.parts
  if (!parts || parts.some((part) => part.options.length !== 1)) return undefined
  const ids = parts.flatMap((part) => Array.from({ length: part.count }, () => part.options[0]?.id as string))
  return ids.length > 1 ? ids : undefined
}

/** Where the salon is, how to reach it, practical facts: asked on their own or beside a booking. */
function practicalQuestions(u: Understood): Question[] {
  return (['address', 'phone', 'email', 'practical'] as const)
    .filter((kind) => u.intents.has(kind))
    .map((kind) => ({ kind }))
}

function missing(state: ConversationState): 'service' | 'day' | 'time' {
  if (!state.draft.serviceIds?.length) return 'service'
  if (!state.draft.date) return 'day'
  return 'time'
}
