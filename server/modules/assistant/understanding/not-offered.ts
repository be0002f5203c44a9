import type { Language } from '@common/languages'
import { words } from './text'

/**
 * Beauty services customers ask hair salons about ("vous faites les ongles ?", "macht ihr auch
 * Nägel?", "fate la ceretta?", "waxing or makeup?"). When the salon has no service for one, the
 * assistant says so plainly and lists what it does. Each kind: the words that name it (folded), and
 * how each language calls it in "we don't do …".
 */
export type Treatment = 'nails' | 'waxing' | 'brows' | 'lashes' | 'makeup' | 'massage' | 'facial' | 'tanning'

const TREATMENTS: Record<Treatment, { words: string; names: Record<Language, string> }> = {
  nails: {
    words: `ongles ongle manucure manicure pedicure vernis nagel nageln nagelpflege manikure pedikure nagellack unghie
      unghia smalto nails nail`,
    names: { fr: 'les ongles (manucure, pédicure)', de: 'Nagelpflege', it: 'le unghie', en: 'nails' },
  },
  waxing: {
    words: `epilation epilations cire waxing wax waxen haarentfernung enthaarung ceretta depilazione cera`,
    names: { fr: "l'épilation", de: 'Haarentfernung (Waxing)', it: 'la ceretta', en: 'waxing' },
  },
  brows: {
    words: `sourcils sourcil augenbrauen augenbraue sopracciglia sopracciglio brows eyebrows eyebrow`,
    names: { fr: 'les sourcils', de: 'Augenbrauen', it: 'le sopracciglia', en: 'eyebrows' },
  },
  lashes: {
    words: `cils wimpern ciglia lashes eyelashes`,
    names: { fr: 'les cils', de: 'Wimpern', it: 'le ciglia', en: 'lashes' },
  },
  makeup: {
    words: `maquillage maquiller makeup schminken trucco truccare`,
    names: { fr: 'le maquillage', de: 'Make-up', it: 'il trucco', en: 'make-up' },
  },
  massage: {
    words: `massage massages massaggio massaggi massieren`,
    names: { fr: 'les massages', de: 'Massagen', it: 'i massaggi', en: 'massages' },
  },
  facial: {
    words: `visage facial facials gesichtsbehandlung gesicht viso`,
    names: { fr: 'les soins du visage', de: 'Gesichtsbehandlungen', it: 'i trattamenti viso', en: 'facials' },
  },
  tanning: {
    words: `bronzage uv solarium abbronzatura tanning`,
    names: { fr: 'le bronzage', de: 'Solarium', it: "l'abbronzatura", en: 'tanning' },
  },
}

const INDEX = new Map<string, Treatment>()
for (const [treatment, { words: list }] of Object.entries(TREATMENTS) as [Treatment, { words: string }][]) {
  for (const word of list.split(/\s+/).filter(Boolean)) INDEX.set(word, treatment)
}

/** The treatments a text names, in the order said ("make-up" is two words). */
export function treatmentsIn(text: string): Treatment[] {
  const found: Treatment[] = []
  const list = words(text)
  for (const [i, word] of list.entries()) {
    const treatment = word === 'make' && list[i + 1] === 'up' ? 'makeup' : INDEX.get(word)
    if (treatment && !found.includes(treatment)) found.push(treatment)
  }
  return found
}

/** The treatments a message asks about that none of the salon's services is. */
export function treatmentsNotOffered(message: string, serviceNames: readonly string[]): Treatment[] {
  const offered = new Set(serviceNames.flatMap(treatmentsIn))
  return treatmentsIn(message).filter((t) => !offered.has(t))
}

export const treatmentName = (treatment: Treatment, language: Language): string => TREATMENTS[treatment].names[language]
