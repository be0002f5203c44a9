import type { Language } from '@common/languages'
import type { IcsData } from '@common/schemas/chat'
import { REMINDER_HOURS } from '@common/schemas/reminders'
import { instantToLocal } from '@common/time'

/**
 * Calendar files (RFC 5545) for an appointment booked or moved in the chat.
 *
 * Written by hand rather than with the `ics` package named in DESIGN.md: the file is small and fixed,
 * and writing it ourselves keeps the time zone under our control (DTSTART/DTEND are UTC instants
 * with a trailing Z, never floating local times a calendar could misread), and lets us fold lines on
 * UTF-8 octets without cutting a character in two.
 */

export interface AppointmentIcsInput {
  bookingId: string
  start: Date
  end: Date
  /** The service's name in the customer's language. */
  serviceName: string
  /**
   * The salon's own name for it, when the file names it in another language: written beside it
   * ("Men's haircut (Coupe homme)"), the name the salon's staff and its own calendar use.
   */
  salonServiceName?: string | undefined
  /** The service's description in the customer's language, when the salon wrote one. */
  serviceDescription?: string | undefined
  salon: { name: string; address: string; timeZone: string; contactEmail?: string | null }
  customerName: string
  language: Language
  /** 0 for a new appointment; a move passes a higher number so calendars update the same event. */
  sequence?: number
  cancelled?: boolean
  /** The customer's own page for this appointment (cancel, move): the event links to it. */
  url?: string | undefined
  now: Date
}

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75
/**
 * Reminders shown by the customer's own calendar, when Salonia's go out (REMINDER_HOURS):
 * exact hours (`-PT24H`, not the nominal day `-P1D`), so a DST night does not move them.
 */
const ALARM_HOURS = Object.values(REMINDER_HOURS)

interface Wording {
  /** Start of the file name: "rendez-vous-salon-lumiere-2026-12-05.ics". */
  fileWord: string
  description(service: string, salon: string, customer: string): string
  cancelledDescription(service: string, salon: string, customer: string): string
  /** The last line of the event's text. */
  signature: string
  reminder(service: string, salon: string, hours: number): string
  manage: string
}

const WORDING: Record<Language, Wording> = {
  fr: {
    fileWord: 'rendez-vous',
    description: (service, salon, customer) => `${service} chez ${salon} pour ${customer}.`,
    cancelledDescription: (service, salon, customer) =>
      `Rendez-vous annulé : ${service} chez ${salon} pour ${customer}.`,
    signature: 'Réservé avec Salonia.',
    reminder: (service, salon, hours) => `Rappel : ${service} chez ${salon} dans ${hours} heures`,
    manage: 'Annuler ou déplacer :',
  },
  de: {
    fileWord: 'termin',
    description: (service, salon, customer) => `${service} bei ${salon} für ${customer}.`,
    cancelledDescription: (service, salon, customer) => `Termin abgesagt: ${service} bei ${salon} für ${customer}.`,
    signature: 'Gebucht mit Salonia.',
    reminder: (service, salon, hours) => `Erinnerung: ${service} bei ${salon} in ${hours} Stunden`,
    manage: 'Absagen oder verschieben:',
  },
  it: {
    fileWord: 'appuntamento',
    description: (service, salon, customer) => `${service} presso ${salon} per ${customer}.`,
    cancelledDescription: (service, salon, customer) =>
      `Appuntamento annullato: ${service} presso ${salon} per ${customer}.`,
    signature: 'Prenotato con Salonia.',
    reminder: (service, salon, hours) => `Promemoria: ${service} presso ${salon} tra ${hours} ore`,
    manage: 'Annullare o spostare:',
  },
  en: {
    fileWord: 'appointment',
    description: (service, salon, customer) => `${service} at ${salon} for ${customer}.`,
    cancelledDescription: (service, salon, customer) =>
      `Appointment cancelled: ${service} at ${salon} for ${customer}.`,
    signature: 'Booked with Salonia.',
    reminder: (service, salon, hours) => `Reminder: ${service} at ${salon} in ${hours} hours`,
    manage: 'Cancel or move:',
  },
}

/** The calendar file of one appointment: a VEVENT in UTC with its reminders, and a safe ASCII file name. */
export function appointmentIcs(input: AppointmentIcsInput): IcsData {
  return appointmentsIcs([input])
}

/**
 * One calendar file for the appointments of one visit (several services back to back), or for one
 * appointment. A cancellation is `METHOD:CANCEL` with the event's own UID and a higher SEQUENCE,
 * which removes the event from the customer's calendar; all events of one file share the method.
 */
