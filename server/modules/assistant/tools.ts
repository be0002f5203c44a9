import type { Language } from '@common/languages'
import { type Booking, LATE_MINUTES_MAX } from '@common/schemas/booking'
import type { Service } from '@common/schemas/catalog'
import type { IcsData } from '@common/schemas/chat'
import { isSupportedYear, YEAR_RANGE_MESSAGE } from '@common/schemas/primitives'
import type { WorkingHours } from '@common/schemas/schedule'
import { WAIT_PARTS } from '@common/schemas/waiting-list'
import { phasesOf } from '@common/service-phases'
import { addDays, formatLocalDateTime, instantToLocal, isLocalDate, isLocalTime } from '@common/time'
import type { Clock } from '@server/clock'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { AppError, withoutQueryParameters } from '@server/errors'
import { getAvailability } from '@server/modules/bookings/availability.usecases'
import { actorOfChannel, type BookingChangeBy } from '@server/modules/bookings/booking-history'
import { holdNextSteps } from '@server/modules/bookings/booking-holds'
import {
  cancelBooking,
  createBooking,
  listUpcomingBookingsOfCustomer,
  rescheduleBooking,
  tellSalonLate,
  whyNotOffered,
} from '@server/modules/bookings/bookings.usecases'
import {
  bookConsecutive,
  checkConsecutive,
  freeConsecutiveStarts,
  MAX_SERVICES_PER_VISIT,
  type VisitRefusal,
} from '@server/modules/bookings/consecutive'
import { bookTogether, checkTogether, freeTogetherStarts } from '@server/modules/bookings/together'
import { cancelVisit, rescheduleVisit } from '@server/modules/bookings/visit-changes'
import { type AppointmentIcsInput, appointmentIcs, appointmentsIcs } from '@server/modules/calendar-files/ics'
import { listSalonServices, requireBookableService } from '@server/modules/catalog/catalog.usecases'
import { bookedServiceFor } from '@server/modules/catalog/service-for-customer'
import { type ChannelIdentity, findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { practicalInfoFor } from '@server/modules/salons/practical-info'
import type { SlotRefusal } from '@server/modules/schedule/availability'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { getWorkingHours, listTimeOff } from '@server/modules/schedule/schedule.usecases'
import { listTeam } from '@server/modules/team/team.usecases'
import { joinWaitingList } from '@server/modules/waiting-list/waiting-list.usecases'
import { z } from 'zod'

/**
 * The assistant's tools: the only way any assistant — the built-in one, an LLM, an outside agent
 * over MCP — reads the salon or touches bookings. Each is bound on the server to one salon and one
 * customer (the chat's identity); inputs are checked with zod, and nothing returned names another
 * customer.
 */
export interface ToolScope {
  db: Database
  clock: Clock
  /** Where the booking changes' follow-ups (calendar events) are enqueued, in the same transaction. */
  jobs: Jobs
  salon: SalonRow
  /** Who is writing: their identity on the channel, and the details they gave. */
  customer: {
    identity: ChannelIdentity
    name: string
    phone?: string | undefined
    email?: string | undefined
    language: Language
  }
  /** Where a tool's unexpected failure is written (its caller only learns that it failed). */
  log?: { error(obj: object, msg: string): void } | undefined
  /** The customer's own page of a booking (`PUBLIC_URL/r/<token>`), given with what is booked or moved. */
  bookingLink?: ((bookingId: string) => string) | undefined
  /** The server's address and secret, for the link of a held booking's step (a payment page). */
  holdConfig?: { publicUrl: string; appSecret: string } | undefined
}

const localStart = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'A local start such as 2026-12-03T15:00 (salon time)')
  .refine(
    (v) => isLocalDate(v.slice(0, 10)) && isLocalTime(v.slice(11)),
    'A local start such as 2026-12-03T15:00 (salon time)',
  )
  .refine(isSupportedYear, YEAR_RANGE_MESSAGE)
