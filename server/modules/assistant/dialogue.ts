import type { Language } from '../../../common/languages'
import type { IcsData } from '../../../common/schemas/chat'
import type { WorkingHours } from '../../../common/schemas/schedule'
import { addDays, formatMinutes, instantToLocal, minutesOfDay, weekdayOf } from '../../../common/time'
import { AppError } from '../../errors'
import { listSalonServices } from '../catalog/catalog.usecases'
import type { SlotRefusal } from '../schedule/availability'
import type { DialogueState, Pending } from './dialogue-state'
import { formatDay, formatPrice, formatTime, formatWeekday } from './format'
import { PART_OF_DAY_NAMES, PHRASES, type ServiceLine, type Slot } from './replies'
import { type Appointment, type ServiceInfo, type ToolScope, tools, toServiceInfo } from './tools'
import { detectIntents, type Intent } from './understanding/intents'
import { matchServices, pickAmong } from './understanding/services'
import { words } from './understanding/text'
import { type PartOfDay, parseWhen, type When } from './understanding/when'

/**
 * The built-in assistant: understands a message in French, German, Italian or English, keeps
 * track of the booking being put together, and acts only through the tools. It proposes a precise
 * appointment (service, day, time, price) and books only after the customer says yes; it never
 * offers a time the availability engine did not give.
 */
export interface DialogueReply {
  text: string
  icsData?: IcsData
  /** An appointment was booked or moved by this message. */
  booked?: boolean
  state: DialogueState
}

interface Turn {
  scope: ToolScope
  state: DialogueState
  language: Language
  say: (typeof PHRASES)[Language]
  message: string
  intents: Set<Intent>
  when: When
  today: string
  services: ServiceInfo[]
  /** Services the message names (active ones), and inactive ones it names. */
  named: { matches: ServiceInfo[]; inactive: string[] }
  /** The salon's week, read at most once per message (several answers need it). */
  week: () => Promise<WorkingHours>
}

/** How many times a list offers at most. */
const MAX_TIMES = 6

