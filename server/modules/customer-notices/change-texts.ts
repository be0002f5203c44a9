import { formatDay } from '@common/in-words'
import type { Language } from '@common/languages'

/**
 * What the customer reads when the salon moved or cancelled their appointment: the same words in
 * the e-mail and in their web chat, in their language. Days and times are on the salon's clock.
 */

export interface LocalStart {
  date: string
  time: string
}

export type SalonChange =
  | { kind: 'moved'; salon: string; service: string; from: LocalStart; to: LocalStart; member: string }
  | { kind: 'cancelled'; salon: string; service: string; at: LocalStart; member: string; reason: string | null }

export function changeMessage(language: Language, change: SalonChange): { subject: string; text: string } {
  const day = (start: LocalStart) => `${formatDay(start.date, language)}, ${start.time}`
  const { salon, service, member } = change
  if (change.kind === 'moved') {
    const from = day(change.from)
    const to = day(change.to)
    switch (language) {
      case 'de':
        return {
          subject: `${salon}: Ihr Termin wurde verschoben`,
          text: `${salon} hat Ihren Termin „${service}“ von ${from} auf ${to} Uhr verschoben (bei ${member}).`,
        }
      case 'it':
        return {
          subject: `${salon}: il Suo appuntamento è stato spostato`,
          text: `${salon} ha spostato il Suo appuntamento «${service}» da ${from} a ${to} (con ${member}).`,
        }
      case 'en':
        return {
          subject: `${salon}: your appointment has been moved`,
          text: `${salon} has moved your appointment "${service}" from ${from} to ${to} (with ${member}).`,
        }
      default:
        return {
          subject: `${salon} : votre rendez-vous a été déplacé`,
          text: `${salon} a déplacé votre rendez-vous « ${service} » du ${from} au ${to} (avec ${member}).`,
        }
    }
  }
  const at = day(change.at)
  const reason = change.reason
  switch (language) {
    case 'de':
      return {
        subject: `${salon}: Ihr Termin wurde abgesagt`,
        text: `${salon} hat Ihren Termin „${service}“ am ${at} Uhr bei ${member} abgesagt.${reason ? ` Grund: ${reason}` : ''}`,
      }
    case 'it':
      return {
        subject: `${salon}: il Suo appuntamento è stato annullato`,
        text: `${salon} ha annullato il Suo appuntamento «${service}» di ${at} con ${member}.${reason ? ` Motivo: ${reason}` : ''}`,
      }
    case 'en':
      return {
        subject: `${salon}: your appointment has been cancelled`,
        text: `${salon} has cancelled your appointment "${service}" on ${at} with ${member}.${reason ? ` Reason: ${reason}` : ''}`,
      }
    default:
      return {
        subject: `${salon} : votre rendez-vous a été annulé`,
        text: `${salon} a annulé votre rendez-vous « ${service} » du ${at} avec ${member}.${reason ? ` Motif : ${reason}` : ''}`,
      }
  }
}

/** Under a move: the customer's own page, to cancel or move again without writing. */
export function manageLine(language: Language, link: string): string {
  switch (language) {
    case 'de':
      return `\n\nAbsagen oder verschieben: ${link}`
    case 'it':
      return `\n\nAnnullare o spostare: ${link}`
    case 'en':
      return `\n\nCancel or move: ${link}`
    default:
      return `\n\nAnnuler ou déplacer : ${link}`
  }
}

/** The e-mail's closing line: where to answer (the salon's chat, or its phone). */
export function mailFooter(language: Language, salon: string, phone: string | null): string {
  const call = phone ? ` (${phone})` : ''
  switch (language) {
    case 'de':
      return `\n\nFür einen neuen Termin schreiben Sie uns im Chat oder rufen Sie an${call}.\n\n${salon}`
    case 'it':
      return `\n\nPer un nuovo appuntamento ci scriva in chat o ci chiami${call}.\n\n${salon}`
    case 'en':
      return `\n\nFor another appointment, write to us in the chat or call us${call}.\n\n${salon}`
    default:
      return `\n\nPour un autre rendez-vous, écrivez-nous dans le chat ou appelez-nous${call}.\n\n${salon}`
  }
}
