import type { Language } from '@common/languages'
import type { Exclusions, PartOfDay, When } from '../understanding/when'

/**
 * What the built-in assistant remembers of a chat between two messages, and the only ways it
 * changes (the transitions below). Stored as JSON with the conversation, so a restart or another
 * instance picks the dialogue up where it was.
 */
export interface ConversationState {
  language?: Language
  /** The appointment being put together: every detail the customer gave, kept while we ask for the rest. */
  draft: Draft
  /** A question we asked and wait an answer to. */
  pending?: Pending
  /** The local starts the last reply offered ("the first one", "10h30", a bare "yes"). */
  offered?: string[]
  /** Starts of `offered` that go with another member than the one asked for ("Hugo l'est"): start → member id. */
  offeredWith?: Record<string, string>
  /** The last reply asked which team member the customer wants: a bare name answers it. */
  askedMember?: boolean
  /** The appointments booked or moved last in this chat ("make it 5pm instead", "I'll be late"). */
  lastBookingIds?: string[]
  /** The day the conversation last settled on (a booking, a move): "vendredi 5" is looked for from its month. */
  near?: string
  /** A move asked for without a new time yet: the visit's appointments. */
  movingBookingIds?: string[]
  /** The last reply found this day full and offered the waiting list (for this message only). */
  fullDay?: string
  /** What the last answer was about, for a follow-up ("et une coupe homme ?", "und herren?" after a price). */
  topic?: { kind: 'price'; serviceId?: string }
  /** The last messages of the chat, for a language model (the built-in assistant keeps the draft instead). */
  history?: ChatTurn[]
}

export interface Draft {
  /** The services asked for, in the order said (several are booked back to back). */
  serviceIds?: string[]
  date?: string
  /** Minutes after midnight. */
  time?: number
  /** Both readings of an hour that did not say morning or afternoon ("at 4"), until one is chosen. */
  timeOptions?: number[]
  /** "entre 14h et 16h", "after 5pm": minutes after midnight, end exclusive. */
  timeRange?: { from: number; to: number }
  partOfDay?: PartOfDay
  partOfDayEdge?: 'early' | 'late'
  /** A period spoken of without a day ("next week sometime", "en mars"): where a later weekday lands. */
  period?: { from: string; to: string }
  /** The team member asked for ("avec Léa"); absent: any member who performs the services. */
  memberId?: string
  /** Several people at once: the services all at one start, each with a member of its own. */
  together?: boolean
  /** Days, parts of the day and times ruled out ("pas avant 14h", "außer Freitag"): never offered. */
  excluded?: Exclusions
}

export type Pending =
  /** A precise proposal waiting for "yes": one service, or several back to back from `start`. */
  | { kind: 'book'; serviceIds: string[]; start: string; memberId?: string; together?: true }
  /** `bookingIds`: one appointment, or a visit of several moved or cancelled as a whole. */
  | { kind: 'move'; bookingIds: string[]; start: string }
  | { kind: 'cancel'; bookingIds: string[] }
  /** A short choice the customer was asked to make. */
  /** `visit`: the services of a visit in order, null where the chosen one goes ("deux coupes": which?). */
  | { kind: 'choose_service'; serviceIds: string[]; visit?: (string | null)[] }
  /** `options`: what the customer saw of each visit, in order, so "celui de vendredi" can be read. */
  | { kind: 'choose_booking'; action: 'cancel' | 'move' | 'note'; options: AppointmentBrief[] }
  | { kind: 'choose_day'; dates: string[] }

/** One of the customer's visits as a choice shows it (local start 'YYYY-MM-DDTHH:MM'). */
export interface AppointmentBrief {
  bookingIds: string[]
  start: string
  serviceNames: string[]
  member?: string
}

export interface ChatTurn {
  role: 'user' | 'assistant'
  content: string
}

/** How many messages of history a chat keeps. */
export const HISTORY_LENGTH = 20

export const isProposal = (
  pending: Pending | undefined,
): pending is Extract<Pending, { start: string }> | Extract<Pending, { kind: 'cancel' }> =>
  pending?.kind === 'book' || pending?.kind === 'move' || pending?.kind === 'cancel'

/** A short question we asked (which service, which day, which appointment), not a proposal. */
export const isChoice = (pending: Pending | undefined): boolean => pending !== undefined && !isProposal(pending)

// ——— Transitions ———

