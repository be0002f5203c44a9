import type { Executor } from '@server/db/client'
import { preparedPerDatabase } from '@server/db/prepared'
import {
  type OpeningHoursRow,
  openingHours,
  type TimeOffRow,
  teamMemberHours,
  teamMembers,
  timeOff,
} from '@server/db/schema'
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm'

const openingHoursOfSalon = preparedPerDatabase((db) =>
  db
    .select()
    .from(openingHours)
    .where(eq(openingHours.salonId, sql.placeholder('salonId')))
    .orderBy(asc(openingHours.weekday), asc(openingHours.opensMinute))
    .prepare('opening_hours_of_salon'),
)

export async function listOpeningHours(db: Executor, salonId: string): Promise<OpeningHoursRow[]> {
  return openingHoursOfSalon(db).execute({ salonId })
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

const timeOffTouching = preparedPerDatabase((db) =>
  db
    .select()
    .from(timeOff)
    .where(
      and(
        eq(timeOff.salonId, sql.placeholder('salonId')),
        lt(timeOff.startsAt, sql`${sql.placeholder('to')}::timestamptz`),
        gt(timeOff.endsAt, sql`${sql.placeholder('from')}::timestamptz`),
      ),
    )
    .orderBy(asc(timeOff.startsAt))
    .prepare('time_off_touching'),
)

/** Absences of a salon, optionally only those touching [from, to). */
export async function listTimeOff(
  db: Executor,
  salonId: string,
  range?: { from: Date; to: Date },
): Promise<TimeOffRow[]> {
  if (range) {
    return timeOffTouching(db).execute({ salonId, from: range.from.toISOString(), to: range.to.toISOString() })
  }
  return db.select().from(timeOff).where(eq(timeOff.salonId, salonId)).orderBy(asc(timeOff.startsAt))
}

export async function insertTimeOff(
  db: Executor,
  values: { salonId: string; startsAt: Date; endsAt: Date; reason: string | null; memberId?: string | null },
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

// ——— The members' own weeks (the team module edits them; the schedule reads them) ———

/** Whether this member is one of the salon's. */
export async function isMemberOfSalon(db: Executor, salonId: string, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.salonId, salonId), eq(teamMembers.id, memberId)))
    .limit(1)
  return row !== undefined
}

/** Every member of the salon with their own week's rows (none: on the salon's hours). Two reads. */
export async function listMembersHours(
  db: Executor,
  salonId: string,
): Promise<{ memberId: string; hours: (typeof teamMemberHours.$inferSelect)[] }[]> {
  const members = await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.salonId, salonId))
  if (members.length === 0) return []
  const hours = await db
    .select()
    .from(teamMemberHours)
    .where(
      inArray(
        teamMemberHours.memberId,
        members.map((m) => m.id),
      ),
    )
    .orderBy(asc(teamMemberHours.weekday), asc(teamMemberHours.opensMinute))
  return members.map((m) => ({ memberId: m.id, hours: hours.filter((h) => h.memberId === m.id) }))
}
