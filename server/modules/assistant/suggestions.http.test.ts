import type { ChatReply } from '@common/schemas/chat'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * What a customer can tap instead of typing: every answer offered, sent as its words, is read as
 * the answer the button showed — a service, a time, an appointment, yes — in the four languages.
 */
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ now: '2026-12-01T08:30:00+01:00' })
})
afterAll(() => t.close())

const PHRASES = {
  fr: {
    saturdayDay: '12',
    fridayDay: '18',
    cut: 'je voudrais une coupe',
    men: 'Coupe homme',
    saturday: 'coupe homme samedi 12 décembre',
    friday: 'coupe femme vendredi 18 décembre à 15h',
    move: 'je voudrais déplacer mon rendez-vous',
    cancel: 'je dois annuler un rendez-vous',
    booked: /réservé/,
    cancelled: /annulé/,
  },
  de: {
    saturdayDay: '19',
    fridayDay: '11',
    cut: 'ich hätte gern einen Haarschnitt',
    men: 'Herrenhaarschnitt',
    saturday: 'Herrenschnitt am Samstag, 19. Dezember',
    friday: 'Damenhaarschnitt am Freitag, 11. Dezember um 15 Uhr',
    move: 'ich möchte meinen Termin verschieben',
    cancel: 'ich muss einen Termin absagen',
    booked: /gebucht/,
    cancelled: /abgesagt|storniert/,
  },
  it: {
    saturdayDay: '9',
    fridayDay: '15',
    cut: 'vorrei un taglio',
    men: 'Taglio uomo',
    saturday: 'taglio uomo sabato 9 gennaio',
    friday: 'taglio donna venerdì 15 gennaio alle 15',
    move: 'vorrei spostare il mio appuntamento',
    cancel: 'devo annullare un appuntamento',
    booked: /prenotat/i,
    cancelled: /annullat/,
  },
  en: {
    saturdayDay: '16',
    fridayDay: '22',
    cut: "I'd like a haircut",
    men: "Men's haircut",
    saturday: "men's haircut on Saturday 16 January",
    friday: "women's haircut on Friday 22 January at 3pm",
    move: "I'd like to move my appointment",
    cancel: 'I need to cancel an appointment',
    booked: /booked/,
    cancelled: /cancelled/,
  },
} as const

async function say(chat: TestChat, message: string): Promise<ChatReply> {
  const response = await postChat(t.app, chat, message)
  expect(response.statusCode).toBe(200)
  return response.json<ChatReply>()
}

/** Taps the suggestion whose label matches, as the web chat does: its words go as the message. */
async function tap(chat: TestChat, reply: ChatReply, label: RegExp | number): Promise<ChatReply> {
  const suggestions = reply.suggestions ?? []
  const found = typeof label === 'number' ? suggestions[label] : suggestions.find((s) => label.test(s.label))
  expect(found, `a suggestion ${label} among ${JSON.stringify(suggestions)}`).toBeDefined()
  return say(chat, found?.says as string)
}

describe.each(Object.entries(PHRASES))('tapping instead of typing, in %s', (language, p) => {
  it('a service, a time, yes; then which appointment to move and to cancel, and yes', async () => {
    const chat = newTestChat(language as TestChat['language'], 'Sam', `tap-${language}`)
    const which = await say(chat, p.cut)
    expect(which.suggestions?.map((s) => s.label)).toContain(p.men)
    const times = await tap(chat, which, new RegExp(`^${p.men}$`))
    expect(times.response).toContain(p.men)

    const day = await say(chat, p.saturday)
    const offered = day.suggestions ?? []
    expect(offered.length).toBeGreaterThan(2)
    const third = offered[2]?.label as string
    expect(third).toMatch(/^\d{1,2}:\d{2}$/)
    const proposal = await tap(chat, day, 2)
    expect(proposal.response).toContain(third)
    expect(proposal.suggestions).toHaveLength(2)
    const booked = await tap(chat, proposal, 0)
    expect(booked.response).toMatch(p.booked)
    expect(booked.icsData).toBeDefined()
    expect(booked.suggestions).toBeUndefined()

    const second = await say(chat, p.friday)
    expect((await tap(chat, second, 0)).response).toMatch(p.booked)

    // Two appointments: the one tapped is the one moved.
    const moving = await say(chat, p.move)
    // (Listed soonest first: the one on Friday may come first.)
    const listed = moving.suggestions ?? []
    expect(listed).toHaveLength(2)
    const friday = listed.findIndex((s) => s.label.includes('15:00'))
    expect(listed[1 - friday]?.label).toContain(third)
    const when = await tap(chat, moving, friday)
    expect(when.response).toContain(p.fridayDay)
    // Which one was the question; where to is asked next — never "that changes nothing".
    expect(when.response).not.toMatch(/changes nothing|ne change rien|ändert nichts|non cambia nulla/)
    expect(when.suggestions ?? []).not.toEqual(listed)

    const cancelling = await say(chat, p.cancel)
    const saturday = (cancelling.suggestions ?? []).findIndex((s) => s.label.includes(third))
    const asked = await tap(chat, cancelling, saturday)
    expect(asked.response).toContain(p.saturdayDay)
    expect(asked.response).toContain(third)
    const done = await tap(chat, asked, 0)
    expect(done.response).toMatch(p.cancelled)
    expect(done.icsData?.content).toMatch(/^METHOD:CANCEL\r?$/m)
  })
})

describe('two people booked at the same time', () => {
  it('names the member on each button, and the one tapped is the one cancelled', async () => {
    const chat = newTestChat('de', 'Petra', 'tap-together')
    const proposal = await say(
      chat,
      'für mich und meine Tochter zwei Damenhaarschnitte am Freitag, 5. Februar um 9 Uhr',
    )
    expect((await tap(chat, proposal, 0)).response).toMatch(/gebucht/)
    const which = await say(chat, 'Ich muss den Termin absagen')
    expect(which.suggestions?.map((s) => s.label)).toEqual([
      'Fr., 5. Feb. · 9:00 · Damenhaarschnitt · Léa',
      'Fr., 5. Feb. · 9:00 · Damenhaarschnitt · Hugo',
    ])
    const asked = await tap(chat, which, /Hugo/)
    expect((await tap(chat, asked, 0)).response).toMatch(/abgesagt/)
    const left = await say(chat, 'welche Termine habe ich?')
    expect(left.response).toContain('mit Léa')
    expect(left.response).not.toContain('mit Hugo')
  })
})
