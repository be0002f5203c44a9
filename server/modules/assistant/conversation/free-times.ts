import { addDays, instantToLocal, weekdayOf } from '@common/time'
import { distinctMembers } from '@server/modules/bookings/together'
import type { SlotRefusal } from '@server/modules/schedule/availability'
import { type ServiceInfo, tools } from '../tools'
import type { Exclusions } from '../understanding/when'
import type { Scene } from './act'
import type { Line } from './outcome'
import { firstPerDay, minutesOf, nearestTo, PART_RANGES } from './slots'

/**
 * What the availability engine says, as the dialogue needs it: free starts of one service or of
 * several back to back, why a precise start is refused, and the nearest free times instead.
 */

export async function freeStarts(
  scene: Scene,
  services: ServiceInfo[],
  from: string,
  until: string,
  memberId?: string,
  /** The customer's own visit being moved: it does not block itself. */
  ignoreBookingIds?: string[],
): Promise<string[]> {
  const [first] = services
  if (!first) return []
  const member = memberId ? { memberId } : {}
  if (services.length > 1) {
    const visit = await tools.check_visit(scene.scope, {
      serviceIds: services.map((s) => s.id),
      date: from,
      until,
      ...(atOnce(scene, services, ignoreBookingIds) ? { together: true } : member),
      ...(ignoreBookingIds?.length ? { ignoreBookingIds } : {}),
    })
    return allowed(visit.slots, scene.excluded)
  }
  const answer = await tools.check_availability(scene.scope, { serviceId: first.id, date: from, until, ...member })
  return allowed(answer.slots, scene.excluded)
}

/** Several people booked at once (never while moving a visit: it keeps its shape). */
function atOnce(scene: Scene, services: ServiceInfo[], ignoreBookingIds: string[] | undefined): boolean {
  return !ignoreBookingIds?.length && bookedAtOnce(scene, services)
}

/**
 * Whether these services go side by side: several people asked for at once, and a team that can
 * give each service a member of its own (else they are booked one after the other).
 */
export function bookedAtOnce(scene: Scene, services: ServiceInfo[]): boolean {
  if (scene.together !== true || services.length < 2) return false
  const performers = services.map((s) => scene.team.filter((m) => m.serviceIds.includes(s.id)).map((m) => m.id))
  return distinctMembers(performers, 1).length > 0
}

/** The starts the customer did not rule out ("pas le samedi", "nicht vormittags", "not at 9"). */
function allowed(starts: string[], excluded: Exclusions | undefined): string[] {
  if (!excluded) return starts
  const parts = (excluded.partsOfDay ?? []).map((part) => PART_RANGES[part])
  return starts.filter((start) => {
    const date = start.slice(0, 10)
    const minutes = minutesOf(start)
    return (
      !excluded.dates?.includes(date) &&
      !excluded.weekdays?.includes(weekdayOf(date)) &&
      !excluded.times?.includes(minutes) &&
      !parts.some(([from, to]) => minutes >= from && minutes < to)
    )
  })
}

export interface StartCheck {
  start: string
  free: boolean
  reason?: SlotRefusal
  /** For several services: which one does not fit. */
  failedAt?: number
}

export async function checkStart(
  scene: Scene,
  services: ServiceInfo[],
  start: string,
  /** The customer's own appointments being moved: they do not block themselves. */
  ignoreBookingIds?: string[],
  memberId?: string,
): Promise<StartCheck> {
  const [first] = services
  if (!first) return { start, free: false, reason: 'taken' }
  const member = memberId ? { memberId } : {}
  const [ignoreBookingId] = ignoreBookingIds ?? []
  if (services.length > 1) {
    const visit = await tools.check_visit(scene.scope, {
      serviceIds: services.map((s) => s.id),
      start,
      ...(atOnce(scene, services, ignoreBookingIds) ? { together: true } : member),
      ...(ignoreBookingIds?.length ? { ignoreBookingIds } : {}),
    })
    const reason = visit.requested?.reason
    return {
      start,
      free: visit.requested?.free === true,
      ...(reason ? { reason: reason === 'salon_inactive' ? 'taken' : reason } : {}),
      ...(visit.requested?.failedAt !== undefined ? { failedAt: visit.requested.failedAt } : {}),
    }
  }
  const answer = await tools.check_availability(scene.scope, {
    serviceId: first.id,
    start,
    ...(ignoreBookingId ? { ignoreBookingId } : {}),
    ...member,
  })
  return { start, free: answer.requested?.free === true, reason: answer.requested?.reason }
}

/** Why a precise start cannot be booked, as a line with what the reply needs to explain it. */
export async function refusal(scene: Scene, service: ServiceInfo, reason: SlotRefusal, start: string): Promise<Line> {
  const { salon } = scene.scope
  const now = instantToLocal(scene.scope.clock.now(), salon.timeZone)
  const date = start.slice(0, 10)
  const past = date < now.date || (date === now.date && minutesOf(start) <= now.minutes)
  if (reason === 'beyond_horizon') return { kind: 'beyond_horizon', lastDate: lastBookableDay(scene) }
  return { kind: 'refused', reason, service, start, week: await scene.week(), past }
}

export function lastBookableDay(scene: Scene): string {
  return addDays(scene.today, scene.scope.salon.horizonDays)
}

/** The free times nearest to the wish: that day first, else the next days. Returns the line and what it offers. */
export async function alternatives(
  scene: Scene,
  services: ServiceInfo[],
  date: string,
  minutes: number,
  memberId?: string,
  ignoreBookingIds?: string[],
): Promise<{ line: Line; offered: string[]; sameDay: boolean }> {
  const member = memberId ? { memberId } : {}
  const sameDay = nearestTo(
    await freeStarts(scene, services, date, date, memberId, ignoreBookingIds),
    date,
    minutes,
  ).slice(0, 3)
  if (sameDay.length > 0) {
    const offered = sameDay.sort()
    return { line: { kind: 'alternatives', starts: offered, sameDay: true, ...member }, offered, sameDay: true }
  }
  const later = await freeStarts(scene, services, addDays(date, 1), addDays(date, 14), memberId, ignoreBookingIds)
  const byDay = firstPerDay(later, minutes).slice(0, 3)
  if (byDay.length === 0) return { line: { kind: 'nothing_free', services }, offered: [], sameDay: false }
  return { line: { kind: 'alternatives', starts: byDay, sameDay: false, ...member }, offered: byDay, sameDay: false }
}

/**
 * The member asked for is not free at `start`: the first other member (in the team's order) who
 * performs these services and is free then, if any.
 */
export async function otherMemberFree(
  scene: Scene,
  services: ServiceInfo[],
  start: string,
  memberId: string,
): Promise<string | undefined> {
  const others = scene.team.filter((m) => m.id !== memberId && services.every((s) => m.serviceIds.includes(s.id)))
  for (const other of others) {
    if ((await checkStart(scene, services, start, undefined, other.id)).free) return other.id
  }
  return undefined
}
