import type { Language } from '../../../common/languages'
import type { Executor } from '../../db/client'
import type { CustomerRow } from '../../db/schema'
import * as repo from './customers.repository'

export interface CustomerDetails {
  name: string
  phone?: string | undefined
  language?: Language | undefined
}

export interface ChannelIdentity {
  channel: 'web' | 'telegram' | 'instagram' | 'mcp'
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
    if (details.language && details.language !== known.language) changes.language = details.language
    customer = Object.keys(changes).length > 0 ? await repo.updateCustomer(db, known.id, changes, now) : known
  } else {
    customer = await repo.insertCustomer(db, {
      salonId,
      name: details.name,
      phone: details.phone ?? null,
      language: details.language ?? 'fr',
    })
  }
  if (identity) await repo.linkIdentity(db, { salonId, ...identity, customerId: customer.id })
  return customer
}

/** The customer known under this channel identity, if any (no new customer is made). */
export async function findCustomerByIdentity(
  db: Executor,
  salonId: string,
  identity: ChannelIdentity,
): Promise<CustomerRow | undefined> {
  return repo.findCustomerByIdentity(db, salonId, identity.channel, identity.externalId)
}
