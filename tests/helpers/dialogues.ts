import { readFileSync } from 'node:fs'
import type { ChatReply } from '@common/schemas/chat'
import type { App } from '@server/http/types'
import { newTestChat, postChat, type TestChat } from './chat'

/**
 * Plays scripted dialogues (the format of the shared `assistant-eval.mjs`) through the chat API
 * in-process, with the same checks as that runner: the appointments booked (every event of the
 * calendar files attached in a step, cancelled ones left out), the replies' language, what the last
 * reply says, what no reply may say, and the times of day the last reply offers. A case that passes
 * here passes against a running server, and the other way round — but for `expect.appointments`,
 * which only this runner can check (it reads the salon's bookings).
 */
export interface DialogueCase {
  id: string
  steps: DialogueStep[]
}
export interface DialogueStep {
  chat?: string
  lang?: Language
  client?: { name: string; phone?: string }
  turns: string[]
  expect?: DialogueExpectation
}
export interface DialogueExpectation {
  /** One appointment booked or moved in this step (the last event seen), or null: none at all. */
  booking?: { service: string; local: string } | null
  /** Several appointments (several services or people), each among this step's events. */
  bookings?: { service: string; local: string }[]
  /** false: no automatic "yes" — the scripted turns alone must book. */
  confirm?: boolean
  lang?: Language
  last?: string[]
  last_any?: string[]
  never?: string[]
  /** The last reply offers at least `min` times of day, all within [from, to], none in exclude. */
  times_in?: { from: string; to: string; exclude?: string[]; min?: number }
  /**
   * This repository's runner only (the shared one cannot see the salon's data): the chat
   * customer's appointments still to come after the step, exactly, soonest first — so a step
   * proves that nothing else was moved or cancelled.
   */
  appointments?: { service: string; local: string }[]
}

/** The appointments still to come of the customer of a chat (by its userId), soonest first. */
export type AppointmentsOf = (userId: string) => Promise<{ service: string; local: string }[]>
type Language = 'fr' | 'de' | 'it' | 'en'

