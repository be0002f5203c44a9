import { type Language, languageOfCountry } from '@common/languages'
import type { CustomerErased } from '@common/schemas/customers'
import type { SalonRow } from '@server/db/schema'
import { recordBookingEvent } from '@server/modules/bookings/booking-history'
import { forgetOnEveryChannel } from '@server/modules/customers/channels'
import {
  customerAlreadyErased,
  customerHasUpcomingBookings,
  customerNotFound,
} from '@server/modules/customers/customers.errors'
import { presentUpcoming } from '@server/modules/customers/customers.presenters'
import * as repo from '@server/modules/customers/customers.repository'
import type { CustomersDeps } from '@server/modules/customers/customers.usecases'

/** The name an erased customer's bookings show, in the salon's language (the figures keep counting them). */
const ANONYMISED_NAME: Record<Language, string> = {
  fr: 'Client anonymisé',
  de: 'Anonymisierte Kundschaft',
  it: 'Cliente anonimizzato',
  en: 'Anonymised customer',
}

/** Erasure is the owner's act, from the dashboard's customer file. */
const ERASED_BY = { actor: 'salon', channel: 'dashboard' } as const

/**
 * Erases the customer's personal data (GDPR erasure), in one transaction: name anonymised, phone and
 * the salon's note removed, channel identities, chats and booking notes deleted (and what the Telegram
 * bot kept of their chat). Their bookings stay
 * (the salon's figures count them) under the anonymised customer, and each one's calendar event is
 * rewritten without the name. Refused while appointments are to come: the salon cancels them first
 * (and the customer is told), so nothing is cancelled silently.
 */
export async function eraseSalonCustomer(
  deps: CustomersDeps,
  salon: SalonRow,
  customerId: string,
): Promise<CustomerErased> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    // Locked first: a booking being made for them now waits, and then meets the erased customer.
    const customer = await repo.findSalonCustomer(tx, salon.id, customerId, { lock: true })
    if (!customer) throw customerNotFound()
    if (customer.erasedAt) throw customerAlreadyErased()
    const upcoming = await repo.listUpcomingBookings(tx, customer.id, now)
    if (upcoming.length > 0) throw customerHasUpcomingBookings(upcoming.map((b) => presentUpcoming(b, salon)))
    // What each channel kept of them goes too (a chat bot's copy of the number they shared and of
    // their recent messages, an Instagram account's names and messages not yet pruned).
    await forgetOnEveryChannel(tx, salon.id, await repo.listIdentities(tx, customer.id), now)
    const kept = await repo.eraseCustomerData(tx, customer.id, ANONYMISED_NAME[languageOfCountry(salon.country)], now)
    // Each kept booking's history says so, and its subscribers follow (the calendar event loses the name).
    for (const bookingId of kept) {
      await recordBookingEvent(tx, deps.jobs, { id: bookingId, salonId: salon.id }, 'erased', ERASED_BY, now)
    }
    return { id: customer.id, bookingsKept: kept.length }
  })
}
