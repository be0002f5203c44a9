import { formatDay } from '@common/in-words'
import type { Language } from '@common/languages'
import type { ReminderKind } from './reminders.repository'

/**
 * What a reminder says, by SMS and by e-mail, in the customer's language: the salon, the service
 * and who performs it, the day and time on the salon's clock, the address, and the customer's own
 * link to cancel or move. The SMS fits the link and the essentials in few segments; the e-mail
 * says the same with a subject and the salon's phone.
 */

export interface ReminderFacts {
  kind: ReminderKind
  salon: string
  address: string
  phone: string | null
  service: string
  member: string
  /** The appointment on the salon's clock. */
  date: string
  time: string
  /** The customer's own page to cancel or move (null: none to give, the salon's phone is given instead). */
  link: string | null
}

interface Wording {
  when(kind: ReminderKind, day: string, time: string): string
  sms(f: ReminderFacts, when: string): string
  subject(f: ReminderFacts, when: string): string
  mail(f: ReminderFacts, when: string): string
}

const WORDING: Record<Language, Wording> = {
  fr: {
    when: (kind, day, time) => (kind === 'two_hours' ? `aujourd'hui à ${time}` : `demain, ${day}, à ${time}`),
    sms: (f, when) =>
      `Rappel ${f.salon} : ${f.service} avec ${f.member} ${when}, ${f.address}.${change(f, ' Annuler ou déplacer :', ' Un empêchement ? Appelez le')}`,
    subject: (f, when) => `Rappel : ${f.service} chez ${f.salon} ${when}`,
    mail: (f, when) =>
      `Bonjour,\n\nNous vous rappelons votre rendez-vous ${f.service} avec ${f.member} ${when}.\n\n${f.salon}\n${f.address}${f.phone ? `\n${f.phone}` : ''}${f.link ? `\n\nUn empêchement ? Annulez ou déplacez votre rendez-vous ici : ${f.link}` : ''}\n\nÀ bientôt !`,
  },
  de: {
    when: (kind, day, time) => (kind === 'two_hours' ? `heute um ${time} Uhr` : `morgen, ${day}, um ${time} Uhr`),
    sms: (f, when) =>
      `Erinnerung ${f.salon}: ${f.service} bei ${f.member} ${when}, ${f.address}.${change(f, ' Absagen oder verschieben:', ' Verhindert? Rufen Sie an:')}`,
    subject: (f, when) => `Erinnerung: ${f.service} bei ${f.salon} ${when}`,
    mail: (f, when) =>
      `Guten Tag,\n\nwir erinnern Sie an Ihren Termin ${f.service} bei ${f.member} ${when}.\n\n${f.salon}\n${f.address}${f.phone ? `\n${f.phone}` : ''}${f.link ? `\n\nSie können nicht kommen? Hier sagen Sie den Termin ab oder verschieben ihn: ${f.link}` : ''}\n\nBis bald!`,
  },
  it: {
    when: (kind, day, time) => (kind === 'two_hours' ? `oggi alle ${time}` : `domani, ${day}, alle ${time}`),
    sms: (f, when) =>
      `Promemoria ${f.salon}: ${f.service} con ${f.member} ${when}, ${f.address}.${change(f, ' Annullare o spostare:', ' Un imprevisto? Chiami il')}`,
    subject: (f, when) => `Promemoria: ${f.service} da ${f.salon} ${when}`,
    mail: (f, when) =>
      `Buongiorno,\n\nLe ricordiamo il Suo appuntamento ${f.service} con ${f.member} ${when}.\n\n${f.salon}\n${f.address}${f.phone ? `\n${f.phone}` : ''}${f.link ? `\n\nUn imprevisto? Annulli o sposti l'appuntamento qui: ${f.link}` : ''}\n\nA presto!`,
  },
  en: {
    when: (kind, day, time) => (kind === 'two_hours' ? `today at ${time}` : `tomorrow, ${day}, at ${time}`),
    sms: (f, when) =>
      `Reminder from ${f.salon}: ${f.service} with ${f.member} ${when}, ${f.address}.${change(f, ' Cancel or move:', " Can't make it? Call")}`,
    subject: (f, when) => `Reminder: ${f.service} at ${f.salon} ${when}`,
    mail: (f, when) =>
      `Hello,\n\nThis is a reminder of your appointment, ${f.service} with ${f.member} ${when}.\n\n${f.salon}\n${f.address}${f.phone ? `\n${f.phone}` : ''}${f.link ? `\n\nCan't make it? Cancel or move your appointment here: ${f.link}` : ''}\n\nSee you soon!`,
  },
}

/** How to cancel or move: the customer's link, else the salon's phone, else nothing. */
function change(f: ReminderFacts, byLink: string, byPhone: string): string {
  if (f.link) return `${byLink} ${f.link}`
  return f.phone ? `${byPhone} ${f.phone}.` : ''
}

export function reminderSms(language: Language, facts: ReminderFacts): string {
  const words = WORDING[language]
  // French typography's no-break spaces are outside the GSM alphabet: one of them would send the
  // whole SMS in UCS-2 (70 characters a segment instead of 160). A phone breaks lines anyway.
  return words
    .sms(facts, words.when(facts.kind, formatDay(facts.date, language), facts.time))
    .replace(/[\u00a0\u202f]/g, ' ')
}

export function reminderEmail(language: Language, facts: ReminderFacts): { subject: string; text: string } {
  const words = WORDING[language]
  const when = words.when(facts.kind, formatDay(facts.date, language), facts.time)
  return { subject: words.subject(facts, when), text: words.mail(facts, when) }
}
