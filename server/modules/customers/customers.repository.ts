import { and, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { type CustomerRow, customerIdentities, customers } from '../../db/schema'

/** Customers and the channel identities they wrote from. The only code that touches those tables. */

export async function findCustomerByIdentity(
  db: Executor,
  salonId: string,
  channel: string,
  externalId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select({ customer: customers })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(
      and(
        eq(customerIdentities.salonId, salonId),
        eq(customerIdentities.channel, channel),
        eq(customerIdentities.externalId, externalId),
      ),
    )
    .limit(1)
  return row?.customer
}

export async function findCustomerByPhone(
  db: Executor,
  salonId: string,
  phone: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.salonId, salonId), eq(customers.phone, phone)))
    .limit(1)
  return row
}

export async function insertCustomer(
  db: Executor,
  values: Pick<CustomerRow, 'salonId' | 'name' | 'phone' | 'language'>,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning()
  if (!row) throw new Error('insert returned no customer')
  return row
}

export async function linkIdentity(
  db: Executor,
  values: { salonId: string; channel: string; externalId: string; customerId: string },
): Promise<void> {
  await db.insert(customerIdentities).values(values).onConflictDoNothing()
}

export async function updateCustomer(
  db: Executor,
  id: string,
  changes: Partial<Pick<CustomerRow, 'name' | 'phone' | 'language'>>,
  now: Date,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...changes, updatedAt: now })
    .where(eq(customers.id, id))
    .returning()
  if (!row) throw new Error('update returned no customer')
  return row
}
