import type { ChatReply } from '@common/schemas/chat'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHRASES } from './phrases'
import { detectIntents } from './understanding/intents'

/**
 * Issue 13's worst case: a customer who did not say yes must never leave believing they are
 * booked. After a precise proposal, any message that is not a yes — random words, emoji,
 * punctuation, hesitations, thanks — books nothing, attaches no calendar file, claims nothing, and
 * the reply either says plainly that nothing is booked yet or asks a question.
 */
const PROPOSAL = {
  fr: 'une coupe femme jeudi 10 décembre à 15h',
  de: 'Damenhaarschnitt am Donnerstag, 10.12. um 15 Uhr',
  it: 'un taglio donna giovedì 10 dicembre alle 15',
  en: "a women's haircut on Thursday 10 December at 3pm",
} as const

/** What a booked, moved or cancelled reply says; none may appear. */
const CLAIMS = {
  fr: /c.est (bien )?r[ée]serv[ée]|c.est fait|est annul[ée]|est d[ée]plac[ée]/i,
  de: /(?<!nichts |nicht )gebucht(?! werden)|verschoben!|ist abgesagt/i,
  it: /(?<!ancora |non ho )prenotat[oa]!|è spostato|è annullato/i,
  en: /you.?re booked|you are booked|(?<!nothing )(is|has been) booked(?! yet)|i.?ve booked|has been moved|is cancelled/i,
} as const

const UNCLEAR = [
  'hmm',
  '🤔',
  '😅',
  '...',
  '?',
  '!!!',
  'merci',
  'danke',
  'grazie',
  'thanks',
  'attends',
  'moment',
  'aspetta',
  'wait',
  'bof',
  'je sais pas',
  'keine ahnung',
  'boh',
  'not sure',
  'lol',
  'xD',
  'c quoi',
  'hein',
  'was?',
  'cosa?',
  'what?',
  'peut-être',
  'vielleicht',
  'forse',
  'maybe',
  'pas sûr',
  'nicht sicher',
  'non so',
  "I don't know",
  'euh',
  'tbh',
  '😬',
  '🙈',
  '…',
]

/** Made-up words (letters only) that are not a yes in any language. */
const gibberish = fc
  .array(fc.stringMatching(/^[a-zà-ü]{2,9}$/), { minLength: 1, maxLength: 4 })
  .map((list) => list.join(' '))

const messages = fc
  .oneof(
    fc.constantFrom(...UNCLEAR),
    gibberish,
    fc.tuple(fc.constantFrom(...UNCLEAR), gibberish).map((p) => p.join(' ')),
  )
  .filter((text) => {
    const intents = detectIntents(text)
    return !intents.has('yes') && !intents.has('take')
  })

describe('after a proposal, anything but a yes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp({ now: '2026-12-01T08:30:00+01:00' })
  })
  afterAll(() => t.close())

  async function say(chat: TestChat, message: string): Promise<ChatReply> {
    const res = await postChat(t.app, chat, message)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it.each(['fr', 'de', 'it', 'en'] as const)(
    'books nothing and claims nothing (%s)',
    async (language) => {
      await fc.assert(
        fc.asyncProperty(messages, async (message) => {
          const chat = newTestChat(language, 'Alex', 'impression')
          const proposal = await say(chat, PROPOSAL[language])
          expect(proposal.icsData).toBeUndefined()
          const reply = await say(chat, message)
          expect(reply.icsData, message).toBeUndefined()
          expect(reply.response, message).not.toMatch(CLAIMS[language])
          const nothingYet = PHRASES[language].nothingBookedYet()
          expect(reply.response.includes(nothingYet) || reply.response.includes('?'), message).toBe(true)
        }),
        { numRuns: 100 },
      )
    },
    120_000,
  )
})
