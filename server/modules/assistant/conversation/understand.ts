import type { Language } from '@common/languages'
import type { Service } from '@common/schemas/catalog'
import type { ServiceInfo, TeamMemberInfo } from '../tools'
import { parseWhenCorrected, splitCorrection } from '../understanding/corrections'
import { detectIntents, type Intent } from '../understanding/intents'
import { splitKept } from '../understanding/keep'
import { lateMinutes } from '../understanding/lateness'
import { type MemberWish, readMemberWish } from '../understanding/members'
import { dayOfMonthAlone, moveCuts } from '../understanding/move-target'
import { type Treatment, treatmentsNotOffered } from '../understanding/not-offered'
import { matchServices, type ServiceRef, sameForOthers } from '../understanding/services'
import { readShift, type Shift } from '../understanding/shift'
import { words } from '../understanding/text'
import { readVisit, type VisitWish } from '../understanding/visit'
import { hasWhen, type When, type WhenContext, weekdayNamedAlone } from '../understanding/when'

export { hasWhen } from '../understanding/when'

import { answerTo, type Choice, pickOffered } from './choices'
import type { ConversationState } from './state'
import type { Pointer } from './which-appointment'

/**
 * Step 1 of the pipeline: what the customer said, read from the message alone (plus what the
 * conversation offered, so "the first one" can be read). No decision is taken here.
 */
export interface Understood {
  message: string
  intents: Set<Intent>
  when: When
  /** The salon's active services the message names, best first (several: a choice or a combination). */
  services: ServiceInfo[]
  /** Services it says to keep ("…, keep the haircut"): never the one to cancel or move. */
  kept: ServiceInfo[]
  /** Several appointments asked for at once ("coupe + brushing", "deux coupes pour moi et ma fille"). */
  visit?: VisitWish<ServiceInfo & ServiceRef>
  /** Inactive services it names (the salon does not offer them now). */
  inactive: string[]
  /** Treatments it asks about that the salon has no service for ("vous faites les ongles ?"). */
  notOffered: Treatment[]
  /** An index into the starts just offered ("la première", "10h30"). */
  pick?: number
  /** "je le prends", "den nehme ich", "I'll take it": a yes to what was just offered or proposed. */
  takes: boolean
  /**
   * A move that names which appointment apart from where to ("celui du 17 à vendredi"): what names
   * it (then `when` is where to alone).
   */
  designates?: { pointer: Omit<Pointer, 'kept' | 'named'>; to: When; toWeekday?: number }
  /** The day said by its weekday alone ("celui de samedi"; 0 = Monday): it points at any such weekday. */
  weekday?: number
  /** The customer corrects what they said ("ah non, plutôt…", "anzi", "wait,", "instead"). */
  corrects: boolean
  /** "deux jours plus tard", "an hour earlier": a move relative to the appointment itself. */
  shift?: Shift
  /** "10 minutes de retard": how late the customer will be, when they say it. */
  lateMinutes?: number
  /** The answer to the choice the last reply asked for (a service, a day, an appointment). */
  choice?: Choice
  /** A team member asked for, any member, or a name not on the team (a salon of several members only). */
  member?: MemberWish
}

export interface UnderstandContext {
  today: string
  language: Language
  /** Every service of the salon, inactive ones included (a customer asking for one hears so). */
  catalog: Service[]
  active: ServiceInfo[]
  state: ConversationState
  /** The salon's active team members (one: a solo salon, where nobody is asked for). */
  team?: TeamMemberInfo[]
  /** The salon's name: its words are not a person's name ("chez Salon Lumière"). */
  salonName?: string
  /** The salon's country (its national day). */
  country?: string
}

