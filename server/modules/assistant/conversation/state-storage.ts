import { LANGUAGES, type Language } from '@common/languages'
import type { AppointmentBrief, ChatTurn, ConversationState, Draft, Pending } from './state'

/**
 * Reads a stored conversation state defensively: an unknown shape (a manual edit) is dropped
 * field by field, and the shape of earlier versions (one `serviceId`, the draft's fields at the
 * top, `lastBookingId`) is carried over, so a chat under way when the server is updated goes on.
 */
export function readState(value: unknown): ConversationState {
  if (!isObject(value)) return { draft: {} }
  const stored = value as Record<string, unknown>
  const out: ConversationState = { draft: readDraft(isObject(stored.draft) ? stored.draft : stored) }
  if (typeof stored.language === 'string' && (LANGUAGES as readonly string[]).includes(stored.language)) {
    out.language = stored.language as Language
  }
  const pending = readPending(stored.pending)
  if (pending) out.pending = pending
  if (isStrings(stored.offered)) out.offered = stored.offered
  if (isObject(stored.offeredWith) && Object.values(stored.offeredWith).every((v) => typeof v === 'string'))
    out.offeredWith = stored.offeredWith as Record<string, string>
  if (stored.askedMember === true) out.askedMember = true
  if (isStrings(stored.lastBookingIds)) out.lastBookingIds = stored.lastBookingIds
  else if (typeof stored.lastBookingId === 'string') out.lastBookingIds = [stored.lastBookingId]
  if (isDate(stored.near)) out.near = stored.near
  if (isStrings(stored.movingBookingIds) && stored.movingBookingIds.length > 0)
    out.movingBookingIds = stored.movingBookingIds
  else if (typeof stored.movingBookingId === 'string') out.movingBookingIds = [stored.movingBookingId]
  if (stored.topic === 'price') out.topic = { kind: 'price' }
  else if (isObject(stored.topic) && stored.topic.kind === 'price') {
    out.topic =
      typeof stored.topic.serviceId === 'string'
        ? { kind: 'price', serviceId: stored.topic.serviceId }
        : { kind: 'price' }
  }
  if (Array.isArray(stored.history)) out.history = stored.history.filter(isTurn).slice(-20)
  return out
}

function readDraft(stored: Record<string, unknown>): Draft {
  const draft: Draft = {}
  if (isStrings(stored.serviceIds) && stored.serviceIds.length > 0) draft.serviceIds = stored.serviceIds
  else if (typeof stored.serviceId === 'string') draft.serviceIds = [stored.serviceId]
  if (isDate(stored.date)) draft.date = stored.date
  if (isMinutes(stored.time)) draft.time = stored.time
  if (Array.isArray(stored.timeOptions) && stored.timeOptions.every((t) => isMinutes(t)))
    draft.timeOptions = stored.timeOptions
  if (isObject(stored.timeRange) && isMinutes(stored.timeRange.from) && isMinutes(stored.timeRange.to, 1440)) {
    draft.timeRange = { from: stored.timeRange.from, to: stored.timeRange.to }
  }
  if (
    typeof stored.partOfDay === 'string' &&
    ['morning', 'midday', 'afternoon', 'evening'].includes(stored.partOfDay)
  ) {
    draft.partOfDay = stored.partOfDay as Draft['partOfDay']
  }
  if (stored.partOfDayEdge === 'early' || stored.partOfDayEdge === 'late') draft.partOfDayEdge = stored.partOfDayEdge
  if (isObject(stored.period) && isDate(stored.period.from) && isDate(stored.period.to)) {
    draft.period = { from: stored.period.from, to: stored.period.to }
  }
  if (typeof stored.memberId === 'string') draft.memberId = stored.memberId
  if (stored.together === true) draft.together = true
  const excluded = readExclusions(stored.excluded)
  if (excluded) draft.excluded = excluded
  return draft
}

const PARTS = ['morning', 'midday', 'afternoon', 'evening']

