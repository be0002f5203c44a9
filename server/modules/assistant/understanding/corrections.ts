import { fold } from './text'
import { hasWhen, parseWhen, type When, type WhenContext } from './when'
import { weekOf } from './when/calendar'

/**
 * A customer correcting themselves in one message: "mardi… ah non, plutôt mercredi", "um 10 – nee,
 * halb 11", "alle 15, anzi no, alle 17", "thursday 3pm. wait, 4pm". What follows the correction
 * replaces what it says again (the day, the time, the part of the day); the rest of what came before
 * stays. A weekday given to correct a date counts from that date's week ("le jeudi 10, non, le
 * vendredi" is Friday the 11th).
 */
const CORRECTION =
  /(?:^|[\s,.;:!?…-])(?:ah non|euh non|oh non|non pardon|pardon|non plutot|ou plutot|enfin non|je veux dire|en fait|non attendez|attendez|attends|ach nein|ach ne|nee|nein|ne|oder besser|ich meine|moment|halt|sorry|anzi no|anzi|no scusa|scusa|cioe|volevo dire|o meglio|no aspetta|aspetta|no wait|wait|i mean|actually|make that|scratch that|or rather|sorry)(?=[\s,.;:!?…-]|$)/g

/** The message before and after its last correction followed by something, when there is one. */
export function splitCorrection(message: string): { before: string; after: string } | undefined {
  const text = fold(message)
  let last: RegExpExecArray | undefined
  // ("…11am I mean": a marker that ends the message corrects nothing after it.)
  for (const match of text.matchAll(CORRECTION)) {
    if (text.slice(match.index + match[0].length).trim()) last = match as RegExpExecArray
  }
  if (!last) return undefined
  const before = text.slice(0, last.index).trim()
  const after = text.slice(last.index + last[0].length).trim()
  return before && after ? { before, after } : undefined
}

/** When the message asks for, its correction applied. */
export function parseWhenCorrected(message: string, context: WhenContext): When {
  const whole = parseWhen(message, context)
  const parts = splitCorrection(message)
  if (!parts) return whole
  const first = parseWhen(parts.before, context)
  if (!hasWhen(first)) return whole
  const week = first.date ? weekOf(first.date) : context.week
  const second = parseWhen(parts.after, { ...context, ...(week ? { week } : {}) })
  if (!hasWhen(second)) return whole
  return corrected(first, second)
}

/** The first reading with what the second one says again replaced. */
function corrected(first: When, second: When): When {
  const day = second.date !== undefined || second.range !== undefined
  const hour =
    second.time !== undefined ||
    second.timeOptions !== undefined ||
    second.timeRange !== undefined ||
    second.partOfDay !== undefined
  const out: When = {}
  const from = (reading: When, keys: (keyof When)[]) => {
    for (const key of keys) if (reading[key] !== undefined) (out as Record<string, unknown>)[key] = reading[key]
  }
  from(day ? second : first, ['date', 'range', 'dateAlternatives', 'pastDate'])
  from(hour ? second : first, [
    'time',
    'timeOptions',
    'timeAlternatives',
    'timeRange',
    'partOfDay',
    'partOfDayEdge',
    'approximate',
  ])
  if (first.earliest || second.earliest) out.earliest = true
  if (first.sameTime || second.sameTime) out.sameTime = true
  return out
}
