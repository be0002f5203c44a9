import { type Language, languageOrDefault } from '@common/languages'
import { formatLocalDateTime } from '@common/time'
import type { Executor } from '@server/db/client'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import * as events from '@server/modules/bookings/booking-events.repository'
import * as bookings from '@server/modules/bookings/bookings.repository'
import { bookedServiceFor } from '@server/modules/catalog/service-for-customer'
import { mailFooter, manageLine } from '@server/modules/customer-notices/change-texts'
import { leaveOnEveryChannel, type TellDeps } from '@server/modules/customer-notices/tell-customer'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { payLink } from './payment-hold'
import { cancelLine, money, payLine, paymentMessage } from './payment-texts'
import * as repo from './payments.repository'
import { freeCancelUntil } from './policies'

/**
 * Job `payments.tell`: the customer reads of their money where they write to the salon — the
 * confirmation once paid (with their page), a time released unpaid, a refund, a deposit kept, a
 * fee charged or waiting for their confirmation (with the link to confirm it). Once per event,
 * whatever the retries (the event is marked told in the same transaction).
 */
export async function tellPayment(deps: TellDeps, eventId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const event = await events.findUntoldEvent(tx, eventId)
    if (!event?.payment) return
    const now = deps.clock.now()
    const found = await bookings.findBooking(tx, event.bookingId)
    const salon = found && (await findSalonById(tx, found.booking.salonId))
    if (!found || !salon || found.customer.erasedAt) {
      await events.markEventTold(tx, event.id, [], now)
      return
    }
    const language = languageOrDefault(found.customer.language)
    const local = formatLocalDateTime(found.booking.startsAt, salon.timeZone)
    const service = (await bookedServiceFor(tx, salon, found.booking, language)).name
    const { what, amountMinor, currency } = event.payment
    const amount = money(amountMinor, currency, language)
    const told = paymentMessage(
      what,
      amount,
      { salon: salon.name, service, date: local.slice(0, 10), time: local.slice(11) },
      language,
    )
    if (!told) {
      await events.markEventTold(tx, event.id, [], now)
      return
    }
    const page = bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, found.booking.id)
    const after =
      what === 'fee_waiting'
        ? payLine(language, payLink(deps.config, found.booking.id))
        : what === 'deposit' || what === 'card_saved'
          ? (await confirmedTerms(tx, found.booking, salon.timeZone, language)) + manageLine(language, page)
          : ''
    const text = told.text + after
    await leaveOnEveryChannel(
      deps,
      tx,
      { salon, customer: found.customer },
      {
        text,
        letter: { subject: told.subject, text: text + mailFooter(language, salon.name, salon.publicPhone) },
        kind: `payment_${what}`,
        language,
        from: salon.name,
        bookingEventId: event.id,
      },
      now,
    )
  })
}

/** A confirmation says until when cancelling is free (the window the customer agreed to). */
async function confirmedTerms(
  db: Executor,
  booking: { id: string; startsAt: Date },
  timeZone: string,
  language: Language,
): Promise<string> {
  const payment = await repo.findBookingPayment(db, booking.id)
  if (!payment) return ''
  const until = formatLocalDateTime(freeCancelUntil(booking.startsAt, payment.freeCancelHours), timeZone)
  const fee = money(payment.feeMinor, payment.currency, language)
  return cancelLine(payment.kind, { date: until.slice(0, 10), time: until.slice(11) }, fee, language)
}