function readExclusions(value: unknown): Draft['excluded'] {
  if (!isObject(value)) return undefined
  const out: NonNullable<Draft['excluded']> = {}
  if (isStrings(value.dates) && value.dates.every(isDate)) out.dates = value.dates
  if (Array.isArray(value.weekdays) && value.weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6))
    out.weekdays = value.weekdays
  if (isStrings(value.partsOfDay) && value.partsOfDay.every((p) => PARTS.includes(p)))
    out.partsOfDay = value.partsOfDay as NonNullable<Draft['partOfDay']>[]
  if (Array.isArray(value.times) && value.times.every((t) => isMinutes(t))) out.times = value.times
  return Object.keys(out).length > 0 ? out : undefined
}

function readPending(value: unknown): Pending | undefined {
  if (!isObject(value)) return undefined
  const p = value as Record<string, unknown>
  const start = typeof p.start === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(p.start) ? p.start : undefined
  switch (p.kind) {
    case 'book': {
      const serviceIds = isStrings(p.serviceIds) ? p.serviceIds : typeof p.serviceId === 'string' ? [p.serviceId] : []
      if (!start || serviceIds.length === 0) return undefined
      if (p.together === true && serviceIds.length > 1) return { kind: 'book', serviceIds, start, together: true }
      return typeof p.memberId === 'string'
        ? { kind: 'book', serviceIds, start, memberId: p.memberId }
        : { kind: 'book', serviceIds, start }
    }
    case 'move': {
      const bookingIds = idsOf(p)
      return start && bookingIds ? { kind: 'move', bookingIds, start } : undefined
    }
    case 'cancel': {
      const bookingIds = idsOf(p)
      return bookingIds ? { kind: 'cancel', bookingIds } : undefined
    }
    case 'choose_service': {
      if (!isStrings(p.serviceIds)) return undefined
      const visit = Array.isArray(p.visit) && p.visit.every((id) => id === null || typeof id === 'string')
      return visit
        ? { kind: 'choose_service', serviceIds: p.serviceIds, visit: p.visit as (string | null)[] }
        : { kind: 'choose_service', serviceIds: p.serviceIds }
    }
    case 'choose_booking': {
      if (p.action !== 'cancel' && p.action !== 'move' && p.action !== 'note') return undefined
      // Earlier versions kept one appointment per option (`bookingId`, `serviceName`), or ids alone.
      const options = Array.isArray(p.options)
        ? p.options.map(readBrief)
        : isStrings(p.bookingIds)
          ? p.bookingIds.map((id) => ({ bookingIds: [id], start: '', serviceNames: [] }))
          : [undefined]
      return options.length > 0 && options.every((o) => o !== undefined)
        ? { kind: 'choose_booking', action: p.action, options: options as AppointmentBrief[] }
        : undefined
    }
    case 'choose_day':
      return isStrings(p.dates) && p.dates.every(isDate) ? { kind: 'choose_day', dates: p.dates } : undefined
    default:
      return undefined
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string')
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
const isMinutes = (v: unknown, max = 1439): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max
/** The ids of a proposal's appointments: `bookingIds`, or one `bookingId` of earlier versions. */
function idsOf(p: Record<string, unknown>): string[] | undefined {
  if (isStrings(p.bookingIds) && p.bookingIds.length > 0) return p.bookingIds
  return typeof p.bookingId === 'string' ? [p.bookingId] : undefined
}

function readBrief(v: unknown): AppointmentBrief | undefined {
  if (!isObject(v) || typeof v.start !== 'string') return undefined
  const bookingIds = idsOf(v)
  const serviceNames = isStrings(v.serviceNames)
    ? v.serviceNames
    : typeof v.serviceName === 'string'
      ? [v.serviceName]
      : undefined
  if (!bookingIds || !serviceNames) return undefined
  return typeof v.member === 'string'
    ? { bookingIds, start: v.start, serviceNames, member: v.member }
    : { bookingIds, start: v.start, serviceNames }
}
const isTurn = (t: unknown): t is ChatTurn =>
  isObject(t) && (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string'
