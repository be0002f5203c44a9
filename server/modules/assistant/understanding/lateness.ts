import { cardinalValue } from './numbers'
import { fold, words } from './text'

/**
 * How late a customer says they will be: "10 minutes de retard", "komme ca 10 min später",
 * "un quart d'heure", "half an hour", "dieci minuti". Undefined when no length is said.
 */
const MINUTE_WORDS = new Set(['min', 'mins', 'minute', 'minutes', 'minuten', 'minuti', 'minuto', 'mn', 'minutos'])

const SPANS: [RegExp, number][] = [
  [/\b(?:un )?quart d heure\b|\bviertelstunde\b|\bquarto d ora\b|\bquarter of an hour\b|\bquarter hour\b/, 15],
  [/\bdemi heure\b|\bhalbe stunde\b|\bhalben stunde\b|\bmezz ora\b|\bmezzora\b|\bhalf an hour\b|\bhalf hour\b/, 30],
]

export function lateMinutes(message: string): number | undefined {
  const list = words(message)
  for (const [i, word] of list.entries()) {
    if (!MINUTE_WORDS.has(word)) continue
    const before = list[i - 1]
    const value = before === undefined ? undefined : /^\d{1,3}$/.test(before) ? Number(before) : cardinalValue(before)
    if (value !== undefined && value > 0 && value <= 180) return value
  }
  // "10min", "15mn" written together
  const joined = /(?:^|\s)(\d{1,3})(?:min|mins|mn)\b/.exec(fold(message))
  if (joined) return Number(joined[1])
  const text = list.join(' ')
  return SPANS.find(([pattern]) => pattern.test(text))?.[1]
}
