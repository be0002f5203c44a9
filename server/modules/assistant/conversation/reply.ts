import type { Language } from '@common/languages'
import type { WorkingHours } from '@common/schemas/schedule'
import { addDays, weekdayOf } from '@common/time'
import type { SalonRow } from '@server/db/schema'
import { serviceDescriptionIn } from '@server/modules/catalog/catalog.presenters'
import { practicalInfoFor } from '@server/modules/salons/practical-info'
import { formatDay, formatMonth, formatPrice, formatTime, formatWeekday } from '../format'
import { PART_OF_DAY_NAMES, PHRASES } from '../phrases'
import { type ServiceLine, type Slot, times } from '../phrases/types'
import type { Appointment, ServiceInfo, TeamMemberInfo } from '../tools'
import { treatmentName } from '../understanding/not-offered'
import type { Line } from './outcome'
import { dayOf, minutesOf } from './slots'

/**
 * Step 4 of the pipeline: the facts to say → sentences in the customer's language. Days, times,
 * prices and service names are written here, and nowhere else.
 */
export interface ReplyContext {
  language: Language
  salon: SalonRow
  /** The salon's active services (the list a reply offers). */
  services: ServiceInfo[]
  customerName: string | undefined
  /** The salon's active team: members are named only when there are several. */
  team?: TeamMemberInfo[]
  /** The channel sends the calendar file with a booking's answer (web chat, Telegram; not Instagram). */
  calendarAttached?: boolean
}

export function render(lines: Line[], context: ReplyContext): string {
  // A sentence that ends its line (a link) starts the next one on a new line, without a space.
  return lines
    .map((line) => sentence(line, context))
    .join(' ')
    .replace(/\n /g, '\n')
    .trimEnd()
}

