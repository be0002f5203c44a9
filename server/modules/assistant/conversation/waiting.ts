import type { WaitPart } from '@common/schemas/waiting-list'
import { findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import { openOffer } from '@server/modules/waiting-list/waiting-list.usecases'
import { type ToolScope, tools } from '../tools'
import type { PartOfDay } from '../understanding/when'
import type { Scene } from './act'
import type { Outcome } from './outcome'
import { type ConversationState, isProposal, type Pending, remember, withDraft, withoutPending } from './state'
import type { Understood } from './understand'

/**
 * The waiting list from the chat: the request under way (its services, its day, its part of the
 * day, its member), with what this message adds ("liste d'attente pour samedi après-midi"), goes
 * on the salon's list. Nothing is booked: the reply says so, and what happens when time frees up.
 */
export async function joinWaitlist(state: ConversationState, scene: Scene): Promise<Outcome> {
  const { u } = scene
  let next = remember(withoutPending(state), u.when, u.services.length > 0 ? u.services.map((s) => s.id) : undefined)
  if (u.member?.kind === 'member') next = withDraft(next, { memberId: u.member.memberId })
  next = { ...next, offered: undefined, offeredWith: undefined }
  const services = (next.draft.serviceIds ?? [])
    .map((id) => scene.services.find((s) => s.id === id))
    .filter((s) => s !== undefined)
  if (services.length === 0) return { lines: [{ kind: 'needs', what: 'service' }], state: next }
  const date = next.draft.date
  if (!date) return { lines: [{ kind: 'needs', what: 'day' }], state: next }
  if (date < scene.today) return { lines: [{ kind: 'past_day' }], state: withDraft(next, { date: undefined }) }
  const part = waitPartOf(next.draft.partOfDay)
  const { memberId } = next.draft
  const result = await tools.join_waiting_list(scene.scope, {
    serviceIds: services.map((s) => s.id),
    date,
    part,
    ...(memberId ? { memberId } : {}),
  })
  if (!result.joined) return { lines: [{ kind: 'waitlist_already', date }], state: next }
  const { customer } = scene.scope
  const unreachable = customer.identity.channel === 'web' && !customer.phone && !customer.email
  return {
    lines: [{ kind: 'waitlist_joined', services, date, part, ...(unreachable ? { contact: true } : {}) }],
    // The wish is on the list: a fresh request may follow.
    state: { ...next, draft: {} },
  }
}

/** The chat's parts of the day, as the waiting list keeps them (before noon, from noon). */
export function waitPartOf(part: PartOfDay | undefined): WaitPart {
  if (part === 'morning') return 'morning'
  if (part === 'afternoon' || part === 'evening') return 'afternoon'
  return 'day'
}

/**
 * A bare "yes" with nothing else under way, from a customer told of a freed time (the waiting
 * list's message said "reply yes"): that time, as the proposal the yes answers. Anything else —
 * a proposal or times of this chat waiting, new details, a no — leaves the offer to its link.
 */
export async function offerAnswered(
  scope: ToolScope,
  state: ConversationState,
  u: Understood,
): Promise<Extract<Pending, { kind: 'book' }> | undefined> {
  const yes = (u.intents.has('yes') || u.takes) && !u.intents.has('no')
  if (!yes || isProposal(state.pending) || state.pending || (state.offered?.length ?? 0) > 0) return undefined
  if (u.services.length > 0 || u.when.date || u.when.time !== undefined || u.member) return undefined
  const customer = await findCustomerByIdentity(scope.db, scope.salon.id, scope.customer.identity)
  if (!customer) return undefined
  const offer = await openOffer(scope, scope.salon, customer.id)
  if (!offer) return undefined
  return {
    kind: 'book',
    serviceIds: offer.serviceIds,
    start: offer.start,
    ...(offer.memberId ? { memberId: offer.memberId } : {}),
  }
}
