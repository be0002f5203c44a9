import type { Language } from '../../../../common/languages'
import type { Service } from '../../../../common/schemas/catalog'
import type { ServiceInfo } from '../tools'
import { detectIntents, type Intent } from '../understanding/intents'
import { lateMinutes } from '../understanding/lateness'
import { type Treatment, treatmentsNotOffered } from '../understanding/not-offered'
import { matchServices, type ServiceRef, sameForOthers } from '../understanding/services'
import { fold, words } from '../understanding/text'
import { readVisit, type VisitWish } from '../understanding/visit'
import { parseWhen, type When, type WhenContext } from '../understanding/when'
import { minutesOf } from './slots'
import type { ConversationState } from './state'

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
  /** "10 minutes de retard": how late the customer will be, when they say it. */
  lateMinutes?: number
}

export interface UnderstandContext {
  today: string
  language: Language
  /** Every service of the salon, inactive ones included (a customer asking for one hears so). */
  catalog: Service[]
  active: ServiceInfo[]
  state: ConversationState
}

export function understand(message: string, context: UnderstandContext): Understood {
  const { today, language, catalog, active, state } = context
  const match = matchServices(message, catalog)
  let named = match.matches
  // "und herren?" right after a price: the same service for others.
  const previous = catalog.find((s) => s.id === state.topic?.serviceId)
  if (named.length === 0 && previous) named = sameForOthers(message, previous, catalog)
  const services = named.map((m) => active.find((s) => s.id === m.id)).filter((s) => s !== undefined)
  const intents = detectIntents(message)
  const understood: Understood = {
    message,
    intents,
    when: parseWhen(message, whenContext(today, language, state)),
    services,
    inactive: match.inactive.map((s) => s.name),
    notOffered: treatmentsNotOffered(
      message,
      catalog.filter((s) => s.isActive).map((s) => s.name),
    ),
    takes: intents.has('take'),
  }
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
  return understood
}

/** What the conversation tells the date reader: the period spoken of, and the day it is about. */
function whenContext(today: string, language: Language, state: ConversationState): WhenContext {
  const { pending, draft } = state
  const proposed = pending && 'start' in pending ? pending.start.slice(0, 10) : undefined
  const near = draft.date ?? proposed ?? state.offered?.[0]?.slice(0, 10) ?? state.near
  return { today, language, ...(draft.period ? { week: draft.period } : {}), ...(near ? { near } : {}) }
}

/** Whether the message says anything about when. */
export const hasWhen = (when: When): boolean =>
  when.date !== undefined ||
  when.time !== undefined ||
  when.timeOptions !== undefined ||
  when.partOfDay !== undefined ||
  when.range !== undefined ||
  when.timeRange !== undefined ||
  when.earliest === true

/**
 * Which of the starts just offered a message picks: "the 2nd" (not the 2nd of the month), "la
 * première", "le plus tôt", or a time of the list ("10h30", "quello delle 16", "4pm").
 */
function pickOffered(message: string, when: When, offered: string[]): number | undefined {
  if (ORDINAL_ONLY.test(fold(message).trim())) return ordinal(message, offered.length)
  const { earliest: _earliest, ...rest } = when
  if (!hasWhen(rest)) return ordinal(message, offered.length) ?? hourAmong(message, offered)
  if (when.date === undefined && (when.time !== undefined || when.timeOptions)) {
    const wanted = when.time !== undefined ? [when.time] : (when.timeOptions ?? [])
    const index = offered.findIndex((start) => wanted.includes(minutesOf(start)))
    return index >= 0 ? index : undefined
  }
  return undefined
}

/** "the 2nd", "la 2e", "die zweite", "la seconda", "2nd one": a rank, nothing else. */
const ORDINAL_ONLY =
  /^(?:(?:the|la|le|die|den|das|il|lo|l)\s+)?(?:\d(?:st|nd|rd|th|e|eme|ere|er|°)?|first|second|third|premiere?|deuxieme|troisieme|erste[nr]?|zweite[nr]?|dritte[nr]?|prim[oa]|second[oa]|terz[oa])(?:\s+(?:one|option|choice|bitte|please|svp|stp|per favore))?[\s.!?]*$/

/** A bare hour that one offered start has ("quello delle 16", "um 4"). */
function hourAmong(message: string, offered: string[]): number | undefined {
  const hours = words(message)
    .filter((w) => /^\d{1,2}$/.test(w))
    .map(Number)
  const matching = offered
    .map((start, index) => ({ index, minutes: minutesOf(start) }))
    .filter(({ minutes }) => minutes % 60 === 0 && hours.some((h) => h * 60 === minutes || (h + 12) * 60 === minutes))
  return matching.length === 1 ? matching[0]?.index : undefined
}

/** "la première", "the second one", "2", "the earliest", "la dernière" → a 0-based index among `count` items. */
export function ordinal(message: string, count: number): number | undefined {
  const list = words(message)
  const text = ` ${list.join(' ')} `
  const table: [number, string[]][] = [
    [0, ['1', 'premier', 'premiere', 'first', 'erste', 'ersten', 'erster', 'primo', 'prima', '1st', '1er', '1ere']],
    [1, ['2', 'deuxieme', 'second', 'seconde', 'zweite', 'zweiten', 'secondo', 'seconda', '2nd', '2e', '2eme']],
    [2, ['3', 'troisieme', 'third', 'dritte', 'dritten', 'terzo', 'terza', '3rd', '3e', '3eme']],
  ]
  for (const [index, names] of table) if (index < count && list.some((w) => names.includes(w))) return index
  if (
    / (dernier|derniere|letzte|letzten|letzter|ultimo|ultima|last|latest|later|spatere|spateste|spatesten) /.test(text)
  )
    return count - 1
  if (/ (earliest|plus tot|fruheste|fruhesten|fruhester|fruher|piu presto|prima possibile) /.test(text)) return 0
  return undefined
}
