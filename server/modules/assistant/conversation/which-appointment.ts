import { weekdayOf } from '@common/time'
import type { Appointment, TeamMemberInfo } from '../tools'
import { minutesOf } from './slots'
import type { AppointmentBrief } from './state'
import type { Understood } from './understand'

/**
 * The one place that decides which of the customer's appointments a message is about — for a
 * move, a cancellation, a lateness note or a choice we asked for. It names exactly one visit (an
 * appointment, or several booked back to back, taken as a whole), or the parts of one visit the
 * message names; or it says that what the message names is none of them, or that several fit and
 * the customer must choose. It never guesses: a message that points at nothing the customer has is
 * told so, with the list.
 */

/** One appointment, or several of one customer back to back on one day (booked together). */
export type Visit = Appointment[]

/** What a message says to point at an appointment (every field optional). */
export interface Pointer {
  /** Services named (the salon's own names). */
  services: string[]
  /** Services the customer says to keep ("keep the haircut"): never the one meant. */
  kept: string[]
  /** The message names a service or treatment the salon does not offer: nothing of theirs can be it. */
  unknownService?: boolean
  /** A team member named ("den bei Léa"). */
  member?: string
  date?: string
  /** The day said by its weekday alone ("celui de samedi"; 0 = Monday): any appointment that weekday fits. */
  weekday?: number
  /** Minutes after midnight. */
  time?: number
  /** A rank in the list the customer was shown ("the second one"). */
  rank?: number
  /** The message says where to, relative to the appointment ("two days later"): it points at none. */
  relative?: boolean
  /** A day of the month said alone ("celui du 17"): any month's. */
  dayOfMonth?: number
  /** Said apart from where to ("déplacer celui du 17 à vendredi"): its day, time and member are sure. */
  named?: boolean
}

export type Designation =
  /** The visit meant: a whole visit, or the parts of one visit the message named. */
  | { kind: 'one'; visit: Visit }
  /** What the message names is none of the customer's appointments. */
  | { kind: 'unmatched'; visits: Visit[] }
  /** Several fit: the customer chooses among these. */
  | { kind: 'which'; visits: Visit[] }
  /** The customer has no appointment to come. */
  | { kind: 'none' }
  /** A lateness note, and nothing booked today (the customer's next visits, for the reply). */
  | { kind: 'none_today'; visits: Visit[] }

export type Purpose = 'cancel' | 'move' | 'note'

export interface Context {
  /** The salon's today, local 'YYYY-MM-DD'. */
  today: string
  /** The appointments the conversation is about (booked or moved last, a move under way). */
  remembered: readonly string[]
}

/** What a message says to point at one of the customer's appointments. */
export function pointerOf(u: Understood, team: readonly TeamMemberInfo[]): Pointer {
  const wish = u.member
  const member = wish?.kind === 'member' ? team.find((m) => m.id === wish.memberId) : undefined
  return {
    services: u.services.map((s) => s.name),
    kept: u.kept.map((s) => s.name),
    unknownService: u.services.length === 0 && (u.notOffered.length > 0 || u.inactive.length > 0),
    ...(member ? { member: member.name } : {}),
    ...(u.when.date ? { date: u.when.date } : {}),
    ...(u.weekday !== undefined ? { weekday: u.weekday } : {}),
    ...(u.when.time !== undefined ? { time: u.when.time } : {}),
    ...(u.shift ? { relative: true } : {}),
  }
}

/**
 * Which of the visits we listed an answer picks ("celui de vendredi", "den bei Léa", "the
 * haircut", "the second one"): the one its day, time, service or member fits, else its rank.
 */
export function pickListed<T extends AppointmentBrief>(pointer: Pointer, listed: readonly T[]): T | undefined {
  const fits = (o: T) =>
    (!namesDay(pointer) || onDay(o.start, pointer)) &&
    (pointer.time === undefined || minutesOf(o.start) === pointer.time) &&
    (pointer.services.length === 0 || o.serviceNames.some((name) => pointer.services.includes(name))) &&
    (!pointer.member || o.member === pointer.member)
  const pointed = namesDay(pointer) || pointer.time !== undefined || pointer.services.length > 0 || pointer.member
  const fitting = listed.filter(fits)
  if (pointed && fitting.length === 1) return fitting[0]
  return pointer.rank !== undefined ? listed[pointer.rank] : undefined
}

const namesDay = (pointer: Pointer) =>
  pointer.date !== undefined || pointer.weekday !== undefined || pointer.dayOfMonth !== undefined

/** Whether a start is on the day the pointer names (any such weekday when said by its weekday alone). */
function onDay(start: string, pointer: Pointer): boolean {
  if (pointer.weekday !== undefined) return weekdayOf(start.slice(0, 10)) === pointer.weekday
  if (pointer.dayOfMonth !== undefined) return Number(start.slice(8, 10)) === pointer.dayOfMonth
  return pointer.date !== undefined && start.startsWith(pointer.date)
}

/** The customer's appointments as visits, soonest first: appointments back to back read as one. */
export function visitsOf(appointments: readonly Appointment[]): Visit[] {
  const visits: Visit[] = []
  for (const appointment of [...appointments].sort((a, b) => a.start.localeCompare(b.start))) {
    const last = visits.at(-1)
    if (last && last.at(-1)?.end === appointment.start) last.push(appointment)
    else visits.push([appointment])
  }
  return visits
}

