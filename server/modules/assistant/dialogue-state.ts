import type { Language } from '../../../common/languages'
import type { PartOfDay } from './understanding/when'

/**
 * What the built-in assistant remembers of a chat between two messages. Stored as JSON with the
 * conversation, so a restart or another instance picks the dialogue up where it was.
 */
export type Pending =
  /** A precise proposal waiting for "yes". */
  | { kind: 'book'; serviceId: string; start: string }
  | { kind: 'move'; bookingId: string; start: string }
  | { kind: 'cancel'; bookingId: string }
  /** A short choice the customer was asked to make. */
  | { kind: 'choose_service'; serviceIds: string[] }
  | { kind: 'choose_booking'; action: 'cancel' | 'move'; bookingIds: string[] }

export interface DialogueState {
  language?: Language
  /** The booking being put together: what, which day, what time. */
  serviceId?: string
  date?: string
  time?: number
  /** Both readings of an hour that did not say morning or afternoon ("at 4"), until one is chosen. */
  timeOptions?: number[]
  partOfDay?: PartOfDay
  pending?: Pending
  /** The local starts the last reply offered, for a bare "yes". */
  offered?: string[]
  /** The appointment booked or moved last in this chat ("make it 5pm instead"). */
  lastBookingId?: string
  /** A move asked for without a new time yet. */
  movingBookingId?: string
  /** The last messages of the chat, for a language model (the built-in assistant keeps slots instead). */
  history?: ChatTurn[]
}

export interface ChatTurn {
  role: 'user' | 'assistant'
  content: string
}

/** How many messages of history a chat keeps. */
export const HISTORY_LENGTH = 20

export function withHistory(state: DialogueState, ...turns: ChatTurn[]): DialogueState {
  return { ...state, history: [...(state.history ?? []), ...turns].slice(-HISTORY_LENGTH) }
}

/** Reads a stored state defensively: an unknown shape (older version, manual edit) starts afresh. */
export function readState(value: unknown): DialogueState {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const state = value as Record<string, unknown>
  const out: DialogueState = {}
  if (typeof state.language === 'string' && ['fr', 'de', 'it', 'en'].includes(state.language)) {
    out.language = state.language as Language
  }
  if (typeof state.serviceId === 'string') out.serviceId = state.serviceId
  if (typeof state.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(state.date)) out.date = state.date
  if (typeof state.time === 'number' && state.time >= 0 && state.time < 1440) out.time = state.time
  if (Array.isArray(state.timeOptions) && state.timeOptions.every((t) => typeof t === 'number')) {
    out.timeOptions = state.timeOptions as number[]
  }
  if (typeof state.partOfDay === 'string') out.partOfDay = state.partOfDay as PartOfDay
  if (state.pending && typeof state.pending === 'object' && 'kind' in state.pending)
    out.pending = state.pending as Pending
  if (Array.isArray(state.offered) && state.offered.every((o) => typeof o === 'string')) {
    out.offered = state.offered as string[]
  }
  if (typeof state.lastBookingId === 'string') out.lastBookingId = state.lastBookingId
  if (typeof state.movingBookingId === 'string') out.movingBookingId = state.movingBookingId
  if (Array.isArray(state.history)) {
    out.history = state.history
      .filter(
        (t): t is ChatTurn => !!t && (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string',
      )
      .slice(-HISTORY_LENGTH)
  }
  return out
}
