import { createHash } from 'node:crypto'
import { type Language, languageOfCountry } from '@common/languages'
import type { BookingChannel } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'
import type { CalendarEvent } from './google-calendar'

/**
 * What a booking looks like in the salon's Google calendar. The event id is the booking id's 32
 * hexadecimal digits: Google accepts ids made of base32hex characters (0-9, a-v), so a retried
 * insert of the same booking can only ever meet its own event (409), never make a second one.
 */

export const BOOKING_ID_PROPERTY = 'saloniaBookingId'

export function eventIdOf(bookingId: string): string {
  return bookingId.replaceAll('-', '').toLowerCase()
}

/** The booking an event of ours stands for, if it is one of ours. */
export function bookingIdOf(event: CalendarEvent): string | undefined {
  const fromProperty = event.extendedProperties?.private?.[BOOKING_ID_PROPERTY]
  if (fromProperty) return fromProperty
  // A deleted event comes back from incremental sync with only its id and status.
  const hex = /^[0-9a-f]{32}$/.test(event.id) ? event.id : undefined
  return hex && `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface BookingForCalendar {
  id: string
  serviceName: string
  startsAt: Date
  endsAt: Date
  channel: BookingChannel
  customerName: string
  customerPhone: string | null
  /** Who performs it; named in the title when the salon has several members (`teamOfSeveral`). */
  memberName?: string
  teamOfSeveral?: boolean
  /** The customer said they would be late (when: `lateNotedAt`), by `lateMinutes` when they said how much. */
  lateMinutes?: number | null
  lateNotedAt?: Date | null
}

export interface SalonForCalendar {
  publicId: string
  address: string
  timeZone: string
  country: string
}

const TEXTS: Record<
  Language,
  {
    phone: string
    bookedVia: string
    open: string
    /** "avec Léa": who performs it, in a salon of several members. */
    with: (member: string) => string
    channels: Record<BookingChannel, string>
    /** "Running about 10 min late (said at 13:52)"; `minutes` null: late, without saying how much. */
    late: (minutes: number | null, time: string) => string
  }
> = {
  fr: {
    with: (member) => `avec ${member}`,
    late: (minutes, time) =>
      minutes === null
        ? `⏱ Le client a prévenu d'un retard (à ${time})`
        : `⏱ En retard d'environ ${minutes} min (prévenu à ${time})`,
    phone: 'Téléphone',
    bookedVia: 'Réservé via',
    open: 'Voir dans Salonia',
    channels: {
      web: 'le chat en ligne',
      telegram: 'Telegram',
      instagram: 'Instagram',
      whatsapp: 'WhatsApp',
      mcp: 'un agent IA (MCP)',
      dashboard: 'le tableau de bord',
      api: "l'API",
    },
  },
  de: {
    with: (member) => `bei ${member}`,
    late: (minutes, time) =>
      minutes === null
        ? `⏱ Kunde hat Verspätung angekündigt (um ${time} Uhr)`
        : `⏱ Verspätet sich um ca. ${minutes} Min. (gemeldet um ${time} Uhr)`,
    phone: 'Telefon',
    bookedVia: 'Gebucht über',
    open: 'In Salonia öffnen',
    channels: {
      web: 'den Online-Chat',
      telegram: 'Telegram',
      instagram: 'Instagram',
      whatsapp: 'WhatsApp',
      mcp: 'einen KI-Agenten (MCP)',
      dashboard: 'das Dashboard',
      api: 'die API',
    },
  },
  it: {
    with: (member) => `con ${member}`,
    late: (minutes, time) =>
      minutes === null
        ? `⏱ Il cliente ha avvisato di un ritardo (alle ${time})`
        : `⏱ In ritardo di circa ${minutes} min (avvisato alle ${time})`,
    phone: 'Telefono',
    bookedVia: 'Prenotato tramite',
    open: 'Apri in Salonia',
    channels: {
      web: 'la chat online',
      telegram: 'Telegram',
      instagram: 'Instagram',
      whatsapp: 'WhatsApp',
      mcp: 'un agente IA (MCP)',
      dashboard: 'la dashboard',
      api: "l'API",
    },
  },
  en: {
    with: (member) => `with ${member}`,
    late: (minutes, time) =>
      minutes === null
        ? `⏱ The customer said they will be late (at ${time})`
        : `⏱ Running about ${minutes} min late (said at ${time})`,
    phone: 'Phone',
    bookedVia: 'Booked via',
    open: 'Open in Salonia',
    channels: {
      web: 'the online chat',
      telegram: 'Telegram',
      instagram: 'Instagram',
      whatsapp: 'WhatsApp',
      mcp: 'an AI agent (MCP)',
      dashboard: 'the dashboard',
      api: 'the API',
    },
  },
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

/** The event a booking should be in its salon's calendar. */
export function eventOf(booking: BookingForCalendar, salon: SalonForCalendar, publicUrl: string): CalendarEvent {
  // The owner reads the description in the salon's country's language.
  const texts = TEXTS[languageOfCountry(salon.country)]
  const dashboard = `${publicUrl}/professional`
  // What the owner must see first on the phone: the customer is on their way, late.
  const late = booking.lateNotedAt
    ? [texts.late(booking.lateMinutes ?? null, formatLocalDateTime(booking.lateNotedAt, salon.timeZone).slice(11))]
    : []
  const description = [
    ...late,
    ...(booking.customerPhone ? [`${texts.phone}: ${booking.customerPhone}`] : []),
    `${texts.bookedVia} ${texts.channels[booking.channel]}`,
    `${texts.open}: ${dashboard}`,
  ].join('\n')
  return {
    id: eventIdOf(booking.id),
    status: 'confirmed',
    summary: [
      booking.serviceName,
      firstName(booking.customerName),
      ...(booking.teamOfSeveral && booking.memberName ? [texts.with(booking.memberName)] : []),
    ].join(' · '),
    description,
    location: salon.address,
    start: { dateTime: booking.startsAt.toISOString(), timeZone: salon.timeZone },
    end: { dateTime: booking.endsAt.toISOString(), timeZone: salon.timeZone },
    transparency: 'opaque',
    extendedProperties: { private: { [BOOKING_ID_PROPERTY]: booking.id, saloniaSalonId: salon.publicId } },
    source: { title: 'Salonia', url: dashboard },
  }
}

/** Changes whenever what the calendar should show changes: an unchanged booking is not pushed again. */
export function fingerprintOf(event: CalendarEvent): string {
  return createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 22)
}
