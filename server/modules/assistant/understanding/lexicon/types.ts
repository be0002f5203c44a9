import type { Intent } from '../intents'

/**
 * One language's words, as data: the phrases that carry each intent, and the words that tell the
 * language itself. Phrases are written folded (lower case, no accents, apostrophes and hyphens as
 * spaces) and separated by " | ", so a list reads as one paragraph per intent.
 */
export interface Lexicon {
  intents: Partial<Record<Intent, string>>
  /** Function words and salon vocabulary that say a message is written in this language. */
  cues: string
}

export const phrasesOf = (list: string | undefined): string[] =>
  (list ?? '')
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean)