const localDate = z
  .string()
  .refine(isLocalDate, 'A date such as 2026-12-03')
  .refine(isSupportedYear, YEAR_RANGE_MESSAGE)

export const toolInputs = {
  get_salon_info: z.object({}),
  list_services: z.object({}),
  get_opening_hours: z.object({}),
  check_availability: z.object({
    serviceId: z.uuid(),
    /** One day to list, or the first day of a period. */
    date: localDate.optional(),
    /** Last day of the period (default: `date`, or a week from today). */
    until: localDate.optional(),
    /** A precise start to check: the answer says whether it is free and, if not, why. */
    start: localStart.optional(),
    /** With `start`: one of the customer's own appointments that is being moved (it does not block itself). */
    ignoreBookingId: z.uuid().optional(),
    /** With this team member only (an id from get_salon_info's team); absent: any member who performs it. */
    memberId: z.uuid().optional(),
  }),
  book_appointment: z.object({ serviceId: z.uuid(), start: localStart, memberId: z.uuid().optional() }),
  check_visit: z.object({
    /** Services of one visit, in order: each starts when the previous one ends. */
    serviceIds: z.array(z.uuid()).min(2).max(MAX_SERVICES_PER_VISIT),
    date: localDate.optional(),
    until: localDate.optional(),
    start: localStart.optional(),
    /** With this team member only (an id from get_salon_info's team); absent: any member who performs it. */
    memberId: z.uuid().optional(),
    /** The customer's own visit being moved: its appointments do not block it. */
    ignoreBookingIds: z.array(z.uuid()).max(MAX_SERVICES_PER_VISIT).optional(),
    /** Several people at once: every service at the same start, each with a member of its own (no memberId). */
    together: z.boolean().optional(),
  }),
  book_visit: z.object({
    serviceIds: z.array(z.uuid()).min(2).max(MAX_SERVICES_PER_VISIT),
    start: localStart,
    memberId: z.uuid().optional(),
    /** Several people at once: every service at `start`, each with a member of its own (no memberId). */
    together: z.boolean().optional(),
  }),
  list_my_appointments: z.object({}),
  cancel_appointment: z.object({ bookingId: z.uuid() }),
  reschedule_appointment: z.object({ bookingId: z.uuid(), start: localStart, memberId: z.uuid().optional() }),
  cancel_visit: z.object({
    /** The appointments of one visit (booked back to back). */
    bookingIds: z.array(z.uuid()).min(2).max(MAX_SERVICES_PER_VISIT),
  }),
  reschedule_visit: z.object({
    /** The appointments of one visit (booked back to back), in any order. */
    bookingIds: z.array(z.uuid()).min(2).max(MAX_SERVICES_PER_VISIT),
    start: localStart,
  }),
  join_waiting_list: z.object({
    /** The services wished for (one, or several back to back). */
    serviceIds: z.array(z.uuid()).min(1).max(MAX_SERVICES_PER_VISIT),
    /** The full day the customer would like a time on. */
    date: localDate,
    /** Only its morning (starts before noon) or afternoon; default the whole day. */
    part: z.enum(WAIT_PARTS).optional(),
    /** With this team member only; absent: any member who performs the services. */
    memberId: z.uuid().optional(),
  }),
  tell_salon_late: z.object({
    bookingId: z.uuid(),
    /** How late the customer said they will be, when they said it. */
    minutes: z.number().int().min(1).max(LATE_MINUTES_MAX).optional(),
  }),
} as const