export function appointmentsIcs(inputs: AppointmentIcsInput[]): IcsData {
  const [first] = inputs
  if (!first) throw new RangeError('A calendar file holds at least one appointment')
  const cancelled = first.cancelled === true
  if (inputs.some((i) => (i.cancelled === true) !== cancelled)) {
    throw new RangeError('One calendar file either publishes or cancels its appointments')
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Salonia//Booking//FR',
    'CALSCALE:GREGORIAN',
    `METHOD:${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...inputs.flatMap(vevent),
    'END:VCALENDAR',
  ]
  const content = lines.map(foldLine).join(CRLF) + CRLF
  const day = instantToLocal(first.start, first.salon.timeZone).date
  const filename = `${[WORDING[first.language].fileWord, slug(first.salon.name), day].filter(Boolean).join('-')}.ics`
  return { content, filename }
}

function vevent(input: AppointmentIcsInput): string[] {
  const { start, end, salon, language, cancelled = false, sequence = 0 } = input
  if (!(end.getTime() > start.getTime())) throw new RangeError('An appointment ends after it starts')
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE is a non-negative integer')
  const words = WORDING[language]
  const service = serviceLabel(input)
  const salonName = oneLine(salon.name)
  const customer = oneLine(input.customerName)
  const describe = cancelled ? words.cancelledDescription : words.description
  const manage = input.url && !cancelled ? `\n${words.manage} ${input.url}` : ''
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(input.bookingId)}@salonia`,
    `DTSTAMP:${utcDateTime(input.now)}`,
    `DTSTART:${utcDateTime(start)}`,
    `DTEND:${utcDateTime(end)}`,
    `SUMMARY:${escapeText(`${service} — ${salonName}`)}`,
    `LOCATION:${escapeText(salon.address)}`,
    `DESCRIPTION:${escapeText(descriptionText(describe(service, salonName, customer), input, words) + manage)}`,
    // A URI value, not TEXT: no escaping (our links hold no comma, semicolon nor line break).
    ...(input.url ? [`URL:${input.url}`] : []),
    ...organizer(salonName, salon.contactEmail),
    `SEQUENCE:${sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    // A cancelled appointment needs no reminder.
    ...(cancelled
      ? []
      : ALARM_HOURS.flatMap((hours) => [
          'BEGIN:VALARM',
          `TRIGGER:-PT${hours}H`,
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeText(words.reminder(service, salonName, hours))}`,
          'END:VALARM',
        ])),
    'END:VEVENT',
  ]
}

/**
 * The service as the file names it: in the customer's language, with the salon's own name beside it
 * when that differs ("Damenhaarschnitt (Coupe femme)") — what the salon's staff will call it.
 */
function serviceLabel(input: AppointmentIcsInput): string {
  const name = oneLine(input.serviceName)
  const salons = input.salonServiceName ? oneLine(input.salonServiceName) : ''
  return salons && salons.toLowerCase() !== name.toLowerCase() ? `${name} (${salons})` : name
}

/** The event's text: what, where and for whom; the service's description when there is one; who booked it. */
function descriptionText(what: string, input: AppointmentIcsInput, words: Wording): string {
  const described = input.serviceDescription?.trim()
  return [what, ...(described && !input.cancelled ? [described] : []), words.signature].join('\n')
}

/** `20261205T093000Z`: an instant in UTC, to the second. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped; other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\p{Cc}/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ''))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * Folds a content line into lines of at most 75 octets (RFC 5545 §3.1), each continuation starting
 * with a space. Cuts fall between code points, so a UTF-8 sequence (an accent, an emoji) is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(CRLF)
}

/** A file-name fragment of plain ASCII: "Salon Lumière" → "salon-lumiere". */
export function slug(value: string, maxLength = 60): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđþ]/gi, (c) => LIGATURES[c.toLowerCase()] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '')
}

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' }

/** Names go into single-line properties; a line break there is a typing accident, not meaning. */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim()
}

/** ORGANIZER with the salon's name (a quoted parameter: no double quotes or controls inside). */
function organizer(salonName: string, email: string | null | undefined): string[] {
  const address = email?.trim()
  if (!address || !/^[^\s"<>\\,;:@]+@[^\s"<>\\,;:@]+$/.test(address)) return []
  const name = salonName.replace(/["\p{Cc}]/gu, '')
  return [`ORGANIZER;CN="${name}":mailto:${address}`]
}