function sentence(line: Line, c: ReplyContext): string {
  const say = PHRASES[c.language]
  const { salon } = c
  switch (line.kind) {
    case 'greeting':
      return say.greeting(salon.name, c.customerName)
    case 'help':
      return say.help(salon.name)
    case 'fallback':
      return say.fallback(salon.name)
    case 'thanks':
      return say.thanks()
    case 'goodbye':
      return say.goodbye()
    case 'privacy':
      return say.privacy()
    case 'services':
      return say.services(serviceLines(c))
    case 'service_info':
      return say.serviceDuration(describedLine(c, line.service))
    case 'we_do':
      return say.weDo(describedLine(c, line.service))
    case 'price':
      return say.price(serviceLine(c, line.service))
    case 'total':
      return say.total(
        combined(c, line.services),
        line.services.map((s) => serviceLine(c, s)),
      )
    case 'inactive_service':
      return say.inactiveService(line.name, serviceLines(c))
    case 'not_offered':
      return say.notOffered(
        times(
          line.treatments.map((t) => treatmentName(t, c.language)),
          OR[c.language],
        ),
        serviceLines(c),
      )
    case 'unknown_service':
      return say.unknownService(serviceLines(c))
    case 'choose_service':
      return say.chooseService(line.services.map((s) => nameOf(c, s)))
    case 'address':
      return say.address(salon.name, salon.address)
    case 'phone':
      return say.phone(salon.name, publicPhone(salon))
    case 'email':
      return say.email(salon.name, salon.contactEmail)
    case 'practical':
      return say.practical(salon.name, practicalInfoFor(salon, c.language), line.beside === true)
    case 'hours_week':
      return say.hoursWeek(weekLines(c, line.week, line.today))
    case 'hours_day':
      return line.today
        ? say.hoursToday(dayRanges(c, line.week, line.date))
        : say.hoursDay(formatWeekday(line.date, c.language), dayRanges(c, line.week, line.date))
    case 'closed_on':
      return say.closedOn(formatWeekday(line.date, c.language))
    case 'closed_day':
      return say.closedDay(formatDay(line.date, c.language))
    case 'ask_day':
      return say.askDay(
        typeof line.services === 'string' ? line.services : names(c, line.services),
        line.first?.map((s) => slotOf(c, s)),
      )
    case 'ask_move_day':
      return say.askMoveDay(
        typeof line.services === 'string' ? line.services : names(c, line.services),
        slotOf(c, line.start),
      )
    case 'choose_day':
      return say.chooseDay(line.dates.map((d) => formatDay(d, c.language)))
    case 'day_times':
      return (
        forMember(c, line.memberId) +
        say.dayTimes(
          formatDay(line.date, c.language),
          line.starts.map((s) => formatTime(minutesOf(s))),
          line.part ? PART_OF_DAY_NAMES[c.language][line.part] : undefined,
        )
      )
    case 'no_times_that_day':
      return say.noTimesThatDay(
        formatDay(line.date, c.language),
        line.part ? PART_OF_DAY_NAMES[c.language][line.part] : undefined,
      )
    case 'next_free':
      return (
        forMember(c, line.memberId) +
        say.nextFree(
          names(c, line.services),
          line.starts.map((s) => slotOf(c, s)),
        )
      )
    case 'nothing_free':
      return say.nothingFree(names(c, line.services))
    case 'propose': {
      const slot = slotOf(c, line.start, memberName(c, line.memberId))
      const proposal = say.propose(
        combined(c, line.services, line.together),
        line.together ? { ...slot, time: `${slot.time}, ${say.atOnce()}` } : slot,
      )
      return line.terms?.length ? beforeQuestion(proposal, line.terms.join(' ')) : proposal
    }
    case 'propose_move':
      return say.proposeMove(visitName(c, line.visit), slotOf(c, line.start))
    case 'move_unchanged':
      return say.moveUnchanged(visitName(c, line.visit), visitSlot(c, line.visit))
    case 'refused':
      return refused(c, line)
    case 'beyond_horizon':
      return say.beyondHorizon(formatDay(line.lastDate, c.language), salon.horizonDays)
    case 'alternatives':
      return (
        forMember(c, line.memberId) +
        say.alternatives(
          line.starts.map((s) => slotOf(c, s)),
          line.sameDay,
        )
      )
    case 'which_time': {
      const sameDay = line.starts.every((s) => s.startsWith((line.starts[0] ?? '').slice(0, 10)))
      return say.whichTime(
        line.starts.map((s) => slotOf(c, s)),
        sameDay,
      )
    }
    case 'past_day':
      return say.pastDay()
    case 'impossible_date':
      return say.impossibleDate(line.day, formatMonth(line.month, c.language))
    case 'ambiguous_time':
      return say.ambiguousTime(line.options.map(formatTime))
    case 'booked': {
      const [first] = line.appointments as [Appointment]
      // Held until the customer pays (or saves a card): said as noted, with what to do, never as booked.
      if (line.steps?.length) {
        // The step on a line of its own, its link ending it (nothing runs into the address).
        return `${say.held(appointmentName(c, first), slotOf(c, first.start, first.member))}\n${line.steps.join('\n')}\n`
      }
      // A visit of several services names each with its own time: "Coupe femme (10:00) + Brushing (10:45)",
      // and each one's member when they are not all with the same one.
      const several = line.appointments.length > 1
      const oneMember = line.appointments.every((a) => a.member === first.member)
      const eachWith = (a: Appointment) => (oneMember || !severalMembers(c) ? '' : `, ${a.member}`)
      return say.booked(
        line.appointments
          .map((a) =>
            several
              ? `${appointmentName(c, a)} (${formatTime(minutesOf(a.start))}${eachWith(a)})`
              : appointmentName(c, a),
          )
          .join(' + '),
        slotOf(c, first.start, oneMember ? first.member : undefined),
        salon.name,
        salon.address,
        c.calendarAttached !== false,
      )
    }
    case 'moved':
      return say.moved(visitName(c, line.visit), visitSlot(c, line.visit, true), c.calendarAttached !== false)
    case 'member_busy':
      return say.memberBusy(
        memberName(c, line.memberId) ?? '',
        slotOf(c, line.start),
        memberName(c, line.otherId),
        line.starts.map((s) => slotOf(c, s)),
        line.sameDay,
      )
    case 'unknown_member':
      return say.unknownMember(
        line.name,
        (c.team ?? []).map((m) => m.name),
      )
    case 'member_not_performing':
      return say.memberNotPerforming(
        memberName(c, line.memberId) ?? '',
        names(c, line.services),
        line.performerIds.map((id) => memberName(c, id)).filter((n) => n !== undefined),
      )
    case 'cancel_confirm':
      return say.cancelConfirm(visitName(c, line.visit), visitSlot(c, line.visit))
    case 'cancelled':
      return say.cancelled(visitName(c, line.visit), visitSlot(c, line.visit))
    case 'which_appointment':
      return say.whichAppointment(
        line.action,
        line.visits.map((v) => visitLine(c, v)),
      )
    case 'no_appointments':
      return say.noAppointments()
    case 'no_such_appointment':
      return say.noSuchAppointment(line.visits.map((v) => visitLine(c, v)))
    case 'no_appointment_today':
      return say.noAppointmentToday(line.visits.map((v) => visitLine(c, v)))
    case 'appointments':
      return say.appointments(line.visits.map((v) => visitLine(c, v)))
    case 'late_noted':
      return say.lateNoted(appointmentName(c, line.appointment), slotOf(c, line.appointment.start), line.minutes)
    case 'declined':
      return say.declined()
    case 'kept':
      return say.kept(visitName(c, line.visit), visitSlot(c, line.visit))
    case 'slot_gone':
      return say.slotGone()
    case 'nothing_booked_yet':
      return say.nothingBookedYet()
    case 'remind_offer':
      return say.remindOffer()
    case 'still_proposed':
      return say.stillProposed(combined(c, line.services), slotOf(c, line.start, memberName(c, line.memberId)))
    case 'still_proposed_move':
      return say.stillProposedMove(visitName(c, line.visit), slotOf(c, line.start))
    case 'still_proposed_cancel':
      return say.stillProposedCancel(visitName(c, line.visit), visitSlot(c, line.visit))
    case 'needs':
      return say.needs(line.what, serviceLines(c))
    case 'waitlist_hint':
      return say.waitlistHint(
        formatDay(line.date, c.language),
        line.part ? PART_OF_DAY_NAMES[c.language][line.part] : undefined,
      )
    case 'waitlist_joined': {
      const joined = say.waitlistJoined(
        names(c, line.services),
        formatDay(line.date, c.language),
        line.part === 'day' ? undefined : PART_OF_DAY_NAMES[c.language][line.part],
      )
      return line.contact ? `${joined} ${say.waitlistContact()}` : joined
    }
    case 'waitlist_already':
      return say.waitlistAlready(formatDay(line.date, c.language))
  }
}

