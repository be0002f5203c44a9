import { type Language, languageOrDefault } from '@common/languages'
import { type BookingEvent, holdsItsTime } from '@common/schemas/booking'
import { formatLocalDateTime } from '@common/time'
import type { Executor } from '@server/db/client'
import type { BookingEventRow, SalonRow } from '@server/db/schema'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import * as events from '@server/modules/bookings/booking-events.repository'
import type { BookingSubscriber } from '@server/modules/bookings/booking-subscribers'
import * as repo from '@server/modules/bookings/bookings.repository'
import { bookedServiceFor } from '@server/modules/catalog/service-for-customer'
import { type ChannelDeps, type ChannelNotice, channels, type Recipient } from '@server/modules/customers/channels'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { changeMessage, type LocalStart, mailFooter, manageLine, type SalonChange } from './change-texts'

/**
 * Telling the customer of a change the salon made to their appointment (a move, a cancellation):
 * the change enqueues a job in its own transaction, and the job — once the change is committed —
 * leaves the same words on every channel that reaches them (customers/channels.ts): their e-mail,
 * their web chat with the salon, the chat they wrote from. What reached them is recorded on the
 * history's event (`toldBy`), by the job and only once it happened: an event whose job has not run
 * yet says nothing was told. Each channel says when its message counts as told (an e-mail once
 * SMTP took it, or the outbox without SMTP_URL; a chat's outbox once the platform took it).
 */

/**
 * Subscribed to every booking's events: a move or a cancellation by the salon is told to the
 * customer by a job enqueued in the change's transaction. (The queue keeps its first name,
 * `bookings.tell-customer`, so that jobs waiting in a running database still find their worker.)
 */
export const customerNotices: BookingSubscriber = {
  name: 'customer-notices',
  async onBookingEvent(db, jobs, event, now) {
    if (event.actor !== 'salon' || (event.kind !== 'moved' && event.kind !== 'cancelled')) return
    if (event.quiet) return
    // A move the salon may still undo is told once the undo is no longer offered (or not at all).
    const wait = event.tellAfter ? Math.ceil((event.tellAfter.getTime() - now.getTime()) / 1000) : 0
    await jobs.send(db, 'bookings.tell-customer', { eventId: event.id }, wait > 0 ? { startAfter: wait } : undefined)
  },
}

export type TellDeps = ChannelDeps & { jobs: Jobs }

/** Job `bookings.tell-customer`: runs once per event (a retry after success finds it told and stops). */
export async function tellCustomer(deps: TellDeps, eventId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const event = await events.findUntoldEvent(tx, eventId)
    if (!event) return
    const now = deps.clock.now()
    // Undone within its window: the customer never hears of the move, nor of its undoing.
    if (event.kind === 'moved' && (await events.isUndone(tx, event))) {
      await events.markEventTold(tx, event.id, [], now)
      return
    }
    const found = await repo.findBooking(tx, event.bookingId)
    const salon = found && (await findSalonById(tx, found.booking.salonId))
    const language = languageOrDefault(found?.customer.language)
    const change = found && salon ? await describe(tx, event, found, salon, language) : undefined
    if (!found || !salon || !change || found.customer.erasedAt) {
      await events.markEventTold(tx, event.id, [], now)
      return
    }
    const { customer } = found
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
    const notice: ChannelNotice = {
      text: message.text,
      letter: { subject: message.subject, text: message.text + mailFooter(language, salon.name, salon.publicPhone) },
      kind: `booking_${event.kind}`,
      language,
      from: salon.name,
      bookingEventId: event.id,
    }
    await leaveOnEveryChannel(deps, tx, { salon, customer }, notice, now)
  })
}

/**
 * In the caller's transaction: leaves a notice about one booking event on every channel that
 * reaches the customer, and records on the event who told them. A channel whose delivery comes
 * later (a chat's outbox) adds itself to `toldBy` once the platform took the message.
 */
export async function leaveOnEveryChannel(
  deps: TellDeps,
  tx: Executor,
  to: Recipient,
  notice: ChannelNotice,
  now: Date,
): Promise<void> {
  const toldBy: string[] = []
  for (const channel of channels()) {
    if (!channel.leaveNotice) continue
    const address = await channel.reach(deps, tx, to, now)
    if (address === undefined) continue
    if ((await channel.leaveNotice(deps, tx, address, notice, to)) === 'told') toldBy.push(channel.name)
  }
  await events.markEventTold(tx, notice.bookingEventId, toldBy as BookingEvent['toldBy'], now)
}

async function describe(
  db: Executor,
  event: BookingEventRow,
  found: repo.BookingWithCustomer,
  salon: SalonRow,
  language: Language,
): Promise<SalonChange | undefined> {
  const local = (at: Date): LocalStart => {
    const text = formatLocalDateTime(at, salon.timeZone)
    return { date: text.slice(0, 10), time: text.slice(11) }
  }
  const { booking, member } = found
  // The service as the customer knows it: in their language, as the chat and their page name it.
  const service = (await bookedServiceFor(db, salon, booking, language)).name
  const base = { salon: salon.name, service }
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