export function understand(message: string, context: UnderstandContext): Understood {
  const { today, language, catalog, active, state } = context
  // "…, garde la coupe": what is kept is not what the message asks about.
  const { rest, kept } = splitKept(message)
  // "une coupe… ah non, un brushing": the service said after a correction replaces the one before.
  const correction = splitCorrection(rest)
  const corrected = correction ? matchServices(correction.after, catalog) : undefined
  const match = corrected?.matches.length ? corrected : matchServices(rest, catalog)
  let named = match.matches
  // "und herren?" right after a price: the same service for others.
  const previous = catalog.find((s) => s.id === state.topic?.serviceId)
  if (named.length === 0 && previous) named = sameForOthers(message, previous, catalog)
  const services = activeOf(named, active)
  const intents = detectIntents(message)
  const reading = { ...whenContext(today, language, state), ...(context.country ? { country: context.country } : {}) }
  const understood: Understood = {
    message,
    intents,
    when: parseWhenCorrected(message, reading),
    services,
    kept: kept ? activeOf(matchServices(kept, catalog).matches, active) : [],
    inactive: match.inactive.map((s) => s.name),
    notOffered: treatmentsNotOffered(
      message,
      catalog.filter((s) => s.isActive).map((s) => s.name),
    ),
    takes: intents.has('take'),
    corrects: correction !== undefined || INSTEAD_WORDS.test(` ${words(message).join(' ')} `),
  }
  // (A weekday said alone always gives a date: without one, no need to read the message again.)
  const weekday = understood.when.date ? weekdayNamedAlone(message, language) : undefined
  if (weekday !== undefined) understood.weekday = weekday
  const shift = readShift(message)
  if (shift && !intents.has('late')) understood.shift = shift
  if (intents.has('late')) {
    const minutes = lateMinutes(message)
    if (minutes !== undefined) understood.lateMinutes = minutes
  }
  const visit = readVisit(
    message,
    active.map((s) => ({ ...s, isActive: true })),
  )
  if (visit) understood.visit = visit
  if (state.offered) {
    const pick = pickOffered(message, understood.when, state.offered)
    if (pick !== undefined) understood.pick = pick
  }
  const team = context.team ?? []
  if (team.length > 1) {
    const member = readMemberWish(message, {
      members: team,
      answering: state.askedMember === true,
      known: [...catalog.flatMap((s) => [s.name, ...Object.values(s.translations)]), context.salonName ?? ''],
    })
    if (member) understood.member = member
  }
  if (intents.has('move')) {
    const designates = moveDesignation(rest, context, reading)
    if (designates) understood.designates = designates
  }
  const choice = answerTo(state.pending, understood, active, team)
  if (choice) understood.choice = choice
  return understood
}

/** Words that say the message replaces what was asked ("plutôt", "lieber", "invece", "instead"). */
const INSTEAD_WORDS = / (?:plutot|lieber|stattdessen|eher|invece|piuttosto|instead|rather) /

const activeOf = (named: readonly { id: string }[], active: ServiceInfo[]) =>
  named.map((m) => active.find((s) => s.id === m.id)).filter((s) => s !== undefined)

/** What the conversation tells the date reader: the period spoken of, and the day it is about. */
function whenContext(today: string, language: Language, state: ConversationState): WhenContext {
  const { pending, draft } = state
  const proposed = pending && 'start' in pending ? pending.start.slice(0, 10) : undefined
  const near = draft.date ?? proposed ?? state.offered?.[0]?.slice(0, 10) ?? state.near
  return { today, language, ...(draft.period ? { week: draft.period } : {}), ...(near ? { near } : {}) }
}

/**
 * "Décaler celui du 17 à vendredi 19 février": the part before the word that says where to names
 * the appointment (its day, date, time, service, member), the part after is the new time — read
 * apart, so the two days never run together. The new time is used only when that part names one
 * of the customer's appointments (appointments.ts); otherwise the message is read whole.
 */
function moveDesignation(message: string, context: UnderstandContext, reading: WhenContext): Understood['designates'] {
  const { language } = context
  const whenOf = (text: string) => parseWhenCorrected(text, reading)
  for (const parts of moveCuts(message, language, (text) => hasWhen(whenOf(text)))) {
    const pointer = pointerIn(parts.which, whenOf(parts.which), context)
    if (!pointer) continue
    // Where to, read alone; a weekday said alone there is the new day's.
    const to = whenOf(parts.to)
    const toWeekday = to.date ? weekdayNamedAlone(parts.to, language) : undefined
    return { pointer, to, ...(toWeekday !== undefined ? { toWeekday } : {}) }
  }
  return undefined
}

/** What a part of a message names of an appointment (day, date, time, service, member), if anything. */
function pointerIn(
  text: string,
  which: When,
  context: UnderstandContext,
): NonNullable<Understood['designates']>['pointer'] | undefined {
  const { language, catalog, active } = context
  const services = activeOf(matchServices(text, catalog).matches, active).map((s) => s.name)
  const team = context.team ?? []
  const wish =
    team.length > 1
      ? readMemberWish(text, { members: team, answering: false, known: catalog.map((s) => s.name) })
      : undefined
  const member = wish?.kind === 'member' ? team.find((m) => m.id === wish.memberId)?.name : undefined
  const weekday = which.date ? weekdayNamedAlone(text, language) : undefined
  const dayOfMonth = dayOfMonthAlone(text)
  const day =
    weekday !== undefined
      ? { weekday }
      : dayOfMonth !== undefined
        ? { dayOfMonth }
        : which.date
          ? { date: which.date }
          : {}
  // "quello delle 11": of both readings of an hour, the one in a salon's day.
  const daytime = which.timeOptions?.filter((t) => t >= 7 * 60 && t <= 21 * 60)
  const time = which.time ?? (daytime?.length === 1 ? daytime[0] : undefined)
  const named = Object.keys(day).length > 0 || time !== undefined || services.length > 0 || member
  if (!named) return undefined
  return { services, ...day, ...(time !== undefined ? { time } : {}), ...(member ? { member } : {}) }
}
