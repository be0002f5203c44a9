import type { BookingChannel } from '@common/schemas/booking'
import { inPart, type WaitingEntry, type WaitingEntryInput, type WaitPart } from '@common/schemas/waiting-list'
import { addDays, formatLocalDateTime, instantToLocal, localToInstant } from '@common/time'
import type { Clock } from '@server/clock'
import type { Database, Executor } from '@server/db/client'
import type { SalonRow, WaitingListEntryRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { freeConsecutiveStarts, startInstant } from '@server/modules/bookings/consecutive'
import {
  type ChannelIdentity,
  type CustomerDetails,
  requireBookableCustomer,
  resolveCustomer,
} from '@server/modules/customers/customers.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { alreadyWaiting, dayPast, entryNotFound } from './waiting-list.errors'
import * as repo from './waiting-list.repository'

/**
 * The waiting list for full days (common/schemas/waiting-list.ts): who waits, and the review that
 * decides who is told what. The review runs as a job — after a cancellation or a move, after an
 * entry joins, and every few minutes for whatever else freed time (a block removed, hours changed)
 * — with the salon's active entries locked, so two reviews never offer or withdraw at once.
 */

export interface WaitingDeps {
  db: Database
  clock: Clock
  jobs: Jobs
}

/** Who joins: a customer the salon has, or the chat's customer (found or made by their identity). */
export type Joiner = { customerId: string } | { details: CustomerDetails; identity?: ChannelIdentity | undefined }

export interface Wish {
  serviceIds: readonly string[]
  day: string
  part: WaitPart
  memberId?: string | undefined
  channel: BookingChannel
}

/** The review of a salon's list, soon; several asked for at once fold into one. */
export function reviewSoon(db: Executor, jobs: Jobs, salonId: string): Promise<string | null> {
  return jobs.send(db, 'waiting-list.review', { salonId }, { singletonKey: salonId })
}

/**
 * Puts a customer on the list for a day. The services and the member are checked as a booking
 * would check them; a customer already waiting for that day is refused (409). Whether a time is
 * free already is the review's to say: it runs right after.
 */
export async function joinWaitingList(
  deps: WaitingDeps,
  salon: SalonRow,
  joiner: Joiner,
  wish: Wish,
): Promise<WaitingListEntryRow> {
  const { db, clock, jobs } = deps
  const now = clock.now()
  if (wish.day < instantToLocal(now, salon.timeZone).date) throw dayPast()
  // Unknown, inactive or unperformed services, or a member who does not perform them, refuse here.
  await freeConsecutiveStarts(deps, { salon, serviceIds: wish.serviceIds, date: wish.day, memberId: wish.memberId })
  return db.transaction(async (tx) => {
    const customer =
      'details' in joiner
        ? await resolveCustomer(tx, salon.id, joiner.details, now, joiner.identity)
        : await requireBookableCustomer(tx, salon.id, joiner.customerId)
    const entry = await repo.insertEntry(tx, {
      salonId: salon.id,
      customerId: customer.id,
      serviceIds: [...wish.serviceIds],
      memberId: wish.memberId ?? null,
      day: wish.day,
      part: wish.part,
      channel: wish.channel,
    })
    if (!entry) throw alreadyWaiting()
    await reviewSoon(tx, jobs, salon.id)
    return entry
  })
}

/** The desk's way in: a customer of the salon or new details, with the wish; the entry as the list shows it. */
export async function joinAtDesk(deps: WaitingDeps, salon: SalonRow, input: WaitingEntryInput): Promise<WaitingEntry> {
  const joiner: Joiner = input.customerId
    ? { customerId: input.customerId }
    : { details: input.customer ?? { name: '' } }
  const entry = await joinWaitingList(deps, salon, joiner, { ...input, channel: 'dashboard' })
  const listed = (await listWaitingList(deps, salon, { from: entry.day, to: entry.day })).find((e) => e.id === entry.id)
  if (!listed) throw entryNotFound()
  return listed
}

/** Takes a customer off the list (the desk). */
export async function removeFromWaitingList(deps: WaitingDeps, salon: SalonRow, entryId: string): Promise<void> {
  if (!(await repo.removeEntry(deps.db, salon.id, entryId, deps.clock.now()))) throw entryNotFound()
}

/** The list for the days [from, to] (default: today and the next 30 days), as the dashboard shows it. */
export async function listWaitingList(
  deps: Pick<WaitingDeps, 'db' | 'clock'>,
  salon: SalonRow,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<WaitingEntry[]> {
  const from = query.from ?? instantToLocal(deps.clock.now(), salon.timeZone).date
  const to = query.to ?? addDays(from, 30)
  const rows = await repo.listEntries(deps.db, salon.id, from, to)
  const names = await repo.serviceNames(deps.db, [...new Set(rows.flatMap((row) => row.entry.serviceIds))])
  return rows.map(({ entry, customer, member }) => ({
    id: entry.id,
    day: entry.day,
    part: entry.part,
    status: entry.status,
    customer,
    services: entry.serviceIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    member,
    channel: entry.channel,
    joinedAt: entry.createdAt.toISOString(),
    offeredStart: entry.offerStartsAt ? formatLocalDateTime(entry.offerStartsAt, salon.timeZone) : null,
    toldBy: entry.toldBy === NOBODY ? null : entry.toldBy,
    toldAt: entry.toldBy === NOBODY ? null : (entry.toldAt?.toISOString() ?? null),
    unreachable: entry.toldBy === NOBODY,
  }))
}

/** The time offered now to a customer of the salon (the latest told), for their chat's "yes". */
export async function openOffer(
  deps: Pick<WaitingDeps, 'db' | 'clock'>,
  salon: SalonRow,
  customerId: string,
): Promise<{ serviceIds: string[]; start: string; memberId: string | null } | undefined> {
  const entry = await repo.findOpenOffer(deps.db, salon.id, customerId)
  if (!entry?.offerStartsAt || entry.offerStartsAt <= deps.clock.now()) return undefined
  return {
    serviceIds: entry.serviceIds,
    start: formatLocalDateTime(entry.offerStartsAt, salon.timeZone),
    memberId: entry.memberId,
  }
}

/** Kept as `told_by` when the last message found no channel that reaches the customer. */
export const NOBODY = 'nobody'

/** What a review decided to tell one waiting customer (the job `waiting-list.tell` says it). */
export interface Telling {
  entryId: string
  /** `offer:<local start>` or `taken:<local start>`: one message, told at most once. */
  key: string
}

/**
 * Job `waiting-list.review`: each active entry of the salon, in the order they joined —
 * - the customer booked what they waited for that day (however): booked, nothing to say;
 * - the time offered to them is not free any more (someone took it first): back to waiting, and
 *   told it was taken;
 * - waiting, and a time that fits their wish is free and was never offered to them: offered, and
 *   told. Several may be offered the same time: the first to accept gets it.
 * The messages are jobs of their own, enqueued in that order.
 */
export async function reviewWaitingList(deps: WaitingDeps, salon: SalonRow): Promise<Telling[]> {
  const { db, clock, jobs } = deps
  return db.transaction(async (tx) => {
    const now = clock.now()
    const today = instantToLocal(now, salon.timeZone).date
    const tellings: Telling[] = []
    const reading = { db: tx as Database, clock }
    // One engine read per wish (day, services, member), however many customers share it.
    const freeStarts = new Map<string, Promise<string[] | undefined>>()
    const startsOf = (entry: WaitingListEntryRow) => {
      const wish = [entry.day, entry.memberId ?? '', ...entry.serviceIds].join('|')
      const known = freeStarts.get(wish)
      if (known) return known
      const starts = freeStartsFor(reading, salon, entry)
      freeStarts.set(wish, starts)
      return starts
    }
    for (const { entry, erased } of await repo.lockActiveEntries(tx, salon.id, today)) {
      tellings.push(...(await reviewEntry(reading, salon, entry, erased, now, startsOf)))
    }
    if (tellings.length > 0) await jobs.sendMany(tx, 'waiting-list.tell', tellings)
    return tellings
  })
}

async function reviewEntry(
  deps: Pick<WaitingDeps, 'db' | 'clock'>,
  salon: SalonRow,
  entry: WaitingListEntryRow,
  erased: boolean,
  now: Date,
  startsOf: (entry: WaitingListEntryRow) => Promise<string[] | undefined>,
): Promise<Telling[]> {
  const { db } = deps
  const local = (at: Date) => formatLocalDateTime(at, salon.timeZone)
  if (erased) {
    await repo.updateEntry(db, entry.id, { status: 'removed', offerStartsAt: null }, now)
    return []
  }
  const dayStart = new Date(localToInstant(entry.day, 0, salon.timeZone))
  const dayEnd = new Date(localToInstant(addDays(entry.day, 1), 0, salon.timeZone))
  const booked = await repo.hasBookedServices(db, entry.customerId, entry.serviceIds, dayStart, dayEnd)
  if (booked.booked) {
    await repo.updateEntry(db, entry.id, { status: 'booked', offerStartsAt: null, bookingId: booked.bookingId }, now)
    return []
  }
  const starts = await startsOf(entry)
  if (starts === undefined) {
    // A service no longer offered, a member gone: nothing can ever be offered for this wish.
    await repo.updateEntry(db, entry.id, { status: 'removed', offerStartsAt: null }, now)
    return []
  }
  const free = starts.filter((start) => inPart(entry.part, start))
  const tellings: Telling[] = []
  if (entry.status === 'offered' && entry.offerStartsAt) {
    const offered = local(entry.offerStartsAt)
    if (free.includes(offered)) return []
    await repo.updateEntry(db, entry.id, { status: 'waiting', offerStartsAt: null }, now)
    // Taken by someone else — unless the time simply went by unanswered: nothing to say then.
    if (entry.offerStartsAt > now) tellings.push({ entryId: entry.id, key: `taken:${offered}` })
  }
  const before = new Set(entry.offeredStarts.map(local))
  const next = free.find((start) => !before.has(start))
  if (next === undefined) return tellings
  const startsAt = new Date(startInstant(next, salon))
  await repo.updateEntry(
    db,
    entry.id,
    { status: 'offered', offerStartsAt: startsAt, offeredStarts: [...entry.offeredStarts, startsAt] },
    now,
  )
  tellings.push({ entryId: entry.id, key: `offer:${next}` })
  return tellings
}

/** The free starts of the wish's services on its day (with its member), or undefined if it cannot be met any more. */
async function freeStartsFor(
  deps: Pick<WaitingDeps, 'db' | 'clock'>,
  salon: SalonRow,
  entry: WaitingListEntryRow,
): Promise<string[] | undefined> {
  try {
    return await freeConsecutiveStarts(deps, {
      salon,
      serviceIds: entry.serviceIds,
      date: entry.day,
      memberId: entry.memberId ?? undefined,
    })
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.code !== 'bookings.range_too_long') return undefined
    throw error
  }
}
