import { languageOrDefault } from '@common/languages'
import { type BookingEvent, holdsItsTime } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'
import type { Database, Executor } from '@server/db/client'
import type { BookingEventRow } from '@server/db/schema'
import { leaveSalonMessage } from '@server/modules/assistant/salon-messages'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import * as events from '@server/modules/bookings/booking-events.repository'
import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import * as repo from '@server/modules/bookings/bookings.repository'
import { instagramReachOf, tellOnInstagram } from '@server/modules/instagram/instagram-reach'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { type MailDeps, sendEmail } from '@server/modules/mail/mail.usecases'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { telegramChatOf, tellOnTelegram } from '@server/modules/telegram/telegram-reach'
import { changeMessage, type LocalStart, mailFooter, manageLine, type SalonChange } from './change-texts'

/**
 * Telling the customer of a change the salon made to their appointment (a move, a cancellation):
 * the change enqueues a job in its own transaction, and the job — once the change is committed —
 * e-mails the customer when the salon has their address and writes the same words into their web
 * chat with the salon, and on Telegram when they wrote from it. What reached them is recorded on the history's event (`toldBy`), by the
 * job and only once it happened: an event whose job has not run yet says nothing was told.
 *
 * An e-mail counts as told when the SMTP server accepted it, or — on an instance without SMTP_URL,
 * where the outbox is where mail goes — when it was written to the outbox. A web chat counts when
 * the customer wrote to the salon from a web chat: the message waits for them there, shown the
 * next time a chat of theirs at the salon opens (or at once, in one that is open).
 */

/**
 * Subscribed to every booking's events: a move or a cancellation by the salon is told to the
 * customer by a job enqueued in the change's transaction. (The queue keeps its first name,
 * `bookings.tell-customer`, so that jobs waiting in a running database still find their worker.)
 */
export const customerNotices: BookingSubscriber = {
  name: 'customer-notices',
  async onBookingEvent(db, jobs, event) {
    if (event.actor !== 'salon' || (event.kind !== 'moved' && event.kind !== 'cancelled')) return
    await jobs.send(db, 'bookings.tell-customer', { eventId: event.id })
  },
}

export type TellDeps = Omit<MailDeps, 'db'> & { db: Database; jobs: Jobs }

/** Job `bookings.tell-customer`: runs once per event (a retry after success finds it told and stops). */
export async function tellCustomer(deps: TellDeps, eventId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const event = await events.findUntoldEvent(tx, eventId)
    if (!event) return
    const now = deps.clock.now()
    const found = await repo.findBooking(tx, event.bookingId)
    const salon = found && (await findSalonById(tx, found.booking.salonId))
    const change = found && salon ? await describe(tx, event, found, salon.name, salon.timeZone) : undefined
    if (!found || !salon || !change || found.customer.erasedAt) {
      await events.markEventTold(tx, event.id, [], now)
      return
    }
    const { customer } = found
    const language = languageOrDefault(customer.language)
    const told = changeMessage(language, change)
    // A moved appointment comes with the customer's own page, as every confirmation does.
    const message =
      event.kind === 'moved' && holdsItsTime(found.booking.status)
        ? {
            ...told,
            text:
              told.text +
              manageLine(language, bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, found.booking.id)),
          }
        : told
    const toldBy: BookingEvent['toldBy'] = []
    if (customer.email) {
      const { sent } = await sendEmail(
        { ...deps, db: tx },
        {
          to: customer.email,
          subject: message.subject,
          text: message.text + mailFooter(language, salon.name, salon.publicPhone),
          kind: `booking_${event.kind}`,
        },
      )
      if (sent || !deps.config.mail.smtpUrl) toldBy.push('email')
    }
    const left = await leaveSalonMessage(tx, {
      salonId: salon.id,
      customerId: customer.id,
      bookingEventId: event.id,
      text: message.text,
      sentAt: now,
    })
    if (left) toldBy.push('web')
    // Telegram is added to `toldBy` by the delivery job, once Telegram took the message.
    const chatId = deps.config.telegram ? await telegramChatOf(tx, salon.id, customer.id) : undefined
    if (chatId !== undefined) {
      await tellOnTelegram(deps, tx, {
        chatId,
        salonId: salon.id,
        customerId: customer.id,
        bookingEventId: event.id,
        text: message.text,
      })
    }
    // Instagram too, only inside Meta's 24 hours; `toldBy` gets it once Meta took the message.
    const reach = deps.config.instagram ? await instagramReachOf(tx, salon.id, customer.id, now) : undefined
    if (reach) {
      await tellOnInstagram(deps, tx, {
        reach,
        salonId: salon.id,
        customerId: customer.id,
        bookingEventId: event.id,
        text: message.text,
      })
    }
    await events.markEventTold(tx, event.id, toldBy, now)
  })
}

async function describe(
  db: Executor,
  event: BookingEventRow,
  found: repo.BookingWithCustomer,
  salonName: string,
  timeZone: string,
): Promise<SalonChange | undefined> {
  const local = (at: Date): LocalStart => {
    const text = formatLocalDateTime(at, timeZone)
    return { date: text.slice(0, 10), time: text.slice(11) }
  }
  const { booking, member } = found
  const base = { salon: salonName, service: booking.serviceName }
  if (event.kind === 'cancelled') {
    return { kind: 'cancelled', ...base, at: local(booking.startsAt), member: member.name, reason: event.reason }
  }
  if (event.kind === 'moved' && event.fromStartsAt && event.toStartsAt) {
    const movedTo = event.toMemberId ? await requireMemberRef(db, event.toMemberId) : member
    return {
      kind: 'moved',
      ...base,
      from: local(event.fromStartsAt),
      to: local(event.toStartsAt),
      member: movedTo.name,
    }
  }
  return undefined
}
