import { formatDay, formatPrice } from '@common/in-words'
import type { Language } from '@common/languages'
import type { PaymentEventWhat } from '@common/schemas/payments'
import type { Asked } from './policies'

/**
 * What the customer reads about money, in their language: the policy before they commit, the step
 * of a held booking, and what happened later (received, released unpaid, refunded, kept, a fee).
 * Amounts in the customer's language's way ("30,00 €", "€30.00").
 */

export const money = formatPrice

/** "48 h before", or "before the appointment" for a window of 0. */
function windowWords(hours: number, language: Language): string {
  switch (language) {
    case 'de':
      return hours > 0 ? `bis ${hours} Stunden vor dem Termin` : 'vor dem Termin'
    case 'it':
      return hours > 0 ? `fino a ${hours} ore prima dell'appuntamento` : "prima dell'appuntamento"
    case 'en':
      return hours > 0 ? `up to ${hours} hours before` : 'before the appointment'
    default:
      return hours > 0 ? `jusqu'à ${hours} h avant` : 'avant le rendez-vous'
  }
}

/** The policy, said before the customer commits. */
export function termsText(asked: Asked, currency: string, language: Language): string {
  const when = windowWords(asked.freeCancelHours, language)
  if (asked.kind === 'deposit') {
    const amount = money(asked.depositMinor, currency, language)
    switch (language) {
      case 'de':
        return `Für diesen Termin wird eine Anzahlung von ${amount} verlangt: Sie wird erstattet, wenn Sie ${when} absagen, sonst oder bei Nichterscheinen einbehalten.`
      case 'it':
        return `Per questo appuntamento è richiesto un acconto di ${amount}: viene rimborsato se annulla ${when}, altrimenti o in caso di assenza viene trattenuto.`
      case 'en':
        return `This appointment asks for a deposit of ${amount}: it is refunded if you cancel ${when}, and kept otherwise or if you do not come.`
      default:
        return `Ce rendez-vous demande un acompte de ${amount} : il est remboursé si vous annulez ${when}, et conservé sinon ou en cas d'absence.`
    }
  }
  const fee = money(asked.feeMinor, currency, language)
  switch (language) {
    case 'de':
      return `Für diesen Termin wird Ihre Karte als Garantie hinterlegt: Es wird nichts abgebucht, außer ${fee}, wenn Sie später absagen (kostenlos ${when}) oder nicht erscheinen.`
    case 'it':
      return `Per questo appuntamento la Sua carta è richiesta come garanzia: non viene addebitato nulla, salvo ${fee} se annulla più tardi (gratis ${when}) o non si presenta.`
    case 'en':
      return `This appointment asks for your card as a guarantee: nothing is charged, except ${fee} if you cancel later (free ${when}) or do not come.`
    default:
      return `Ce rendez-vous demande votre carte en garantie : rien n'est débité, sauf ${fee} si vous annulez plus tard (gratuit ${when}) ou ne venez pas.`
  }
}

/** A held booking's step: until when the time is kept, and where to pay or save the card. */
export function nextStepText(
  asked: Pick<Asked, 'kind' | 'depositMinor'>,
  currency: string,
  until: string,
  link: string,
  language: Language,
): string {
  const amount = money(asked.depositMinor, currency, language)
  const deposit = asked.kind === 'deposit'
  switch (language) {
    case 'de':
      return deposit
        ? `Ich halte Ihnen diese Zeit bis ${until} Uhr frei: Zahlen Sie zur Bestätigung die Anzahlung von ${amount} hier: ${link}`
        : `Ich halte Ihnen diese Zeit bis ${until} Uhr frei: Hinterlegen Sie zur Bestätigung Ihre Karte hier: ${link}`
    case 'it':
      return deposit
        ? `Le tengo questo orario fino alle ${until}: per confermarlo, versi l'acconto di ${amount} qui: ${link}`
        : `Le tengo questo orario fino alle ${until}: per confermarlo, registri la Sua carta qui: ${link}`
    case 'en':
      return deposit
        ? `I am holding this time for you until ${until}: to confirm it, pay the deposit of ${amount} here: ${link}`
        : `I am holding this time for you until ${until}: to confirm it, save your card here: ${link}`
    default:
      return deposit
        ? `Je vous garde ce créneau jusqu'à ${until} : pour le confirmer, réglez l'acompte de ${amount} ici : ${link}`
        : `Je vous garde ce créneau jusqu'à ${until} : pour le confirmer, enregistrez votre carte ici : ${link}`
  }
}

