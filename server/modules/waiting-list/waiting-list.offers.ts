import { languageOrDefault } from '@common/languages'
import type { WaitOffer } from '@common/schemas/waiting-list'
import { formatLocalDateTime } from '@common/time'
import type { Config } from '@server/config'
import type { SalonRow, WaitingListEntryRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { bookingLinkUrl } from '@server/modules/booking-page/booking-link'
import { bookConsecutive } from '@server/modules/bookings/consecutive'
import { serviceNamesFor } from '@server/modules/catalog/service-for-customer'
import { findSalonCustomer } from '@server/modules/customers/customers.repository'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { entryIdOfOfferToken } from './offer-link'
import { offerClosed, offerNotFound, offerTaken } from './waiting-list.errors'
import * as repo from './waiting-list.repository'
import { reviewSoon, type WaitingDeps } from './waiting-list.usecases'

/**
 * The waiting customer's side of an offer, through their link (`/w/<token>`) or their chat's "yes":
 * what is offered now, and taking it. Taking books the time as the customer would book it — the
 * one engine judges it again, and the database settles a race: the first to accept gets it, the
 * others are told it was taken (409) and keep their place on the list.
 */

export type OfferDeps = WaitingDeps & { config: Pick<Config, 'publicUrl' | 'appSecret'> }

/** What the link shows now. */
export async function offerOfToken(deps: OfferDeps, token: string): Promise<WaitOffer> {
  const { entry, salon } = await requireOffer(deps, token)
  return presentOffer(deps, entry, salon)
}

/** Takes the time offered on the link (a second tap once booked answers the same). */
export async function acceptOfferByToken(deps: OfferDeps, token: string): Promise<WaitOffer> {
  const { entry, salon } = await requireOffer(deps, token)
  if (entry.status === 'booked') return presentOffer(deps, entry, salon)
  const booked = await takeOffer(deps, salon, entry, 'web')
  return presentOffer(deps, booked, salon)
}

/**
 * Books the entry's offered time for its customer, on `channel`, and marks the entry booked; the
 * review then tells the others who were offered the same time that it is taken.
 */
export async function takeOffer(
  deps: WaitingDeps,
  salon: SalonRow,
  entry: WaitingListEntryRow,
  channel: 'web' | 'telegram' | 'instagram',
): Promise<WaitingListEntryRow> {
  const { db, clock, jobs } = deps
  if (entry.status !== 'offered' || !entry.offerStartsAt)
    throw entry.status === 'waiting' ? offerTaken() : offerClosed()
  if (entry.offerStartsAt.getTime() <= clock.now().getTime()) throw offerClosed()
  try {
    const [first] = await bookConsecutive(deps, {
      salon,
      serviceIds: entry.serviceIds,
      start: entry.offerStartsAt,
      customerId: entry.customerId,
      customer: { name: '' },
      channel,
      memberId: entry.memberId ?? undefined,
    })
    return db.transaction(async (tx) => {
      const updated = await repo.updateEntry(
        tx,
        entry.id,
        { status: 'booked', offerStartsAt: null, bookingId: first?.id ?? null },
        clock.now(),
      )
      await reviewSoon(tx, jobs, salon.id)
      return updated ?? entry
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500 || error.code.startsWith('customers.')) throw error
    // A second tap of the same customer loses the race to their own first one: that is booked.
    const done = await bookedMeanwhile(deps, entry)
    if (done) return done
    // Taken first, or no longer bookable: the review puts them back to waiting and tells them.
    await reviewSoon(db, jobs, salon.id)
    throw offerTaken()
  }
}

/** The entry, if its customer holds its offered time by now (their own earlier tap booked it). */
async function bookedMeanwhile(deps: WaitingDeps, entry: WaitingListEntryRow) {
  const startsAt = entry.offerStartsAt as Date
  // The visit's first appointment starts at the time offered.
  const first = entry.serviceIds.slice(0, 1)
  const held = await repo.hasBookedServices(
    deps.db,
    entry.customerId,
    first,
    startsAt,
    new Date(startsAt.getTime() + 1),
  )
  if (!held.booked) return undefined
  const change = { status: 'booked' as const, offerStartsAt: null, bookingId: held.bookingId }
  return (await repo.updateEntry(deps.db, entry.id, change, deps.clock.now())) ?? entry
}

async function requireOffer(deps: OfferDeps, token: string) {
  const entryId = entryIdOfOfferToken(deps.config.appSecret, token)
  const entry = entryId ? await repo.findEntry(deps.db, entryId) : undefined
  const salon = entry ? await findSalonById(deps.db, entry.salonId) : undefined
  if (!entry || !salon) throw offerNotFound()
  return { entry, salon }
}

async function presentOffer(deps: OfferDeps, entry: WaitingListEntryRow, salon: SalonRow): Promise<WaitOffer> {
  const bookedAt =
    entry.status === 'booked' && entry.bookingId ? await repo.bookingStart(deps.db, entry.bookingId) : null
  const booked = bookedAt ? formatLocalDateTime(bookedAt, salon.timeZone) : null
  const customer = await findSalonCustomer(deps.db, salon.id, entry.customerId)
  const language = languageOrDefault(customer?.language)
  // The page opens in the customer's language: the services are named in it too.
  const names = await serviceNamesFor(deps.db, entry.serviceIds, language)
  const open = entry.status === 'offered' && entry.offerStartsAt && entry.offerStartsAt > deps.clock.now()
  const state: WaitOffer['state'] =
    entry.status === 'booked' ? 'booked' : open ? 'open' : entry.status === 'waiting' ? 'taken' : 'closed'
  return {
    state,
    salon: { name: salon.name, publicId: salon.publicId },
    services: entry.serviceIds.map((id) => names.get(id) ?? ''),
    day: entry.day,
    part: entry.part,
    start: open && entry.offerStartsAt ? formatLocalDateTime(entry.offerStartsAt, salon.timeZone) : booked,
    member: entry.memberId ? (await requireMemberRef(deps.db, entry.memberId)).name : null,
    timeZone: salon.timeZone,
    language,
    bookingLink:
      entry.status === 'booked' && entry.bookingId
        ? bookingLinkUrl(deps.config.publicUrl, deps.config.appSecret, entry.bookingId)
        : null,
  }
}