/**
 * Keeps what a message says about the appointment over what was said before. A message asking for
 * other services than the request under way starts a new request: the member, the part of the day
 * and what was ruled out for the old one do not carry over ("une coupe avec Léa l'après-midi" …
 * "et une barbe samedi ?" is with anyone, at any time). A correction keeps the rest.
 */
export function remember(
  state: ConversationState,
  when: When,
  serviceIds: string[] | undefined,
  /** The message corrects the request ("non, plutôt une coupe homme"): the rest of it stays. */
  correcting = false,
): ConversationState {
  const before = state.draft.serviceIds ?? []
  const another =
    !correcting && !!serviceIds?.length && before.length > 0 && !serviceIds.some((id) => before.includes(id))
  const draft: Draft = another ? {} : { ...state.draft }
  if (serviceIds?.length) draft.serviceIds = serviceIds
  if (when.range) {
    draft.period = when.range
    if (!when.date) draft.date = undefined
  }
  // A new day keeps the wished part of the day and time ("l'après-midi" … "et jeudi ?").
  if (when.date) draft.date = when.date
  if (when.time !== undefined) {
    draft.time = when.time
    draft.timeOptions = undefined
    draft.timeRange = undefined
  } else if (when.timeOptions) {
    draft.time = undefined
    draft.timeOptions = when.timeOptions
    draft.timeRange = undefined
  }
  if (when.timeRange) {
    draft.timeRange = when.timeRange
    draft.time = undefined
    draft.timeOptions = undefined
  }
  if (when.excluded) draft.excluded = withExclusions(draft.excluded, when.excluded)
  if (when.partOfDay) {
    draft.partOfDay = when.partOfDay
    draft.partOfDayEdge = when.partOfDayEdge
    if (when.time === undefined && !when.timeOptions) {
      draft.time = undefined
      draft.timeOptions = undefined
      if (!when.timeRange) draft.timeRange = undefined
    }
  }
  return { ...state, draft }
}

/** Everything ruled out so far, and what a message rules out now. */
export function withExclusions(before: Exclusions | undefined, now: Exclusions | undefined): Exclusions | undefined {
  if (!before || !now) return now ?? before
  const union = <T>(a: T[] | undefined, b: T[] | undefined) =>
    a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined
  const out: Exclusions = {}
  const dates = union(before.dates, now.dates)
  const weekdays = union(before.weekdays, now.weekdays)
  const partsOfDay = union(before.partsOfDay, now.partsOfDay)
  const times = union(before.times, now.times)
  if (dates) out.dates = dates
  if (weekdays) out.weekdays = weekdays
  if (partsOfDay) out.partsOfDay = partsOfDay
  if (times) out.times = times
  return out
}

export const withDraft = (state: ConversationState, change: Partial<Draft>): ConversationState => ({
  ...state,
  draft: { ...state.draft, ...change },
})

/** A question or proposal is now waiting for the customer; earlier offers are forgotten. */
export function asking(state: ConversationState, pending: Pending): ConversationState {
  const next: ConversationState = { ...state, pending, offered: undefined, offeredWith: undefined }
  if (pending.kind === 'book') next.draft = { ...state.draft, date: pending.start.slice(0, 10) }
  return next
}

/** `withMembers`: the offered starts that go with another member than the one asked for. */
export const offering = (
  state: ConversationState,
  starts: string[],
  withMembers?: Record<string, string>,
): ConversationState => ({
  ...state,
  pending: undefined,
  offered: starts.length > 0 ? starts : undefined,
  offeredWith: withMembers && Object.keys(withMembers).length > 0 ? withMembers : undefined,
})

export const withoutPending = (state: ConversationState): ConversationState => ({ ...state, pending: undefined })

/** After a booking or a move: a fresh draft, the appointments remembered for what comes next. */
export const settled = (state: ConversationState, bookingIds: string[], date: string): ConversationState => ({
  language: state.language,
  draft: {},
  lastBookingIds: bookingIds,
  near: date,
  history: state.history,
})

/** After a cancellation: nothing left to remember but the language and the history. */
export const closed = (state: ConversationState): ConversationState => ({
  language: state.language,
  draft: {},
  history: state.history,
})

export function withHistory(state: ConversationState, ...turns: ChatTurn[]): ConversationState {
  return { ...state, history: [...(state.history ?? []), ...turns].slice(-HISTORY_LENGTH) }
}

export { readState } from './state-storage'
