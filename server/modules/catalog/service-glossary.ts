import { LANGUAGES, type Language } from '@common/languages'

/**
 * Common hair and beauty services under the names salons give them in French, German, Italian and
 * English. When a salon names a service with one of these names (or a usual variant, `also`), its
 * other names are the service's translations; a name not listed here gets none — a translation is
 * never made up. Each name is the one a salon of that language writes on its price list.
 */
export interface GlossaryEntry {
  names: Record<Language, string>
  /** Other ways salons write the same service, per language: recognised, never written as a translation. */
  also?: Partial<Record<Language, string[]>>
}

export const SERVICE_GLOSSARY: readonly GlossaryEntry[] = [
  {
    names: { fr: 'Coupe femme', de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
    also: {
      fr: ['Coupe dame', 'Coupe femmes'],
      de: ['Haarschnitt Damen', 'Damenschnitt'],
      en: ["Ladies' haircut", "Women's cut", 'Ladies cut'],
    },
  },
  {
    names: { fr: 'Coupe homme', de: 'Herrenhaarschnitt', it: 'Taglio uomo', en: "Men's haircut" },
    also: {
      fr: ['Coupe hommes'],
      de: ['Haarschnitt Herren', 'Herrenschnitt'],
      en: ["Men's cut", "Gents' haircut"],
    },
  },
  {
    names: { fr: 'Coupe enfant', de: 'Kinderhaarschnitt', it: 'Taglio bambino', en: "Children's haircut" },
    also: {
      fr: ['Coupe enfants'],
      de: ['Haarschnitt Kinder'],
      it: ['Taglio bambini'],
      en: ["Kids' haircut", "Children's cut"],
    },
  },
  {
    names: { fr: 'Coupe frange', de: 'Pony schneiden', it: 'Taglio frangia', en: 'Fringe trim' },
    also: { en: ['Bangs trim'] },
  },
  {
    names: { fr: 'Brushing', de: 'Föhnen', it: 'Piega', en: 'Blow-dry' },
    also: { en: ['Blow dry', 'Blowdry'] },
  },
  {
    names: { fr: 'Coupe brushing', de: 'Schneiden und Föhnen', it: 'Taglio e piega', en: 'Cut and blow-dry' },
    also: { fr: ['Coupe et brushing', 'Coupe + brushing'], en: ['Cut & blow-dry', 'Cut and blow dry'] },
  },
  {
    names: {
      fr: 'Shampooing coupe brushing',
      de: 'Waschen, Schneiden, Föhnen',
      it: 'Shampoo, taglio e piega',
      en: 'Wash, cut and blow-dry',
    },
    also: {
      fr: ['Shampoing coupe brushing', 'Shampooing + coupe + brushing'],
      en: ['Wash, cut & blow-dry', 'Wash cut and blow dry'],
    },
  },
  {
    names: { fr: 'Coupe et barbe', de: 'Haarschnitt und Bart', it: 'Taglio e barba', en: 'Haircut and beard' },
    also: { fr: ['Coupe + barbe'], en: ['Haircut & beard'] },
  },
  {
    names: { fr: 'Shampooing', de: 'Haarwäsche', it: 'Shampoo', en: 'Shampoo' },
    also: { fr: ['Shampoing'] },
  },
  {
    names: { fr: 'Coloration', de: 'Färben', it: 'Colore', en: 'Colour' },
    also: {
      fr: ['Couleur'],
      de: ['Färbung', 'Haarfarbe'],
      it: ['Colorazione', 'Tinta'],
      en: ['Color', 'Hair colour', 'Hair color'],
    },
  },
  {
    names: { fr: 'Coloration racines', de: 'Ansatzfärbung', it: 'Colore ricrescita', en: 'Root colour' },
    also: { fr: ['Couleur racines'], en: ['Root color'] },
  },
  {
    names: { fr: 'Balayage', de: 'Balayage', it: 'Balayage (colpi di sole)', en: 'Balayage' },
  },
  {
    names: { fr: 'Mèches', de: 'Strähnchen', it: 'Mèches', en: 'Highlights' },
  },
  {
    names: { fr: 'Décoloration', de: 'Blondierung', it: 'Decolorazione', en: 'Bleaching' },
  },
  {
    names: { fr: 'Permanente', de: 'Dauerwelle', it: 'Permanente', en: 'Perm' },
    also: { en: ['Permanent wave'] },
  },
  {
    names: { fr: 'Soin', de: 'Haarkur', it: 'Trattamento', en: 'Hair treatment' },
    also: { fr: ['Soin capillaire', 'Soin cheveux'], de: ['Pflegekur'], it: ['Trattamento capelli'] },
  },
  {
    names: { fr: 'Lissage', de: 'Glättung', it: 'Lisciatura', en: 'Straightening' },
    also: { de: ['Haarglättung'], en: ['Hair straightening'] },
  },
  {
    names: {
      fr: 'Lissage brésilien',
      de: 'Brasilianische Glättung',
      it: 'Lisciatura brasiliana',
      en: 'Brazilian straightening',
    },
  },
  {
    names: { fr: 'Défrisage', de: 'Haarentkrausung', it: 'Stiratura chimica', en: 'Hair relaxing' },
  },
  {
    names: { fr: 'Chignon', de: 'Hochsteckfrisur', it: 'Chignon', en: 'Updo' },
  },
  {
    names: { fr: 'Coiffure de mariée', de: 'Brautfrisur', it: 'Acconciatura sposa', en: 'Bridal hairstyle' },
    also: { fr: ['Coiffure mariée'], en: ['Bridal hair'] },
  },
  {
    names: { fr: 'Taille de barbe', de: 'Bart trimmen', it: 'Regolazione barba', en: 'Beard trim' },
    also: { fr: ['Taille barbe'], de: ['Bartschnitt'], en: ['Beard trimming'] },
  },
  {
    names: { fr: 'Rasage', de: 'Rasur', it: 'Rasatura', en: 'Shave' },
  },
  {
    names: {
      fr: 'Épilation sourcils',
      de: 'Augenbrauenkorrektur',
      it: 'Epilazione sopracciglia',
      en: 'Eyebrow shaping',
    },
    also: { fr: ['Épilation des sourcils'], de: ['Augenbrauen zupfen'] },
  },
  {
    names: { fr: 'Teinture des cils', de: 'Wimpern färben', it: 'Tintura ciglia', en: 'Eyelash tint' },
    also: { fr: ['Teinture cils'], en: ['Lash tint'] },
  },
  {
    names: { fr: 'Extension de cils', de: 'Wimpernverlängerung', it: 'Extension ciglia', en: 'Eyelash extensions' },
    also: { fr: ['Extensions de cils'], en: ['Lash extensions'] },
  },
  {
    names: { fr: 'Soin du visage', de: 'Gesichtsbehandlung', it: 'Trattamento viso', en: 'Facial' },
  },
  {
    names: { fr: 'Manucure', de: 'Maniküre', it: 'Manicure', en: 'Manicure' },
  },
  {
    names: { fr: 'Pédicure', de: 'Pediküre', it: 'Pedicure', en: 'Pedicure' },
  },
]

/** A name as the glossary compares it: no case, accents, punctuation or extra spaces ("Coupe-Femme" = "coupe femme"). */
export function glossaryKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Every written form → the entry and the languages it is written so in. */
const INDEX = new Map<string, { entry: GlossaryEntry; languages: Language[] }>()
for (const entry of SERVICE_GLOSSARY) {
  for (const language of LANGUAGES) {
    for (const form of [entry.names[language], ...(entry.also?.[language] ?? [])]) {
      const key = glossaryKey(form)
      const known = INDEX.get(key)
      if (known && known.entry !== entry) throw new Error(`The service glossary gives "${form}" two meanings`)
      if (!known) INDEX.set(key, { entry, languages: [language] })
      else if (!known.languages.includes(language)) known.languages.push(language)
    }
  }
}

export interface GlossaryMatch {
  /** The language the salon's name is in. */
  language: Language
  /** The service's name in each language. */
  names: Record<Language, string>
}

/**
 * The glossary's entry for a salon's service name, if it knows the name. A name written alike in
 * several languages ("Balayage", "Permanente") is taken in the salon's own language when it is one
 * of them.
 */
export function lookUpServiceName(name: string, salonLanguage: Language): GlossaryMatch | undefined {
  const found = INDEX.get(glossaryKey(name))
  if (!found) return undefined
  const language = found.languages.includes(salonLanguage) ? salonLanguage : (found.languages[0] as Language)
  return { language, names: found.entry.names }
}
