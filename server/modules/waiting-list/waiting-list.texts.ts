import { formatDay } from '@common/in-words'
import type { Language } from '@common/languages'

/**
 * What a waiting customer reads, in their language: a time freed up for them (with the link that
 * takes it, and "reply yes" where they can answer in the chat they asked from), or the time they
 * were offered was taken first. Days and times are on the salon's clock.
 */

export interface FreedTime {
  salon: string
  services: string[]
  /** Local 'YYYY-MM-DD' and 'HH:MM'. */
  date: string
  time: string
  member: string | null
}

export function offerText(
  language: Language,
  offer: FreedTime & { link: string; canReply: boolean },
): { subject: string; text: string } {
  const day = formatDay(offer.date, language)
  const what = offer.services.join(' + ')
  const { salon, time, member, link } = offer
  switch (language) {
    case 'de':
      return {
        subject: `${salon}: ein Termin ist frei geworden`,
        text:
          `Gute Nachricht: Bei ${salon} ist ${day} um ${time} Uhr ein Termin für „${what}“ frei geworden${member ? ` (bei ${member})` : ''}. ` +
          `Wer zuerst zusagt, bekommt ihn.\n\n${offer.canReply ? 'Antworten Sie „ja“, oder buchen Sie hier' : 'Hier buchen'}: ${link}`,
      }
    case 'it':
      return {
        subject: `${salon}: si è liberato un posto`,
        text:
          `Buone notizie: da ${salon} si è liberato un posto ${day} alle ${time} per «${what}»${member ? ` (con ${member})` : ''}. ` +
          `Lo ottiene chi conferma per primo.\n\n${offer.canReply ? 'Risponda «sì», oppure prenoti qui' : 'Prenoti qui'}: ${link}`,
      }
    case 'en':
      return {
        subject: `${salon}: a time has freed up`,
        text:
          `Good news: a time has freed up at ${salon} on ${day} at ${time} for "${what}"${member ? ` (with ${member})` : ''}. ` +
          `The first to accept gets it.\n\n${offer.canReply ? 'Reply "yes", or book it here' : 'Book it here'}: ${link}`,
      }
    default:
      return {
        subject: `${salon} : un créneau s'est libéré`,
        text:
          `Bonne nouvelle : un créneau s'est libéré chez ${salon} le ${day} à ${time} pour « ${what} »${member ? ` (avec ${member})` : ''}. ` +
          `Le premier qui l'accepte l'obtient.\n\n${offer.canReply ? 'Répondez « oui », ou réservez-le ici' : 'Pour le réserver'} : ${link}`,
      }
  }
}

export function takenText(language: Language, taken: FreedTime): { subject: string; text: string } {
  const day = formatDay(taken.date, language)
  const { salon, time } = taken
  switch (language) {
    case 'de':
      return {
        subject: `${salon}: der Termin ist vergeben`,
        text: `Der Termin ${day} um ${time} Uhr bei ${salon} wurde inzwischen vergeben. Sie bleiben auf der Warteliste: Wir schreiben Ihnen, sobald wieder etwas frei wird.`,
      }
    case 'it':
      return {
        subject: `${salon}: il posto è stato preso`,
        text: `Il posto di ${day} alle ${time} da ${salon} è stato preso nel frattempo. Resta in lista d'attesa: Le scriveremo appena se ne libera un altro.`,
      }
    case 'en':
      return {
        subject: `${salon}: the time has been taken`,
        text: `The time on ${day} at ${time} at ${salon} has been taken in the meantime. You stay on the waiting list: we will write as soon as another one frees up.`,
      }
    default:
      return {
        subject: `${salon} : le créneau a été pris`,
        text: `Le créneau du ${day} à ${time} chez ${salon} a été pris entre-temps. Vous restez sur la liste d'attente : nous vous écrirons dès qu'un autre se libère.`,
      }
  }
}
