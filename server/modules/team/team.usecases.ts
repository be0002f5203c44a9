import type { WorkingHoursInput } from '@common/schemas/schedule'
import {
  type CalendarBlocks,
  MAX_TEAM_MEMBERS,
  MEMBER_COLOURS,
  type TeamMember,
  type TeamMemberCreate,
  type TeamMemberUpdate,
} from '@common/schemas/team'
import type { Clock } from '@server/clock'
import { type Database, type Executor, PG_UNIQUE_VIOLATION, sqlState } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { listServices } from '@server/modules/catalog/catalog.repository'
import { updateSalon } from '@server/modules/salons/salons.repository'
import {
  bookingsOutsideNewHours,
  readTeamHours,
  type ScheduleChangeDeps,
  settleAffectedBookings,
} from '@server/modules/schedule/affected-bookings.usecases'
import { rowsToOpeningIntervals, workingHoursToRows } from '@server/modules/schedule/working-hours'
import {
  memberNameTaken,
  memberNotFound,
  memberWithoutHours,
  ownerStaysActive,
  teamFull,
  teamOrderMismatch,
  unknownServices,
} from './team.errors'
import { presentMember } from './team.presenters'
import * as repo from './team.repository'

export interface TeamDeps {
  db: Database
  clock: Clock
}

/**
 * A new salon's team: its owner, named after the salon until they give their own name, performing
 * every service the salon has. Called in the transaction that creates the salon.
 */
export async function createOwnerMember(db: Executor, salon: Pick<SalonRow, 'id' | 'name'>): Promise<void> {
  const owner = await repo.insertMember(db, {
    salonId: salon.id,
    name: salon.name.slice(0, 40),
    colour: MEMBER_COLOURS[0],
    isOwner: true,
    position: 0,
  })
  const services = await listServices(db, salon.id)
  await repo.replaceMemberServices(
    db,
    owner.id,
    services.map((s) => s.id),
  )
}

/** The name of a member (a booking's presenter): a member never disappears while a booking has them. */
export async function requireMemberRef(db: Executor, memberId: string): Promise<{ id: string; name: string }> {
  const member = await repo.findMemberRef(db, memberId)
  if (!member) throw memberNotFound()
  return member
}

export async function listTeam(db: Executor, salon: SalonRow): Promise<TeamMember[]> {
  return (await repo.listMembers(db, salon.id)).map(presentMember)
}

/**
 * Adds a member: their colour is the first of the palette no member has (unless chosen), their
 * services every active service unless listed, their hours the salon's unless given; they go last.
 */
export async function addMember(
  { db, clock }: TeamDeps,
  salon: SalonRow,
  input: TeamMemberCreate,
): Promise<TeamMember> {
  const team = await repo.listMembers(db, salon.id)
  if (team.length >= MAX_TEAM_MEMBERS) throw teamFull(MAX_TEAM_MEMBERS)
  const services = await listServices(db, salon.id)
  const serviceIds = input.serviceIds ?? services.filter((s) => s.isActive).map((s) => s.id)
  assertSalonServices(services, serviceIds)
  const taken = new Set(team.map((m) => m.member.colour))
  const colour =
    input.colour ?? MEMBER_COLOURS.find((c) => !taken.has(c)) ?? MEMBER_COLOURS[team.length % MEMBER_COLOURS.length]
  const now = clock.now()
  const id = await underNameGuard(() =>
    db.transaction(async (tx) => {
      const member = await repo.insertMember(tx, {
        salonId: salon.id,
        name: input.name,
        colour: colour as string,
        position: Math.max(-1, ...team.map((m) => m.member.position)) + 1,
        createdAt: now,
        updatedAt: now,
      })
      await repo.replaceMemberServices(tx, member.id, serviceIds)
      if (input.workingHours) await repo.replaceMemberHours(tx, member.id, ownHours(input.workingHours))
      return member.id
    }),
  )
  return requirePresented(db, salon, id)
}

