import { CUSTOMER_NOTES_MAX, type CustomerDetails } from '@common/schemas/customers'
import type { CustomerRow, SalonRow } from '@server/db/schema'
import { recordBookingEvent } from '@server/modules/bookings/booking-history'
import { mergeNotesTooLong, mergeOverlap, mergeSameCustomer } from '@server/modules/customers/customers.errors'
import { presentCustomerDetails, presentUpcoming } from '@server/modules/customers/customers.presenters'
import * as repo from '@server/modules/customers/customers.repository'
import { type CustomersDeps, customerFile, requireCustomer } from '@server/modules/customers/customers.usecases'
import { moveWaitingEntries } from '@server/modules/waiting-list/waiting-list.repository'

/** Merging is the owner's act, from the dashboard's customer file. */
const MERGED_BY = { actor: 'salon', channel: 'dashboard' } as const

/**
 * One person under two files (a phone call and a chat under another name): the duplicate's
 * bookings, identities on each channel, chats and the salon's messages join the file kept, its note
 * is added to the kept one's, a phone or e-mail the kept file lacks is taken from it, and the
 * duplicate goes — all in one transaction. Each booking moved says so in its history, and its
 * calendar event follows (the customer's name changed). Refused when it would break a rule: one
 * file into itself, an erased file (nothing left to merge; another salon's answers as unknown),
 * two appointments to come that overlap, or notes too long together.
 */
export async function mergeCustomers(
  deps: CustomersDeps,
  salon: SalonRow,
  keptId: string,
  duplicateId: string,
): Promise<CustomerDetails> {
  if (keptId === duplicateId) throw mergeSameCustomer()
  const now = deps.clock.now()
  const kept = await deps.db.transaction(async (tx) => {
    // Both locked, in one order: a booking made for either meanwhile waits for the merge.
    const [first, second] = [keptId, duplicateId].sort()
    const locked = new Map([
      [first, await requireCustomer(tx, salon, first as string, true)],
      [second, await requireCustomer(tx, salon, second as string, true)],
    ])
    const [kept, duplicate] = [locked.get(keptId), locked.get(duplicateId)] as [CustomerRow, CustomerRow]
    const [ours, theirs] = await Promise.all([
      repo.listUpcomingBookings(tx, kept.id, now),
      repo.listUpcomingBookings(tx, duplicate.id, now),
    ])
    const clashes = ours.flatMap((a) =>
      theirs.filter((b) => a.startsAt < b.endsAt && b.startsAt < a.endsAt).map((b) => [a, b]),
    )
    if (clashes.length > 0) throw mergeOverlap(clashes.flat().map((b) => presentUpcoming(b, salon)))
    const notes = [...new Set([kept.notes, duplicate.notes].filter((note): note is string => Boolean(note?.trim())))]
    const joined = notes.join('\n\n')
    if (joined.length > CUSTOMER_NOTES_MAX) throw mergeNotesTooLong(CUSTOMER_NOTES_MAX)

    // Their places on the waiting list go first (the duplicate's row goes with the merge).
    await moveWaitingEntries(tx, duplicate.id, kept.id, now)
    const moved = await repo.moveCustomerInto(tx, duplicate.id, kept.id)
    const merged = await repo.updateMergedCustomer(
      tx,
      kept.id,
      { phone: kept.phone ?? duplicate.phone, email: kept.email ?? duplicate.email, notes: joined || null },
      now,
    )
    for (const bookingId of moved) {
      await recordBookingEvent(tx, deps.jobs, { id: bookingId, salonId: salon.id }, 'merged', MERGED_BY, now)
    }
    return merged
  })
  return presentCustomerDetails(kept, await customerFile(deps.db, kept), salon)
}
