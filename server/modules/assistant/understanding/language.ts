import type { Language } from '@common/languages'
import { LEXICONS } from './intents'
import { phrasesOf } from './lexicon/types'
import { words } from './text'

/**
 * Which of the four languages a customer's message is written in, or undefined when it does not
 * say (a bare "ok", a time, a name). Function words and booking vocabulary (each lexicon's cues)
 * are counted; a clear winner is needed.
 */
const SETS = Object.fromEntries(
  Object.entries(LEXICONS).map(([language, lexicon]) => [
    language,
    new Set(phrasesOf(lexicon.cues.replace(/\s+/g, ' | '))),
  ]),
) as Record<Language, Set<string>>

function scores(text: string): Record<Language, number> {
  const found = words(text)
  return Object.fromEntries(
    (Object.keys(SETS) as Language[]).map((language) => [language, found.filter((w) => SETS[language].has(w)).length]),
  ) as Record<Language, number>
}

export function detectLanguage(text: string): Language | undefined {
  const ranked = Object.entries(scores(text)).sort((a, b) => b[1] - a[1]) as [Language, number][]
  const [first, second] = ranked
  if (!first || first[1] === 0) return undefined
  if (second && second[1] === first[1]) return undefined
  return first[0]
}

/**
 * The language to answer in. The conversation keeps its language (the chat's so far, else the one
 * the screen asked for) unless the message is clearly written in another one: two more of its
 * words than of the current language. A short message ("à 10h", "ok", "go", "di 15.12 9:30", a
 * link) never switches it.
 */
export function replyLanguage(message: string, chat: { language?: Language }, contextLanguage: Language): Language {
  const current = chat.language ?? contextLanguage
  const detected = detectLanguage(message)
  if (!detected || detected === current) return current
  const score = scores(message)
  return score[detected] >= 2 && score[detected] - score[current] >= 2 ? detected : current
}
