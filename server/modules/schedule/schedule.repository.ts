import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { type OpeningHoursRow, openingHours, type TimeOffRow, timeOff } from '../../db/schema'

/** Opening hours and absences. The only code that touches those tables. */

export async function listOpeningHours(db: Executor, salonId: string): Promise<OpeningHoursRow[]> {
  return db
    .select()
    .from(openingHours)
    .where(eq(openingHours.salonId, salonId))
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensMinute))
}

export async function listOpeningHoursOfSalons(db: Executor, salonIds: string[]): Promise<OpeningHoursRow[]> {
  if (salonIds.length === 0) return []
  return db
    .select()
    .from(openingHours)
    .where(inArray(openingHours.salonId, salonIds))
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensMinute))
}

export async function replaceOpeningHours(
  db: Executor,
  salonId: string,
  rows: Omit<OpeningHoursRow, 'salonId'>[],
): Promise<void> {
  await db.delete(openingHours).where(eq(openingHours.salonId, salonId))
  if (rows.length > 0) await db.insert(openingHours).values(rows.map((r) => ({ ...r, salonId })))
}

/** Absences of a salon, optionally only those touching [from, to). */
export async function listTimeOff(
  db: Executor,
  salonId: string,
  range?: { from: Date; to: Date },
): Promise<TimeOffRow[]> {
  const where = range
    ? and(eq(timeOff.salonId, salonId), lt(timeOff.startsAt, range.to), gt(timeOff.endsAt, range.from))
    : eq(timeOff.salonId, salonId)
  return db.select().from(timeOff).where(where).orderBy(asc(timeOff.startsAt))
}

export async function insertTimeOff(
  db: Executor,
  values: { salonId: string; startsAt: Date; endsAt: Date; reason: string | null },
): Promise<TimeOffRow> {
  const [row] = await db.insert(timeOff).values(values).returning()
  if (!row) throw new Error('insert returned no time off')
  return row
}

/** Deletes one absence of the salon; false when there was none with that id. */
export async function deleteTimeOff(db: Executor, salonId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(timeOff)
    .where(and(eq(timeOff.salonId, salonId), eq(timeOff.id, id)))
    .returning({ id: timeOff.id })
  return rows.length > 0
}