/** Parts of the day, in minutes after midnight (start inclusive, end exclusive). */
const PART_RANGES: Record<PartOfDay, [number, number]> = {
  morning: [0, 12 * 60],
  midday: [11 * 60 + 30, 14 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [17 * 60, 24 * 60],
}

/** Answers one message in `language` (the use case decides it, see replyLanguage). */
export async function converse(
  scope: ToolScope,
  stored: DialogueState,
  message: string,
  language: Language,
): Promise<DialogueReply> {
  const today = instantToLocal(scope.clock.now(), scope.salon.timeZone).date
  // Inactive services too: a customer asking for one hears that the salon no longer offers it.
  const all = await listSalonServices(scope.db, scope.salon)
  const services = all.filter((s) => s.isActive).map(toServiceInfo)
  const match = matchServices(message, all)
  const turn: Turn = {
    scope,
    state: { ...stored, language },
    language,
    say: PHRASES[language],
    message,
    intents: detectIntents(message),
    when: parseWhen(message, { today, language }),
    today,
    services,
    named: {
      matches: match.matches.map((m) => services.find((s) => s.id === m.id)).filter((s) => s !== undefined),
      inactive: match.inactive.map((s) => s.name),
    },
    week: once(async () => (await tools.get_opening_hours(scope)).week),
  }
  try {
    return await respond(turn)
  } catch (error) {
    // A slot taken between the proposal and the "yes": say so and offer what is free instead.
    if (error instanceof AppError && error.code === 'bookings.slot_taken') {
      turn.state.pending = undefined
      return reply(turn, `${turn.say.slotGone()} ${await alternativesText(turn, turn.state.time ?? 12 * 60)}`)
    }
    throw error
  }
}

function reply(turn: Turn, text: string, extra: Partial<DialogueReply> = {}): DialogueReply {
  return { text, state: turn.state, ...extra }
}

const hasWhen = (when: When) =>
  when.date !== undefined ||
  when.time !== undefined ||
  when.timeOptions !== undefined ||
  when.partOfDay !== undefined ||
  when.range !== undefined ||
  when.earliest === true

async function respond(turn: Turn): Promise<DialogueReply> {
  const { intents, when, named, state, say } = turn
  const salonName = turn.scope.salon.name

  if (intents.has('others_private')) return reply(turn, say.privacy())

  const pendingAnswer = await answerPending(turn)
  if (pendingAnswer) return pendingAnswer

  if (intents.has('cancel')) return startCancel(turn)
  if (intents.has('move') || state.movingBookingId) {
    const moved = await startMove(turn)
    if (moved) return moved
  }
  // "Book my appointment for the 4th" is a booking, not a question about appointments.
  if (intents.has('my_appointments') && !hasWhen(when)) return listAppointments(turn)

  const asksToBook = intents.has('book') || intents.has('availability') || hasWhen(when) || named.matches.length > 0
  if (intents.has('duration') && named.matches.length === 1 && !hasWhen(when)) {
    return reply(turn, say.serviceDuration(serviceLine(turn, named.matches[0] as ServiceInfo)))
  }
  if (intents.has('services') && !hasWhen(when)) {
    if (named.matches.length === 1)
      return reply(turn, say.serviceDuration(serviceLine(turn, named.matches[0] as ServiceInfo)))
    if (named.inactive.length > 0 && named.matches.length === 0) {
      return reply(turn, say.inactiveService(named.inactive[0] as string, serviceLines(turn)))
    }
    return reply(turn, say.services(serviceLines(turn)))
  }
  if (intents.has('hours') && when.time === undefined && named.matches.length === 0) return openingHours(turn)
  // "Vous faites encore les permanentes ?": a service the salon no longer offers.
  if (named.inactive.length > 0 && named.matches.length === 0 && !hasWhen(when)) {
    return reply(turn, say.inactiveService(named.inactive[0] as string, serviceLines(turn)))
  }
  if (intents.has('address') && !asksToBook) return reply(turn, say.address(salonName, turn.scope.salon.address))
  // "Yes" to a list of times: one offered time is a proposal; several need a choice.
  const offeredService = turn.services.find((s) => s.id === state.serviceId)
  if (intents.has('yes') && !hasWhen(when) && state.offered?.length && offeredService) {
    if (state.offered.length === 1) return propose(turn, offeredService, state.offered[0] as string)
    const sameDay = state.offered.every((s) => s.startsWith((state.offered?.[0] ?? '').slice(0, 10)))
    return reply(
      turn,
      say.whichTime(
        state.offered.map((s) => slotOf(turn, s)),
        sameDay,
      ),
    )
  }
  // A "yes" to a list of times, or more details, carry on with the booking under way.
  if (asksToBook || (state.serviceId && (hasWhen(when) || intents.has('yes')))) return bookingFlow(turn)
  if (intents.has('greeting')) return reply(turn, say.greeting(salonName, turn.scope.customer.name))
  if (intents.has('thanks')) return reply(turn, say.thanks())
  if (intents.has('help')) return reply(turn, say.help(salonName))
  return reply(turn, say.fallback(salonName))
}

// ——— Answers to a question the assistant asked ———

async function answerPending(turn: Turn): Promise<DialogueReply | undefined> {
  const { pending } = turn.state
  if (!pending) return undefined
  const { intents, when, named } = turn
  const newInfo = hasWhen(when) || named.matches.length > 0
  const yes = intents.has('yes') && !intents.has('no')
  const no = intents.has('no') && !intents.has('yes')

  if (pending.kind === 'book' || pending.kind === 'move' || pending.kind === 'cancel') {
    if (yes && (!newInfo || sameProposal(turn, pending))) return carryOut(turn, pending)
    if (no && !newInfo) {
      turn.state.pending = undefined
      return reply(turn, turn.say.declined())
    }
    turn.state.pending = undefined
    return undefined
  }

  if (pending.kind === 'choose_service') {
    const options = turn.services.filter((s) => pending.serviceIds.includes(s.id))
    const chosen = named.matches.filter((s) => pending.serviceIds.includes(s.id))
    const picked =
      (chosen.length === 1 ? chosen[0] : undefined) ??
      pickAmong(turn.message, options) ??
      options[ordinal(turn.message) ?? -1]
    turn.state.pending = undefined
    if (picked) {
      turn.state.serviceId = picked.id
      return bookingFlow(turn)
    }
    return undefined
  }

  // Which appointment to cancel or move.
  const appointments = (await tools.list_my_appointments(turn.scope)).filter((a) =>
    pending.bookingIds.includes(a.bookingId),
  )
  const picked = pickAppointment(turn, appointments)
  turn.state.pending = undefined
  if (!picked) return undefined
  if (pending.action === 'cancel') return proposeCancel(turn, picked)
  turn.state.movingBookingId = picked.bookingId
  return startMove(turn)
}

function sameProposal(turn: Turn, pending: Pending): boolean {
  if (pending.kind !== 'book' && pending.kind !== 'move') return false
  const date = turn.when.date ?? pending.start.slice(0, 10)
  const minutes = Number(pending.start.slice(11, 13)) * 60 + Number(pending.start.slice(14, 16))
  const time = turn.when.time ?? turn.when.timeOptions?.find((t) => t === minutes) ?? minutes
  return date === pending.start.slice(0, 10) && time === minutes
}

/** "la première", "the second one", "2" → a 0-based index. */
function ordinal(message: string): number | undefined {
  const list = words(message)
  const table: [number, string[]][] = [
    [0, ['1', 'premier', 'premiere', 'first', 'erste', 'ersten', 'erster', 'primo', 'prima']],
    [1, ['2', 'deuxieme', 'second', 'seconde', 'zweite', 'zweiten', 'secondo', 'seconda']],
    [2, ['3', 'troisieme', 'third', 'dritte', 'dritten', 'terzo', 'terza']],
  ]
  for (const [index, names] of table) if (list.some((w) => names.includes(w))) return index
  return undefined
}

async function carryOut(turn: Turn, pending: Pending): Promise<DialogueReply> {
  const { scope, say } = turn
  turn.state.pending = undefined
  if (pending.kind === 'book') {
    const { appointment, icsData } = await tools.book_appointment(scope, {
      serviceId: pending.serviceId,
      start: pending.start,
    })
    turn.state = { language: turn.language, lastBookingId: appointment.bookingId, history: turn.state.history }
    return reply(
      turn,
      say.booked(appointment.serviceName, slotOf(turn, appointment.start), scope.salon.name, scope.salon.address),
      {
        icsData,
        booked: true,
      },
    )
  }
  if (pending.kind === 'move') {
    const { appointment, icsData } = await tools.reschedule_appointment(scope, {
      bookingId: pending.bookingId,
      start: pending.start,
    })
    turn.state = { language: turn.language, lastBookingId: appointment.bookingId, history: turn.state.history }
    return reply(turn, say.moved(appointment.serviceName, slotOf(turn, appointment.start)), { icsData, booked: true })
  }
  if (pending.kind === 'cancel') {
    const { appointment } = await tools.cancel_appointment(scope, { bookingId: pending.bookingId })
    turn.state = { language: turn.language, history: turn.state.history }
    return reply(turn, say.cancelled(appointment.serviceName, slotOf(turn, appointment.start)))
  }
  return reply(turn, say.fallback(scope.salon.name))
}

// ——— Booking ———

async function bookingFlow(turn: Turn): Promise<DialogueReply> {
  const { state, when, named, say } = turn

  if (named.matches.length > 1) {
    rememberWhen(turn)
    state.pending = { kind: 'choose_service', serviceIds: named.matches.map((s) => s.id) }
    return reply(turn, say.chooseService(named.matches.map((s) => s.name)))
  }
  if (named.matches.length === 1) {
    const chosen = named.matches[0] as ServiceInfo
    if (chosen.id !== state.serviceId) state.serviceId = chosen.id
  }
  const service = turn.services.find((s) => s.id === state.serviceId)
  rememberWhen(turn)
  if (!service) {
    state.serviceId = undefined
    if (named.inactive.length > 0)
      return reply(turn, say.inactiveService(named.inactive[0] as string, serviceLines(turn)))
    return reply(turn, say.unknownService(serviceLines(turn)))
  }

  if (when.pastDate || (state.date !== undefined && state.date < turn.today)) {
    state.date = undefined
    return reply(turn, say.pastDay())
  }

  // "The first free slot", "next week": offer the earliest times.
  if (!state.date && (when.earliest || when.range)) {
    const from = when.range?.from ?? turn.today
    const until = when.range?.to ?? addDays(turn.today, turn.scope.salon.horizonDays)
    const free = inPartOfDay(await freeStarts(turn, service, from, until), state.partOfDay)
    const first = state.time !== undefined ? nearestTo(free, from, state.time) : free
    if (when.earliest && first[0]) return propose(turn, service, first[0])
    if (first.length === 0) return reply(turn, say.nothingFree(service.name))
    state.offered = first.slice(0, 3)
    return reply(
      turn,
      say.nextFree(
        service.name,
        state.offered.map((s) => slotOf(turn, s)),
      ),
    )
  }

  if (!state.date) {
    const first = await freeStarts(turn, service, turn.today, addDays(turn.today, 14))
    state.offered = spread(first, 3)
    return reply(
      turn,
      say.askDay(
        service.name,
        state.offered.map((s) => slotOf(turn, s)),
      ),
    )
  }

  const candidates = state.time !== undefined ? [state.time] : (state.timeOptions ?? [])
  if (candidates.length === 0) return dayTimes(turn, service, state.date)
  return checkStart(turn, service, state.date, await plausibleFirst(turn, state.date, candidates))
}

/**
 * Readings of an hour ordered by how plausible they are for the salon that day: inside the opening
 * hours first, then nearest to them ("at 8" is 8 am, an hour before opening, not 8 pm).
 */
async function plausibleFirst(turn: Turn, date: string, candidates: number[]): Promise<number[]> {
  if (candidates.length < 2) return candidates
  const week = await turn.week()
  const intervals = week[String(weekdayOf(date)) as keyof typeof week].intervals.map((i) => {
    const opens = minutesOf(i.openTime)
    const closes = minutesOf(i.closeTime)
    return [opens, closes <= opens ? closes + 24 * 60 : closes] as const
  })
  const distance = (minutes: number) =>
    intervals.length === 0
      ? 0
      : Math.min(
          ...intervals.map(([opens, closes]) =>
            minutes < opens ? opens - minutes : minutes >= closes ? minutes - closes + 1 : 0,
          ),
        )
  return [...candidates].sort((a, b) => distance(a) - distance(b) || a - b)
}

/** Keeps what the message says about when, over what was said before. */
function rememberWhen(turn: Turn): void {
  const { when, state } = turn
  if (when.date) {
    if (state.date !== when.date) state.partOfDay = undefined
    state.date = when.date
  }
  if (when.time !== undefined) {
    state.time = when.time
    state.timeOptions = undefined
  } else if (when.timeOptions) {
    state.time = undefined
    state.timeOptions = when.timeOptions
  }
  if (when.partOfDay) {
    state.partOfDay = when.partOfDay
    if (when.time === undefined && !when.timeOptions) {
      state.time = undefined
      state.timeOptions = undefined
    }
  }
}

/** Checks a precise start (or the readings of an ambiguous hour): propose it, or say why not. */
async function checkStart(
  turn: Turn,
  service: ServiceInfo,
  date: string,
  candidates: number[],
): Promise<DialogueReply> {
  const checks = await Promise.all(
    candidates.map(async (minutes) => {
      const start = localStart(date, minutes)
      const answer = await tools.check_availability(turn.scope, { serviceId: service.id, start })
      return { minutes, start, free: answer.requested?.free === true, reason: answer.requested?.reason }
    }),
  )
  const free = checks.find((c) => c.free)
  if (free) {
    turn.state.time = free.minutes
    turn.state.timeOptions = undefined
    return propose(turn, service, free.start)
  }
  // Candidates come most plausible first: explain that reading (not "closed at 4 am").
  const chosen = checks[0]
  if (!chosen) return dayTimes(turn, service, date)
  // The wished time stays: "and on Thursday?" then means the same time another day.
  turn.state.time = chosen.minutes
  turn.state.timeOptions = undefined
  const why = await refusalText(turn, service, chosen.reason ?? 'taken', date, chosen.minutes)
  if (chosen.reason === 'beyond_horizon') return reply(turn, why)
  return reply(turn, `${why} ${await alternativesText(turn, chosen.minutes, service, date)}`)
}

async function propose(turn: Turn, service: ServiceInfo, start: string): Promise<DialogueReply> {
  turn.state.pending = { kind: 'book', serviceId: service.id, start }
  turn.state.offered = undefined
  turn.state.date = start.slice(0, 10)
  return reply(turn, turn.say.propose(serviceLine(turn, service), slotOf(turn, start)))
}

async function dayTimes(turn: Turn, service: ServiceInfo, date: string): Promise<DialogueReply> {
  const { say, language, state } = turn
  const part = state.partOfDay ? PART_OF_DAY_NAMES[language][state.partOfDay] : undefined
  const free = inPartOfDay(await freeStarts(turn, service, date, date), state.partOfDay)
  if (free.length > 0) {
    state.offered = spread(free, MAX_TIMES)
    return reply(
      turn,
      say.dayTimes(
        formatDay(date, language),
        state.offered.map((s) => formatTime(minutesOf(s))),
        part,
      ),
    )
  }
  const refusal = await dayRefusal(turn, service, date)
  return reply(
    turn,
    `${refusal ?? say.noTimesThatDay(formatDay(date, language), part)} ${await alternativesText(turn, state.partOfDay ? PART_RANGES[state.partOfDay][0] : 9 * 60, service, date)}`,
  )
}

/** Why a whole day has nothing: closed that weekday, or an absence. */
async function dayRefusal(turn: Turn, service: ServiceInfo, date: string): Promise<string | undefined> {
  const week = await turn.week()
  const day = week[String(weekdayOf(date)) as keyof typeof week]
  if (!day.isOpen) return turn.say.closedOn(formatWeekday(date, turn.language))
  const noon = `${date}T12:00`
  const answer = await tools.check_availability(turn.scope, { serviceId: service.id, start: noon })
  if (answer.requested?.reason === 'time_off') return turn.say.closedDay(formatDay(date, turn.language))
  return undefined
}

async function refusalText(
  turn: Turn,
  service: ServiceInfo,
  reason: SlotRefusal,
  date: string,
  minutes: number,
): Promise<string> {
  const { salon } = turn.scope
  const week = await turn.week()
  const day = week[String(weekdayOf(date)) as keyof typeof week]
  const now = instantToLocal(turn.scope.clock.now(), salon.timeZone)
  const past = date < now.date || (date === now.date && minutes <= now.minutes)
  return turn.say.refused(
    reason,
    { day: formatDay(date, turn.language), time: formatTime(minutes) },
    {
      weekday: formatWeekday(date, turn.language),
      opens: day.openTime ? formatTime(minutesOf(day.openTime)) : undefined,
      closes: day.closeTime ? formatTime(minutesOf(day.closeTime)) : undefined,
      duration: service.durationMinutes,
      noticeMinutes: past ? 0 : salon.minimumNoticeMinutes,
      horizonDays: salon.horizonDays,
      step: salon.slotStepMinutes,
    },
  )
}

/** The free times nearest to the wish: that day first, else the next days. */
async function alternativesText(turn: Turn, minutes: number, service?: ServiceInfo, date?: string): Promise<string> {
  const wanted = service ?? turn.services.find((s) => s.id === turn.state.serviceId)
  const day = date ?? turn.state.date ?? turn.today
  if (!wanted) return ''
  const sameDay = nearestTo(await freeStarts(turn, wanted, day, day), day, minutes).slice(0, 3)
  if (sameDay.length > 0) {
    turn.state.offered = sameDay.sort()
    return turn.say.alternatives(
      turn.state.offered.map((s) => slotOf(turn, s)),
      true,
    )
  }
  const later = await freeStarts(turn, wanted, addDays(day, 1), addDays(day, 14))
  const byDay = firstPerDay(later, minutes).slice(0, 3)
  if (byDay.length === 0) return turn.say.nothingFree(wanted.name)
  turn.state.offered = byDay
  return turn.say.alternatives(
    byDay.map((s) => slotOf(turn, s)),
    false,
  )
}

// ——— Cancelling and moving ———

async function targetAppointment(
  turn: Turn,
  action: 'cancel' | 'move',
): Promise<Appointment | DialogueReply | undefined> {
  const appointments = await tools.list_my_appointments(turn.scope)
  if (appointments.length === 0) return undefined
  const remembered = appointments.find(
    (a) => a.bookingId === turn.state.movingBookingId || a.bookingId === turn.state.lastBookingId,
  )
  if (appointments.length === 1) return appointments[0]
  const picked = pickAppointment(turn, appointments) ?? remembered
  if (picked) return picked
  turn.state.pending = { kind: 'choose_booking', action, bookingIds: appointments.map((a) => a.bookingId) }
  return reply(
    turn,
    turn.say.whichAppointment(
      action,
      appointments.map((a) => appointmentLine(turn, a)),
    ),
  )
}

function pickAppointment(turn: Turn, appointments: Appointment[]): Appointment | undefined {
  const { when, named } = turn
  const byDate = appointments.filter(
    (a) =>
      (!when.date || a.start.startsWith(when.date)) &&
      (when.time === undefined || minutesOf(a.start) === when.time) &&
      (named.matches.length === 0 || named.matches.some((s) => s.name === a.serviceName)),
  )
  if ((when.date || when.time !== undefined || named.matches.length > 0) && byDate.length === 1) return byDate[0]
  const index = ordinal(turn.message)
  return index !== undefined ? appointments[index] : undefined
}

async function startCancel(turn: Turn): Promise<DialogueReply> {
  const target = await targetAppointment(turn, 'cancel')
  if (!target) return reply(turn, turn.say.noAppointments())
  if ('text' in target) return target
  return proposeCancel(turn, target)
}

function proposeCancel(turn: Turn, appointment: Appointment): DialogueReply {
  turn.state.pending = { kind: 'cancel', bookingId: appointment.bookingId }
  return reply(turn, turn.say.cancelConfirm(appointment.serviceName, slotOf(turn, appointment.start)))
}

/** A move needs an appointment of the customer; without one, the message is a booking request. */
async function startMove(turn: Turn): Promise<DialogueReply | undefined> {
  const target = await targetAppointment(turn, 'move')
  if (!target) {
    turn.state.movingBookingId = undefined
    return undefined
  }
  if ('text' in target) return target
  const { when, state } = turn
  if (!hasWhen(when)) {
    state.movingBookingId = target.bookingId
    return reply(turn, turn.say.askDay(target.serviceName, undefined))
  }
  state.movingBookingId = undefined
  const date = when.date ?? target.start.slice(0, 10)
  const candidates = await plausibleFirst(
    turn,
    date,
    when.time !== undefined ? [when.time] : (when.timeOptions ?? [minutesOf(target.start)]),
  )
  const service = turn.services.find((s) => s.name === target.serviceName) ?? {
    id: '',
    name: target.serviceName,
    description: null,
    durationMinutes: target.durationMinutes,
    priceMinor: target.priceMinor,
    currency: target.currency,
  }
  for (const minutes of candidates) {
    const start = localStart(date, minutes)
    if (!service.id) break
    const answer = await tools.check_availability(turn.scope, {
      serviceId: service.id,
      start,
      ignoreBookingId: target.bookingId,
    })
    if (answer.requested?.free) {
      state.pending = { kind: 'move', bookingId: target.bookingId, start }
      return reply(turn, turn.say.proposeMove(target.serviceName, slotOf(turn, start)))
    }
    if (minutes === candidates.at(-1)) {
      const why = await refusalText(turn, service, answer.requested?.reason ?? 'taken', date, minutes)
      state.movingBookingId = target.bookingId
      return reply(turn, `${why} ${await alternativesText(turn, minutes, service, date)}`)
    }
  }
  return reply(turn, turn.say.fallback(turn.scope.salon.name))
}

async function listAppointments(turn: Turn): Promise<DialogueReply> {
  const appointments = await tools.list_my_appointments(turn.scope)
  if (appointments.length === 0) return reply(turn, turn.say.noAppointments())
  return reply(turn, turn.say.appointments(appointments.map((a) => appointmentLine(turn, a))))
}

// ——— Opening hours ———

async function openingHours(turn: Turn): Promise<DialogueReply> {
  const week = await turn.week()
  const ranges = (key: keyof typeof week) =>
    week[key].intervals.length > 0
      ? week[key].intervals
          .map((i) => rangeText(turn.language, formatTime(minutesOf(i.openTime)), formatTime(minutesOf(i.closeTime))))
          .join(turn.language === 'en' ? ' and ' : ', ')
      : undefined
  if (turn.when.date) {
    const key = String(weekdayOf(turn.when.date)) as keyof typeof week
    return reply(turn, turn.say.hoursDay(formatWeekday(turn.when.date, turn.language), ranges(key)))
  }
  const monday = mondayOf(turn.today)
  const lines = (['0', '1', '2', '3', '4', '5', '6'] as const).map((key, i) => {
    const name = formatWeekday(addDays(monday, i), turn.language)
    const text = ranges(key) ?? { fr: 'fermé', de: 'geschlossen', it: 'chiuso', en: 'closed' }[turn.language]
    return `${name[0]?.toUpperCase()}${name.slice(1)} : ${text}`.replace(' : ', turn.language === 'fr' ? ' : ' : ': ')
  })
  return reply(turn, turn.say.hoursWeek(lines))
}

function rangeText(language: Language, opens: string, closes: string): string {
  return {
    fr: `${opens} à ${closes}`,
    de: `${opens} bis ${closes} Uhr`,
    it: `${opens} alle ${closes}`,
    en: `${opens} to ${closes}`,
  }[language]
}

function mondayOf(date: string): string {
  return addDays(date, -weekdayOf(date))
}

// ——— Small helpers ———

async function freeStarts(turn: Turn, service: ServiceInfo, from: string, until: string): Promise<string[]> {
  const answer = await tools.check_availability(turn.scope, { serviceId: service.id, date: from, until })
  return answer.slots
}

/** Minutes after midnight of a local start ("2026-12-02T14:30") or a time ("14:30"). */
function minutesOf(localStartOrTime: string): number {
  return minutesOfDay(localStartOrTime.slice(-5))
}

/** A local start from a day and minutes: ("2026-12-02", 870) → "2026-12-02T14:30". */
function localStart(date: string, minutes: number): string {
  return `${date}T${formatMinutes(minutes)}`
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined
  return () => {
    value ??= load()
    return value
  }
}

function inPartOfDay(starts: string[], part: PartOfDay | undefined): string[] {
  if (!part) return starts
  const [from, to] = PART_RANGES[part]
  return starts.filter((s) => minutesOf(s) >= from && minutesOf(s) < to)
}

/** Starts of one day, nearest to a time first. */
function nearestTo(starts: string[], date: string, minutes: number): string[] {
  return starts
    .filter((s) => s.startsWith(date))
    .sort((a, b) => Math.abs(minutesOf(a) - minutes) - Math.abs(minutesOf(b) - minutes) || a.localeCompare(b))
}

/** On each day, the free start nearest to the wished time. */
function firstPerDay(starts: string[], minutes: number): string[] {
  const byDay = new Map<string, string>()
  for (const start of starts) {
    const day = start.slice(0, 10)
    const current = byDay.get(day)
    if (!current || Math.abs(minutesOf(start) - minutes) < Math.abs(minutesOf(current) - minutes)) byDay.set(day, start)
  }
  return [...byDay.values()].sort()
}

/** At most `count` starts spread over the list, preferring round times. */
function spread(starts: string[], count: number): string[] {
  if (starts.length <= count) return starts
  const round = starts.filter((s) => minutesOf(s) % 30 === 0)
  const pool = round.length >= count ? round : starts
  const step = pool.length / count
  return Array.from({ length: count }, (_, i) => pool[Math.floor(i * step)] as string)
}

function slotOf(turn: Turn, localStart: string): Slot {
  return { day: formatDay(localStart.slice(0, 10), turn.language), time: formatTime(minutesOf(localStart)) }
}

function serviceLine(turn: Turn, service: ServiceInfo): ServiceLine {
  return {
    name: service.name,
    duration: service.durationMinutes,
    price: formatPrice(service.priceMinor, service.currency, turn.language),
  }
}

function serviceLines(turn: Turn): ServiceLine[] {
  return turn.services.map((s) => serviceLine(turn, s))
}

function appointmentLine(turn: Turn, appointment: Appointment): string {
  return turn.say.appointmentLine(appointment.serviceName, slotOf(turn, appointment.start))
}
