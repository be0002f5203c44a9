import type { App } from '@server/http/types'
import { describe, expect, it } from 'vitest'
import { checkStep, icsAppointment, parseIcs, playCase, timesIn } from './dialogues'

/** The dialogue player reads calendar files and replies exactly as the shared eval runner does. */
const TZ = 'Europe/Paris'
const file = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n')
const event = (start: string, summary: string, ...more: string[]) => [
  'BEGIN:VEVENT',
  `DTSTART${start}`,
  `SUMMARY:${summary}`,
  ...more,
  'END:VEVENT',
]

describe('parseIcs', () => {
  it('reads a UTC start in the salon zone, and the summary unescaped and unfolded', () => {
    const ics = file(...event(':20261202T130000Z', 'Coupe femme\\, Salon Lumi', ' ère'))
    expect(parseIcs(ics, TZ)).toEqual([{ local: '2026-12-02T14:00', summary: 'Coupe femme, Salon Lumière' }])
  })

  it('reads a start in the salon TZID or floating as local, and flags another TZID', () => {
    const ics = file(
      ...event(';TZID=Europe/Paris:20261203T100000', 'Brushing'),
      ...event(':20261203T103000', 'Coupe homme'),
      ...event(';TZID=America/New_York:20261203T110000', 'Balayage'),
    )
    expect(parseIcs(ics, TZ).map((e) => e.local)).toEqual([
      '2026-12-03T10:00',
      '2026-12-03T10:30',
      'unsupported TZID America/New_York',
    ])
  })

  it('answers every event of a multi-service file, in order', () => {
    const ics = file(...event(':20261204T090000Z', 'Coupe femme'), ...event(':20261204T094500Z', 'Brushing'))
    expect(parseIcs(ics, TZ)).toEqual([
      { local: '2026-12-04T10:00', summary: 'Coupe femme' },
      { local: '2026-12-04T10:45', summary: 'Brushing' },
    ])
  })

  it('leaves out cancelled events: a METHOD:CANCEL file, or STATUS:CANCELLED', () => {
    expect(parseIcs(file('METHOD:CANCEL', ...event(':20261205T090000Z', 'Coupe femme')), TZ)).toEqual([])
    const mixed = file(
      ...event(':20261205T090000Z', 'Coupe femme', 'STATUS:CANCELLED'),
      ...event(':20261205T100000Z', 'Brushing', 'STATUS:CONFIRMED'),
    )
    expect(parseIcs(mixed, TZ).map((e) => e.summary)).toEqual(['Brushing'])
  })

  it('icsAppointment still answers the first event, cancelled or not', () => {
    const ics = file('METHOD:CANCEL', ...event(':20261205T090000Z', 'Coupe femme'))
    expect(icsAppointment(ics, TZ)).toEqual({ local: '2026-12-05T10:00', summary: 'Coupe femme' })
  })
})

describe('timesIn', () => {
  it('finds times in every form the replies use, and skips prices', () => {
    expect(timesIn('à 9:30, 10h45, 14 h ou 17.15 — 45,00 € / €30.00')).toEqual([570, 645, 840, 1035])
    expect(timesIn('um 16 Uhr oder at 3pm, 11:30am')).toEqual([690, 900, 960])
    expect(timesIn('coupe de 45 min, 2 personnes')).toEqual([])
  })
})