export type ToolName = keyof typeof toolInputs

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  get_salon_info:
    "The salon's name, address, public phone number, contact e-mail, practical information (payment, parking, access…; quote it as written), time zone, booking rules and team (the members a customer may ask for by name, each with the ids of the services they perform: pass one's id as memberId to check availability and book with them; without a wish, pass none and any free member is given). A field the salon has not given is null.",
  list_services:
    "The services the salon offers now: id, name (the salon's own), translations (the name in other languages, when known: use the customer's language's), description (the salon's own words), descriptionTranslations (the description in other languages, the owner's: use the customer's language's), duration in minutes, price.",
  get_opening_hours: 'Opening hours per weekday (0 = Monday) and the coming closures.',
  check_availability:
    'Free start times (salon local time) of a service on a day or a period; with `start`, whether that start is free and why not.',
  book_appointment:
    'Books the service at a local start time for the customer of this chat, with the team member asked for (memberId) or any free one. Only after the customer confirmed that exact proposal.',
  check_visit:
    'Free start times (salon local time) of several services booked back to back (a visit: each starts when the previous ends), or with together: true, for several people at once (every service at the same start, each with its own team member); with `start`, whether that start is free and why not.',
  book_visit:
    'Books several services back to back from a local start for the customer of this chat, or with together: true all at that start, each with its own team member (several people at once), all or none. Only after the customer confirmed that exact proposal.',
  list_my_appointments: "The chat customer's own upcoming appointments.",
  cancel_appointment: "Cancels one of the chat customer's own appointments, after they confirmed.",
  reschedule_appointment:
    "Moves one of the chat customer's own appointments to a new local start, after they confirmed; with memberId, to that team member (a customer's wish); without, it stays with its member when they are free then, else any free member.",
  cancel_visit:
    'Cancels a visit of the chat customer (several of their appointments back to back, as list_my_appointments shows them) as a whole, all or none, after they confirmed.',
  reschedule_visit:
    'Moves a visit of the chat customer (several of their appointments back to back, as list_my_appointments shows them) as a whole to a new local start, all or none, after they confirmed: they stay back to back in the same order. Check the new start with check_visit and ignoreBookingIds first.',
  join_waiting_list:
    "Puts the chat customer on the salon's waiting list for a day (or its morning or afternoon) when no time suits them: if a time that fits frees up, they are told on their channel and the first to accept gets it. Returns whether they joined, or were already waiting for that day.",
  tell_salon_late: `Tells the salon that the chat customer will be late for one of their own appointments (today's or a later one, not cancelled), with how many minutes late (1–${LATE_MINUTES_MAX}) when they said it; the owner sees it beside the booking. A new word replaces the earlier one. Returns the appointment and the note.`,
}

export interface ServiceInfo {
  id: string
  /** The salon's own name for the service: the reference. */
  name: string
  /** Its name in the other languages the salon's name is known in (built-in glossary, or the owner's). */
  translations: Partial<Record<Language, string>>
  description: string | null
  /** Its description in other languages than the salon's, as the owner wrote it. */
  descriptionTranslations: Partial<Record<Language, string>>
  durationMinutes: number
  priceMinor: number
  currency: string
}

/** A team member as the tools present them: who a customer may ask for, and what they perform. */
export interface TeamMemberInfo {
  id: string
  name: string
  serviceIds: string[]
}

/** A service as the tools present it. */
export function toServiceInfo(service: Service): ServiceInfo {
  return {
    id: service.id,
    name: service.name,
    translations: service.translations,
    description: service.description,
    descriptionTranslations: service.descriptionTranslations,
    durationMinutes: service.duration,
    priceMinor: service.price,
    currency: service.currency,
  }
}

export interface Appointment {
  bookingId: string
  serviceName: string
  start: string
  end: string
  durationMinutes: number
  priceMinor: number
  currency: string
  status: string
  /** The team member who performs it. */
  member: string
  /** The customer's own page for it (cancel, move, add to a calendar), when the chat has one to give. */
  link?: string
  /** Held (status `held`): what the customer does to confirm it (pay a deposit…), with its link, in their language. */
  nextSteps?: string[]
}

/** What `tell_salon_late` noted: how late (null when the customer did not say) and when it was said (salon time). */
export interface LateNote {
  minutes: number | null
  at: string
}

export interface VisitAnswer {
  serviceIds: string[]
  /** Local starts where the whole visit fits, in order. */
  slots: string[]
  requested?: { start: string; free: boolean; reason?: VisitRefusal; failedAt?: number }
}