function refused(c: ReplyContext, line: Extract<Line, { kind: 'refused' }>): string {
  const day = dayOf(line.week, line.start.slice(0, 10))
  const date = line.start.slice(0, 10)
  return PHRASES[c.language].refused(line.reason, slotOf(c, line.start), {
    weekday: formatWeekday(date, c.language),
    opens: day.openTime ? formatTime(minutesOf(day.openTime)) : undefined,
    closes: day.closeTime ? formatTime(minutesOf(day.closeTime)) : undefined,
    service: nameOf(c, line.service),
    duration: line.service.durationMinutes,
    noticeMinutes: line.past ? 0 : c.salon.minimumNoticeMinutes,
    horizonDays: c.salon.horizonDays,
    step: c.salon.slotStepMinutes,
  })
}

// ——— Writing the facts ———

/** A day and time; with `member` in a salon of several, the time says with whom ("10:00 avec Hugo"). */
export function slotOf(c: ReplyContext, localStart: string, member?: string): Slot {
  const time = formatTime(minutesOf(localStart))
  return {
    day: formatDay(localStart.slice(0, 10), c.language),
    time: member && severalMembers(c) ? `${time} ${PHRASES[c.language].withMember(member)}` : time,
  }
}

/** A solo salon never speaks of its team. */
const severalMembers = (c: ReplyContext) => (c.team?.length ?? 0) > 1

function memberName(c: ReplyContext, memberId: string | undefined): string | undefined {
  return memberId ? c.team?.find((m) => m.id === memberId)?.name : undefined
}

/** "Pour un rendez-vous avec Hugo : " before times that are that member's. */
function forMember(c: ReplyContext, memberId: string | undefined): string {
  const name = severalMembers(c) ? memberName(c, memberId) : undefined
  return name ? `${PHRASES[c.language].forMember(name)} ` : ''
}

/** A service's name as the customer reads it. */
function nameOf(c: ReplyContext, service: ServiceInfo): string {
  return service.translations[c.language] ?? service.name
}

