import { LANGUAGES } from '@common/languages'
import { addDays } from '@common/time'
import type { ServiceInfo } from '../tools'
import { hasWhen } from '../understanding/when'
import type { Scene } from './act'
import {
  alternatives,
  bookedAtOnce,
  checkStart,
  freeStarts,
  lastBookableDay,
  otherMemberFree,
  refusal,
} from './free-times'
import type { Line, Outcome } from './outcome'
import { dayOf, firstPerDay, inWindow, localStart, minutesOf, plausibleFirst, spread, wishedWindow } from './slots'
import { asking, type ConversationState, offering, type Pending, remember, withDraft, withoutPending } from './state'

/** How many times a list offers at most. */
export const MAX_TIMES = 6

/**
 * The booking under way: with what the customer said so far (kept in the draft), ask for what is
 * missing — the service, the day, the time — or check the precise start and propose it.
 */
export async function seek(state: ConversationState, scene: Scene): Promise<Outcome> {
  const kept = keepProposedTime(state, scene)
  const chosen = takeChoice(kept, scene)
  // A choice just made was the message's service; otherwise the message may name new ones.
  let wish = chosen === kept ? wishedServices(scene, state.topic) : {}
  // Which service is still to be chosen (the message gave a day or a time): asked again.
  if (!wish.serviceIds && !wish.ask && chosen.pending?.kind === 'choose_service') wish = { ask: chosen.pending }
  let next = remember(withoutPending(chosen), scene.u.when, wish.serviceIds, scene.u.corrects)
  const { member } = scene.u
  if (member?.kind === 'unknown') {
    // "avec Marie" and no Marie here: the team is listed, the rest of the wish kept for the answer.
    return { lines: [{ kind: 'unknown_member', name: member.name }], state: { ...next, askedMember: true } }
  }
  if (member) next = withDraft(next, { memberId: member.kind === 'member' ? member.memberId : undefined })
  if (scene.u.visit) next = withDraft(next, { together: scene.u.visit.together || undefined })
  if (wish.ask) {
    next = asking(next, wish.ask)
    const options = scene.services.filter((s) => wish.ask?.serviceIds.includes(s.id))
    return { lines: [{ kind: 'choose_service', services: options }], state: next }
  }
  const services = (next.draft.serviceIds ?? [])
    .map((id) => scene.services.find((s) => s.id === id))
    .filter((s) => s !== undefined)
  if (services.length === 0) {
    next = withDraft(next, { serviceIds: undefined })
    const [inactive] = scene.u.inactive
    return {
      lines: [inactive ? { kind: 'inactive_service', name: inactive } : { kind: 'unknown_service' }],
      state: next,
    }
  }
  const unable = notPerforming(next, services, scene)
  if (!unable) return seekTime(next, services, scene)
  const outcome = await seekTime(unable.state, services, scene)
  return { ...outcome, lines: [unable.line, ...outcome.lines] }
}

/**
 * The member asked for does not perform these services: say who does, and go on with them (the
 * one who does, or any of those who do).
 */
function notPerforming(
  state: ConversationState,
  services: ServiceInfo[],
  scene: Scene,
): { line: Line; state: ConversationState } | undefined {
  const { memberId } = state.draft
  const member = scene.team.find((m) => m.id === memberId)
  const performs = (m: { serviceIds: string[] }) => services.every((s) => m.serviceIds.includes(s.id))
  if (!memberId || !member || performs(member)) return undefined
  const performerIds = scene.team.filter(performs).map((m) => m.id)
  return {
    line: { kind: 'member_not_performing', memberId, services, performerIds },
    state: withDraft(state, { memberId: performerIds.length === 1 ? performerIds[0] : undefined }),
  }
}

/**
 * Another member asked for while a proposal waits ("plutôt avec Hugo", "n'importe qui"): the
 * proposed day and time stay the wish, now with that member.
 */
function keepProposedTime(state: ConversationState, scene: Scene): ConversationState {
  const { pending } = state
  if (pending?.kind !== 'book' || !scene.u.member || hasWhen(scene.u.when)) return state
  return withDraft(state, { date: pending.start.slice(0, 10), time: minutesOf(pending.start), timeOptions: undefined })
}