export interface ToldAppointment {
  salon: string
  service: string
  date: string
  time: string
}

/** What the customer is told of a payment event on their channels (undefined: nothing to tell). */
export function paymentMessage(
  what: PaymentEventWhat,
  amount: string,
  appointment: ToldAppointment,
  language: Language,
): { subject: string; text: string } | undefined {
  const { salon, service } = appointment
  const when = `${formatDay(appointment.date, language)}, ${appointment.time}`
  const texts = MESSAGES[language][what]
  if (!texts) return undefined
  return {
    subject: `${salon}${language === 'fr' ? ' :' : ':'} ${texts.subject}`,
    text: texts.text(service, when, amount),
  }
}

type Told = { subject: string; text: (service: string, when: string, amount: string) => string }

const MESSAGES: Record<Language, Partial<Record<PaymentEventWhat, Told>>> = {
  fr: {
    deposit: {
      subject: 'rendez-vous confirmé',
      text: (s, w, a) => `C'est confirmé : « ${s} » le ${w}. Nous avons bien reçu votre acompte de ${a}.`,
    },
    card_saved: {
      subject: 'rendez-vous confirmé',
      text: (s, w) =>
        `C'est confirmé : « ${s} » le ${w}. Votre carte est enregistrée en garantie, rien n'a été débité.`,
    },
    expired: {
      subject: 'créneau libéré',
      text: (s, w) =>
        `Le paiement n'est pas arrivé à temps : le créneau « ${s} » du ${w} est de nouveau libre. Écrivez-nous pour en choisir un autre.`,
    },
    refund: {
      subject: 'acompte remboursé',
      text: (s, w, a) => `Votre acompte de ${a} pour « ${s} » du ${w} vous est remboursé.`,
    },
    kept: {
      subject: 'acompte conservé',
      text: (s, w, a) => `Votre acompte de ${a} pour « ${s} » du ${w} est conservé par le salon, comme prévu.`,
    },
    fee: {
      subject: 'frais débités',
      text: (s, w, a) => `Des frais de ${a} ont été débités pour le rendez-vous « ${s} » du ${w}, comme prévu.`,
    },
    fee_waiting: {
      subject: 'frais à confirmer',
      text: (s, w, a) =>
        `Votre banque demande votre confirmation pour les frais de ${a} du rendez-vous « ${s} » du ${w}.`,
    },
  },
  de: {
    deposit: {
      subject: 'Termin bestätigt',
      text: (s, w, a) => `Bestätigt: „${s}“ am ${w} Uhr. Ihre Anzahlung von ${a} ist eingegangen.`,
    },
    card_saved: {
      subject: 'Termin bestätigt',
      text: (s, w) => `Bestätigt: „${s}“ am ${w} Uhr. Ihre Karte ist als Garantie hinterlegt, nichts wurde abgebucht.`,
    },
    expired: {
      subject: 'Termin freigegeben',
      text: (s, w) =>
        `Die Zahlung ist nicht rechtzeitig eingegangen: Die Zeit für „${s}“ am ${w} Uhr ist wieder frei. Schreiben Sie uns für eine andere.`,
    },
    refund: {
      subject: 'Anzahlung erstattet',
      text: (s, w, a) => `Ihre Anzahlung von ${a} für „${s}“ am ${w} Uhr wird Ihnen erstattet.`,
    },
    kept: {
      subject: 'Anzahlung einbehalten',
      text: (s, w, a) => `Ihre Anzahlung von ${a} für „${s}“ am ${w} Uhr wird wie vereinbart vom Salon einbehalten.`,
    },
    fee: {
      subject: 'Gebühr abgebucht',
      text: (s, w, a) => `Für den Termin „${s}“ am ${w} Uhr wurde wie vereinbart eine Gebühr von ${a} abgebucht.`,
    },
    fee_waiting: {
      subject: 'Gebühr bestätigen',
      text: (s, w, a) => `Ihre Bank bittet um Ihre Bestätigung der Gebühr von ${a} für den Termin „${s}“ am ${w} Uhr.`,
    },
  },
  it: {
    deposit: {
      subject: 'appuntamento confermato',
      text: (s, w, a) => `Confermato: «${s}» ${w}. Abbiamo ricevuto il Suo acconto di ${a}.`,
    },
    card_saved: {
      subject: 'appuntamento confermato',
      text: (s, w) => `Confermato: «${s}» ${w}. La Sua carta è registrata come garanzia, non è stato addebitato nulla.`,
    },
    expired: {
      subject: 'orario liberato',
      text: (s, w) =>
        `Il pagamento non è arrivato in tempo: l'orario di «${s}» ${w} è di nuovo libero. Ci scriva per sceglierne un altro.`,
    },
    refund: {
      subject: 'acconto rimborsato',
      text: (s, w, a) => `Il Suo acconto di ${a} per «${s}» ${w} Le viene rimborsato.`,
    },
    kept: {
      subject: 'acconto trattenuto',
      text: (s, w, a) => `Il Suo acconto di ${a} per «${s}» ${w} è trattenuto dal salone, come previsto.`,
    },
    fee: {
      subject: 'penale addebitata',
      text: (s, w, a) => `Per l'appuntamento «${s}» ${w} è stata addebitata una penale di ${a}, come previsto.`,
    },
    fee_waiting: {
      subject: 'penale da confermare',
      text: (s, w, a) => `La Sua banca chiede la Sua conferma per la penale di ${a} dell'appuntamento «${s}» ${w}.`,
    },
  },
  en: {
    deposit: {
      subject: 'appointment confirmed',
      text: (s, w, a) => `Confirmed: "${s}" on ${w}. We have received your deposit of ${a}.`,
    },
    card_saved: {
      subject: 'appointment confirmed',
      text: (s, w) => `Confirmed: "${s}" on ${w}. Your card is saved as a guarantee; nothing was charged.`,
    },
    expired: {
      subject: 'time released',
      text: (s, w) =>
        `The payment did not arrive in time: the time for "${s}" on ${w} is free again. Write to us to choose another.`,
    },
    refund: {
      subject: 'deposit refunded',
      text: (s, w, a) => `Your deposit of ${a} for "${s}" on ${w} is being refunded to you.`,
    },
    kept: {
      subject: 'deposit kept',
      text: (s, w, a) => `Your deposit of ${a} for "${s}" on ${w} is kept by the salon, as agreed.`,
    },
    fee: {
      subject: 'fee charged',
      text: (s, w, a) => `A fee of ${a} was charged for the appointment "${s}" on ${w}, as agreed.`,
    },
    fee_waiting: {
      subject: 'fee to confirm',
      text: (s, w, a) => `Your bank asks you to confirm the fee of ${a} for the appointment "${s}" on ${w}.`,
    },
  },
}

