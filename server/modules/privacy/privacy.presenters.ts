import { formatLocalDateTime } from '@common/time'
import type {
  BookingNoteRow,
  BookingRow,
  ConversationRow,
  CustomerRow,
  SalonMessageRow,
  SalonRow,
} from '@server/db/schema'
import type { CustomerIdentityRow } from '@server/modules/customers/customers.repository'

/** Everything the salon holds about one customer, as a GDPR access request is answered. */
export interface CustomerExport {
  format: 'salonia.customer-export/1'
  exportedAt: string
  salon: { id: string; name: string }
  customer: {
    id: string
    name: string
    phone: string | null
    email: string | null
    language: string
    salonNotes: string | null
    createdAt: string
    updatedAt: string
    erasedAt: string | null
  }
  channelIdentities: { channel: string; externalId: string; createdAt: string }[]
  bookings: {
    id: string
    startsAt: string
    endsAt: string
    localStart: string
    service: string
    durationMinutes: number
    priceMinor: number
    currency: string
    status: string
    channel: string
    createdAt: string
    cancelledAt: string | null
    customerNotes: { kind: string; minutes: number | null; aboutStart: string; createdAt: string }[]
  }[]
  conversations: {
    channel: string
    language: string
    startedAt: string
    lastMessageAt: string
    messageCount: number
    /** The messages the assistant still keeps of the chat (the latest ones only). */
    messages: { role: string; content: string }[]
  }[]
  /** What the salon told the customer through the web chat (moves, cancellations). */
  salonMessages: { text: string; sentAt: string }[]
}

export function presentCustomerExport(
  customer: CustomerRow,
  file: {
    identities: readonly CustomerIdentityRow[]
    bookings: readonly BookingRow[]
    notes: readonly BookingNoteRow[]
    conversations: readonly { row: ConversationRow; messages: { role: string; content: string }[] }[]
    salonMessages: readonly SalonMessageRow[]
  },
  salon: SalonRow,
  now: Date,
): CustomerExport {
  return {
    format: 'salonia.customer-export/1',
    exportedAt: now.toISOString(),
    salon: { id: salon.publicId, name: salon.name },
    customer: {
      id: customer.id,
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      language: customer.language,
      salonNotes: customer.notes,
      createdAt: customer.createdAt.toISOString(),
      updatedAt: customer.updatedAt.toISOString(),
      erasedAt: customer.erasedAt?.toISOString() ?? null,
    },
    channelIdentities: file.identities.map((i) => ({
      channel: i.channel,
      externalId: i.externalId,
      createdAt: i.createdAt.toISOString(),
    })),
    bookings: [...file.bookings]
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
      .map((b) => ({
        id: b.id,
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
        localStart: formatLocalDateTime(b.startsAt, salon.timeZone),
        service: b.serviceName,
        durationMinutes: b.durationMinutes,
        priceMinor: b.priceMinor,
        currency: b.currency,
        status: b.status,
        channel: b.channel,
        createdAt: b.createdAt.toISOString(),
        cancelledAt: b.cancelledAt?.toISOString() ?? null,
        // Every note held, also those about a start since moved: the export is what we hold, not what is shown.
        customerNotes: file.notes
          .filter((n) => n.bookingId === b.id)
          .map((n) => ({
            kind: n.kind,
            minutes: n.minutes,
            aboutStart: n.appointmentStartsAt.toISOString(),
            createdAt: n.createdAt.toISOString(),
          })),
      })),
    conversations: file.conversations.map(({ row, messages }) => ({
      channel: row.channel,
      language: row.language,
      startedAt: row.createdAt.toISOString(),
      lastMessageAt: row.updatedAt.toISOString(),
      messageCount: row.messageCount,
      messages,
    })),
    salonMessages: file.salonMessages.map((m) => ({ text: m.text, sentAt: m.sentAt.toISOString() })),
  }
}
