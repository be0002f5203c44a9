import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { demoServices } from '@tests/helpers/demo'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bookingLinkToken } from './booking-link'

/**
 * The customer's booking page in their language (issue 39, point 7): the service's name and
 * description, and the salon's practical information, as the owner translated them; the page's
 * calendar file likewise.
 */
let t: TestApp
let cookie: string
let services: Awaited<ReturnType<typeof demoServices>>

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://book.example.com' } })
  cookie = await ownerCookie(t, 'SAL001')
  services = await demoServices(t.app, cookie)
})
afterAll(() => t.close())
beforeEach(() => t.clock.set(DEMO_NOW))

async function book(service: string, startsAt: string, language: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    payload: {
      serviceId: services[service]?.id,
      startsAt,
      customer: { name: 'Anna', phone: '06 12 34 56 78', language },
      channel: 'dashboard',
    },
    headers: { cookie },
  })
  expect(res.statusCode, res.body).toBe(201)
  return `/api/r/${bookingLinkToken(t.config.appSecret, (res.json() as { id: string }).id)}`
}
const patch = (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } })

describe('the booking page in the customer’s language', () => {
  it('names and describes the service, and gives the practical information, as the owner wrote them in it', async () => {
    const saved = await patch(`/api/salons/SAL001/services/${services.Coloration?.id}`, {
      translations: { de: 'Haarfarbe' },
      descriptionTranslations: { de: 'Ansatz und Längen gefärbt' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const link = await book('Coloration', '2026-12-03T10:00', 'de')
    const page = (await t.app.inject({ url: link })).json()
    expect(page).toMatchObject({
      language: 'de',
      // The owner's name wins over the glossary's "Färben".
      service: 'Haarfarbe',
      serviceDescription: 'Ansatz und Längen gefärbt',
      salon: { practicalInfo: { inSalonsWords: false } },
    })
    expect(page.salon.practicalInfo.text).toMatch(/^Zahlung/)

    const ics = (await t.app.inject({ url: `${link}/calendar.ics` })).body.replace(/\r\n /g, '')
    expect(ics).toContain('SUMMARY:Haarfarbe (Coloration) — Salon Lumière')
    expect(ics).toContain('\\nAnsatz und Längen gefärbt\\nGebucht mit Salonia.')
  })

  it('gives the salon’s own words, said to be so, without a translation; no description in another language', async () => {
    expect((await patch('/api/salons/SAL001', { practicalInfoTranslations: { it: null } })).statusCode).toBe(200)
    const saved = await patch(`/api/salons/SAL001/services/${services.Brushing?.id}`, {
      descriptionTranslations: { it: '' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const page = (await t.app.inject({ url: await book('Brushing', '2026-12-03T11:00', 'it') })).json()
    expect(page).toMatchObject({ service: 'Piega', serviceDescription: null })
    expect(page.salon.practicalInfo).toEqual({
      text: expect.stringMatching(/^Paiement par carte/),
      inSalonsWords: true,
    })
  })

  it('speaks the salon’s own words to a customer of the salon’s language', async () => {
    const page = (await t.app.inject({ url: await book('Balayage', '2026-12-03T14:00', 'fr') })).json()
    expect(page).toMatchObject({
      service: 'Balayage',
      serviceDescription: 'Éclaircissement naturel à main levée',
      salon: { practicalInfo: { inSalonsWords: false } },
    })
    expect(page.salon.practicalInfo.text).toMatch(/^Paiement par carte/)
  })

  it('has no practical information when the salon gave none', async () => {
    expect((await patch('/api/salons/SAL001', { practicalInfo: '' })).statusCode).toBe(200)
    const page = (await t.app.inject({ url: await book('Brushing', '2026-12-04T11:00', 'de') })).json()
    expect(page.salon.practicalInfo).toBeNull()
  })
})
