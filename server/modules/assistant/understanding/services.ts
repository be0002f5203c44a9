import { editDistance, sameWord, words } from './text'

/**
 * Which of the salon's services a message asks for. Words of the four languages map to a few
 * concepts (cut, women, men, colour…); a service's own name maps to the same concepts, so "taglio
 * uomo", "men's haircut" and "Herrenhaarschnitt" all land on "Coupe homme". Words of a name that
 * no concept knows (another salon's "Manucure") match by themselves, typos allowed.
 */
export interface ServiceRef {
  id: string
  name: string
  isActive: boolean
  /** Its names in other languages (the owner's, else the glossary's): a customer may ask for it by one. */
  translations?: Partial<Record<string, string>>
}

export interface ServiceMatch<T extends ServiceRef> {
  /** The best active matches: one is a clear answer, several a choice to offer. */
  matches: T[]
  /** Inactive services the message names (the salon does not offer them now). */
  inactive: T[]
}

type Concept = 'cut' | 'women' | 'men' | 'child' | 'colour' | 'highlights' | 'blowdry' | 'beard' | 'trim' | 'perm'

const LEXICON: Record<Concept, string[]> = {
  cut: [
    'coupe',
    'coup',
    'coupes',
    'cuts',
    'haircuts',
    'tagli',
    'schnitte',
    'haarschnitte',
    'couper',
    'haircut',
    'cut',
    'schnitt',
    'haarschnitt',
    'haare',
    'schneiden',
    'taglio',
    'tagliare',
    'corte',
  ],
  women: [
    'femme',
    'femmes',
    'dame',
    'dames',
    'women',
    'woman',
    'womens',
    'ladies',
    'lady',
    'damen',
    'frau',
    'frauen',
    'donna',
    'donne',
    'signora',
    'female',
  ],
  men: [
    'homme',
    'hommes',
    'men',
    'man',
    'mens',
    'gentleman',
    'gents',
    'herren',
    'herr',
    'mann',
    'manner',
    'uomo',
    'uomini',
    'male',
  ],
  child: ['enfant', 'enfants', 'child', 'children', 'kid', 'kids', 'kinder', 'kind', 'bambino', 'bambini', 'bambina'],
  colour: [
    'coloration',
    'colo',
    'couleur',
    'colorer',
    'teinture',
    'colour',
    'colours',
    'color',
    'colors',
    'colori',
    'coloring',
    'colouring',
    'dye',
    'farben',
    'farbe',
    'haarfarbe',
    'tonung',
    'colore',
    'colorazione',
    'tinta',
  ],
  highlights: ['balayage', 'meches', 'meche', 'highlights', 'highlight', 'strahnchen', 'strahnen', 'colpi', 'mechas'],
  blowdry: [
    'brushing',
    'blowdry',
    'blowout',
    'blow',
    'brush',
    'fohnen',
    'fonen',
    'fohn',
    'fohnfrisur',
    'piega',
    'messa',
  ],
  beard: ['barbe', 'beard', 'bart', 'barba'],
  trim: ['taille', 'tailler', 'trim', 'trimming', 'stutzen', 'regolare', 'regolazione', 'rifinitura'],
  perm: ['permanente', 'permanentes', 'perm', 'perms', 'dauerwelle', 'dauerwellen'],
}

/** Stems of German compounds: "Damenhaarschnitt" is women + cut, "Bartpflege" beard. */
const COMPOUND_STEMS: [string, Concept][] = [
  ['damen', 'women'],
  ['herren', 'men'],
  ['kinder', 'child'],
  ['schnitt', 'cut'],
  ['bart', 'beard'],
  ['farb', 'colour'],
  ['strahn', 'highlights'],
  ['fohn', 'blowdry'],
]

/** Whole compound words, typos allowed ("Damenhaarschnit", "herenhaarschnitt"): what each means. */
const COMPOUNDS: [string, Concept[]][] = [
  ['damenhaarschnitt', ['women', 'cut']],
  ['herrenhaarschnitt', ['men', 'cut']],
  ['kinderhaarschnitt', ['child', 'cut']],
  ['damenschnitt', ['women', 'cut']],
  ['herrenschnitt', ['men', 'cut']],
  ['kinderschnitt', ['child', 'cut']],
  ['bartpflege', ['beard', 'trim']],
  ['barttrimmen', ['beard', 'trim']],
  ['haarefarben', ['colour']],
]

/** Words too common to identify a service by themselves. */
const IGNORED = new Set([
  'de',
  'la',
  'le',
  'les',
  'du',
  'des',
  'et',
  'a',
  'the',
  'and',
  'der',
  'die',
  'das',
  'und',
  'di',
  'e',
  'il',
  'per',
  'avec',
  'with',
  'mit',
  'con',
  'simple',
  'complete',
  'soin',
])

const GENDERS: Concept[] = ['women', 'men', 'child']