/** The answer to a choice we asked for (which service, which day), folded into the state. */
function takeChoice(state: ConversationState, scene: Scene): ConversationState {
  const { pending } = state
  const { choice } = scene.u
  if (pending?.kind === 'choose_service' && choice && 'serviceId' in choice) {
    const serviceIds = pending.visit ? pending.visit.map((id) => id ?? choice.serviceId) : [choice.serviceId]
    return withDraft(withoutPending(state), { serviceIds })
  }
  if (pending?.kind === 'choose_day' && choice && 'date' in choice) {
    return withDraft(withoutPending(state), { date: choice.date })
  }
  return state
}

/**
 * The services the message asks for: one, a visit of several in order (repeated for several
 * people), or a question to ask first when a service is not clear ("une coupe": women's or men's?).
 */
function wishedServices(
  scene: Scene,
  topic: ConversationState['topic'],
): {
  serviceIds?: string[]
  ask?: Extract<Pending, { kind: 'choose_service' }>
} {
  const { visit, services } = scene.u
  if (visit) {
    const slots = visit.parts.flatMap((part) =>
      Array.from({ length: part.count }, () => (part.options.length === 1 ? (part.options[0]?.id ?? null) : null)),
    )
    const unclear = visit.parts.find((part) => part.options.length > 1)
    if (!unclear) return { serviceIds: slots as string[] }
    return { ask: { kind: 'choose_service', serviceIds: unclear.options.map((s) => s.id), visit: slots } }
  }
  if (services.length === 1) return { serviceIds: services.map((s) => s.id) }
  if (services.length > 1) return { ask: { kind: 'choose_service', serviceIds: services.map((s) => s.id) } }
  // "And on 15 January?" right after a price: the service being discussed.
  const discussed = topic?.serviceId
  if (discussed && hasWhen(scene.u.when) && scene.services.some((s) => s.id === discussed))
    return { serviceIds: [discussed] }
  return {}
}

