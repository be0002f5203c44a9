import type { ServiceInfo, TeamMemberInfo } from '../tools'
import { pickAmong } from '../understanding/services'
import { fold, words } from '../understanding/text'
import { hasWhen, type When } from '../understanding/when'
import { minutesOf } from './slots'
import type { Pending } from './state'
import type { Understood } from './understand'
import { pickListed, pointerOf } from './which-appointment'

/**
 * How a message answers what the last reply offered or asked: a pick among the times offered
 * ("la deuxième", "10h30", "le plus tôt"), the service asked about ("homme", "beide damen"), the
 * day ("le 9"), or one of the customer's appointments ("celui de vendredi", "the first one").
 * Read from the message and the state only; the decision is decide.ts's.
 */
export type Choice = { serviceId: string } | { date: string } | { bookingIds: string[] }

/** The answer the message gives to the choice we asked for, if it gives one. */
export function answerTo(
  pending: Pending | undefined,
  u: Understood,
  active: ServiceInfo[],
  team: readonly TeamMemberInfo[],
): Choice | undefined {
  if (pending?.kind === 'choose_service') {
    const named = u.services.filter((s) => pending.serviceIds.includes(s.id))
    if (named.length === 1 && named[0]) return { serviceId: named[0].id }
    const options = active.filter((s) => pending.serviceIds.includes(s.id))
    const picked = pickAmong(u.message, options) ?? options[ordinal(u.message, options.length) ?? -1]
    return picked ? { serviceId: picked.id } : undefined
  }
  if (pending?.kind === 'choose_day') {
    const index = ordinal(u.message, pending.dates.length)
    const date = u.when.date ?? (index !== undefined ? pending.dates[index] : undefined)
    return date ? { date } : undefined
  }
  if (pending?.kind === 'choose_booking') {
    const pointer = { ...pointerOf(u, team), rank: u.pick ?? ordinal(u.message, pending.options.length) }
    const picked = pickListed(pointer, pending.options)
    return picked ? { bookingIds: picked.bookingIds } : undefined
  }
  return undefined
}

/**
 * Which of the starts just offered a message picks: "the 2nd" (not the 2nd of the month), "la
 * première", "le plus tôt", or a time of the list ("10h30", "quello delle 16", "4pm").
 */
export function pickOffered(message: string, when: When, offered: string[]): number | undefined {
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
