import type { Language } from '@common/languages'
import { de } from './de'
import { en } from './en'
import { fr } from './fr'
import { it } from './it'
import type { Phrases } from './types'

export type { RefusalDetail, ServiceLine, Slot } from './types'

/** Everything the built-in assistant says, in the four languages (one file per language). */
export const PHRASES: Record<Language, Phrases> = { fr, de, it, en }

/** Parts of the day as the language names them, for "(l'après-midi)". */
export const PART_OF_DAY_NAMES: Record<Language, Record<'morning' | 'midday' | 'afternoon' | 'evening', string>> = {
  fr: { morning: 'le matin', midday: 'vers midi', afternoon: "l'après-midi", evening: 'en fin de journée' },
  de: { morning: 'vormittags', midday: 'mittags', afternoon: 'nachmittags', evening: 'abends' },
  it: { morning: 'di mattina', midday: 'verso mezzogiorno', afternoon: 'di pomeriggio', evening: 'di sera' },
  en: { morning: 'in the morning', midday: 'around noon', afternoon: 'in the afternoon', evening: 'in the evening' },
}
