import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@common/languages'

/** What the waitlist tells a visitor, in each interface language. The web app shows it as is. */
export const WAITLIST_MESSAGES: Record<
  Language,
  { registered: string; alreadyRegistered: string; rateLimited: string }
> = {
  fr: {
    registered: 'Inscription réussie ! Nous vous contacterons bientôt.',
    alreadyRegistered:
      "Ce salon est déjà sur notre liste d'attente avec cette adresse e-mail. Nous vous contacterons bientôt.",
    rateLimited: "Trop d'inscriptions envoyées depuis cette connexion. Veuillez réessayer plus tard.",
  },
  de: {
    registered: 'Anmeldung erfolgreich! Wir melden uns bald bei Ihnen.',
    alreadyRegistered:
      'Dieser Salon steht mit dieser E-Mail-Adresse bereits auf unserer Warteliste. Wir melden uns bald bei Ihnen.',
    rateLimited: 'Zu viele Anmeldungen von dieser Verbindung. Bitte versuchen Sie es später erneut.',
  },
  it: {
    registered: 'Iscrizione completata! La contatteremo presto.',
    alreadyRegistered:
      "Questo salone è già nella nostra lista d'attesa con questo indirizzo e-mail. La contatteremo presto.",
    rateLimited: 'Troppe iscrizioni inviate da questa connessione. Riprovi più tardi.',
  },
  en: {
    registered: 'You are on the waitlist! We will be in touch soon.',
    alreadyRegistered: 'This salon is already on our waitlist with this e-mail address. We will be in touch soon.',
    rateLimited: 'Too many sign-ups from this connection. Please try again later.',
  },
}

/**
 * The visitor's language: the one the form says, else the best of the browser's Accept-Language
 * among ours (`de-CH;q=0.9` counts as `de`), else French.
 */
export function visitorLanguage(chosen: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(chosen)) return chosen
  return bestAcceptedLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE
}

function bestAcceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [range = '', ...parameters] = part.trim().split(';')
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q === undefined ? 1 : Number(q.slice(2))
      return {
        primary: range.trim().split('-')[0]?.toLowerCase(),
        weight: Number.isFinite(weight) ? weight : 0,
        position,
      }
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
  return ranked.map((entry) => entry.primary).find(isLanguage)
}
