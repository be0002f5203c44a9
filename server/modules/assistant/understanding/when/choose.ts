/**
 * Choosing among several dates, periods, times or parts of the day in one message: a negated one
 * ("pas mardi", "not Tuesday", "kann nicht um 9", "instead of…") is dropped; one marked as the new
 * choice ("… instead", "plutôt …", "lieber …", "invece …", "what about …", or after "to" when the
 * message changes something: "change the time to 11:45") wins, the last such; otherwise the first.
 */
import {
  FILLERS,
  FROM_WORDS,
  NEGATED_BEFORE,
  NEGATIONS,
  NOT_PREFERRED_AFTER,
  PREFERRED_AFTER,
  PREFERRED_BEFORE,
  PREFERRED_PHRASE_BEFORE,
  REPLACED_BEFORE,
  TO_WORDS,
} from './cue-words'
import type { Mention, Text } from './tokens'

/** -2 negated, -1 replaced, 0 plain, 1 the new choice. */
function score(text: Text, mention: Mention, change: boolean): number {
  const beforeWords = text.before(mention.start, 6)
  let k = 0
  let toBefore = false
  let comma = false
  while (k < beforeWords.length && FILLERS.has(beforeWords[k] as string)) {
    if (TO_WORDS.has(beforeWords[k] as string)) toBefore = true
    if (beforeWords[k] === ',') comma = true
    k++
  }
  const lead = beforeWords[k]
  const lead2 = `${beforeWords[k + 1] ?? ''} ${lead ?? ''}`.trim()
  if (lead !== undefined && TO_WORDS.has(lead)) toBefore = true
  // "au 10", "to the 12th": the preposition may be part of the mention itself
  if (TO_WORDS.has(text.text.slice(mention.start, mention.end).split(' ')[0] ?? '')) toBefore = true
  if (change && (beforeWords[0] === 'de' || beforeWords[0] === 'du' || beforeWords[0] === 'd')) return -1
  const phrase = beforeWords
    .slice(k, k + 4)
    .reverse()
    .join(' ')
  // "Non, le 2e" answers no to a question and then names the choice: "non" negates nothing here.
  const answeredNo = comma && (lead === 'non' || lead === 'no' || lead === 'nein' || lead === 'nee')
  if (!answeredNo && ((lead !== undefined && NEGATIONS.has(lead)) || NEGATED_BEFORE.test(phrase))) return -2
  if (PREFERRED_PHRASE_BEFORE.test(phrase)) return 1
  if (lead !== undefined && (REPLACED_BEFORE.includes(lead) || REPLACED_BEFORE.includes(lead2)))
    return change || !FROM_WORDS.has(lead) ? -1 : 0
  if (lead !== undefined && PREFERRED_BEFORE.has(lead)) return 1
  if (change && toBefore) return 1
  const afterWords = text.after(mention.end, 4)
  const offset = afterWords[0] === ',' ? 1 : 0
  const next = afterWords[offset]
  const following = afterWords[offset + 1]
  if (next !== undefined && PREFERRED_AFTER.has(next) && !NOT_PREFERRED_AFTER.has(following ?? '')) return 1
  if (next === 'a' && following === 'la' && afterWords[offset + 2] === 'place') return 1
  return 0
}

/** A mention the message rules out ("pas le matin", "not on a Saturday", "außer Freitag", "tranne giovedì"). */
export function isNegated(text: Text, mention: Mention, change: boolean): boolean {
  return score(text, mention, change) === -2
}

export function choose<T extends Mention>(text: Text, mentions: T[], change: boolean): T | undefined {
  let best: T | undefined
  let bestScore = Number.NEGATIVE_INFINITY
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    const s = score(text, mention, change)
    if (s > bestScore || (s === bestScore && s > 0)) {
      best = mention
      bestScore = s
    }
  }
  return best
}

export function sentenceBreakBetween(text: Text, a: Mention, b: Mention): boolean {
  const [first, second] = a.start < b.start ? [a, b] : [b, a]
  return /(?:^| )[.?!;](?= |$)/.test(text.text.slice(first.end, second.start))
}

/** Between two times offered as alternatives: commas and "or" ("10am or 4pm", "um 11, 14 oder 16 Uhr"). */
const OR_GAP = /^[\s,]*(?:(?:or|oder|ou|o|oppure|sinon)[\s,]*)?$/
const HAS_OR = /(?:^| )(?:or|oder|ou|o|oppure|sinon)(?: |$)/

/** Two or more mentions listed as alternatives, none of them negated or replaced; else none. */
export function listedAlternatives<T extends Mention>(text: Text, mentions: T[], change: boolean): T[] {
  if (mentions.length < 2) return []
  const sorted = [...mentions].sort((a, b) => a.start - b.start)
  // A mention read as a list going on starts with its "," or "or" ("um 11, 14 oder 16 Uhr").
  const gaps = sorted.slice(1).map((m, i) => {
    const lead = text.text.slice(m.start, m.end).split(' ')[0] ?? ''
    const joiner = lead === ',' || HAS_OR.test(lead) ? ` ${lead}` : ''
    return `${text.text.slice((sorted[i] as T).end, m.start)}${joiner}`
  })
  if (!gaps.every((gap) => OR_GAP.test(gap)) || !gaps.some((gap) => HAS_OR.test(gap))) return []
  return sorted.some((m) => score(text, m, change) < 0) ? [] : sorted
}
