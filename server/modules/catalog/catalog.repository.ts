import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import { type ServiceRow, services } from '../../db/schema'

/** The salon's services. The only code that touches the services table. */

export async function listServices(db: Executor, salonId: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(eq(services.salonId, salonId))
    .orderBy(asc(services.position), asc(services.name))
}

export async function listAllServices(db: Executor): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.salonId), asc(services.position), asc(services.name))
}

const serviceOfSalon = preparedPerDatabase((db) =>
  db
    .select()
    .from(services)
    .where(and(eq(services.salonId, sql.placeholder('salonId')), eq(services.id, sql.placeholder('serviceId'))))
    .limit(1)
    .prepare('service_of_salon'),
)

export async function findService(db: Executor, salonId: string, serviceId: string): Promise<ServiceRow | undefined> {
  const [row] = await serviceOfSalon(db).execute({ salonId, serviceId })
  return row
}

export type NewService = Pick<ServiceRow, 'salonId' | 'name' | 'description' | 'durationMinutes' | 'priceMinor'> &
  Partial<Pick<ServiceRow, 'isActive' | 'position'>>

export async function insertServices(db: Executor, rows: NewService[]): Promise<void> {
  if (rows.length > 0) await db.insert(services).values(rows)
}

export async function updateService(
  db: Executor,
  id: string,
  changes: Partial<Pick<ServiceRow, 'name' | 'description' | 'durationMinutes' | 'priceMinor' | 'isActive'>>,
  now: Date,
): Promise<void> {
  await db
    .update(services)
    .set({ ...changes, updatedAt: now })
    .where(eq(services.id, id))
}