async function seekTime(state: ConversationState, services: ServiceInfo[], scene: Scene): Promise<Outcome> {
  const { u, today } = scene
  const { draft } = state
  const { memberId } = draft
  const member = memberId ? { memberId } : {}
  const main = asOne(services)
  // "le 31 février": said to be impossible, never dropped for another day.
  const impossible = u.when.impossibleDate
  if (impossible && !u.when.date) return { lines: [{ kind: 'impossible_date', ...impossible }], state }
  if (u.when.pastDate || (draft.date !== undefined && draft.date < today)) {
    return { lines: [{ kind: 'past_day' }], state: withDraft(state, { date: undefined }) }
  }
  const last = lastBookableDay(scene)
  if (draft.date && draft.date > last) return beyondHorizon(state, services, scene)

  // A weekday that could be this week's or next week's: ask, never guess.
  // (Not for a weekday the salon is closed on: that answer holds for both.)
  const alternativeDays = u.when.dateAlternatives
  if (alternativeDays && alternativeDays.length > 1 && draft.date && dayOf(await scene.week(), draft.date).isOpen) {
    return {
      lines: [{ kind: 'choose_day', dates: alternativeDays }],
      state: asking(state, { kind: 'choose_day', dates: alternativeDays }),
    }
  }

  // "The first free slot", "next week", "en mars": the earliest times of that period.
  if (!draft.date && (u.when.earliest || draft.period)) {
    const from = draft.period && draft.period.from > today ? draft.period.from : today
    if (from > last) return beyondHorizon(state, services, scene)
    const until = draft.period ? (draft.period.to < last ? draft.period.to : last) : last
    const free = inWindow(
      await freeStarts(scene, services, from, until, memberId),
      wishedWindow(draft, length(services)),
    )
    if (u.when.earliest && free[0]) return propose(state, services, scene, free[0])
    // A time wished in that period ("ce week-end" … "um 10"): the first day it is free.
    const wished = draft.time !== undefined ? [draft.time] : (draft.timeOptions ?? [])
    const exact = free.find((start) => wished.includes(minutesOf(start)))
    if (exact) return propose(state, services, scene, exact)
    // "en mars" when bookings open until 1 March: say how far ahead one can book.
    if (free.length === 0 && draft.period && draft.period.to > last) return beyondHorizon(state, services, scene)
    if (free.length === 0) return { lines: [{ kind: 'nothing_free', services }], state }
    const offered = draft.time !== undefined ? firstPerDay(free, draft.time).slice(0, 3) : free.slice(0, 3)
    return { lines: [{ kind: 'next_free', services, starts: offered, ...member }], state: offering(state, offered) }
  }

  if (!draft.date) {
    const first = spread(await freeStarts(scene, services, today, addDays(today, 14), memberId), 3)
    return { lines: [{ kind: 'ask_day', services, first }], state: offering(state, first) }
  }

  // "Le premier créneau vendredi", "frühester Termin am Freitag": that day's first free time, proposed.
  if (u.when.earliest && draft.time === undefined) {
    const [first] = inWindow(
      await freeStarts(scene, services, draft.date, draft.date, memberId),
      wishedWindow(draft, length(services)),
    )
    if (first) return propose(state, services, scene, first)
  }
  // "um 10 oder um 16 Uhr", "11am, 2pm or 5pm": the free ones of the times listed, to choose from.
  const listed = u.when.timeAlternatives
  if (listed && listed.length > 1) {
    const date = draft.date
    const checks = await Promise.all(
      listed.map((m) => checkStart(scene, services, localStart(date, m), undefined, memberId)),
    )
    const free = checks.filter((c) => c.free).map((c) => c.start)
    if (free.length === 1) return propose(state, services, scene, free[0] as string)
    if (free.length > 1) return { lines: [{ kind: 'which_time', starts: free }], state: offering(state, free) }
  }
  const candidates = draft.time !== undefined ? [draft.time] : (draft.timeOptions ?? [])
  if (candidates.length === 0) return dayTimes(state, services, draft.date, scene)
  const ordered = plausibleFirst(await scene.week(), draft.date, candidates)
  const checks = await Promise.all(
    ordered.map((m) => checkStart(scene, services, localStart(draft.date as string, m), undefined, memberId)),
  )
  const free = checks.find((c) => c.free)
  if (free) return propose(state, services, scene, free.start)
  // Candidates come most plausible first: explain that reading (not "closed at 4 am").
  const refused = checks[0] as (typeof checks)[number]
  const minutes = ordered[0] as number
  // The wished time stays: "and on Thursday?" then means the same time another day.
  const kept = withDraft(state, { time: minutes, timeOptions: undefined })
  let reason = refused.reason ?? 'taken'
  if (memberId) {
    // The member asked for is busy: say so when the salon itself is not (another member is free,
    // or every one is taken), and offer the other member and the member's own times.
    const salonWide = await checkStart(scene, services, refused.start)
    if (salonWide.free || salonWide.reason === 'taken') return memberBusy(kept, services, refused.start, scene)
    reason = salonWide.reason ?? reason
  }
  const why = await refusal(scene, main, reason, refused.start)
  if (why.kind === 'beyond_horizon') return beyondHorizon(kept, services, scene)
  const instead = await alternatives(scene, services, draft.date, minutes, memberId)
  return { lines: [why, instead.line], state: offering(kept, instead.offered) }
}

/** "Léa n'est pas libre à 10:00 ; Hugo l'est. Ou Léa à 11:00 ?": the start with the other member first. */
async function memberBusy(
  state: ConversationState,
  services: ServiceInfo[],
  start: string,
  scene: Scene,
): Promise<Outcome> {
  const memberId = state.draft.memberId as string
  const other = await otherMemberFree(scene, services, start, memberId)
  const instead = await alternatives(scene, services, start.slice(0, 10), minutesOf(start), memberId)
  const line: Line = {
    kind: 'member_busy',
    memberId,
    start,
    ...(other ? { otherId: other } : {}),
    starts: instead.offered,
    sameDay: instead.sameDay,
  }
  const offered = other ? [start, ...instead.offered] : instead.offered
  return {
    lines: [line],
    state: { ...offering(state, offered, other ? { [start]: other } : undefined), askedMember: true },
  }
}