/** Every dialogue file and the clock it is written for (each plays on its own fresh database). */
export const DIALOGUE_FILES = [
  { file: 'examples.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'sgd-en.jsonl', now: '2027-03-01T08:00:00+01:00' },
  { file: 'more-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'more-2027-03.jsonl', now: '2027-03-01T08:00:00+01:00' },
  // Real customers' messages of issue 13, about 85 per language.
  { file: 'real-fr.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-de.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-it.jsonl', now: '2026-12-01T08:30:00+01:00' },
  { file: 'real-en.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // Customers asking for a team member by name (issue 14).
  { file: 'team-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // After a booking: which appointment a question, cancellation, move or lateness is about (issue 37).
  { file: 'after-booking-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // Moves relative to the appointment, corrections, exclusions, days named (issue 37).
  { file: 'moves-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // Questions that are not bookings; a new request starts fresh (issue 37).
  { file: 'questions-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // After a booking, written as customers write: no accents, typos, several messages (issue 37).
  { file: 'after-booking-more-2026-12.jsonl', now: '2026-12-01T08:30:00+01:00' },
  // A salon of two, two or three appointments, one pointed at by day, date, service, stylist or time (issue 37).
  ...(['fr', 'de', 'it', 'en'] as const).map((lang) => ({
    file: `team-appointments-${lang}.jsonl`,
    now: '2026-12-01T08:30:00+01:00',
  })),
  // Relative moves, corrections, questions, several people, fresh requests, most after two bookings (issue 37).
  ...(['fr', 'de', 'it', 'en'] as const).map((lang) => ({
    file: `issue37-points-${lang}.jsonl`,
    now: '2026-12-01T08:30:00+01:00',
  })),
] as const

export function readCases(file: URL): DialogueCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('//'))
    .map((line) => JSON.parse(line) as DialogueCase)
}

/** What the eval runner answers when a booking is expected and none came yet. */
export const CONFIRM: Record<Language, string> = { fr: 'oui', de: 'ja', it: 'sì', en: 'yes' }

/** The writer of a step: its client (default Alex) and language (default French). */
export function stepClient(step: DialogueStep): Pick<TestChat, 'name' | 'phone' | 'language'> {
  return { name: step.client?.name ?? 'Alex', phone: step.client?.phone, language: step.lang ?? 'fr' }
}

// The eval runner's language judge, word for word: function words counted, a clear winner needed.
const STOP: Record<Language, string[]> = {
  fr: 'le la les vous votre pour est une un je nous avec de des du à rendez-vous bonjour merci pas et sur créneau disponible souhaitez'.split(
    ' ',
  ),
  de: 'der die das und sie ist ein eine für ihr ihren um uhr termin nicht mit ich wir haben gerne am zu den dem möchten frei'.split(
    ' ',
  ),
  it: 'il la per un una è alle ore appuntamento con non di del della che sono suo vuole grazie prenotazione disponibile ecco ho le'.split(
    ' ',
  ),
  en: 'the you your is for at appointment and with to of we are would like available booked thanks please have this on'.split(
    ' ',
  ),
}

export function judgeLanguage(text: string): Language | null {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}-]+/gu) ?? []
  const score = (Object.keys(STOP) as Language[]).map((lang) => {
    const set = new Set(STOP[lang])
    return [lang, words.filter((w) => set.has(w)).length] as const
  })
  score.sort((a, b) => b[1] - a[1])
  const [first, second] = score
  if (!first || first[1] === 0) return null
  return second && second[1] === first[1] ? null : first[0]
}

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')

function localParts(instant: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  )
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** An event of a calendar file: local start in the salon's zone (YYYY-MM-DDTHH:MM), summary. */
export interface IcsEvent {
  /** null without a DTSTART date-time; "unsupported TZID …" for a zone other than the salon's. */
  local: string | null
  summary: string
  cancelled: boolean
}

/**
 * Every VEVENT of a calendar file, as the runner reads it: the first DTSTART in UTC (…Z), in the
 * salon's TZID or floating; the first SUMMARY, unescaped; cancelled when the file is a
 * METHOD:CANCEL or the event is STATUS:CANCELLED.
 */
export function icsEvents(content: string, timeZone: string): IcsEvent[] {
  const text = content.replace(/\r?\n[ \t]/g, '')
  const found: { dt: RegExpMatchArray | null; summary: string; cancelled: boolean }[] = []
  let current: (typeof found)[number] | null = null
  for (const line of text.split(/\r?\n/)) {
    if (line === 'BEGIN:VEVENT') {
      current = { dt: null, summary: '', cancelled: false }
      continue
    }
    if (line === 'END:VEVENT') {
      if (current) found.push(current)
      current = null
      continue
    }
    if (!current) continue
    const dt = line.match(/^DTSTART([^:]*):(\d{8}T\d{4,6})(Z?)$/)
    if (dt && !current.dt) current.dt = dt
    const summary = line.match(/^SUMMARY[^:]*:(.*)$/)
    if (summary?.[1] !== undefined && !current.summary)
      current.summary = summary[1].replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ')
    if (/^STATUS:CANCELLED/i.test(line)) current.cancelled = true
  }
  const cancelFile = /^METHOD:CANCEL/im.test(text)
  return found.map(({ dt, summary, cancelled }) => ({
    local: dt ? eventLocal(dt, timeZone) : null,
    summary,
    cancelled: cancelled || cancelFile,
  }))
}

function eventLocal([, params = '', v = '', z]: RegExpMatchArray, timeZone: string): string {
  const [y, mo, d, h, mi] = [v.slice(0, 4), v.slice(4, 6), v.slice(6, 8), v.slice(9, 11), v.slice(11, 13)]
  if (z === 'Z') return localParts(new Date(`${y}-${mo}-${d}T${h}:${mi}:00Z`), timeZone)
  const tzid = params.match(/TZID=([^;:]+)/)?.[1]
  if (tzid && tzid !== timeZone) return `unsupported TZID ${tzid}`
  return `${y}-${mo}-${d}T${h}:${mi}` // the salon's zone or floating: already local
}

/** What a calendar file books: its events that are not cancelled (the runner's `parseIcs`). */
export function parseIcs(content: string, timeZone: string): { local: string | null; summary: string }[] {
  return icsEvents(content, timeZone)
    .filter((e) => !e.cancelled)
    .map(({ local, summary }) => ({ local, summary }))
}

/** The first appointment of a calendar file (cancelled or not): its local start and summary. */
export function icsAppointment(ics: string, timeZone: string): { local: string; summary: string } {
  const first = icsEvents(ics, timeZone)[0]
  return { local: first?.local ?? '', summary: first?.summary ?? '' }
}

/** Times of day a reply offers, as minutes since midnight; prices are skipped (the runner's `timesIn`). */
export function timesIn(text: string): number[] {
  const found = new Set<number>()
  const t = text.replace(/\d+[.,]\d{2}\s?(€|eur|euros?|chf)/gi, ' ').replace(/(€|chf)\s?\d+[.,]\d{2}/gi, ' ')
  for (const m of t.matchAll(/\b(\d{1,2})\s?[:h.]\s?(\d{2})\b/gi)) found.add(Number(m[1]) * 60 + Number(m[2]))
  for (const m of t.matchAll(/\b(\d{1,2})\s?(h|uhr)(?!\s?\d)/gi)) found.add(Number(m[1]) * 60)
  for (const m of t.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s?(a\.?m\.?|p\.?m\.?)(?![a-z])/gi)) {
    let hour = Number(m[1]) % 12
    if (/^p/i.test(m[3] ?? '')) hour += 12
    found.add(hour * 60 + (Number(m[2]) || 0))
  }
  return [...found].filter((m) => m >= 7 * 60 && m < 24 * 60).sort((a, b) => a - b)
}
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`

/** What a step produced: every reply, and every appointment its calendar files book. */
export interface StepOutcome {
  replies: string[]
  bookings: { local: string | null; summary: string }[]
}

/** The runner's checks of one step's outcome against its expectation; answers the failures. */
export function checkStep(expected: DialogueExpectation, { replies, bookings }: StepOutcome): string[] {
  const fails: string[] = []
  const list = () => bookings.map((b) => `${b.summary} ${b.local}`).join(', ') || 'nothing'
  if (expected.booking === null && bookings.length)
    fails.push(`booked ${bookings.map((b) => b.local).join(', ')} but nothing should be booked`)
  for (const want of expected.bookings ?? []) {
    if (!bookings.some((b) => b.local === want.local && fold(b.summary).includes(fold(want.service))))
      fails.push(`no ${want.service} booked at ${want.local} (booked: ${list()})`)
  }
  if (expected.booking) {
    const last = bookings.at(-1)
    if (!last) fails.push(`no booking (expected ${expected.booking.service} at ${expected.booking.local})`)
    else {
      if (last.local !== expected.booking.local)
        fails.push(`booked at ${last.local}, expected ${expected.booking.local}`)
      if (!fold(last.summary).includes(fold(expected.booking.service)))
        fails.push(`ICS summary "${last.summary}" does not name "${expected.booking.service}"`)
    }
  }
  if (expected.lang) {
    for (const reply of replies) {
      const judged = judgeLanguage(reply)
      if (judged && judged !== expected.lang)
        fails.push(`reply in ${judged}, expected ${expected.lang}: "${reply.slice(0, 80)}"`)
    }
  }
  const lastReply = replies.at(-1) ?? ''
  for (const re of expected.last ?? [])
    if (!new RegExp(re, 'iu').test(lastReply)) fails.push(`last reply lacks /${re}/`)
  if (expected.last_any && !expected.last_any.some((re) => new RegExp(re, 'iu').test(lastReply)))
    fails.push(`last reply matches none of ${expected.last_any.map((r) => `/${r}/`).join(' ')}`)
  for (const re of expected.never ?? [])
    for (const reply of replies) if (new RegExp(re, 'iu').test(reply)) fails.push(`a reply matches forbidden /${re}/`)
  if (expected.times_in) {
    const times = timesIn(lastReply)
    const { from, to, exclude = [], min = 1 } = expected.times_in
    if (times.length < min) fails.push(`last reply offers ${times.length} times, expected at least ${min}`)
    for (const t of times) {
      if (t < minutes(from) || t > minutes(to)) fails.push(`offers ${clock(t)}, outside ${from}-${to}`)
      if (exclude.map(minutes).includes(t)) fails.push(`offers ${clock(t)}, which is taken`)
    }
  }
  return fails
}

/** How many appointments a step waits for before the runner stops saying yes. */
export function wantedBookings(expected: DialogueExpectation): number {
  return expected.bookings?.length ?? (expected.booking ? 1 : 0)
}

/** Plays one case; answers the list of failures (empty when it passes). */
export async function playCase(
  app: App,
  dialogue: DialogueCase,
  timeZone = 'Europe/Paris',
  /** When given, the server time of each message (ms) is added to it (the assistant benchmark). */
  timings?: number[],
  /** When given, `expect.appointments` is checked with it. */
  appointmentsOf?: AppointmentsOf,
): Promise<string[]> {
  const failures: string[] = []
  const chats = new Map<string, TestChat>()
  for (const [index, step] of dialogue.steps.entries()) {
    const label = step.chat ?? 'a'
    const known = chats.get(label) ?? newTestChat('fr', 'Alex', `${dialogue.id}-${label}`)
    chats.set(label, known)
    // Steps of one chat share its ids; who writes and in which language is the step's.
    const chat = { ...known, ...stepClient(step) }
    const outcome: StepOutcome = { replies: [], bookings: [] }
    const send = async (message: string) => {
      const started = performance.now()
      const res = await postChat(app, chat, message)
      timings?.push(performance.now() - started)
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${message}: ${res.body}`)
      const reply = res.json() as ChatReply
      outcome.replies.push(reply.response)
      if (reply.icsData) outcome.bookings.push(...parseIcs(reply.icsData.content, timeZone))
    }
    for (const turn of step.turns) await send(turn)
    const expected = step.expect ?? {}
    const wants = wantedBookings(expected)
    if (wants && expected.confirm !== false) {
      const yes = CONFIRM[expected.lang ?? step.lang ?? 'fr']
      for (let i = 0; i < 2 && outcome.bookings.length < wants; i++) await send(yes)
    }
    failures.push(...checkStep(expected, outcome).map((f) => `step ${index + 1}: ${f}`))
    if (expected.appointments && appointmentsOf) {
      const had = (await appointmentsOf(chat.userId)).map((a) => `${a.service} ${a.local}`)
      const wanted = expected.appointments.map((a) => `${a.service} ${a.local}`)
      if (had.join(', ') !== wanted.join(', '))
        failures.push(`step ${index + 1}: appointments are [${had.join(', ')}], expected [${wanted.join(', ')}]`)
    }
  }
  return failures
}
