import type { Language } from '@common/languages'

/** Who activated the salon when no ambassador did: the sentence then names the team. */
const TEAM: Record<Language, string> = {
  fr: "L'équipe Salonia",
  de: 'Das Salonia-Team',
  it: 'Il team Salonia',
  en: 'The Salonia team',
}

/**
 * The e-mail a salon receives when it is activated (by its ambassador, or by Salonia's team when
 * no ambassador brought it), and again whenever its Google account changes or someone asks to
 * resend it: its salon ID and how to sign in, in the language the salon used on the waitlist.
 */
export function salonActivatedMail(
  language: Language,
  values: {
    salonName: string
    salonId: string
    signInUrl: string
    authorizedEmail: string
    /** Null when no ambassador brought the salon in: the team activated it. */
    ambassadorName: string | null
  },
): { subject: string; text: string } {
  const { salonName, salonId, signInUrl, authorizedEmail } = values
  const ambassadorName = values.ambassadorName ?? TEAM[language]
  switch (language) {
    case 'de':
      return {
        subject: `Ihr Salon ${salonName} ist bei Salonia aktiviert (${salonId})`,
        text: `Guten Tag,

${ambassadorName} hat Ihren Salon „${salonName}“ bei Salonia aktiviert.

Ihre Salon-ID: ${salonId}

So melden Sie sich an: öffnen Sie ${signInUrl}, geben Sie die Salon-ID ein und melden Sie sich mit dem Google-Konto ${authorizedEmail} an. Ihr Google Kalender wird dabei verbunden.

Anschließend tragen Sie Ihre Leistungen und Öffnungszeiten ein; danach können Ihre Kundinnen und Kunden per Chat buchen.

Das Salonia-Team`,
      }
    case 'it':
      return {
        subject: `Il Suo salone ${salonName} è attivo su Salonia (${salonId})`,
        text: `Buongiorno,

${ambassadorName} ha attivato il Suo salone «${salonName}» su Salonia.

ID del salone: ${salonId}

Per accedere: apra ${signInUrl}, inserisca l'ID del salone e acceda con l'account Google ${authorizedEmail}. Il Suo Google Calendar verrà collegato allo stesso tempo.

Poi inserisca i Suoi servizi e i Suoi orari: da quel momento i Suoi clienti potranno prenotare via chat.

Il team Salonia`,
      }
    case 'en':
      return {
        subject: `Your salon ${salonName} is active on Salonia (${salonId})`,
        text: `Hello,

${ambassadorName} has activated your salon "${salonName}" on Salonia.

Your salon ID: ${salonId}

To sign in: open ${signInUrl}, enter the salon ID and sign in with the Google account ${authorizedEmail}. Your Google Calendar is connected at the same time.

Then add your services and opening hours; from then on your customers can book by chat.

The Salonia team`,
      }
    default:
      return {
        subject: `Votre salon ${salonName} est activé sur Salonia (${salonId})`,
        text: `Bonjour,

${ambassadorName} a activé votre salon « ${salonName} » sur Salonia.

Votre ID salon : ${salonId}

Pour vous connecter : ouvrez ${signInUrl}, saisissez l'ID du salon et connectez-vous avec le compte Google ${authorizedEmail}. Votre Google Calendar est relié au passage.

Ajoutez ensuite vos prestations et vos horaires : vos clients pourront alors réserver par chat.

L'équipe Salonia`,
      }
  }
}
