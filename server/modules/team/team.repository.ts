import type { Executor } from '@server/db/client'
import { type TeamMemberRow, teamMemberHours, teamMemberServices, teamMembers } from '@server/db/schema'
import { and, asc, eq, inArray } from 'drizzle-orm'

/** Team members, the services each performs and their own hours. The only code that touches those tables. */

export interface MemberHoursRow {
  weekday: number
  opensMinute: number
  closesMinute: number
}

export interface MemberWithDetails {
  member: TeamMemberRow
  serviceIds: string[]
  hours: MemberHoursRow[]
}

export async function insertMember(db: Executor, values: typeof teamMembers.$inferInsert): Promise<TeamMemberRow> {
  const [row] = await db.insert(teamMembers).values(values).returning()
  if (!row) throw new Error('insert returned no team member')
  return row
}

/** The salon's members in its order, with their services and hours (three reads, whatever the team's size). */
export async function listMembers(db: Executor, salonId: string): Promise<MemberWithDetails[]> {
  const members = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.salonId, salonId))
    .orderBy(asc(teamMembers.position), asc(teamMembers.createdAt))
  if (members.length === 0) return []
  const ids = members.map((m) => m.id)
  const [services, hours] = await Promise.all([
    db.select().from(teamMemberServices).where(inArray(teamMemberServices.memberId, ids)),
    db
      .select()
      .from(teamMemberHours)
      .where(inArray(teamMemberHours.memberId, ids))
      .orderBy(asc(teamMemberHours.weekday), asc(teamMemberHours.opensMinute)),
  ])
  return members.map((member) => ({
    member,
    serviceIds: services.filter((s) => s.memberId === member.id).map((s) => s.serviceId),
    hours: hours.filter((h) => h.memberId === member.id),
  }))
}

export async function findMember(db: Executor, salonId: string, id: string): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.salonId, salonId), eq(teamMembers.id, id)))
    .limit(1)
  return row
}

export async function findMemberRef(db: Executor, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.id, id))
    .limit(1)
  return row
}

export async function countMembers(db: Executor, salonId: string): Promise<number> {
  return db.$count(teamMembers, eq(teamMembers.salonId, salonId))
}

export async function updateMember(
  db: Executor,
  id: string,
  changes: Partial<Pick<TeamMemberRow, 'name' | 'colour' | 'isActive' | 'position'>>,
  now: Date,
): Promise<TeamMemberRow> {
  const [row] = await db
    .update(teamMembers)
    .set({ ...changes, updatedAt: now })
    .where(eq(teamMembers.id, id))
    .returning()
  if (!row) throw new Error('update returned no team member')
  return row
}

export async function replaceMemberServices(db: Executor, memberId: string, serviceIds: readonly string[]) {
  await db.delete(teamMemberServices).where(eq(teamMemberServices.memberId, memberId))
  if (serviceIds.length > 0) {
    await db.insert(teamMemberServices).values([...new Set(serviceIds)].map((serviceId) => ({ memberId, serviceId })))
  }
}

/** No rows: the member works whenever the salon is open. */
export async function replaceMemberHours(db: Executor, memberId: string, rows: readonly MemberHoursRow[]) {
  await db.delete(teamMemberHours).where(eq(teamMemberHours.memberId, memberId))
  if (rows.length > 0) await db.insert(teamMemberHours).values(rows.map((row) => ({ ...row, memberId })))
}