describe('checkStep', () => {
  const outcome = (bookings: { local: string; summary: string }[], ...replies: string[]) => ({ replies, bookings })

  it('wants each of several appointments among the events', () => {
    const booked = outcome(
      [
        { local: '2026-12-04T10:00', summary: 'Coupe femme' },
        { local: '2026-12-04T10:45', summary: 'Brushing' },
      ],
      "C'est réservé",
    )
    const both = [
      { service: 'Coupe femme', local: '2026-12-04T10:00' },
      { service: 'brushing', local: '2026-12-04T10:45' },
    ]
    expect(checkStep({ bookings: both }, booked)).toEqual([])
    expect(checkStep({ bookings: [{ service: 'Brushing', local: '2026-12-04T10:00' }] }, booked)).toHaveLength(1)
  })

  it('fails a step that books when nothing may be booked, and judges the last booking', () => {
    const one = outcome([{ local: '2026-12-02T14:00', summary: 'Coupe homme' }], 'ok')
    expect(checkStep({ booking: null }, one)).toHaveLength(1)
    expect(checkStep({ booking: { service: 'Coupe homme', local: '2026-12-02T14:00' } }, one)).toEqual([])
    expect(checkStep({ booking: { service: 'Coupe femme', local: '2026-12-02T15:00' } }, one)).toHaveLength(2)
  })

  it('checks the offered times against the range and what is taken', () => {
    const offer = outcome([], 'Je peux vous proposer 14:00, 14:30 ou 15:15.')
    expect(checkStep({ times_in: { from: '14:00', to: '16:00', min: 3 } }, offer)).toEqual([])
    expect(checkStep({ times_in: { from: '14:00', to: '15:00', exclude: ['14:30'] } }, offer)).toEqual([
      'offers 14:30, which is taken',
      'offers 15:15, outside 14:00-15:00',
    ])
    expect(checkStep({ times_in: { from: '09:00', to: '19:00', min: 4 } }, offer)).toHaveLength(1)
  })

  it('checks the language of every reply, and last, last_any and never', () => {
    const said = outcome([], "Bonjour, c'est réservé pour vous", 'Rien n’est encore réservé')
    expect(checkStep({ lang: 'fr', last: ['encore'], last_any: ['x', 'réservé'], never: ['annulé'] }, said)).toEqual([])
    expect(checkStep({ lang: 'en', last: ['booked'], last_any: ['x'], never: ['réservé'] }, said)).toHaveLength(6)
  })
})

describe('playCase', () => {
  /** A stand-in chat API: answers each message from a script, and records what it was sent. */
  function scriptedApp(answer: (message: string) => { response: string; icsData?: { content: string } }) {
    const sent: string[] = []
    const app = {
      inject: async ({ payload }: { payload: { message: string } }) => {
        sent.push(payload.message)
        const reply = answer(payload.message)
        return { statusCode: 200, body: JSON.stringify(reply), json: () => reply }
      },
    } as unknown as App
    return { app, sent }
  }
  const twoServices = file(...event(':20261204T090000Z', 'Coupe femme'), ...event(':20261204T094500Z', 'Brushing'))
  const expected = {
    bookings: [
      { service: 'Coupe femme', local: '2026-12-04T10:00' },
      { service: 'Brushing', local: '2026-12-04T10:45' },
    ],
  }

  it('says yes (in the step language) until the expected appointments came', async () => {
    const { app, sent } = scriptedApp((m) =>
      m === 'oui' ? { response: "C'est réservé", icsData: { content: twoServices } } : { response: 'On confirme ?' },
    )
    const steps = [{ lang: 'fr' as const, turns: ['coupe + brushing vendredi 10h'], expect: expected }]
    expect(await playCase(app, { id: 't', steps })).toEqual([])
    expect(sent).toEqual(['coupe + brushing vendredi 10h', 'oui'])
  })

  it('never says yes for the customer when confirm is false', async () => {
    const { app, sent } = scriptedApp((m) =>
      m === 'oui' ? { response: "C'est réservé", icsData: { content: twoServices } } : { response: 'On confirme ?' },
    )
    const steps = [{ turns: ['coupe + brushing vendredi 10h', 'ouiii merci'], expect: { ...expected, confirm: false } }]
    expect(await playCase(app, { id: 't', steps })).toHaveLength(2)
    expect(sent).toEqual(['coupe + brushing vendredi 10h', 'ouiii merci'])
  })

  it('does not count a cancellation file as a booking', async () => {
    const cancel = file('METHOD:CANCEL', ...event(':20261205T090000Z', 'Coupe femme', 'STATUS:CANCELLED'))
    const { app } = scriptedApp(() => ({ response: 'Rendez-vous annulé', icsData: { content: cancel } }))
    const steps = [{ turns: ['annulez svp'], expect: { booking: null, last: ['annulé'] } }]
    expect(await playCase(app, { id: 't', steps })).toEqual([])
  })
})
