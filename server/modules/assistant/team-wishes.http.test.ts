import type { ChatReply } from '@common/schemas/chat'
import type { TeamMember } from '@common/schemas/team'
import { soloSalon } from '@server/modules/team/team.test-helpers'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { newTestChat, postChat, type TestChat } from '@tests/helpers/chat'
import { icsAppointment } from '@tests/helpers/dialogues'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The built-in assistant and the salon's team: a customer asks for a member by name ("avec
 * Hugo", "bei Léa", "con Hugo", "with Léa"), any member, or someone not on the team. The demo
 * salon has two members, Léa (its owner) and Hugo, who both perform every service; the clock is
 * Tuesday 1 December 2026, 08:30 in Paris.
 */
describe('the assistant and the team members a customer asks for', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await startTestApp()
    cookie = await ownerCookie(t, 'SAL001')
  })
  afterAll(() => t.close())

  const newChat = (language: TestChat['language'] = 'fr', name = 'Alex') => newTestChat(language, name, 'team')

  async function say(chat: TestChat, message: string): Promise<ChatReply> {
    const res = await postChat(t.app, chat, message)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  const bookedAt = (reply: ChatReply) =>
    reply.icsData ? icsAppointment(reply.icsData.content, 'Europe/Paris').local : undefined

  /** Who the salon's agenda shows the customer's booking with, at that local start. */
  async function memberOf(customer: string, date: string, time: string): Promise<string | undefined> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/salons/SAL001/bookings?from=${date}&to=${date}`,
      headers: { cookie },
    })
    const bookings = res.json() as { clientName: string; localTime: string; member: { name: string } }[]
    return bookings.find((b) => b.clientName === customer && b.localTime === time)?.member.name
  }

  async function team(): Promise<TeamMember[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/team', headers: { cookie } })
    return res.json().members
  }

  it.each([
    ['fr', 'Une coupe femme jeudi à 10h avec Hugo', 'oui', '10:00 avec Hugo', 'Hugo'],
    ['de', 'Einen Brushing am Donnerstag um 10 Uhr bei Lea bitte', 'ja', '10:00 mit Léa', 'Léa'],
    ['it', 'Vorrei un taglio uomo giovedì alle 14 con Hugo', 'sì', '14:00 con Hugo', 'Hugo'],
    ['en', "I'd like a beard trim on Thursday at 2pm with Léa", 'yes', '14:00 with Léa', 'Léa'],
  ] as const)(
    'books in %s with the member asked for, named in the proposal and the confirmation',
    async (language, message, yes, named, member) => {
      const chat = newChat(language, `Client ${language}`)
      const proposal = await say(chat, message)
      expect(proposal.response).toContain(named)
      expect(proposal.icsData).toBeUndefined()
      const booked = await say(chat, yes)
      expect(bookedAt(booked)).toBe(`2026-12-03T${named.slice(0, 5)}`)
      expect(booked.response).toContain(named)
      expect(await memberOf(`Client ${language}`, '2026-12-03', named.slice(0, 5))).toBe(member)
    },
  )

  it('says the member asked for is busy, offers the other member then and the member’s own times; a bare name takes the other', async () => {
    const first = newChat('fr', 'Nadia')
    await say(first, 'Un brushing vendredi à 10h avec Léa')
    expect(bookedAt(await say(first, 'oui'))).toBe('2026-12-04T10:00')

    const chat = newChat('fr', 'Océane')
    const busy = await say(chat, 'Un brushing vendredi à 10h avec Léa')
    expect(busy.response).toMatch(/Léa n'est pas libre le vendredi 4 décembre à 10:00 ; Hugo l'est\. Ou Léa à /)
    expect(busy.icsData).toBeUndefined()
    const proposal = await say(chat, 'Hugo')
    expect(proposal.response).toContain('vendredi 4 décembre à 10:00 avec Hugo')
    expect(bookedAt(await say(chat, 'oui'))).toBe('2026-12-04T10:00')
    expect(await memberOf('Océane', '2026-12-04', '10:00')).toBe('Hugo')
  })

  it('offers the member’s own nearest time when the customer keeps the member', async () => {
    const first = newChat('en', 'Nick')
    await say(first, 'A brushing on Friday at 3pm with Hugo')
    expect(bookedAt(await say(first, 'yes'))).toBe('2026-12-04T15:00')

    const chat = newChat('en', 'Olivia')
    const busy = await say(chat, 'A brushing on Friday at 3pm with Hugo')
    expect(busy.response).toMatch(/Hugo isn't free on Friday 4 December at 15:00; Léa is\. Or Hugo at .*15:30/)
    const proposal = await say(chat, '15:30')
    expect(proposal.response).toContain('15:30 with Hugo')
    expect(bookedAt(await say(chat, 'yes'))).toBe('2026-12-04T15:30')
    expect(await memberOf('Olivia', '2026-12-04', '15:30')).toBe('Hugo')
  })

  it('says when every member is taken, with the member’s own times', async () => {
    for (const [name, who] of [
      ['Paul', 'Léa'],
      ['Quentin', 'Hugo'],
    ]) {
      const chat = newChat('fr', name)
      await say(chat, `Une coupe homme mercredi 9 décembre à 11h avec ${who}`)
      expect(bookedAt(await say(chat, 'oui'))).toBe('2026-12-09T11:00')
    }
    const busy = await say(newChat('de', 'Rita'), 'Einen Herrenhaarschnitt am Mittwoch, 9. Dezember um 11 Uhr bei Hugo')
    expect(busy.response).toMatch(/^Hugo ist am Mittwoch, 9\. Dezember um 11:00 nicht frei\. Hugo hätte um .* Zeit\./)
  })

  it('lists the team for a name not on it, then takes a bare name as the answer', async () => {
    const chat = newChat('fr', 'Sophie')
    const unknown = await say(chat, 'Une coupe homme samedi à 14h avec Marie')
    expect(unknown.response).toContain('Je ne trouve personne du nom de Marie')
    expect(unknown.response).toContain('Léa et Hugo')
    expect(unknown.icsData).toBeUndefined()
    const proposal = await say(chat, 'Léa')
    expect(proposal.response).toContain('samedi 5 décembre à 14:00 avec Léa')
    expect(bookedAt(await say(chat, 'oui'))).toBe('2026-12-05T14:00')
    expect(await memberOf('Sophie', '2026-12-05', '14:00')).toBe('Léa')
  })

  it.each([
    ['it', 'Un taglio uomo sabato alle 15 con Francesca', 'non importa', 'Non trovo nessuno di nome Francesca'],
    ['en', "A men's haircut on Saturday at 3pm with Jessica", 'anyone', 'nobody called Jessica'],
    ['de', 'Einen Herrenhaarschnitt am Samstag um 15 Uhr bei Sabine', 'egal', 'Sabine gehört nicht zu unserem Team'],
  ] as const)(
    'in %s, any member after an unknown name proposes without naming one',
    async (language, message, anyone, said) => {
      const chat = newChat(language)
      expect((await say(chat, message)).response).toContain(said)
      const proposal = await say(chat, anyone)
      expect(proposal.response).toMatch(/15:00/)
      expect(proposal.response).not.toMatch(/Léa|Hugo/)
    },
  )

  it('drops the member for "n’importe qui" while a proposal with them waits', async () => {
    const chat = newChat('fr')
    expect((await say(chat, 'Une coupe femme mercredi à 16h avec Hugo')).response).toContain('16:00 avec Hugo')
    const anyone = await say(chat, "finalement n'importe qui")
    expect(anyone.response).toContain('16:00')
    expect(anyone.response).not.toContain('Hugo')
    expect(anyone.icsData).toBeUndefined()
  })

  it('says who performs a service the member asked for does not, and goes on with them', async () => {
    const hugo = (await team()).find((m) => m.name === 'Hugo') as TeamMember
    const services = (
      await t.app.inject({ method: 'GET', url: '/api/salons/SAL001/services', headers: { cookie } })
    ).json() as {
      id: string
      name: string
    }[]
    const colour = services.find((s) => s.name === 'Coloration')?.id
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/salons/SAL001/team/${hugo.id}`,
      headers: { cookie },
      payload: { serviceIds: hugo.serviceIds.filter((id) => id !== colour) },
    })
    expect(patch.statusCode, patch.body).toBe(200)
    try {
      const reply = await say(newChat('fr', 'Théa'), 'Une coloration avec Hugo mercredi à 15h')
      expect(reply.response).toMatch(/^Hugo ne fait pas Coloration ; Léa le fait\./)
      expect(reply.response).toContain('mercredi 2 décembre à 15:00 avec Léa')
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/salons/SAL001/team/${hugo.id}`,
        headers: { cookie },
        payload: { serviceIds: hugo.serviceIds },
      })
    }
  })

  it('never mentions members in a solo salon', async () => {
    const salon = (await t.database.db.query.salons.findFirst({ where: (s, { eq }) => eq(s.publicId, 'SAL001') })) as {
      id: string
    }
    const bringBack = await soloSalon(t.database.db, salon.id)
    try {
      const chat = newChat('fr', 'Ugo')
      const proposal = await say(chat, 'Une coupe homme mardi 8 décembre à 9h avec Hugo')
      expect(proposal.response).toContain('mardi 8 décembre à 9:00')
      expect(proposal.response).not.toMatch(/Hugo|Léa|avec/)
      const booked = await say(chat, 'oui')
      expect(bookedAt(booked)).toBe('2026-12-08T09:00')
      expect(booked.response).not.toMatch(/Hugo|Léa/)
      expect((await say(newChat('fr'), 'Un brushing mardi 8 décembre à 9h avec Marie')).response).not.toMatch(
        /Marie|équipe/,
      )
    } finally {
      await bringBack()
    }
  })
})
