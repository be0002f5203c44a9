import de from '../app/locales/de.json' with { type: 'json' }
import en from '../app/locales/en.json' with { type: 'json' }
import fr from '../app/locales/fr.json' with { type: 'json' }
import it from '../app/locales/it.json' with { type: 'json' }

/** The interface texts, so tests find elements by what a visitor reads in each language. */
export const TEXTS = { fr, de, it, en }
export type Texts = typeof fr
