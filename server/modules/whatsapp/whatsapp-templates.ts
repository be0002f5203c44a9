import { LANGUAGES, type Language } from '@common/languages'
import { WHATSAPP_TEMPLATE_PURPOSES } from '@common/schemas/whatsapp'

/**
 * The two message templates a salon's number needs for what it sends outside WhatsApp's 24 hours:
 * the appointment reminder and the salon's change notice, in the four languages, created through
 * the API when the salon connects and reviewed by Meta (category UTILITY: about an appointment the
 * customer made). Each has two variables — the salon, and the words the other channels send (one
 * line) — never at the start or the end of the body, as Meta requires.
 */

export type TemplatePurpose = (typeof WHATSAPP_TEMPLATE_PURPOSES)[number]

export const TEMPLATE_NAMES: Record<TemplatePurpose, string> = {
  reminder: 'salonia_appointment_reminder',
  change: 'salonia_appointment_change',
}

const BODIES: Record<TemplatePurpose, Record<Language, string>> = {
  reminder: {
    fr: 'Bonjour, voici un rappel de {{1}} : {{2}} À bientôt !',
    de: 'Guten Tag, eine Erinnerung von {{1}}: {{2}} Bis bald!',
    it: 'Buongiorno, un promemoria da {{1}}: {{2}} A presto!',
    en: 'Hello, a reminder from {{1}}: {{2}} See you soon!',
  },
  change: {
    fr: 'Bonjour, {{1}} vous informe d’un changement : {{2}} Merci de votre compréhension.',
    de: 'Guten Tag, {{1}} informiert Sie über eine Änderung: {{2}} Vielen Dank für Ihr Verständnis.',
    it: 'Buongiorno, {{1}} La informa di una modifica: {{2}} Grazie per la comprensione.',
    en: 'Hello, {{1}} has a change to tell you about: {{2}} Thank you for understanding.',
  },
}

const EXAMPLES: Record<TemplatePurpose, Record<Language, [string, string]>> = {
  reminder: {
    fr: ['Salon Lumière', 'Coupe femme avec Julie demain, vendredi 4 décembre, à 14:30, 12 rue des Fleurs.'],
    de: ['Salon Lumière', 'Damenhaarschnitt bei Julie morgen, Freitag, 4. Dezember, um 14:30 Uhr, Blumenstraße 12.'],
    it: ['Salon Lumière', 'Taglio donna con Julie domani, venerdì 4 dicembre, alle 14:30, via dei Fiori 12.'],
    en: ['Salon Lumière', "Women's cut with Julie tomorrow, Friday 4 December, at 14:30, 12 Flower Street."],
  },
  change: {
    fr: [
      'Salon Lumière',
      'votre rendez-vous « Coupe femme » est déplacé du vendredi 4 décembre 14:30 au samedi 5 décembre 10:00.',
    ],
    de: [
      'Salon Lumière',
      'Ihr Termin „Damenhaarschnitt“ wurde von Freitag, 4. Dezember, 14:30 auf Samstag, 5. Dezember, 10:00 Uhr verschoben.',
    ],
    it: [
      'Salon Lumière',
      'il Suo appuntamento «Taglio donna» è spostato da venerdì 4 dicembre 14:30 a sabato 5 dicembre 10:00.',
    ],
    en: [
      'Salon Lumière',
      'your appointment "Women\'s cut" moves from Friday 4 December 14:30 to Saturday 5 December 10:00.',
    ],
  },
}

/** What POST /<WABA_ID>/message_templates takes for one template in one language. */
export function templateDefinition(purpose: TemplatePurpose, language: Language) {
  return {
    name: TEMPLATE_NAMES[purpose],
    language,
    category: 'UTILITY' as const,
    components: [
      { type: 'BODY', text: BODIES[purpose][language], example: { body_text: [EXAMPLES[purpose][language]] } },
    ],
  }
}

/** Every template the salon's number needs. */
export function allTemplates(): { purpose: TemplatePurpose; language: Language }[] {
  return WHATSAPP_TEMPLATE_PURPOSES.flatMap((purpose) => LANGUAGES.map((language) => ({ purpose, language })))
}

export function purposeOfName(name: string): TemplatePurpose | undefined {
  return WHATSAPP_TEMPLATE_PURPOSES.find((purpose) => TEMPLATE_NAMES[purpose] === name)
}

/** Meta's language codes for ours (its templates say en, fr, de, it; some answers say en_US). */
export function languageOfCode(code: string): Language | undefined {
  const short = code.slice(0, 2).toLowerCase()
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : undefined
}

/**
 * A template variable takes one line: no new lines or tabs, at most four spaces in a row (Meta
 * refuses the send otherwise), and a bounded length.
 */
export function asParameter(text: string, max = 700): string {
  const line = text
    .replace(/[\n\r\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim()
  const chars = Array.from(line)
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`
}
