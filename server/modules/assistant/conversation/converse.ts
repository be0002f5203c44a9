import type { Language } from '@common/languages'
import type { IcsData } from '@common/schemas/chat'
import { instantToLocal } from '@common/time'
import { AppError } from '@server/errors'
import { listSalonServices } from '@server/modules/catalog/catalog.usecases'
import { reviewSoon } from '@server/modules/waiting-list/waiting-list.usecases'
import { type TeamMemberInfo, type ToolScope, tools, toServiceInfo } from '../tools'
import { act, type Scene } from './act'
import { decide, stillChoosingService } from './decide'
import { alternatives } from './free-times'
import { withHoldWords } from './hold-words'
import type { Outcome } from './outcome'
import { render } from './reply'
import { asking, type ConversationState, isChoice, withExclusions, withoutPending } from './state'
import { type Suggestion, suggestionsFor } from './suggestions'
import { understand } from './understand'
import { offerAnswered } from './waiting'

/**
 * The built-in assistant, one message at a time, as a pipeline read top to bottom:
 *
 *   understand (message → what the customer said)          understand.ts
 *   decide     (conversation state × that → one action)     decide.ts
 *   act        (the action through the tools → facts)       act.ts, seek.ts, move.ts
 *   reply      (facts → sentences in the customer's language) reply.ts, ../phrases/
 *
 * The conversation state and its transitions are in state.ts. It proposes a precise appointment
 * (service, day, time, price) and books only after the customer says yes; it never offers a time
 * the availability engine did not give, and never answers in a way that could pass for a booking
 * that did not happen.
 */
export interface DialogueReply {
  text: string
  icsData?: IcsData
  /** The customer's own page of what this message booked or moved. */
  bookingLink?: string
  /** An appointment was booked or moved by this message. */
  booked?: boolean
  /** What the customer can tap to answer this reply (suggestions.ts). */
  suggestions?: Suggestion[]
  state: ConversationState
}

/** Answers one message in `language` (the use case decides it, see replyLanguage). */
export async function converse(
  scope: ToolScope,
  stored: ConversationState,
  message: string,
  language: Language,
): Promise<DialogueReply> {
  const today = instantToLocal(scope.clock.now(), scope.salon.timeZone).date
  // Inactive services too: a customer asking for one hears that the salon no longer offers it.
  const catalog = await listSalonServices(scope.db, scope.salon)
  const services = catalog.filter((s) => s.isActive).map(toServiceInfo)
  const { team } = await tools.get_salon_info(scope)

  const heard = withTeam({ ...stored, language }, team)
  const understood = understand(message, {
    today,
    language,
    catalog,
    active: services,
    state: heard,
    team,
    salonName: scope.salon.name,
    country: scope.salon.country,
  })
  // A question we asked (which service or day) that the message does not answer is dropped: the
  // message is a request of its own. "Who?" is asked for this message only.
  const asked = { ...heard, askedMember: undefined, fullDay: undefined }
  // (Which appointment stays asked: an answer that fits none is asked again, see decide.ts.)
  // ("une coupe" → "women's or men's?" → "vendredi": the day is kept and the question asked again.)
  const unanswered =
    isChoice(asked.pending) &&
    !understood.choice &&
    asked.pending?.kind !== 'choose_booking' &&
    !stillChoosingService(asked.pending, understood)
  const unpended = unanswered ? withoutPending(asked) : asked
  // "Oui" to the waiting list's message of a freed time: that time is the proposal answered.
  const offer = await offerAnswered(scope, unpended, understood)
  const state = offer ? asking(unpended, offer) : unpended
  const action = decide(state, understood)
  const scene: Scene = {
    scope,
    language,
    today,
    services,
    week: once(async () => (await tools.get_opening_hours(scope)).week),
    u: understood,
    team,
    excluded: withExclusions(state.draft.excluded, understood.when.excluded),
    together: understood.visit
      ? understood.visit.together
      : understood.services.length === 0 && state.draft.together === true,
  }
  const outcome = await act(action, state, scene).catch((error: unknown) => slotGone(error, state, scene))
  // The others offered that time hear it was taken (and this customer's entry is booked).
  if (offer && outcome.booked) await reviewSoon(scope.db, scope.jobs, scope.salon.id)
  // A follow-up ("et une coupe homme ?") follows an answer directly, not a later turn.
  if (action.kind !== 'answer' && action.kind !== 'restate') outcome.state.topic = undefined

  const text = render(await withHoldWords(outcome.lines, scope, language), {
    language,
    salon: scope.salon,
    services,
    customerName: scope.customer.name,
    team,
    // Instagram takes no calendar file: the customer's page link stands in for it.
    calendarAttached: scope.customer.identity.channel !== 'instagram',
  })
  const suggestions = suggestionsFor(outcome.state, language, services)
  return {
    text,
    state: outcome.state,
    ...(suggestions.length > 0 ? { suggestions } : {}),
    ...(outcome.icsData ? { icsData: outcome.icsData } : {}),
    ...(outcome.bookingLink ? { bookingLink: outcome.bookingLink } : {}),
    ...(outcome.booked ? { booked: true } : {}),
  }
}

/**
 * A member asked for who has left the team (deactivated) since the chat remembered them is
 * forgotten: any member will do, and nothing asks the engine about them.
 */
function withTeam(state: ConversationState, team: TeamMemberInfo[]): ConversationState {
  const onTeam = (id: string | undefined) => id === undefined || team.some((m) => m.id === id)
  let next = state
  if (!onTeam(state.draft.memberId)) next = { ...next, draft: { ...next.draft, memberId: undefined } }
  if (next.pending?.kind === 'book' && !onTeam(next.pending.memberId)) next = withoutPending(next)
  if (next.offeredWith && !Object.values(next.offeredWith).every((id) => onTeam(id)))
    next = { ...next, offered: undefined, offeredWith: undefined }
  return next
}

/** A slot taken between the proposal and the "yes": say so and offer what is free instead. */
async function slotGone(error: unknown, state: ConversationState, scene: Scene): Promise<Outcome> {
  if (!(error instanceof AppError) || !GONE.includes(error.code)) throw error
  const pending = state.pending?.kind === 'book' || state.pending?.kind === 'move' ? state.pending : undefined
  const left = error.code !== 'bookings.slot_taken'
  const next: ConversationState = {
    ...state,
    pending: undefined,
    draft: left ? { ...state.draft, memberId: undefined } : state.draft,
  }
  const services = (state.draft.serviceIds ?? [])
    .map((id) => scene.services.find((s) => s.id === id))
    .filter((s) => s !== undefined)
  if (!pending || services.length === 0) return { lines: [{ kind: 'slot_gone' }], state: next }
  const date = pending.start.slice(0, 10)
  const minutes = Number(pending.start.slice(11, 13)) * 60 + Number(pending.start.slice(14, 16))
  const memberId = pending.kind === 'book' && error.code === 'bookings.slot_taken' ? pending.memberId : undefined
  const instead = await alternatives(scene, services, date, minutes, memberId)
  return {
    lines: [{ kind: 'slot_gone' }, instead.line],
    state: { ...next, offered: instead.offered.length ? instead.offered : undefined },
  }
}

/** A "yes" that came too late: the slot, or the member asked for, is no longer there. */
const GONE = ['bookings.slot_taken', 'team.member_not_found', 'team.member_not_performing']

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined
  return () => {
    value ??= load()
    return value
  }
}