export function designate(
  appointments: readonly Appointment[],
  pointer: Pointer,
  purpose: Purpose,
  context: Context,
): Designation {
  let visits = visitsOf(appointments)
  if (visits.length === 0) return { kind: 'none' }
  if (purpose === 'note') {
    const lateFor = visitsLateFor(visits, pointer, context)
    if (lateFor.length === 0)
      return pointer.date && pointer.date !== context.today
        ? { kind: 'unmatched', visits }
        : { kind: 'none_today', visits }
    visits = lateFor
  }
  if (pointer.rank !== undefined) {
    const ranked = visits[pointer.rank]
    return ranked ? { kind: 'one', visit: ranked } : { kind: 'which', visits }
  }
  if (pointer.unknownService) return { kind: 'unmatched', visits }

  // What the message names for sure: its services and (but for a move, where a name can be the
  // member wished for) its member; for a cancellation, its day and time too.
  const kept = (a: Appointment) => pointer.kept.includes(a.serviceName)
  let parts = visits.flat().filter((a) => !kept(a))
  const hard: ((a: Appointment) => boolean)[] = []
  if (pointer.services.length > 0) hard.push((a) => pointer.services.includes(a.serviceName))
  if (pointer.member && (purpose !== 'move' || pointer.named)) hard.push((a) => a.member === pointer.member)
  if (purpose === 'cancel' || pointer.named) {
    if (namesDay(pointer)) hard.push((a) => onDay(a.start, pointer))
    if (pointer.time !== undefined) hard.push((a) => minutesOf(a.start) === pointer.time)
  }
  parts = parts.filter((a) => hard.every((fits) => fits(a)))
  if (parts.length === 0) return { kind: 'unmatched', visits }
  let candidates = visits.filter((v) => v.some((a) => parts.includes(a)))

  const remembered = candidates.find((v) => v.some((a) => context.remembered.includes(a.bookingId)))
  if (hard.length === 0 && purpose !== 'cancel') candidates = bySoftHints(candidates, pointer, purpose, remembered)
  const [only] = candidates
  if (candidates.length === 1 && only) {
    // A service named changes that part alone; otherwise the visit goes as a whole.
    return { kind: 'one', visit: pointer.services.length > 0 ? only.filter((a) => parts.includes(a)) : only }
  }
  return { kind: 'which', visits: candidates }
}

/**
 * Lateness is about today: today's visits. Without any, a note goes on another day's visit only
 * when the message names that day, or says no day right after that visit was booked or moved ("je
 * vais avoir 10 minutes de retard" just after booking February's) — never on the next one by
 * default ("running 10 mins late today" with nothing today puts nothing on tomorrow's).
 */
function visitsLateFor(visits: Visit[], pointer: Pointer, context: Context): Visit[] {
  const today = visits.filter((v) => v[0]?.start.startsWith(context.today))
  if (today.length > 0) return today
  if (namesDay(pointer)) return visits.filter((v) => v[0] !== undefined && onDay(v[0].start, pointer))
  return visits.filter((v) => v.some((a) => context.remembered.includes(a.bookingId)))
}

/**
 * A day, time or member that may point at an appointment or say where it goes. For a move, a day
 * points at the visit on that day only when nothing else is remembered or the message moves it
 * within that day ("samedi à 15h" for Saturday's 10:00); a day that is no visit's is where the
 * remembered one goes. Two readings both plausible: the customer chooses.
 */
function bySoftHints(candidates: Visit[], pointer: Pointer, purpose: Purpose, remembered: Visit | undefined): Visit[] {
  const on = (v: Visit) => v[0] !== undefined && onDay(v[0].start, pointer)
  const at = (v: Visit) => pointer.time !== undefined && v.some((a) => minutesOf(a.start) === pointer.time)
  const with_ = (v: Visit) => pointer.member !== undefined && v.some((a) => a.member === pointer.member)
  // Late for today: the next of today's visits, unless the message says which.
  if (purpose === 'note') {
    const narrowed = candidates.filter((v) => (pointer.time === undefined || at(v)) && (!pointer.member || with_(v)))
    return (narrowed.length > 0 ? narrowed : candidates).slice(0, 1)
  }
  const byMember = candidates.filter(with_)
  if (byMember.length > 0) candidates = byMember
  const thatDay = candidates.filter(on)
  // "Décaler celui de mardi de deux jours": where to is relative, so the day and time said name the visit.
  if (pointer.relative && (thatDay.length > 0 || candidates.some(at))) {
    const named = (thatDay.length > 0 ? thatDay : candidates).filter((v) => pointer.time === undefined || at(v))
    if (named.length > 0) return named
  }
  if (thatDay.length === 0) {
    const atTime = namesDay(pointer) ? [] : candidates.filter(at)
    if (atTime.length > 0) return atTime
    // "Move it to Friday" right after a booking moves that one; "I'd like to move an
    // appointment", with several, asks which.
    const somewhere = pointer.date !== undefined || pointer.time !== undefined || pointer.relative === true
    return somewhere && remembered && candidates.includes(remembered) ? [remembered] : candidates
  }
  if (!remembered || thatDay.includes(remembered)) {
    const atTime = thatDay.filter(at)
    return atTime.length > 0 ? atTime : thatDay
  }
  // Another visit that day, and the remembered one elsewhere: a new time that day moves that
  // day's visit; the day alone could be either.
  const movedWithinDay = pointer.time !== undefined && !thatDay.some(at)
  return movedWithinDay ? thatDay : [remembered, ...thatDay]
}
