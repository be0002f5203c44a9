import { and, count, countDistinct, eq, gte, isNotNull, lt, ne } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bookings, conversations, salons } from '../../db/schema'

/** Read-only figures across salons for the administration panel. */

export async function countActiveSalons(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(salons).where(eq(salons.isActive, true))
  return row?.n ?? 0
}

/** Appointments (not cancelled) of one salon starting in [from, to). */
export async function countSalonBookingsBetween(db: Executor, salonId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.salonId, salonId),
        ne(bookings.status, 'cancelled'),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
      ),
    )
  return row?.n ?? 0
}

/** Conversations started since `since`, and how many of them booked an appointment. */
export async function conversationOutcomesSince(db: Executor, since: Date): Promise<{ total: number; booked: number }> {
  const [total] = await db.select({ n: count() }).from(conversations).where(gte(conversations.createdAt, since))
  const [booked] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(gte(conversations.createdAt, since), isNotNull(conversations.bookedAt)))
  return { total: total?.n ?? 0, booked: booked?.n ?? 0 }
}

/** Distinct customers who ever wrote to an assistant. */
export async function countBotUsers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(conversations.customerId) })
    .from(conversations)
    .where(isNotNull(conversations.customerId))
  return row?.n ?? 0
}
