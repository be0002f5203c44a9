import { ambassadors } from '@server/db/schema'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { adminCookie } from '@tests/helpers/sign-in'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WAITLIST_MESSAGES } from './waitlist.messages'
import { WAITLIST_SIGN_UPS_PER_HOUR } from './waitlist.routes'

const entry = (overrides: Record<string, unknown> = {}) => ({
  salonName: 'Coiffure Belle Vue',
  contactEmail: 'contact@bellevue.example',
  phone: '+33 6 12 34 56 78',
  address: '3 place du Marché, 69002 Lyon',
  country: 'FR',
  ...overrides,
})

describe.each(testDrivers())('waitlist on %s', (driver) => {
  let t: TestApp
  /** The waitlist is read by an administrator; signing up is public, and done without a session. */
  let admin: string
  beforeAll(async () => {
    t = await startTestApp({ driver })
    admin = await adminCookie(t)
  })
  afterAll(() => t.close())

  // Each sign-up comes from its own address unless a test says otherwise, so the hourly limit
  // only meets the test about it.
  let clients = 0
  const signUp = (payload: unknown, options: { headers?: Record<string, string>; from?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: payload as object,
      headers: options.headers,
      remoteAddress: options.from ?? `198.51.100.${++clients}`,
    })
  const waitlist = async () =>
    (await t.app.inject({ url: '/api/admin/waitlist', headers: { cookie: admin } })).json() as Record<string, unknown>[]
  const storedEntry = async (salonName: string) => (await waitlist()).find((e) => e.salonName === salonName)

  it('stores the entry as pending and answers 201 in the language the form says', async () => {
    const res = await signUp(
      entry({
        salonName: '  Studio Nord ',
        contactEmail: ' Hello@Studio-Nord.example ',
        country: 'ch',
        language: 'en',
      }),
      { headers: { 'accept-language': 'de' } },
    )
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ message: 'You are on the waitlist! We will be in touch soon.' })
    expect(await storedEntry('Studio Nord')).toMatchObject({
      contactEmail: 'hello@studio-nord.example',
      phone: '+33 6 12 34 56 78',
      address: '3 place du Marché, 69002 Lyon',
      country: 'CH',
      referralCode: null,
      ambassadorName: null,
      status: 'pending',
      createdAt: t.clock.now().toISOString(),
    })
  })

  it("answers in the browser's language when the form says none, else in French", async () => {
    const cases: [string | undefined, string][] = [
      ['de-CH,de;q=0.9,en;q=0.8', 'Anmeldung erfolgreich! Wir melden uns bald bei Ihnen.'],
      ['it-IT,it;q=0.9', 'Iscrizione completata! La contatteremo presto.'],
      ['es-ES,es;q=0.9,en;q=0.5,de;q=0.7', WAITLIST_MESSAGES.de.registered],
      ['es-ES,es;q=0.9', 'Inscription réussie ! Nous vous contacterons bientôt.'],
      [undefined, 'Inscription réussie ! Nous vous contacterons bientôt.'],
    ]
    for (const [index, [acceptLanguage, message]] of cases.entries()) {
      const res = await signUp(entry({ salonName: `Salon des langues ${index}` }), {
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      })
      expect(res.statusCode).toBe(201)
      expect(res.json().message).toBe(message)
    }
  })

  it('credits the ambassador owning the code, whatever its case', async () => {
    const res = await signUp(entry({ salonName: 'Salon Recommandé', referralCode: ' ambdemo1 ' }))
    expect(res.statusCode).toBe(201)
    expect(await storedEntry('Salon Recommandé')).toMatchObject({
      referralCode: 'AMBDEMO1',
      ambassadorName: 'Camille Martin',
    })
  })

  it('keeps a code nobody owns, credited to no one', async () => {
    const res = await signUp(entry({ salonName: 'Salon Inconnu', referralCode: 'nobody-42' }))
    expect(res.statusCode).toBe(201)
    expect(await storedEntry('Salon Inconnu')).toMatchObject({ referralCode: 'NOBODY-42', ambassadorName: null })
  })

  it('credits no deactivated ambassador', async () => {
    const db = t.database.db
    await db.update(ambassadors).set({ isActive: false }).where(eq(ambassadors.referralCode, 'AMBDEMO1'))
    try {
      expect((await signUp(entry({ salonName: 'Salon Tardif', referralCode: 'AMBDEMO1' }))).statusCode).toBe(201)
    } finally {
      await db.update(ambassadors).set({ isActive: true }).where(eq(ambassadors.referralCode, 'AMBDEMO1'))
    }
    expect(await storedEntry('Salon Tardif')).toMatchObject({ referralCode: 'AMBDEMO1', ambassadorName: null })
  })

  it('takes blank optional fields as not given', async () => {
    const res = await signUp(entry({ salonName: 'Salon Minimal', phone: '  ', country: '', referralCode: '' }))
    expect(res.statusCode).toBe(201)
    expect(await storedEntry('Salon Minimal')).toMatchObject({ phone: null, country: null, referralCode: null })
  })

  it('refuses the same salon and e-mail again, in any case, in the visitor’s language, and stores nothing more', async () => {
    expect((await signUp(entry({ salonName: 'Salon Doublon', contactEmail: 'doublon@example.com' }))).statusCode).toBe(
      201,
    )
    const before = (await waitlist()).length
    const again = await signUp(entry({ salonName: 'SALON doublon', contactEmail: 'Doublon@Example.COM' }), {
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({
      code: 'waitlist.already_registered',
      message: 'This salon is already on our waitlist with this e-mail address. We will be in touch soon.',
    })
    const inFrench = await signUp(entry({ salonName: 'Salon Doublon', contactEmail: 'doublon@example.com' }))
    expect(inFrench.json().message).toBe(WAITLIST_MESSAGES.fr.alreadyRegistered)
    expect((await waitlist()).length).toBe(before)

    // Another salon of the same contact is a new entry.
    const other = await signUp(entry({ salonName: 'Salon Doublon 2', contactEmail: 'doublon@example.com' }))
    expect(other.statusCode).toBe(201)
  })

  it('stores one entry when the same sign-up arrives several times at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => signUp(entry({ salonName: 'Salon Pressé', contactEmail: 'presse@example.com' }))),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409])
    expect((await waitlist()).filter((e) => e.salonName === 'Salon Pressé')).toHaveLength(1)
  })

  const refusals: [string, unknown, string][] = [
    ['an invalid e-mail', entry({ contactEmail: 'not-an-email' }), 'contactEmail'],
    ['a missing address', { ...entry(), address: undefined }, 'address'],
    ['a blank address', entry({ address: '   ' }), 'address'],
    ['a missing salon name', { ...entry(), salonName: undefined }, 'salonName'],
    ['a salon name over 120 characters', entry({ salonName: 'S'.repeat(121) }), 'salonName'],
    ['an unknown country', entry({ country: 'XX' }), 'country'],
    ['a salon name that is not text', entry({ salonName: 42 }), 'salonName'],
    ['an address that is not text', entry({ address: ['rue'] }), 'address'],
    ['a phone number with letters', entry({ phone: 'call me maybe' }), 'phone'],
    ['a phone number over 40 characters', entry({ phone: '1'.repeat(41) }), 'phone'],
    ['a referral code over 40 characters', entry({ referralCode: 'A'.repeat(41) }), 'referralCode'],
    ['a language we do not speak', entry({ language: 'es' }), 'language'],
  ]
  it.each(refusals)('refuses %s with the reason and stores nothing', async (_name, payload, field) => {
    const before = (await waitlist()).length
    const res = await signUp(payload)
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('request.invalid')
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(`body.${field}`)
    expect((await waitlist()).length).toBe(before)
  })

  it('refuses a body that is not an object', async () => {
    const res = await signUp(['Salon'])
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('request.invalid')
  })

  it(`refuses the sign-up after ${WAITLIST_SIGN_UPS_PER_HOUR} from one client within an hour, in its language`, async () => {
    const from = '203.0.113.7'
    for (let i = 1; i <= WAITLIST_SIGN_UPS_PER_HOUR; i++) {
      const res = await signUp(entry({ salonName: `Salon en série ${i}` }), { from })
      expect(res.statusCode).toBe(201)
    }
    const before = (await waitlist()).length
    const refused = await signUp(entry({ salonName: 'Salon de trop', language: 'de' }), { from })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      code: 'request.rate_limited',
      message: 'Zu viele Anmeldungen von dieser Verbindung. Bitte versuchen Sie es später erneut.',
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    const byHeader = await signUp(entry({ salonName: 'Salon de trop' }), {
      from,
      headers: { 'accept-language': 'it' },
    })
    expect(byHeader.json()).toMatchObject({ code: 'request.rate_limited', message: WAITLIST_MESSAGES.it.rateLimited })
    expect((await waitlist()).length).toBe(before)

    // Another client is not held back.
    expect((await signUp(entry({ salonName: 'Salon voisin' }))).statusCode).toBe(201)
  })

  it('lists the waitlist for administrators, newest first, with only what an entry shows', async () => {
    t.clock.advance(60_000)
    await signUp(entry({ salonName: 'Salon Ancien' }))
    t.clock.advance(60_000)
    await signUp(entry({ salonName: 'Salon Récent', referralCode: 'AMBDEMO1' }))
    const list = await waitlist()
    expect(list[0]?.salonName).toBe('Salon Récent')
    expect(list[1]?.salonName).toBe('Salon Ancien')
    const times = list.map((e) => Date.parse(String(e.createdAt)))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const presented of list) {
      expect(Object.keys(presented).sort()).toEqual(
        [
          'address',
          'ambassadorId',
          'ambassadorName',
          'contactEmail',
          'country',
          'createdAt',
          'id',
          'phone',
          'referralCode',
          'salonId',
          'salonName',
          'status',
        ].sort(),
      )
    }
  })
})
