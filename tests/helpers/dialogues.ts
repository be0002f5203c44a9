import { readFileSync } from 'node:fs'
import type { ChatReply } from '../../common/schemas/chat'
import type { App } from '../../server/http/types'
import { newTestChat, postChat, type TestChat } from './chat'

/**
 * Plays scripted dialogues (the format of the shared `assistant-eval.mjs`) through the chat API
 * in-process, with the same checks: the appointment booked (from the reply's calendar file), the
 * replies' language, what the last reply says and what no reply may say.
 */
export interface DialogueCase {
  id: string
  steps: {
    chat?: string
    lang?: Language
    client?: { name: string; phone?: string }
    turns: string[]
    expect?: {
      booking?: { service: string; local: string } | null
      lang?: Language
      last?: string[]
      last_any?: string[]
      never?: string[]
    }
  }[]
}
type Language = 'fr' | 'de' | 'it' | 'en'

export function readCases(file: URL): DialogueCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('//'))
    .map((line) => JSON.parse(line) as DialogueCase)
}

/** What the eval runner answers when a booking is expected and none came yet. */
export const CONFIRM: Record<Language, string> = { fr: 'oui', de: 'ja', it: 'sì', en: 'yes' }

/** The writer of a step: its client (default Alex) and language (default French). */
export function stepClient(step: DialogueCase['steps'][number]): Pick<TestChat, 'name' | 'phone' | 'language'> {
  return { name: step.client?.name ?? 'Alex', phone: step.client?.phone, language: step.lang ?? 'fr' }
}

// The eval runner's language judge, word for word: function words counted, a clear winner needed.
const STOP: Record<Language, string[]> = {
  fr: [
    'le',
    'la',
    'les',
    'vous',
    'votre',
    'pour',
    'est',
    'une',
    'un',
    'je',
    'nous',
    'avec',
    'de',
    'des',
    'du',
    'à',
    'rendez-vous',
    'bonjour',
    'merci',
    'pas',
    'et',
    'sur',
    'créneau',
    'disponible',
    'souhaitez',
  ],
  de: [
    'der',
    'die',
    'das',
    'und',
    'sie',
    'ist',
    'ein',
    'eine',
    'für',
    'ihr',
    'ihren',
    'um',
    'uhr',
    'termin',
    'nicht',
    'mit',
    'ich',
    'wir',
    'haben',
    'gerne',
    'am',
    'zu',
    'den',
    'dem',
    'möchten',
    'frei',
  ],
  it: [
    'il',
    'la',
    'per',
    'un',
    'una',
    'è',
    'alle',
    'ore',
    'appuntamento',
    'con',
    'non',
    'di',
    'del',
    'della',
    'che',
    'sono',
    'suo',
    'vuole',
    'grazie',
    'prenotazione',
    'disponibile',
    'ecco',
    'ho',
    'le',
  ],
  en: [
    'the',
    'you',
    'your',
    'is',
    'for',
    'at',
    'appointment',
    'and',
    'with',
    'to',
    'of',
    'we',
    'are',
    'would',
    'like',
    'available',
    'booked',
    'thanks',
    'please',
    'have',
    'this',
    'on',
  ],
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

/** The appointment of a calendar file: its local start in the zone, and its summary. */
export function icsAppointment(ics: string, timeZone: string): { local: string; summary: string } {
  const text = ics.replace(/\r?\n[ \t]/g, '')
  const start = text.match(/^DTSTART[^:]*:(\d{8}T\d{4,6})Z$/m)?.[1] ?? ''
  const summary = (text.match(/^SUMMARY[^:]*:(.*)$/m)?.[1] ?? '').replace(/\\([,;\\])/g, '$1')
  const instant = new Date(
    `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}T${start.slice(9, 11)}:${start.slice(11, 13)}:00Z`,
  )
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
  return { local: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`, summary }
}

/** Plays one case; answers the list of failures (empty when it passes). */
export async function playCase(app: App, dialogue: DialogueCase, timeZone = 'Europe/Paris'): Promise<string[]> {
  const failures: string[] = []
  const chats = new Map<string, TestChat>()
  for (const [index, step] of dialogue.steps.entries()) {
    const label = step.chat ?? 'a'
    const known = chats.get(label) ?? newTestChat('fr', 'Alex', `${dialogue.id}-${label}`)
    chats.set(label, known)
    // Steps of one chat share its ids; who writes and in which language is the step's.
    const chat = { ...known, ...stepClient(step) }
    const replies: string[] = []
    const bookings: { local: string; summary: string }[] = []
    const send = async (message: string) => {
      const res = await postChat(app, chat, message)
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${message}: ${res.body}`)
      const reply = res.json() as ChatReply
      replies.push(reply.response)
      if (reply.icsData) bookings.push(icsAppointment(reply.icsData.content, timeZone))
    }
    for (const turn of step.turns) await send(turn)
    const expected = step.expect ?? {}
    if (expected.booking && bookings.length === 0) {
      for (let i = 0; i < 2 && bookings.length === 0; i++) await send(CONFIRM[expected.lang ?? step.lang ?? 'fr'])
    }
    const at = `step ${index + 1}`
    if (expected.booking === null && bookings.length > 0) failures.push(`${at}: booked ${bookings[0]?.local}`)
    if (expected.booking) {
      const last = bookings.at(-1)
      if (!last) failures.push(`${at}: no booking (expected ${expected.booking.local})`)
      else {
        if (last.local !== expected.booking.local)
          failures.push(`${at}: booked ${last.local}, not ${expected.booking.local}`)
        if (!fold(last.summary).includes(fold(expected.booking.service)))
          failures.push(`${at}: summary ${last.summary}`)
      }
    }
    if (expected.lang) {
      for (const reply of replies) {
        const judged = judgeLanguage(reply)
        if (judged && judged !== expected.lang) failures.push(`${at}: reply in ${judged}: ${reply.slice(0, 80)}`)
      }
    }
    const last = replies.at(-1) ?? ''
    for (const re of expected.last ?? [])
      if (!new RegExp(re, 'iu').test(last)) failures.push(`${at}: last lacks /${re}/`)
    if (expected.last_any && !expected.last_any.some((re) => new RegExp(re, 'iu').test(last))) {
      failures.push(`${at}: last matches none of ${expected.last_any.join(', ')}`)
    }
    for (const re of expected.never ?? []) {
      if (replies.some((r) => new RegExp(re, 'iu').test(r))) failures.push(`${at}: a reply says /${re}/`)
    }
  }
  return failures
}
