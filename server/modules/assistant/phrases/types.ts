import type { SlotRefusal } from '@server/modules/schedule/availability'

/**
 * Everything the built-in assistant says, in the four languages. Each reply is a whole sentence
 * with the language's own little words, so it reads naturally (and a language detector agrees).
 */

export interface Slot {
  day: string // "jeudi 3 décembre"
  time: string // "15:00"
}

export interface ServiceLine {
  name: string
  duration: number
  price: string
  /** What the service is, in the customer's language (the salon's words), when a reply says it. */
  description?: string | undefined
}

/** The service's description as a sentence of its own after its length and price, or nothing. */
export function about(line: ServiceLine): string {
  const text = line.description?.trim()
  if (!text) return ''
  return ` ${text}${/[.!?…]$/.test(text) ? '' : '.'}`
}

export type Phrases = {
  greeting(salon: string, name: string | undefined): string
  help(salon: string): string
  fallback(salon: string): string
  thanks(): string
  privacy(): string
  services(lines: ServiceLine[]): string
  serviceDuration(service: ServiceLine): string
  /** "Do you do X?" for a service offered: yes, with its length and price. */
  weDo(service: ServiceLine): string
  inactiveService(name: string, lines: ServiceLine[]): string
  unknownService(lines: ServiceLine[]): string
  chooseService(names: string[]): string
  address(salon: string, address: string): string
  hoursWeek(lines: string[]): string
  hoursDay(weekday: string, ranges: string | undefined): string
  /** Today's hours (`ranges` undefined: closed today). */
  hoursToday(ranges: string | undefined): string
  closedOn(weekday: string): string
  closedDay(day: string): string
  askDay(service: string, first: Slot[] | undefined): string
  /** Moving this appointment (its service and when it is now): which day instead? */
  askMoveDay(service: string, now: Slot): string
  dayTimes(day: string, times: string[], part: string | undefined): string
  noTimesThatDay(day: string, part: string | undefined): string
  nextFree(service: string, slots: Slot[]): string
  nothingFree(service: string): string
  propose(service: ServiceLine, slot: Slot): string
  proposeMove(service: string, slot: Slot): string
  refused(reason: SlotRefusal, slot: Slot, detail: RefusalDetail): string
  alternatives(slots: Slot[], sameDay: boolean): string
  whichTime(slots: Slot[], sameDay: boolean): string
  pastDay(): string
  /** A day the month does not have: `month` is its name ("février"). */
  impossibleDate(day: number, month: string): string
  ambiguousTime(options: string[]): string
  /** `attached`: the channel sends the calendar file with the answer (not Instagram, which sends a link). */
  booked(service: string, slot: Slot, salon: string, address: string, attached: boolean): string
  /** Booked but held until the customer does a step (pays a deposit): the step's own words follow. */
  held(service: string, slot: Slot): string
  moved(service: string, slot: Slot, attached: boolean): string
  cancelConfirm(service: string, slot: Slot): string
  cancelled(service: string, slot: Slot): string
  whichAppointment(action: 'cancel' | 'move' | 'note', lines: string[]): string
  noAppointments(): string
  /** What the customer named is none of their appointments; `lines`: the ones they have. */
  noSuchAppointment(lines: string[]): string
  /** Late, with nothing booked today: nothing passed on; `lines`: their next appointments. */
  noAppointmentToday(lines: string[]): string
  /** The move asked for is where the appointment already is. */
  moveUnchanged(service: string, slot: Slot): string
  appointments(lines: string[]): string
  appointmentLine(service: string, slot: Slot): string
  declined(): string
  /** A move or a cancellation the customer said no to: the appointment stays as it is. */
  kept(service: string, slot: Slot): string
  slotGone(): string
  failed(): string
  bookingClosed(salon: string): string
  goodbye(): string
  price(service: ServiceLine): string
  /** Several services together: `all` is their sum (names joined), `each` one line per service. */
  total(all: ServiceLine, each: ServiceLine[]): string
  notOffered(what: string, lines: ServiceLine[]): string
  phone(salon: string, phone: string | undefined): string
  email(salon: string, email: string): string
  /** `beside`: next to a booking reply, without asking what else the customer wants. */
  /** `info.salonsOwnWords`: quoted as the salon wrote it, in another language than the customer's. */
  practical(salon: string, info: { text: string | undefined; salonsOwnWords: boolean }, beside: boolean): string
  chooseDay(days: string[]): string
  beyondHorizon(lastDay: string, horizonDays: number): string
  lateNoted(service: string, slot: Slot, minutes: number | undefined): string
  /** Said whenever nothing was booked and the message could be taken for a yes. */
  nothingBookedYet(): string
  /** After a web chat booking by a customer who gave neither phone nor e-mail: how to get reminders. */
  remindOffer(): string
  stillProposed(service: ServiceLine, slot: Slot): string
  stillProposedMove(service: string, slot: Slot): string
  stillProposedCancel(service: string, slot: Slot): string
  needs(what: 'service' | 'day' | 'time', lines: ServiceLine[]): string
  /** A full day: the waiting list offered for it (`part`: its part of the day, as said). */
  waitlistHint(day: string, part: string | undefined): string
  waitlistJoined(services: string, day: string, part: string | undefined): string
  /** Joined from a web chat without phone or e-mail: how to be told. */
  waitlistContact(): string
  waitlistAlready(day: string): string
  /** "avec Hugo": after a time, in a salon of several members. */
  withMember(member: string): string
  /** Several people at once: "at the same time, each with their own team member". */
  atOnce(): string
  /** "Pour un rendez-vous avec Hugo :", before times that are that member's. */
  forMember(member: string): string
  /** The member asked for is not free then; `other` is; the member's own nearest times. */
  memberBusy(member: string, slot: Slot, other: string | undefined, slots: Slot[], sameDay: boolean): string
  unknownMember(name: string, team: string[]): string
  memberNotPerforming(member: string, service: string, performers: string[]): string
}

export interface RefusalDetail {
  opens?: string
  closes?: string
  weekday: string
  /** The service (or the services of a visit, joined) refused. */
  service: string
  duration: number
  noticeMinutes: number
  horizonDays: number
  step: number
}

export const list = (items: string[]) => items.map((item) => `• ${item}`).join('\n')
export const times = (items: string[], and: string) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`
export const slots = (items: Slot[], sameDay: boolean, at: string, and: string, on = '') =>
  sameDay
    ? times(
        items.map((s) => s.time),
        and,
      )
    : times(
        items.map((s) => `${on}${s.day} ${at} ${s.time}`),
        and,
      )