/** Under a confirmation: until when cancelling is free, and what happens after. */
export function cancelLine(
  kind: 'deposit' | 'guarantee',
  until: { date: string; time: string },
  fee: string,
  language: Language,
): string {
  const when = `${formatDay(until.date, language)}, ${until.time}`
  const deposit = kind === 'deposit'
  switch (language) {
    case 'de':
      return deposit
        ? `\nKostenlose Absage bis ${when} Uhr; danach wird die Anzahlung einbehalten.`
        : `\nKostenlose Absage bis ${when} Uhr; danach oder bei Nichterscheinen werden ${fee} abgebucht.`
    case 'it':
      return deposit
        ? `\nAnnullamento gratuito fino a ${when}; dopo, l'acconto viene trattenuto.`
        : `\nAnnullamento gratuito fino a ${when}; dopo, o in caso di assenza, vengono addebitati ${fee}.`
    case 'en':
      return deposit
        ? `\nFree cancellation until ${when}; after that, the deposit is kept.`
        : `\nFree cancellation until ${when}; after that, or if you do not come, ${fee} is charged.`
    default:
      return deposit
        ? `\nAnnulation gratuite jusqu'au ${when} ; ensuite, l'acompte est conservé.`
        : `\nAnnulation gratuite jusqu'au ${when} ; ensuite, ou en cas d'absence, ${fee} sont débités.`
  }
}

/** "Pay here: <link>" after a message that waits for the customer. */
export function payLine(language: Language, link: string): string {
  switch (language) {
    case 'de':
      return `\nHier bestätigen: ${link}`
    case 'it':
      return `\nConfermi qui: ${link}`
    case 'en':
      return `\nConfirm here: ${link}`
    default:
      return `\nConfirmez ici : ${link}`
  }
}
