import { fold } from './text'

/**
 * "Annule la barbe, garde la coupe", "storniere den Bart, behalte den Schnitt", "disdici la barba
 * ma tieni il taglio", "cancel the beard trim, keep the haircut": the part of a message that names
 * what the customer keeps. A service named there is never the one to cancel or move.
 */
const KEEP =
  /\b(?:garde|garder|gardez|gardons|conserve|conserver|conservez|behalte|behalten|behaltet|lass|lasse|lassen|tengo|tenere|tieni|tenete|mantengo|mantenere|mantieni|lascio|lasciare|lascia|keep|keeping|leave)\b[^,.;!?]*/g

/** The message without its "keep …" clauses, and those clauses alone. */
export function splitKept(message: string): { rest: string; kept: string } {
  const text = fold(message)
  const clauses = text.match(KEEP) ?? []
  if (clauses.length === 0) return { rest: message, kept: '' }
  return { rest: text.replace(KEEP, ' '), kept: clauses.join(' ') }
}
