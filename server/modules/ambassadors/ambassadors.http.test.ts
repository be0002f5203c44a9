import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { type FakeGoogle, startFakeGoogle } from '@tests/fakes/google'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { eventually } from '@tests/helpers/jobs'
import { adminCookie, cookiesFrom } from '@tests/helpers/sign-in'
import { type LocalSmtp, readableMail, startLocalSmtp } from '@tests/helpers/smtp'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KIT_TEXTS } from './kit-texts'

/**
 * The referral lifecycle end to end: an access code, the ambassador's Google sign-in (fake
 * Google), a waitlist entry with their code, the activation that creates the salon and e-mails
 * it (a real local SMTP server), the owner's first sign-in, after which the ambassador can no
 * longer change the salon's Google account.
 */

const NINA = { email: 'nina.ambassadrice@gmail.com', name: 'Nina Rossi' }
const BOB = { email: 'bob.ambassadeur@gmail.com', name: 'Bob Martin' }
const OWNER = { email: 'owner.bellevue@gmail.com', name: 'Inès Bellevue' }
const PUBLIC_URL = 'http://salonia.test'

// pdfjs reads the standard fonts' metrics from its own package.
const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`

let google: FakeGoogle
let smtp: LocalSmtp
let t: TestApp
let admin: string
let code: string

beforeAll(async () => {
  google = await startFakeGoogle({ accounts: [NINA, BOB, OWNER] })
  smtp = await startLocalSmtp()
  t = await startTestApp({
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_BASE_URL: google.baseUrl,
      PUBLIC_URL,
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: 'boss@salonia.test',
    },
    // The activation e-mails go out through the outbox's job.
    workers: true,
  })
  admin = await adminCookie(t, 'boss@salonia.test')
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/access-codes',
    headers: { cookie: admin },
    payload: { label: 'Équipe Milan' },
  })
  expect(created.statusCode).toBe(201)
  code = created.json().code
})
afterAll(async () => {
  await t.close()
  await google.close()
  await smtp.close()
})

/** The ambassador login as a browser walks it: the code, Google's consent, back to the dashboard. */
async function ambassadorSignIn(account: { email: string }, accessCode = code, acceptLanguage = 'fr-FR,fr') {
  const start = await t.app.inject({ url: `/api/ambassador/google-auth?accessCode=${encodeURIComponent(accessCode)}` })
  expect(start.statusCode).toBe(302)
  const location = start.headers.location as string
  if (!location.startsWith(google.baseUrl)) return { location, cookie: '' }
  const back = new URL(await google.consent(location, account))
  const cookie = cookiesFrom(start)
  const res = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie, 'accept-language': acceptLanguage },
  })
  return { location: res.headers.location as string, cookie: cookiesFrom(res, cookie) }
}

async function ownerSignIn(salonId: string) {
  const start = await t.app.inject({ url: `/api/google/auth-url/${salonId}` })
  const back = new URL(await google.consent(start.json().authUrl, OWNER))
  const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: cookiesFrom(start) } })
  return res.headers.location as string
}

const as = (cookie: string) => ({ headers: { cookie } })

describe('the referral lifecycle', () => {
  let nina: string
  let referralId: string
  let salonId: string

  it('checks an access code without saying more than yes or no', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/validate-code',
      payload: { accessCode: code.toLowerCase() },
    })
    expect(ok.json()).toEqual({ isValid: true })
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/validate-code',
      payload: { accessCode: 'AMB-0000-0000-0000' },
    })
    expect(wrong.json()).toEqual({ isValid: false })
  })

  it('creates the ambassador on the first Google sign-in with a valid code, and finds them later', async () => {
    const first = await ambassadorSignIn(NINA)
    expect(first.location).toBe('/ambassador/dashboard')
    expect(first.cookie).toMatch(/salonia_ambassador_session=/)
    expect(first.cookie).not.toMatch(/salonia_session=/)
    nina = first.cookie
    const dashboard = await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })
    expect(dashboard.json()).toMatchObject({
      success: true,
      ambassador: { name: NINA.name, email: NINA.email, isActive: true },
      stats: { totalReferrals: 0, activeSalons: 0, waitlistEntries: 0, conversionRate: 0 },
    })
    const again = await ambassadorSignIn(NINA)
    const later = await t.app.inject({ url: '/api/ambassador/dashboard', ...as(again.cookie) })
    expect(later.json().ambassador.referralCode).toBe(dashboard.json().ambassador.referralCode)
  })

  it("counts a waitlist entry with the ambassador's code as their pending referral", async () => {
    const { referralCode } = (await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })).json().ambassador
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: {
        salonName: 'Salon Bellevue',
        contactEmail: 'contact@bellevue.it',
        address: 'Via Roma 1, Milano',
        country: 'IT',
        referralCode: referralCode.toLowerCase(),
        language: 'it',
      },
    })
    expect(signUp.statusCode).toBe(201)
    const { referrals } = (await t.app.inject({ url: '/api/ambassador/referrals', ...as(nina) })).json()
    expect(referrals).toEqual([
      expect.objectContaining({ salonName: 'Salon Bellevue', status: 'pending', salonId: null, country: 'IT' }),
    ])
    referralId = referrals[0]._id
  })

  it('activates the referral: a new salon with default hours and no services, and an e-mail to its contact', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/activate-referral',
      ...as(nina),
      payload: { referralId, authorizedEmail: OWNER.email },
    })
    expect(res.statusCode).toBe(200)
    salonId = res.json().salonId
    expect(salonId).toMatch(/^SAL\d{3}$/)
    expect(salonId).not.toBe('SAL001')

    expect(res.json().sentTo).toBe('contact@bellevue.it')
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes('contact@bellevue.it')))
    const text = readableMail(mail.raw)
    expect(text).toContain(`ID del salone: ${salonId}`)
    expect(text).toContain(`${PUBLIC_URL}/professional?salon=${salonId}`)
    expect(text).toContain(OWNER.email)

    const { referrals } = (await t.app.inject({ url: '/api/ambassador/referrals', ...as(nina) })).json()
    expect(referrals[0]).toMatchObject({
      status: 'converted',
      salonId,
      authorizedGoogleEmail: OWNER.email,
      canEditAuthorizedEmail: true,
    })
    const stats = (await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })).json().stats
    expect(stats).toEqual({ totalReferrals: 1, activeSalons: 1, waitlistEntries: 0, conversionRate: 100 })

    const details = (await t.app.inject({ url: `/api/admin/salons/${salonId}`, ...as(admin) })).json()
    expect(details.salon).toMatchObject({ name: 'Salon Bellevue', country: 'IT', timeZone: 'Europe/Rome' })
    expect(details.salon.workingHours['0']).toMatchObject({ isOpen: true, openTime: '09:00', closeTime: '18:00' })
    expect(details.salon.workingHours['6'].isOpen).toBe(false)
    expect(details.services).toEqual([])

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/activate-referral',
      ...as(nina),
      payload: { referralId, authorizedEmail: OWNER.email },
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().code).toBe('referrals.already_converted')
  })

  it("changes the salon's Google account until the owner signs in, then no longer", async () => {
    const change = (email: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/ambassador/update-authorized-email',
        ...as(nina),
        payload: { salonId, newAuthorizedEmail: email },
      })
    const corrected = await change('typo.owner@gmail.com')
    expect(corrected.statusCode).toBe(200)
    expect(corrected.json()).toMatchObject({ sentTo: 'contact@bellevue.it', authorizedEmail: 'typo.owner@gmail.com' })
    // The salon's contact gets its sign-in details again, naming the new account, in Italian.
    const again = await eventually(() =>
      smtp.mails.find(
        (m) => m.to.includes('contact@bellevue.it') && readableMail(m.raw).includes('typo.owner@gmail.com'),
      ),
    )
    expect(readableMail(again.raw)).toContain(`ID del salone: ${salonId}`)
    // The owner cannot sign in with the account the salon no longer names…
    expect(await ownerSignIn(salonId)).toMatch(/error=wrong_account/)
    expect((await change(OWNER.email)).statusCode).toBe(200)
    // …and can with the right one: the salon is theirs from now on.
    expect(await ownerSignIn(salonId)).toMatch(/connected=true/)

    const refused = await change('someone.else@gmail.com')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('referrals.owner_signed_in')
    const { referrals } = (await t.app.inject({ url: '/api/ambassador/referrals', ...as(nina) })).json()
    expect(referrals[0]).toMatchObject({ authorizedGoogleEmail: OWNER.email, canEditAuthorizedEmail: false })
  })

  it('keeps ambassadors apart: another sees nothing of hers and can change nothing', async () => {
    const bob = (await ambassadorSignIn(BOB, code, 'de-CH,de;q=0.9')).cookie
    // His browser speaks German: so do his kit and his dashboard's data.
    expect((await t.app.inject({ url: '/api/ambassador/dashboard', ...as(bob) })).json().ambassador.language).toBe('de')
    expect((await t.app.inject({ url: '/api/ambassador/referrals', ...as(bob) })).json().referrals).toEqual([])
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/activate-referral',
      ...as(bob),
      payload: { referralId, authorizedEmail: BOB.email },
    })
    expect(activate.statusCode).toBe(404)
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/ambassador/update-authorized-email',
      ...as(bob),
      payload: { salonId, newAuthorizedEmail: BOB.email },
    })
    expect(change.statusCode).toBe(404)
    const ninaCode = (await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })).json().ambassador
      .referralCode
    const qr = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/qrcode',
      ...as(bob),
      payload: { referralCode: ninaCode },
    })
    expect(qr.statusCode).toBe(403)
  })

  it('keeps the sessions apart: an ambassador is no professional or administrator, and the other way round', async () => {
    expect((await t.app.inject({ url: `/api/salons/${salonId}`, ...as(nina) })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/admin/overview', ...as(nina) })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/ambassador/dashboard', ...as(admin) })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/ambassador/dashboard' })).statusCode).toBe(401)
  })

  it('gives the QR code of the referral link as a PNG data URL', async () => {
    const res = (await t.app.inject({ url: '/api/ambassador/qrcode', ...as(nina) })).json()
    expect(res.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/)
    expect(res.referralLink).toMatch(new RegExp(`^${PUBLIC_URL}/waitlist\\?ref=[A-Z0-9]+$`))
  })

  it('gives the kit as a real A4 PDF with the ambassador’s code, the 7 steps and the support contact', async () => {
    const res = await t.app.inject({ url: '/api/ambassador/kit-pdf', ...as(nina) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl: STANDARD_FONTS }).promise
    const page = await pdf.getPage(1)
    const [, , width, height] = page.view
    expect(Math.round(width ?? 0)).toBe(595)
    expect(Math.round(height ?? 0)).toBe(842)
    let text = ''
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
    }
    const { referralCode } = (await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })).json().ambassador
    expect(text).toContain(referralCode)
    for (const step of KIT_TEXTS.fr.steps) expect(text.replace(/\s+/g, ' ')).toContain(step.title)
    expect(text).toContain('support@salonia.app')
  })

  it('gives the kit in the language the interface shows, else in the one stored at sign-up', async () => {
    const textOf = async (url: string) => {
      const res = await t.app.inject({ url, ...as(nina) })
      expect(res.statusCode).toBe(200)
      const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl: STANDARD_FONTS })
        .promise
      let text = ''
      for (let n = 1; n <= pdf.numPages; n++) {
        const content = await (await pdf.getPage(n)).getTextContent()
        text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
      }
      return { language: res.headers['content-language'], text: text.replace(/\s+/g, ' ') }
    }
    // Nina signed up with a French browser; her interface now shows German, then Italian.
    const stored = await textOf('/api/ambassador/kit-pdf')
    expect(stored.language).toBe('fr')
    expect(stored.text).toContain(KIT_TEXTS.fr.stepsTitle)
    const german = await textOf('/api/ambassador/kit-pdf?language=de')
    expect(german.language).toBe('de')
    for (const step of KIT_TEXTS.de.steps) expect(german.text).toContain(step.title)
    expect(german.text).not.toContain(KIT_TEXTS.fr.stepsTitle)
    const italian = await textOf('/api/ambassador/kit-pdf?language=it')
    expect(italian.text).toContain(KIT_TEXTS.it.faqTitle)
    const unknown = await t.app.inject({ url: '/api/ambassador/kit-pdf?language=xx', ...as(nina) })
    expect(unknown.statusCode).toBe(400)
  })

  it('says whether an ambassador is signed in without an error either way', async () => {
    const signedOut = await t.app.inject({ url: '/api/ambassador/session' })
    expect(signedOut.statusCode).toBe(200)
    expect(signedOut.json()).toEqual({ isAuthenticated: false })
    // A salon's or an administrator's session is not an ambassador's.
    expect((await t.app.inject({ url: '/api/ambassador/session', ...as(admin) })).json()).toEqual({
      isAuthenticated: false,
    })
    const signedIn = await t.app.inject({ url: '/api/ambassador/session', ...as(nina) })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.headers['cache-control']).toBe('no-store')
    expect(signedIn.json()).toEqual({ isAuthenticated: true, ambassador: { name: NINA.name, email: NINA.email } })
  })

  it('signs out of the ambassador session only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ambassador/logout', ...as(nina) })
    expect(res.statusCode).toBe(200)
    expect((await t.app.inject({ url: '/api/ambassador/dashboard', ...as(nina) })).statusCode).toBe(401)
    expect((await t.app.inject({ url: '/api/ambassador/session', ...as(nina) })).json()).toEqual({
      isAuthenticated: false,
    })
  })
})

describe('access codes', () => {
  it('are refused once revoked, on the check and on the way to Google', async () => {
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/admin/access-codes', ...as(admin), payload: { label: 'Temp' } })
    ).json()
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/admin/access-codes/${created.accessCode.id}/revoke`,
      ...as(admin),
    })
    expect(revoke.json().revokedAt).not.toBeNull()
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/validate-code',
      payload: { accessCode: created.code },
    })
    expect(check.json()).toEqual({ isValid: false })
    expect((await ambassadorSignIn(NINA, created.code)).location).toBe('/ambassador?error=invalid_access_code')
    const list = (await t.app.inject({ url: '/api/admin/access-codes', ...as(admin) })).json()
    expect(list.find((c: { id: string }) => c.id === created.accessCode.id)).toMatchObject({
      hint: created.code.slice(-4),
    })
    expect(JSON.stringify(list)).not.toContain(created.code)
  })

  it('cannot be guessed: after 10 tries a minute the check answers 429', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/ambassador/validate-code',
          remoteAddress: '203.0.113.9',
          payload: { accessCode: `AMB-GUES-S000-00${String(i).padStart(2, '0')}` },
        }),
      ),
    )
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(2)
    expect(guesses.find((r) => r.statusCode === 429)?.json().code).toBe('request.rate_limited')
  })

  it('shares one budget of 10 checks a minute between the check and the Google link, which then sends the browser back to wait', async () => {
    const from = '203.0.113.10'
    const check = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ambassador/validate-code',
        remoteAddress: from,
        payload: { accessCode: 'AMB-GUES-S000-0000' },
      })
    const link = () =>
      t.app.inject({ url: '/api/ambassador/google-auth?accessCode=AMB-GUES-S000-0000', remoteAddress: from })
    for (let i = 0; i < 5; i++) {
      expect((await check()).statusCode).toBe(200)
      expect((await link()).headers.location).toBe('/ambassador?error=invalid_access_code')
    }
    const refusedLink = await link()
    expect(refusedLink.statusCode).toBe(302)
    expect(refusedLink.headers.location).toMatch(/^\/ambassador\?error=rate_limited&retryAfter=([1-9]|[1-5][0-9]|60)$/)
    expect((await check()).statusCode).toBe(429)

    // The next minute, both check again.
    t.clock.advance(60_000)
    expect((await link()).headers.location).toBe('/ambassador?error=invalid_access_code')
    expect((await check()).statusCode).toBe(200)
  })

  it('spends the budget on wrong codes only: an ambassador who checks a valid code and signs in never waits', async () => {
    const from = '203.0.113.11'
    const check = (accessCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ambassador/validate-code',
        remoteAddress: from,
        payload: { accessCode },
      })
    const link = (accessCode: string) =>
      t.app.inject({ url: `/api/ambassador/google-auth?accessCode=${accessCode}`, remoteAddress: from })
    for (let i = 0; i < 8; i++) {
      expect((await check(code)).json()).toEqual({ isValid: true })
      expect((await link(code)).headers.location).toMatch(/^http.*\/o\/oauth2\/v2\/auth\?/)
    }
    for (let i = 0; i < 10; i++) expect((await check('AMB-WRON-G000-0000')).json()).toEqual({ isValid: false })
    expect((await check('AMB-WRON-G000-0000')).statusCode).toBe(429)
    // Over the budget, even a valid code waits: the check is refused before it runs.
    expect((await check(code)).statusCode).toBe(429)
  })
})