/**
 * Edits a member. Deactivating keeps their bookings (the salon decides what to do with them from
 * the agenda) but offers them no more; the owner stays active. `workingHours: null` puts the
 * member back on the salon's hours. New hours that leave the member's bookings still to come
 * outside their week (cut to the salon's) are refused, kept or cancelled as `affectedBookings` says.
 */
export async function updateMember(
  deps: ScheduleChangeDeps,
  salon: SalonRow,
  memberId: string,
  input: TeamMemberUpdate,
): Promise<TeamMember> {
  const { db, clock } = deps
  const member = await repo.findMember(db, salon.id, memberId)
  if (!member) throw memberNotFound()
  if (member.isOwner && input.isActive === false) throw ownerStaysActive()
  if (input.serviceIds) assertSalonServices(await listServices(db, salon.id), input.serviceIds)
  const now = clock.now()
  await underNameGuard(() =>
    db.transaction(async (tx) => {
      const { serviceIds, workingHours, affectedBookings, affectedBookingIds, ...changes } = input
      await repo.updateMember(tx, member.id, changes, now)
      if (serviceIds) await repo.replaceMemberServices(tx, member.id, serviceIds)
      if (workingHours !== undefined) {
        const before = await readTeamHours(tx, salon.id)
        const own = workingHours ? ownHours(workingHours) : []
        await repo.replaceMemberHours(tx, member.id, own)
        const members = new Map(before.members).set(member.id, own.length ? rowsToOpeningIntervals(own) : null)
        const change = { before, after: { ...before, members }, memberId: member.id }
        const affected = await bookingsOutsideNewHours(tx, salon, now, change)
        await settleAffectedBookings(tx, deps, salon, affected, { affectedBookings, affectedBookingIds }, 'new_hours')
      }
    }),
  )
  return requirePresented(db, salon, member.id)
}

/** The team's order in the agenda and for ties of the assignment rule: every member, once. */
export async function reorderTeam({ db, clock }: TeamDeps, salon: SalonRow, memberIds: readonly string[]) {
  const team = await repo.listMembers(db, salon.id)
  const known = new Set(team.map((m) => m.member.id))
  if (
    memberIds.length !== known.size ||
    new Set(memberIds).size !== known.size ||
    !memberIds.every((id) => known.has(id))
  ) {
    throw teamOrderMismatch()
  }
  const now = clock.now()
  await db.transaction(async (tx) => {
    for (const [position, id] of memberIds.entries()) await repo.updateMember(tx, id, { position }, now)
  })
  return listTeam(db, salon)
}

/** What the salon's own calendar events block: the whole team, or the owner only. */
export async function setCalendarBlocks({ db, clock }: TeamDeps, salon: SalonRow, calendarBlocks: CalendarBlocks) {
  const updated = await updateSalon(db, salon.id, { calendarBlocks }, clock.now())
  return { calendarBlocks: updated.calendarBlocks }
}

/** A member's own week as rows: at least one open day (no rows would mean "the salon's hours"). */
function ownHours(input: WorkingHoursInput): repo.MemberHoursRow[] {
  const rows = workingHoursToRows(input.workingHours)
  if (rows.length === 0) throw memberWithoutHours()
  return rows
}

function assertSalonServices(services: readonly { id: string }[], serviceIds: readonly string[]) {
  const known = new Set(services.map((s) => s.id))
  if (!serviceIds.every((id) => known.has(id))) throw unknownServices()
}

async function underNameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (sqlState(error) === PG_UNIQUE_VIOLATION) throw memberNameTaken()
    throw error
  }
}

async function requirePresented(db: Executor, salon: SalonRow, memberId: string): Promise<TeamMember> {
  const found = (await repo.listMembers(db, salon.id)).find((m) => m.member.id === memberId)
  if (!found) throw memberNotFound()
  return presentMember(found)
}
