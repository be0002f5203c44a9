import type { Language } from '@common/languages'

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
