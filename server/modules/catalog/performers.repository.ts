import type { Executor } from '@server/db/client'
import { teamMemberServices, teamMembers } from '@server/db/schema'
import { and, eq } from 'drizzle-orm'

/**
 * Who performs a service, seen from the service's side (the services editor, a new service): the
 * links between services and members, and which members are offered. The team module sits above
 * the catalog and edits the same links from the member's side (team.repository.ts).
 */

/** Gives these services to every active member of the salon (new services: the whole team performs them). */
export async function giveServicesToActiveMembers(db: Executor, salonId: string, serviceIds: readonly string[]) {
  if (serviceIds.length === 0) return
  const members = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.salonId, salonId), eq(teamMembers.isActive, true)))
  const pairs = members.flatMap((m) => serviceIds.map((serviceId) => ({ memberId: m.id, serviceId })))
  if (pairs.length > 0) await db.insert(teamMemberServices).values(pairs).onConflictDoNothing()
}

/** The members who perform a service (the services editor's checkboxes). */
export async function listServicePerformers(db: Executor, serviceId: string): Promise<string[]> {
  const rows = await db
    .select({ memberId: teamMemberServices.memberId })
    .from(teamMemberServices)
    .where(eq(teamMemberServices.serviceId, serviceId))
  return rows.map((row) => row.memberId)
}

/** These members, and only these, perform the service. */
export async function replaceServicePerformers(db: Executor, serviceId: string, memberIds: readonly string[]) {
  await db.delete(teamMemberServices).where(eq(teamMemberServices.serviceId, serviceId))
  if (memberIds.length > 0) {
    await db.insert(teamMemberServices).values([...new Set(memberIds)].map((memberId) => ({ memberId, serviceId })))
  }
}

/** Each member of the salon and whether they are offered (checks of the services editor). */
export async function listMemberActivity(db: Executor, salonId: string): Promise<{ id: string; isActive: boolean }[]> {
  return db
    .select({ id: teamMembers.id, isActive: teamMembers.isActive })
    .from(teamMembers)
    .where(eq(teamMembers.salonId, salonId))
}