function propose(state: ConversationState, services: ServiceInfo[], scene: Scene, start: string): Outcome {
  const { memberId } = state.draft
  const together = bookedAtOnce(scene, services)
  return {
    lines: [{ kind: 'propose', services, start, ...(together ? { together } : memberId ? { memberId } : {}) }],
    state: asking(withDraft(state, { time: undefined, timeOptions: undefined }), {
      kind: 'book',
      serviceIds: services.map((s) => s.id),
      start,
      ...(together ? { together } : memberId ? { memberId } : {}),
    }),
  }
}

async function dayTimes(
  state: ConversationState,
  services: ServiceInfo[],
  date: string,
  scene: Scene,
): Promise<Outcome> {
  const { draft } = state
  const window = wishedWindow(draft, length(services))
  const { memberId } = draft
  const free = inWindow(await freeStarts(scene, services, date, date, memberId), window)
  if (free.length > 0) {
    const offered = spread(free, MAX_TIMES)
    return {
      lines: [
        {
          kind: 'day_times',
          date,
          starts: offered,
          ...(draft.partOfDay ? { part: draft.partOfDay } : {}),
          ...(memberId ? { memberId } : {}),
        },
      ],
      state: offering(state, offered),
    }
  }
  const why = await dayRefusal(scene, services, date)
  const instead = await alternatives(scene, services, date, window ? window[0] : 9 * 60, memberId)
  const part = draft.partOfDay ? { part: draft.partOfDay } : {}
  const noTimes: Line = { kind: 'no_times_that_day', date, ...part }
  const offered = offering(state, instead.offered)
  // Open but full (not closed, not several people at once): the waiting list is offered for it.
  if (why || bookedAtOnce(scene, services)) return { lines: [why ?? noTimes, instead.line], state: offered }
  return {
    lines: [noTimes, instead.line, { kind: 'waitlist_hint', date, ...part }],
    state: { ...offered, fullDay: date },
  }
}

/** Why a whole day has nothing: closed that weekday, or an absence. */
async function dayRefusal(scene: Scene, services: ServiceInfo[], date: string): Promise<Line | undefined> {
  const day = dayOf(await scene.week(), date)
  if (!day.isOpen) return { kind: 'closed_on', date }
  const noon = await checkStart(scene, services, `${date}T12:00`)
  if (noon.reason === 'time_off') return { kind: 'closed_day', date }
  return undefined
}

/** A day past the booking horizon: say so, and offer the last days that can be booked. */
async function beyondHorizon(state: ConversationState, services: ServiceInfo[], scene: Scene): Promise<Outcome> {
  const last = lastBookableDay(scene)
  const { memberId } = state.draft
  const free = await freeStarts(scene, services, addDays(last, -6), last, memberId)
  const offered = lastPerDay(free).slice(-3)
  const lines: Line[] = [{ kind: 'beyond_horizon', lastDate: last }]
  if (offered.length > 0)
    lines.push({ kind: 'alternatives', starts: offered, sameDay: false, ...(memberId ? { memberId } : {}) })
  return { lines, state: offering(withDraft(state, { date: undefined }), offered) }
}

function lastPerDay(starts: string[]): string[] {
  const byDay = new Map<string, string>()
  for (const start of starts) if (!byDay.has(start.slice(0, 10))) byDay.set(start.slice(0, 10), start)
  return [...byDay.values()]
}

/** Minutes of the visit (one service, or several back to back). */
export const length = (services: ServiceInfo[]) => services.reduce((sum, s) => sum + s.durationMinutes, 0)

/** Several services back to back, as one for a refusal ("would end after closing" counts them all). */
/** Several services back to back as one (names joined, lengths and prices added), for a refusal's words. */
export function asOne(services: ServiceInfo[]): ServiceInfo {
  const [first] = services as [ServiceInfo]
  if (services.length === 1) return first
  return {
    ...first,
    name: services.map((s) => s.name).join(' + '),
    translations: Object.fromEntries(
      LANGUAGES.map((language) => [language, services.map((s) => s.translations[language] ?? s.name).join(' + ')]),
    ),
    durationMinutes: services.reduce((sum, s) => sum + s.durationMinutes, 0),
    priceMinor: services.reduce((sum, s) => sum + s.priceMinor, 0),
  }
}