export interface AvailabilityAnswer {
  serviceId: string
  durationMinutes: number
  /** Free local starts, in order. */
  slots: string[]
  requested?: { start: string; free: boolean; reason?: SlotRefusal }
}

function toAppointment(booking: Booking, scope: ToolScope): Appointment {
  const { salon } = scope
  const link = booking.status !== 'cancelled' ? scope.bookingLink?.(booking.id) : undefined
  return {
    bookingId: booking.id,
    serviceName: booking.service,
    start: formatLocalDateTime(new Date(booking.appointmentDate), salon.timeZone),
    end: formatLocalDateTime(new Date(booking.endDate), salon.timeZone),
    durationMinutes: booking.duration,
    priceMinor: booking.price,
    currency: booking.currency,
    status: booking.status,
    member: booking.member.name,
    ...(link ? { link } : {}),
  }
}

/** A held booking's appointment, with what the customer does next (the holds' own words and links). */
async function heldAppointment(booking: Booking, scope: ToolScope): Promise<Appointment> {
  const appointment = toAppointment(booking, scope)
  if (booking.status !== 'held' || !scope.holdConfig) return appointment
  const nextSteps = await holdNextSteps(
    { db: scope.db, config: scope.holdConfig },
    { id: booking.id, salonId: scope.salon.id },
    scope.customer.language,
  )
  return nextSteps.length > 0 ? { ...appointment, nextSteps } : appointment
}

/** A chat's customer changes their own booking; an outside agent over MCP is the salon's (its changes are told). */
function changeBy(scope: ToolScope): BookingChangeBy {
  const { channel } = scope.customer.identity
  return { actor: actorOfChannel(channel), channel }
}

function startInstant(start: string, salon: SalonRow): Date {
  return resolvePointInTime(start, salon.timeZone)
}

async function icsFor(scope: ToolScope, booking: Booking, sequence: number, cancelled = false): Promise<IcsData> {
  return appointmentIcs({ ...(await icsInput(scope, booking, sequence)), cancelled })
}

/**
 * A moved or cancelled appointment keeps its UID; a higher SEQUENCE (seconds since it was booked,
 * so every later change is higher still) tells calendars to update or remove the event they have.
 */
function laterSequence(scope: ToolScope, booking: Booking): number {
  return Math.max(1, Math.floor((scope.clock.now().getTime() - Date.parse(booking.createdAt)) / 1000))
}

/** The file is the customer's: the service named (and described) in their language. */
async function icsInput(scope: ToolScope, booking: Booking, sequence: number): Promise<AppointmentIcsInput> {
  const service = await bookedServiceFor(
    scope.db,
    scope.salon,
    { serviceId: booking.serviceId, serviceName: booking.service },
    scope.customer.language,
  )
  return {
    bookingId: booking.id,
    start: new Date(booking.appointmentDate),
    end: new Date(booking.endDate),
    serviceName: service.name,
    salonServiceName: service.salonName,
    serviceDescription: service.description,
    salon: scope.salon,
    customerName: scope.customer.name,
    language: scope.customer.language,
    sequence,
    url: scope.bookingLink?.(booking.id),
    now: scope.clock.now(),
  }
}

/** The customer of this chat, if they have ever booked here (else they have no appointments). */
async function chatCustomerId(scope: ToolScope): Promise<string | undefined> {
  return (await findCustomerByIdentity(scope.db, scope.salon.id, scope.customer.identity))?.id
}

