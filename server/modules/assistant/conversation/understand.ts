import type { Language } from '../../../../common/languages'
import type { Service } from '../../../../common/schemas/catalog'
import type { ServiceInfo } from '../tools'
import { detectIntents, type Intent } from '../understanding/intents'
import { type Treatment, treatmentsNotOffered } from '../understanding/not-offered'
import { matchServices, type ServiceRef, sameForOthers } from '../understanding/services'
import { words } from '../understanding/text'
import { readVisit, type VisitWish } from '../understanding/visit'
import { parseWhen, type When } from '../understanding/when'
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
    when: parseWhen(message, { today, language, ...(state.draft.period ? { week: state.draft.period } : {}) }),
    services,
    inactive: match.inactive.map((s) => s.name),
    notOffered: treatmentsNotOffered(
      message,
      catalog.filter((s) => s.isActive).map((s) => s.name),
    ),
    takes: intents.has('take'),
  }
  const visit = readVisit(
    message,
    active.map((s) => ({ ...s, isActive: true })),
  )
  if (visit) understood.visit = visit
  // "le plus tôt", "the earliest" among times just offered is a pick, not a new search.
  const { earliest, ...rest } = understood.when
  const pick = state.offered && !hasWhen(rest) ? ordinal(message, state.offered.length) : undefined
  if (pick !== undefined) understood.pick = pick
  return understood
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
