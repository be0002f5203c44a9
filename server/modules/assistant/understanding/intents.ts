import type { Language } from '@common/languages'
import { de } from './lexicon/de'
import { en } from './lexicon/en'
import { fr } from './lexicon/fr'
import { it } from './lexicon/it'
import { type Lexicon, phrasesOf } from './lexicon/types'
import { words } from './text'

/**
 * What a message asks for, from the phrases of the four languages (lexicon/). Several intents can
 * hold at once ("bonjour, je voudrais annuler"); the conversation decides which one leads.
 * Customers stretch words ("ouiii", "jaaa", "yesss"): letters repeated are read once, on both sides.
 */
export type Intent =
  | 'yes'
  | 'no'
  /** "je sais pas", "hmm", "weiß nicht", "non so", "not sure": neither yes nor no. */
  | 'unsure'
  /** "je le prends", "den nehme ich", "lo prendo", "I'll take it": a yes to what was offered. */
  | 'take'
  | 'greeting'
  | 'thanks'
  | 'goodbye'
  | 'help'
  | 'services'
  | 'price'
  | 'duration'
  | 'hours'
  | 'address'
  | 'phone'
  | 'email'
  /** Payment, parking, access and other practical facts of the salon. */
  | 'practical'
  | 'late'
  | 'my_appointments'
  | 'cancel'
  | 'move'
  | 'book'
  | 'availability'
  /** "liste d'attente", "Warteliste", "lista d'attesa", "waiting list": told when a time frees up. */
  | 'waitlist'
  | 'others_private'

export const LEXICONS: Record<Language, Lexicon> = { fr, de, it, en }

/** "ouiii" → "oui", "passt" → "past": every run of one letter read once (the phrases are read the same way). */
const squeeze = (word: string) => word.replace(/ß/g, 'ss').replace(/([a-z])\1+/g, '$1')

const PHRASES = new Map<Intent, string[]>()
for (const lexicon of Object.values(LEXICONS)) {
  for (const [intent, list] of Object.entries(lexicon.intents) as [Intent, string][]) {
    const known = PHRASES.get(intent) ?? []
    for (const phrase of phrasesOf(list)) known.push(words(phrase).map(squeeze).join(' '))
    PHRASES.set(intent, known)
  }
}

/** Emoji that answer a proposal on their own (skin tones and variation selectors are ignored). */
const YES_EMOJI = /[👍👌✅🙌💯🆗✔☑🤝]/u
const NO_EMOJI = /[👎❌🚫]/u

/** The intents a message carries. */
export function detectIntents(text: string): Set<Intent> {
  const folded = ` ${words(text).map(squeeze).join(' ')} `
  const found = new Set<Intent>()
  // Phrases and message are both words joined by single spaces: a padded substring is a whole-word match.
  for (const [intent, phrases] of PHRASES) {
    if (phrases.some((phrase) => folded.includes(` ${phrase} `))) found.add(intent)
  }
  if (YES_EMOJI.test(text)) found.add('yes')
  if (NO_EMOJI.test(text)) found.add('no')
  if (THINKING_EMOJI.test(text)) found.add('unsure')
  // "not sure", "pas sûr", "non so": a doubt is neither a yes nor a no; "pas d'accord", "not ok": a no.
  if (found.has('unsure')) {
    found.delete('yes')
    found.delete('no')
  } else if (!found.has('yes') && !found.has('no') && FILLER.test(folded)) found.add('unsure')
  else if (found.has('yes') && negatedYes(folded)) {
    found.delete('yes')
    found.add('no')
  }
  if (asksAboutOthers(folded)) found.add('others_private')
  return found
}

/** "hmm", "euh", "mmm" alone hesitate; next to a yes ("euh oui") they do not. */
const FILLER = / (h+m+|hum|euh|eu|bof|um+|ah|mah|m+) /
const THINKING_EMOJI = /[🤔😕🙄😬🤷]/u
const NEGATIONS = ['pas', 'not', 'nicht', 'non', 'no', 'kein', 'keine', 'never', 'jamais', 'nie', 'mai', 'nope']

/** A yes word right after a negation ("pas d'accord", "not ok", "nicht einverstanden", "non va bene"). */
function negatedYes(folded: string): boolean {
  const yes = PHRASES.get('yes') ?? []
  return NEGATIONS.some((negation) => yes.some((phrase) => folded.includes(` ${negation} ${phrase} `)))
}

/** "Who has the 2 pm?", "c'est qui la cliente de 14h ?", "his phone number": questions about other customers. */
const WHO = / (c est qui|qui est|qui a|qui vient|qui sont|wer|chi|who|who s|whos) /
const BOOKED =
  / (rendez vous|rdv|reserve|reservee|cliente?s?|termin|termine|gebucht|kundin|kunden?|apuntamento|prenotat[oa]|clienti|apointment|boked|boking|guy|lady|customer) /
const CONTACT = / (nom|noms|numero|telephone|name|namen|telefonumer|nome|nomi|telefono|phone|number|adrese|email) /
const THIRD_PARTY = / (son|sa|ses|leur|leurs|seine|seinen|deren|his|her|their|del cliente|dela cliente|dei clienti) /

function asksAboutOthers(folded: string): boolean {
  return (WHO.test(folded) && BOOKED.test(folded)) || (CONTACT.test(folded) && THIRD_PARTY.test(folded))
}