export const tools = {
  async get_salon_info(scope: ToolScope) {
    const { salon } = scope
    return {
      name: salon.name,
      address: salon.address,
      phone: salon.publicPhone,
      contactEmail: salon.contactEmail,
      // In the customer's language when the owner translated it (else the salon's own words).
      practicalInfo: practicalInfoFor(salon, scope.customer.language).text ?? null,
      timeZone: salon.timeZone,
      slotStepMinutes: salon.slotStepMinutes,
      minimumNoticeMinutes: salon.minimumNoticeMinutes,
      horizonDays: salon.horizonDays,
      today: instantToLocal(scope.clock.now(), salon.timeZone).date,
      // Who customers may ask for ("avec Marie"): the active members, in the salon's order.
      team: (await listTeam(scope.db, salon))
        .filter((m) => m.isActive)
        .map((m): TeamMemberInfo => ({ id: m.id, name: m.name, serviceIds: m.serviceIds })),
    }
  },

  async list_services(scope: ToolScope): Promise<ServiceInfo[]> {
    const services = await listSalonServices(scope.db, scope.salon)
    return services.filter((s) => s.isActive).map(toServiceInfo)
  },

  async get_opening_hours(
    scope: ToolScope,
  ): Promise<{ week: WorkingHours; closures: { from: string; to: string; reason: string | null }[] }> {
    const [week, absences] = await Promise.all([
      getWorkingHours(scope.db, scope.salon),
      listTimeOff(scope.db, scope.salon),
    ])
    const now = scope.clock.now().getTime()
    const closures = absences
      .filter((a) => a.endsAt.getTime() > now)
      .map((a) => ({
        from: formatLocalDateTime(a.startsAt, scope.salon.timeZone),
        to: formatLocalDateTime(a.endsAt, scope.salon.timeZone),
        reason: a.reason,
      }))
    return { week, closures }
  },

  async check_availability(
    scope: ToolScope,
    input: z.infer<typeof toolInputs.check_availability>,
  ): Promise<AvailabilityAnswer> {
    const { salon } = scope
    const service = await requireBookableService(scope.db, salon, input.serviceId)
    const today = instantToLocal(scope.clock.now(), salon.timeZone).date
    const from = input.date ?? input.start?.slice(0, 10) ?? today
    const until = input.until ?? (input.date || input.start ? from : addDays(today, 7))
    const availability = await getAvailability(scope.db, scope.clock, salon, {
      serviceId: service.id,
      memberId: input.memberId,
      from: from < today ? today : from,
      to: until < from ? from : until,
    })
    const answer: AvailabilityAnswer = {
      serviceId: service.id,
      durationMinutes: service.durationMinutes,
      slots: availability.slots.map((slot) => slot.local),
    }
    if (input.start) {
      const moving = input.ignoreBookingId
        ? (await tools.list_my_appointments(scope)).find((a) => a.bookingId === input.ignoreBookingId)
        : undefined
      const reason = await whyNotOffered(
        scope.db,
        salon,
        {
          startsAt: startInstant(input.start, salon),
          serviceId: service.id,
          durationMinutes: phasesOf(service),
          memberId: input.memberId,
        },
        scope.clock.now(),
        moving?.bookingId,
      )
      answer.requested = { start: input.start, free: reason === null, ...(reason ? { reason } : {}) }
    }
    return answer
  },

  async book_appointment(scope: ToolScope, input: z.infer<typeof toolInputs.book_appointment>) {
    const { booking } = await createBooking({ db: scope.db, clock: scope.clock, jobs: scope.jobs }, scope.salon, {
      serviceId: input.serviceId,
      memberId: input.memberId,
      startsAt: startInstant(input.start, scope.salon),
      ...bookedBy(scope),
    })
    // A held booking is not confirmed yet: its calendar file comes with the confirmation.
    if (booking.status === 'held') return { appointment: await heldAppointment(booking, scope), icsData: undefined }
    return { appointment: toAppointment(booking, scope), icsData: await icsFor(scope, booking, 0) }
  },

  async check_visit(scope: ToolScope, input: z.infer<typeof toolInputs.check_visit>): Promise<VisitAnswer> {
    const { salon } = scope
    const deps = { db: scope.db, clock: scope.clock }
    const today = instantToLocal(scope.clock.now(), salon.timeZone).date
    const from = input.date ?? input.start?.slice(0, 10) ?? today
    const until = input.until ?? (input.date || input.start ? from : addDays(today, 7))
    // Only the customer's own appointments may be looked through.
    const own = input.ignoreBookingIds?.length ? (await tools.list_my_appointments(scope)).map((a) => a.bookingId) : []
    const ignoreBookingIds = input.ignoreBookingIds?.filter((id) => own.includes(id))
    const days = { date: from < today ? today : from, until: until < from ? from : until }
    const visit = { salon, serviceIds: input.serviceIds, ignoreBookingIds }
    // Several people at once: every service at one start, each with a member of its own.
    const slots = input.together
      ? await freeTogetherStarts(deps, { ...visit, ...days })
      : await freeConsecutiveStarts(deps, { ...visit, ...days, memberId: input.memberId })
    const answer: VisitAnswer = { serviceIds: input.serviceIds, slots }
    if (input.start) {
      const at = { ...visit, start: input.start }
      const verdict = input.together
        ? await checkTogether(deps, at)
        : await checkConsecutive(deps, { ...at, memberId: input.memberId })
      answer.requested = verdict.free
        ? { start: input.start, free: true }
        : {
            start: input.start,
            free: false,
            reason: verdict.reason,
            ...('failedAt' in verdict ? { failedAt: verdict.failedAt } : {}),
          }
    }
    return answer
  },

  async book_visit(scope: ToolScope, input: z.infer<typeof toolInputs.book_visit>) {
    const deps = { db: scope.db, clock: scope.clock, jobs: scope.jobs }
    const visit = {
      salon: scope.salon,
      serviceIds: input.serviceIds,
      start: startInstant(input.start, scope.salon),
      ...bookedBy(scope),
    }
    const bookings = input.together
      ? await bookTogether(deps, visit)
      : await bookConsecutive(deps, { ...visit, memberId: input.memberId })
    if (bookings.some((b) => b.status === 'held')) {
      return { appointments: await Promise.all(bookings.map((b) => heldAppointment(b, scope))), icsData: undefined }
    }
    return {
      appointments: bookings.map((b) => toAppointment(b, scope)),
      icsData: appointmentsIcs(await Promise.all(bookings.map((b) => icsInput(scope, b, 0)))),
    }
  },

  async join_waiting_list(
    scope: ToolScope,
    input: z.infer<typeof toolInputs.join_waiting_list>,
  ): Promise<{ joined: boolean; alreadyWaiting: boolean }> {
    const deps = { db: scope.db, clock: scope.clock, jobs: scope.jobs }
    const { customer, identity, channel } = bookedBy(scope)
    try {
      await joinWaitingList(
        deps,
        scope.salon,
        { details: customer, identity },
        { serviceIds: input.serviceIds, day: input.date, part: input.part ?? 'day', memberId: input.memberId, channel },
      )
      return { joined: true, alreadyWaiting: false }
    } catch (error) {
      if (error instanceof AppError && error.code === 'waiting_list.already_waiting')
        return { joined: false, alreadyWaiting: true }
      throw error
    }
  },

  async list_my_appointments(scope: ToolScope): Promise<Appointment[]> {
    const customerId = await chatCustomerId(scope)
    if (!customerId) return []
    const bookings = await listUpcomingBookingsOfCustomer(
      { db: scope.db, clock: scope.clock, jobs: scope.jobs },
      scope.salon,
      customerId,
    )
    return bookings.map((b) => toAppointment(b, scope))
  },

  async cancel_appointment(scope: ToolScope, input: z.infer<typeof toolInputs.cancel_appointment>) {
    const booking = await cancelBooking(depsOf(scope), input.bookingId, await ownChange(scope))
    // The file cancels the event the customer's calendar got when booking (same UID).
    return {
      appointment: toAppointment(booking, scope),
      icsData: await icsFor(scope, booking, laterSequence(scope, booking), true),
    }
  },

  async reschedule_appointment(scope: ToolScope, input: z.infer<typeof toolInputs.reschedule_appointment>) {
    const booking = await rescheduleBooking(
      depsOf(scope),
      input.bookingId,
      { startsAt: input.start, memberId: input.memberId },
      await ownChange(scope),
    )
    return {
      appointment: toAppointment(booking, scope),
      icsData: await icsFor(scope, booking, laterSequence(scope, booking)),
    }
  },

  async cancel_visit(scope: ToolScope, input: z.infer<typeof toolInputs.cancel_visit>) {
    const bookings = await cancelVisit(depsOf(scope), input.bookingIds, await ownChange(scope))
    // The file cancels the events the customer's calendar got when booking (same UIDs).
    return changedVisit(scope, bookings, true)
  },

  async reschedule_visit(scope: ToolScope, input: z.infer<typeof toolInputs.reschedule_visit>) {
    const bookings = await rescheduleVisit(depsOf(scope), input.bookingIds, input.start, await ownChange(scope))
    return changedVisit(scope, bookings, false)
  },

  async tell_salon_late(
    scope: ToolScope,
    input: z.infer<typeof toolInputs.tell_salon_late>,
  ): Promise<{ appointment: Appointment; note: LateNote }> {
    const customerId = await chatCustomerId(scope)
    if (!customerId) throw notYours()
    const { booking, note } = await tellSalonLate(
      { db: scope.db, clock: scope.clock, jobs: scope.jobs },
      input.bookingId,
      { minutes: input.minutes },
      { salonId: scope.salon.id, customerId },
      changeBy(scope),
    )
    return {
      appointment: toAppointment(booking, scope),
      note: { minutes: note.minutes, at: `${note.localDate}T${note.localTime}` },
    }
  },
}

