import type { Language } from '@common/languages'
import { CUSTOMERS_PAGE_SIZE, type CustomerDetails as CustomerFile, type CustomerList } from '@common/schemas/customers'
import type { Clock } from '@server/clock'
import type { Database, Executor } from '@server/db/client'
import type { CustomerRow, SalonRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { customerErased, customerNotFound } from './customers.errors'
import { presentCustomerDetails, presentCustomerSummary } from './customers.presenters'
import * as repo from './customers.repository'

export interface CustomerDetails {
  name: string
  phone?: string | undefined
  /** Given by the salon (dashboard, API) or by the customer in the chat: where reminders and the salon's changes go. */
  email?: string | undefined
  language?: Language | undefined
}

export interface ChannelIdentity {
  channel: 'web' | 'telegram' | 'instagram' | 'whatsapp' | 'mcp'
  externalId: string
}

/**
 * The salon's customer for these details: the one known under this channel identity, else (only
 * when no identity is given: the dashboard, the API) the one with this phone number, else a new
 * customer. Details given now refresh the stored ones. A chat never adopts a customer by phone:
 * typing someone's number must not open their appointments to the writer.
 */
export async function resolveCustomer(
  db: Executor,
  salonId: string,
  details: CustomerDetails,
  now: Date,
  identity?: ChannelIdentity,
): Promise<CustomerRow> {
  const known = identity
    ? await repo.findCustomerByIdentity(db, salonId, identity.channel, identity.externalId)
    : details.phone
      ? await repo.findCustomerByPhone(db, salonId, details.phone)
      : undefined

  let customer: CustomerRow
  if (known) {
    const changes: Parameters<typeof repo.updateCustomer>[2] = {}
    if (details.name !== known.name) changes.name = details.name
    if (details.phone && details.phone !== known.phone) changes.phone = details.phone
    if (details.email && details.email !== known.email) changes.email = details.email
    if (details.language && details.language !== known.language) changes.language = details.language
    customer = Object.keys(changes).length > 0 ? await repo.updateCustomer(db, known.id, changes, now) : known
  } else {
    customer = await repo.insertCustomer(db, {
      salonId,
      name: details.name,
      phone: details.phone ?? null,
      email: details.email ?? null,
      language: details.language ?? 'fr',
    })
  }
  if (identity) await repo.linkIdentity(db, { salonId, ...identity, customerId: customer.id })
  return customer
}

/**
 * A channel that proves the writer's number (on WhatsApp the sender is their phone number) links a
 * new identity to the salon's customer with that number — when exactly one has it, and never an
 * erased one. Typing a number proves nothing: only such a channel may call this. Returns the
 * customer the identity now stands for, if any.
 */
export async function linkProvenPhone(
  db: Executor,
  salonId: string,
  identity: ChannelIdentity,
  phoneDigits: string,
): Promise<CustomerRow | undefined> {
  const known = await repo.findCustomerByIdentity(db, salonId, identity.channel, identity.externalId)
  if (known) return known
  const found = await repo.findCustomersByPhoneDigits(db, salonId, phoneDigits)
  const [customer] = found
  if (found.length !== 1 || !customer) return undefined
  await repo.linkIdentity(db, { salonId, ...identity, customerId: customer.id })
  return customer
}

/**
 * The contact a chat's profile gives (phone, e-mail), kept on the customer the chat already knows
 * — as a booking keeps it: a customer who adds a number after booking gets their reminders by SMS.
 * Nothing for a customer the salon erased.
 */
export async function keepChatContact(
  db: Executor,
  known: CustomerRow,
  contact: { phone?: string | undefined; email?: string | undefined },
  now: Date,
): Promise<void> {
  if (known.erasedAt) return
  const changes: Parameters<typeof repo.updateCustomer>[2] = {}
  if (contact.phone && contact.phone !== known.phone) changes.phone = contact.phone
  if (contact.email && contact.email !== known.email) changes.email = contact.email
  if (Object.keys(changes).length > 0) await repo.updateCustomer(db, known.id, changes, now)
}

/** The customer known under this channel identity, if any (no new customer is made). */
/** One of the salon's customers, chosen by the salon for a new booking: not another salon's, not erased. */
export async function requireBookableCustomer(db: Executor, salonId: string, customerId: string): Promise<CustomerRow> {
  const customer = await repo.findSalonCustomer(db, salonId, customerId)
  if (!customer) throw customerNotFound()
  if (customer.erasedAt) throw customerErased()
  return customer
}

export async function findCustomerByIdentity(
  db: Executor,
  salonId: string,
  identity: ChannelIdentity,
): Promise<CustomerRow | undefined> {
  return repo.findCustomerByIdentity(db, salonId, identity.channel, identity.externalId)
}

/** Who the customer is on a channel: the ids they wrote to the salon from there. */
export function customerIdsOn(db: Executor, salonId: string, customerId: string, channel: string): Promise<string[]> {
  return repo.externalIdsOn(db, salonId, customerId, channel)
}

// ——— The salon's customers: list, file, private note (GDPR export and erasure: privacy/) ———

export interface CustomersDeps {
  db: Database
  clock: Clock
  jobs: Jobs
}

/** One page of the salon's customers, searched by name (any case, accents or not) or phone digits. */
export async function listSalonCustomers(
  deps: Pick<CustomersDeps, 'db' | 'clock'>,
  salon: SalonRow,
  query: { q?: string | undefined; page: number },
): Promise<CustomerList> {
  const { rows, total } = await repo.listCustomers(deps.db, salon.id, {
    search: query.q || undefined,
    now: deps.clock.now(),
    limit: CUSTOMERS_PAGE_SIZE,
    offset: (query.page - 1) * CUSTOMERS_PAGE_SIZE,
  })
  const noShows = await repo.countNoShows(
    deps.db,
    rows.map((r) => r.id),
  )
  return {
    customers: rows.map((row) => presentCustomerSummary(row, noShows.get(row.id) ?? 0, salon)),
    total,
    page: query.page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  }
}

/** The salon's customer, not erased; another salon's or an erased one is "not found". */
export async function requireCustomer(db: Executor, salon: SalonRow, customerId: string, lock = false) {
  const customer = await repo.findSalonCustomer(db, salon.id, customerId, { lock })
  if (!customer || customer.erasedAt) throw customerNotFound()
  return customer
}

export async function customerFile(db: Executor, customer: CustomerRow) {
  const [identities, { bookings, notes }, noShows] = await Promise.all([
    repo.listIdentities(db, customer.id),
    repo.listCustomerBookings(db, customer.id),
    repo.countNoShows(db, [customer.id]),
  ])
  return { identities, bookings, notes, noShows: noShows.get(customer.id) ?? 0 }
}

/** One customer's file: profile, private note, channel identities, bookings with their notes, no-shows. */
export async function getSalonCustomer(db: Database, salon: SalonRow, customerId: string): Promise<CustomerFile> {
  const customer = await requireCustomer(db, salon, customerId)
  return presentCustomerDetails(customer, await customerFile(db, customer), salon)
}

/** The salon's private note on the customer (empty: none). */
export async function setSalonCustomerNotes(
  deps: Pick<CustomersDeps, 'db' | 'clock'>,
  salon: SalonRow,
  customerId: string,
  notes: string | null,
): Promise<CustomerFile> {
  const customer = await deps.db.transaction(async (tx) => {
    await requireCustomer(tx, salon, customerId, true)
    return repo.setCustomerNotes(tx, customerId, notes, deps.clock.now())
  })
  return presentCustomerDetails(customer, await customerFile(deps.db, customer), salon)
}
