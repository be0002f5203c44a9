import { type Language, languageOfCountry } from '@common/languages'
import type { BookingChannel } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'

/**
 * What a booking says in the salon's calendar, whichever calendar it is (Google, Outlook, CalDAV):
 * its title, its description in the salon's language, where, when and the link back. Each provider
 * turns it into its own event format; the words are written once, here.
 */

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

export interface BookingEvent {
  bookingId: string
  salonPublicId: string
  /** "Coupe femme · Zoé · avec Léa". */
  summary: string
  description: string
  location: string
  startsAt: Date
  endsAt: Date
  /** The salon's time zone, for calendars that show an event in one. */
  timeZone: string
  /** The dashboard, where the owner opens the booking. */
  url: string
}

/** What the booking should say in its salon's calendar. */
export function bookingEventOf(booking: BookingForCalendar, salon: SalonForCalendar, publicUrl: string): BookingEvent {
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
    bookingId: booking.id,
    salonPublicId: salon.publicId,
    summary: [
      booking.serviceName,
      firstName(booking.customerName),
      ...(booking.teamOfSeveral && booking.memberName ? [texts.with(booking.memberName)] : []),
    ].join(' · '),
    description,
    location: salon.address,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: salon.timeZone,
    url: dashboard,
  }
}