const names = (c: ReplyContext, services: ServiceInfo[]) => services.map((s) => nameOf(c, s)).join(' + ')

function appointmentName(c: ReplyContext, appointment: Appointment): string {
  const service = c.services.find((s) => s.name === appointment.serviceName)
  return service ? nameOf(c, service) : appointment.serviceName
}

function serviceLine(c: ReplyContext, service: ServiceInfo): ServiceLine {
  return {
    name: nameOf(c, service),
    duration: service.durationMinutes,
    price: formatPrice(service.priceMinor, service.currency, c.language),
  }
}

/** A service the customer asked about: its line, and what it is when the salon wrote it in their language. */
function describedLine(c: ReplyContext, service: ServiceInfo): ServiceLine {
  return { ...serviceLine(c, service), description: serviceDescriptionIn(service, c.salon.country, c.language) }
}

/** Several services back to back read as one line: names joined, lengths and prices added. */
/** Several services as one line; `atOnce`: side by side, so the time taken is the longest one's. */
function combined(c: ReplyContext, services: ServiceInfo[], atOnce = false): ServiceLine {
  const [first] = services as [ServiceInfo]
  const durations = services.map((s) => s.durationMinutes)
  return {
    name: names(c, services),
    duration: atOnce ? Math.max(...durations) : durations.reduce((sum, d) => sum + d, 0),
    price: formatPrice(
      services.reduce((sum, s) => sum + s.priceMinor, 0),
      first.currency,
      c.language,
    ),
  }
}

const serviceLines = (c: ReplyContext) => c.services.map((s) => serviceLine(c, s))

/** A visit's services as one name: "Coupe femme + Brushing". */
function visitName(c: ReplyContext, visit: Appointment[]): string {
  return visit.map((a) => appointmentName(c, a)).join(' + ')
}

/** A visit's day and first time; `withMember`: and whom with, in a salon of several. */
function visitSlot(c: ReplyContext, visit: Appointment[], withMember = false): Slot {
  const [first] = visit as [Appointment]
  return slotOf(c, first.start, withMember ? first.member : undefined)
}

/** "Coupe femme + Brushing, samedi 5 décembre à 10:00 avec Léa": one line of a list of visits. */
function visitLine(c: ReplyContext, visit: Appointment[]): string {
  return PHRASES[c.language].appointmentLine(visitName(c, visit), visitSlot(c, visit, true))
}

function dayRanges(c: ReplyContext, week: WorkingHours, date: string): string | undefined {
  const day = dayOf(week, date)
  if (day.intervals.length === 0) return undefined
  return day.intervals
    .map((i) => rangeText(c.language, formatTime(minutesOf(i.openTime)), formatTime(minutesOf(i.closeTime))))
    .join(c.language === 'en' ? ' and ' : ', ')
}

const OR: Record<Language, string> = { fr: 'ni', de: 'oder', it: 'né', en: 'or' }

const CLOSED: Record<Language, string> = { fr: 'fermé', de: 'geschlossen', it: 'chiuso', en: 'closed' }

function weekLines(c: ReplyContext, week: WorkingHours, today: string): string[] {
  const monday = addDays(today, -weekdayOf(today))
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i)
    const name = formatWeekday(date, c.language)
    const text = dayRanges(c, week, date) ?? CLOSED[c.language]
    return `${name[0]?.toUpperCase()}${name.slice(1)}${c.language === 'fr' ? ' : ' : ': '}${text}`
  })
}

function rangeText(language: Language, opens: string, closes: string): string {
  return {
    fr: `${opens} à ${closes}`,
    de: `${opens} bis ${closes} Uhr`,
    it: `${opens} alle ${closes}`,
    en: `${opens} to ${closes}`,
  }[language]
}

function publicPhone(salon: SalonRow): string | undefined {
  return salon.publicPhone ?? undefined
}

/** Words said before a proposal's closing question ("… 10:00. <terms> Shall I book it?"). */
function beforeQuestion(proposal: string, words: string): string {
  const end = proposal.lastIndexOf('. ')
  return end < 0 ? `${proposal} ${words}` : `${proposal.slice(0, end + 1)} ${words}${proposal.slice(end + 1)}`
}