const notYours = () => new AppError('bookings.not_found', 404, 'No such booking')

const depsOf = (scope: ToolScope) => ({ db: scope.db, clock: scope.clock, jobs: scope.jobs })

/** A change by the chat's customer, limited to their own appointments (none yet: not theirs). */
async function ownChange(scope: ToolScope) {
  const customerId = await chatCustomerId(scope)
  if (!customerId) throw notYours()
  return { ...changeBy(scope), scope: { salonId: scope.salon.id, customerId } }
}

/** A visit moved or cancelled: its appointments, and one calendar file updating (or removing) their events. */
async function changedVisit(scope: ToolScope, bookings: Booking[], cancelled: boolean) {
  return {
    appointments: bookings.map((b) => toAppointment(b, scope)),
    icsData: appointmentsIcs(
      await Promise.all(
        bookings.map(async (b) => ({ ...(await icsInput(scope, b, laterSequence(scope, b))), cancelled })),
      ),
    ),
  }
}

/**
 * Runs a tool by name for an outside caller (a model, an MCP client) whose SDK already checked the
 * input against `toolInputs`: a refusal of the booking rules comes back as data, not as a throw.
 * An unexpected failure is logged and comes back as a plain "internal" error: the caller never sees
 * a driver's message (it can carry SQL and a customer's details).
 */
export async function callTool(
  scope: ToolScope,
  name: ToolName,
  input: unknown,
): Promise<{ result: unknown } | { error: { code: string; message: string } }> {
  try {
    return { result: await (tools[name] as (s: ToolScope, i: unknown) => Promise<unknown>)(scope, input) }
  } catch (error) {
    if (error instanceof AppError) return { error: { code: error.code, message: error.message } }
    scope.log?.error(
      { err: error instanceof Error ? withoutQueryParameters(error) : String(error), tool: name },
      'assistant tool failed',
    )
    return { error: { code: 'internal', message: 'The salon could not do this just now; please try again.' } }
  }
}

/** Who books through the chat: its customer, on its channel, known by their identity there. */
function bookedBy(scope: ToolScope) {
  const { customer } = scope
  return {
    customer: { name: customer.name, phone: customer.phone, email: customer.email, language: customer.language },
    channel: customer.identity.channel,
    identity: customer.identity,
  }
}