function conceptsOf(text: string, fuzzy: boolean): Set<string> {
  const found = new Set<string>()
  for (const word of words(text)) {
    if (IGNORED.has(word)) continue
    let known = false
    for (const [concept, list] of Object.entries(LEXICON) as [Concept, string[]][]) {
      // Typos only in longer words: "comme" must not pass for "homme".
      if (list.some((entry) => word === entry || (fuzzy && nearMiss(word, entry)))) {
        found.add(concept)
        known = true
      }
    }
    const compound = fuzzy && word.length >= 9 ? COMPOUNDS.find(([whole]) => sameWord(word, whole)) : undefined
    if (compound) {
      for (const concept of compound[1]) found.add(concept)
      continue
    }
    if (word.length >= 7) {
      for (const [stem, concept] of COMPOUND_STEMS) {
        if (word.includes(stem)) {
          found.add(concept)
          known = true
        }
      }
    }
    if (!known && word.length >= 4) found.add(`word:${word}`)
  }
  return found
}

/**
 * A typo of a service word: within the typo budget from 6 letters; at 5 letters only a letter left
 * out ("taglo" for "taglio") — a changed letter would let "comme" pass for "homme".
 */
function nearMiss(word: string, entry: string): boolean {
  if (word.length >= 6) return sameWord(word, entry)
  return word.length === 5 && entry.length === 6 && editDistance(word, entry, 1) === 1
}

/** Whether a word says something about a service (what is done, or for whom): "coupes", "mens", "föhnen". */
export function isServiceWord(word: string): boolean {
  return [...conceptsOf(word, true)].some((concept) => !concept.startsWith('word:'))
}

function score(message: Set<string>, service: Set<string>): number {
  const messageWords = [...message].filter((m) => m.startsWith('word:')).map((m) => m.slice(5))
  const matched = [...service].filter(
    (concept) =>
      message.has(concept) || (concept.startsWith('word:') && messageWords.some((w) => sameWord(w, concept.slice(5)))),
  )
  // "for men" alone names no service: what is done must match, not only for whom.
  if (!matched.some((concept) => !GENDERS.includes(concept as Concept))) return 0
  // "coupe femme" is not "Coupe homme": a different audience rules a service out.
  const messageGender = GENDERS.filter((g) => message.has(g))
  const serviceGender = GENDERS.filter((g) => service.has(g))
  if (messageGender.length > 0 && serviceGender.length > 0 && !serviceGender.some((g) => messageGender.includes(g))) {
    return 0
  }
  // A name fully matched beats one matched in part.
  return matched.length * 2 - (service.size - matched.length) * 0.5
}

/** How well the message names a service, by its own name or one of its names in other languages ("Maniküre" for "Manucure"). */
function bestScore(message: Set<string>, service: ServiceRef): number {
  const names = [service.name, ...Object.values(service.translations ?? {})].filter((name) => name !== undefined)
  return Math.max(...names.map((name) => score(message, conceptsOf(name, false))))
}

export function matchServices<T extends ServiceRef>(text: string, services: readonly T[]): ServiceMatch<T> {
  const message = conceptsOf(text, true)
  if (message.size === 0) return { matches: [], inactive: [] }
  const scored = services.map((service) => ({ service, points: bestScore(message, service) }))
  const active = scored.filter((s) => s.service.isActive && s.points > 0)
  const best = Math.max(0, ...active.map((s) => s.points))
  const matches = active.filter((s) => s.points === best).map((s) => s.service)
  const inactive = scored.filter((s) => !s.service.isActive && s.points > 0 && s.points >= best).map((s) => s.service)
  return { matches, inactive }
}

/**
 * The option an answer points to when the customer was asked to choose ("homme" between "Coupe
 * femme" and "Coupe homme"): the one whose distinctive words the answer has.
 */
export function pickAmong<T extends Pick<ServiceRef, 'id' | 'name'>>(
  text: string,
  options: readonly T[],
): T | undefined {
  const message = conceptsOf(text, true)
  const concepts = options.map((o) => conceptsOf(o.name, false))
  const hits = options.filter((_, i) => {
    const distinct = [...(concepts[i] as Set<string>)].filter((c) => !concepts.every((other) => other.has(c)))
    return distinct.some((c) => message.has(c))
  })
  return hits.length === 1 ? hits[0] : undefined
}

/**
 * "und herren?", "and a mens?" right after a question about "Coupe femme": the same service for
 * another audience. Empty when the message names no audience.
 */
export function sameForOthers<T extends ServiceRef>(message: string, previous: T, services: readonly T[]): T[] {
  const audience = [...conceptsOf(message, true)].filter((c) => GENDERS.includes(c as Concept))
  if (audience.length === 0) return []
  const what = words(previous.name).filter(
    (w) => ![...conceptsOf(w, false)].every((c) => GENDERS.includes(c as Concept)),
  )
  return matchServices(`${what.join(' ')} ${message}`, services).matches
}
