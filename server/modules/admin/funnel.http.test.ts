import { listOutboxEmails } from '@server/modules/outbox/outbox.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { recordOwnerSignIn } from '@server/modules/salons/salons.usecases'
import { DEMO_AMBASSADOR } from '@server/seed'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ambassadorCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The funnel as administrators run it (issue 18): waitlist entries contacted, credited, activated,
 * linked or deleted; ambassadors listed with their figures, deactivated and reactivated; and the
 * activation e-mail sent again whenever a salon's Google account changes or someone asks for it.
 * E-mails are read from the outbox, where they are written with the change that sends them.
 */

let t: TestApp
let admin: string
let clients = 0

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'http://salonia.test' } })
  admin = await adminCookie(t)
})
afterAll(() => t.close())

const as = (cookie: string) => ({ headers: { cookie } })

async function signUp(salonName: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress: `198.51.100.${++clients}`,
    payload: {
      salonName,
      contactEmail: `${salonName
        .normalize('NFD')
        .replace(/[^A-Za-z0-9]+/g, '.')
        .replace(/\.$/, '')
        .toLowerCase()}@example.com`,
      address: '3 place du Marché, 69002 Lyon',
      country: 'FR',
      ...extra,
    },
  })
  expect(res.statusCode).toBe(201)
  return entryNamed(salonName)
}

async function waitlist() {
  return (await t.app.inject({ url: '/api/admin/waitlist', ...as(admin) })).json() as Record<string, unknown>[]
}
async function entryNamed(salonName: string) {
  const entry = (await waitlist()).find((e) => e.salonName === salonName)
  if (!entry) throw new Error(`no entry ${salonName}`)
  return entry as { id: string; contactEmail: string } & Record<string, unknown>
}
const mailsTo = async (to: string) => (await listOutboxEmails(t.database.db)).filter((m) => m.to === to)
async function ambassadors() {
  return (await t.app.inject({ url: '/api/admin/ambassadors', ...as(admin) })).json() as {
    id: string
    referralCode: string
    isActive: boolean
    stats: { totalReferrals: number; activeSalons: number; waitlistEntries: number; conversionRate: number }
  }[]
}
const camille = async () => {
  const found = (await ambassadors()).find((a) => a.referralCode === DEMO_AMBASSADOR.referralCode)
  if (!found) throw new Error('no demo ambassador')
  return found
}

describe('the waitlist as administrators run it', () => {
  it('marks an entry contacted, then pending again', async () => {
    const entry = await signUp('Salon Contacté')
    const patch = (status: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/waitlist/${entry.id}`, ...as(admin), payload: { status } })
    const contacted = await patch('contacted')
    expect(contacted.statusCode).toBe(200)
    expect(contacted.json()).toMatchObject({ id: entry.id, status: 'contacted' })
    expect((await entryNamed('Salon Contacté')).status).toBe('contacted')
    expect((await patch('pending')).json().status).toBe('pending')
    // Converted is not a status one sets: activating or linking does it.
    expect((await patch('converted')).json().code).toBe('request.invalid')
  })

  it('credits an entry to an ambassador: it becomes their referral, counted in their figures, and theirs to activate', async () => {
    const before = (await camille()).stats
    const entry = await signUp('Salon Attribué')
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/waitlist/${entry.id}`,
      ...as(admin),
      payload: { ambassadorId: (await camille()).id, status: 'contacted' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ambassadorName: DEMO_AMBASSADOR.name, status: 'contacted' })
    expect((await camille()).stats.totalReferrals).toBe(before.totalReferrals + 1)

    const cookie = await ambassadorCookie(t)
    const { referrals } = (await t.app.inject({ url: '/api/ambassador/referrals', ...as(cookie) })).json()
    expect(referrals.map((r: { salonName: string }) => r.salonName)).toContain('Salon Attribué')
    // Contacted is still waiting: the ambassador can activate it.
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/ambassador/activate-referral',
      ...as(cookie),
      payload: { referralId: entry.id, authorizedEmail: 'attribue@gmail.com' },
    })
    expect(activated.statusCode).toBe(200)
    // Credited and converted: the record of who brought the salon in stays as it is.
    const unassign = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/waitlist/${entry.id}`,
      ...as(admin),
      payload: { ambassadorId: null },
    })
    expect(unassign.statusCode).toBe(409)
    expect(unassign.json().code).toBe('waitlist.entry_converted')
  })

  it('activates an entry directly: the salon with default hours, the entry linked and converted, the e-mail in its language', async () => {
    const entry = await signUp('Salone Diretto', { country: 'IT', language: 'it' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/activate`,
      ...as(admin),
      payload: { authorizedEmail: 'diretto.owner@gmail.com' },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      success: true,
      sentTo: entry.contactEmail,
      authorizedEmail: 'diretto.owner@gmail.com',
    })
    expect(body.salonId).toMatch(/^SAL\d{3}$/)
    expect(body.entry).toMatchObject({ status: 'converted', salonId: body.salonId })

    const details = (await t.app.inject({ url: `/api/admin/salons/${body.salonId}`, ...as(admin) })).json()
    expect(details.salon).toMatchObject({ name: 'Salone Diretto', authorizedGoogleEmail: 'diretto.owner@gmail.com' })
    expect(details.salon.workingHours['0']).toMatchObject({ isOpen: true, openTime: '09:00' })

    const [mail] = await mailsTo(entry.contactEmail)
    expect(mail?.kind).toBe('salon_activated')
    expect(mail?.text).toContain(`ID del salone: ${body.salonId}`)
    expect(mail?.text).toContain('diretto.owner@gmail.com')
    expect(mail?.text).toContain('Il team Salonia ha attivato')

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${entry.id}/activate`,
      ...as(admin),
      payload: { authorizedEmail: 'diretto.owner@gmail.com' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('referrals.already_converted')
  })

  it('links an entry to the salon made for it with "Nouveau Salon", once', async () => {
    const entry = await signUp('Salon Nouveau')
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      ...as(admin),
      payload: {
        name: 'Salon Nouveau',
        address: '3 place du Marché, 69002 Lyon',
        country: 'FR',
        contactEmail: entry.contactEmail,
        authorizedGoogleEmail: 'nouveau@gmail.com',
      },
    })
    const salonId = created.json().salonId as string
    const link = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/waitlist/${id}/link`, ...as(admin), payload: { salonId } })
    const linked = await link(entry.id)
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json()).toMatchObject({ status: 'converted', salonId })

    const other = await signUp('Salon Nouveau Bis')
    const taken = await link(other.id)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('waitlist.salon_already_linked')
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/waitlist/${other.id}/link`,
      ...as(admin),
      payload: { salonId: 'SAL999' },
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('deletes an entry still waiting, and refuses to delete one that became a salon', async () => {
    const entry = await signUp('Salon Doublon Effacé')
    const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${id}`, ...as(admin) })
    expect((await del(entry.id)).statusCode).toBe(204)
    expect((await waitlist()).some((e) => e.id === entry.id)).toBe(false)
    expect((await del(entry.id)).json().code).toBe('waitlist.not_found')

    const converted = (await waitlist()).find((e) => e.status === 'converted') as { id: string }
    const refused = await del(converted.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('waitlist.entry_converted')
    expect((await waitlist()).some((e) => e.id === converted.id)).toBe(true)
  })
})

describe('ambassadors as administrators see them', () => {
  it('lists each ambassador with the figures of their own dashboard', async () => {
    const listed = await camille()
    const cookie = await ambassadorCookie(t)
    const own = (await t.app.inject({ url: '/api/ambassador/dashboard', ...as(cookie) })).json().stats
    expect(listed.stats).toEqual(own)
    expect(listed.stats.totalReferrals).toBeGreaterThan(0)
  })

  it('deactivates one: their sessions end, their link credits nobody; reactivated, it credits them again', async () => {
    const cookie = await ambassadorCookie(t)
    const { id } = await camille()
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ambassadors/${id}/deactivate`,
      ...as(admin),
    })
    expect(deactivated.statusCode).toBe(200)
    expect(deactivated.json().isActive).toBe(false)
    expect((await t.app.inject({ url: '/api/ambassador/dashboard', ...as(cookie) })).statusCode).toBe(401)

    const uncredited = await signUp('Salon Sans Crédit', { referralCode: DEMO_AMBASSADOR.referralCode })
    expect(uncredited).toMatchObject({ referralCode: DEMO_AMBASSADOR.referralCode, ambassadorName: null })
    const assign = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/waitlist/${uncredited.id}`,
      ...as(admin),
      payload: { ambassadorId: id },
    })
    expect(assign.statusCode).toBe(409)
    expect(assign.json().code).toBe('ambassadors.inactive')

    const reactivated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ambassadors/${id}/reactivate`,
      ...as(admin),
    })
    expect(reactivated.json().isActive).toBe(true)
    const credited = await signUp('Salon Recrédité', { referralCode: DEMO_AMBASSADOR.referralCode })
    expect(credited.ambassadorName).toBe(DEMO_AMBASSADOR.name)
    // The ended session stays ended: signing in again is needed.
    expect((await t.app.inject({ url: '/api/ambassador/dashboard', ...as(cookie) })).statusCode).toBe(401)
  })
})

describe('the activation e-mail again', () => {
  it("goes to the salon's contact when an administrator changes its Google account, naming the new one", async () => {
    const entry = await signUp('Salon Corrigé', { language: 'de' })
    const activated = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/waitlist/${entry.id}/activate`,
        ...as(admin),
        payload: { authorizedEmail: 'tippfehler@gmail.com' },
      })
    ).json()
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/salons/${activated.salonId}`,
      ...as(admin),
      payload: { authorizedGoogleEmail: 'richtig@gmail.com' },
    })
    expect(patched.statusCode).toBe(200)
    const mails = await mailsTo(entry.contactEmail)
    expect(mails).toHaveLength(2)
    // Newest first: the one naming the corrected account, in the entry's language.
    expect(mails[0]?.text).toContain('richtig@gmail.com')
    expect(mails[0]?.text).toContain(`Ihre Salon-ID: ${activated.salonId}`)
    // Another change (the name) sends nothing.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/salons/${activated.salonId}`,
      ...as(admin),
      payload: { name: 'Salon Corrigé & Co' },
    })
    expect(await mailsTo(entry.contactEmail)).toHaveLength(2)
  })

  it('is resent by an administrator for any salon, in the language of its country when no entry says one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons/SAL001/resend-activation-email',
      ...as(admin),
    })
    expect(res.statusCode).toBe(200)
    const salon = await findSalonByPublicId(t.database.db, 'SAL001')
    expect(res.json()).toEqual({
      success: true,
      salonId: 'SAL001',
      sentTo: salon?.contactEmail,
      authorizedEmail: salon?.authorizedGoogleEmail,
    })
    const [mail] = await mailsTo(salon?.contactEmail ?? '')
    expect(mail?.text).toContain('Votre ID salon\u00a0: SAL001')
    expect(mail?.text).toContain("L'équipe Salonia a activé")

    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      ...as(admin),
      payload: {
        name: 'Salon Sans Compte',
        address: '1 rue A, Paris',
        country: 'FR',
        contactEmail: 'sans@example.com',
      },
    })
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/salons/${bare.json().salonId}/resend-activation-email`,
      ...as(admin),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('referrals.no_authorized_email')
  })

  it("is resent by the salon's ambassador until the owner signs in, and refused for others' salons", async () => {
    const cookie = await ambassadorCookie(t)
    const { referrals } = (await t.app.inject({ url: '/api/ambassador/referrals', ...as(cookie) })).json()
    const mine = referrals.find((r: { salonName: string }) => r.salonName === 'Salon Attribué')
    const resend = (salonId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ambassador/resend-activation-email',
        ...as(cookie),
        payload: { salonId },
      })
    const res = await resend(mine.salonId)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ sentTo: mine.contactEmail, authorizedEmail: 'attribue@gmail.com' })
    const mails = await mailsTo(mine.contactEmail)
    expect(mails).toHaveLength(2)
    expect(mails[0]?.text).toContain(`${DEMO_AMBASSADOR.name} a activé`)

    expect((await resend('SAL001')).json().code).toBe('referrals.not_found')
    expect((await resend('SAL999')).json().code).toBe('referrals.not_found')
    const salon = await findSalonByPublicId(t.database.db, mine.salonId)
    if (salon) await recordOwnerSignIn(t.database.db, salon, t.clock.now())
    const late = await resend(mine.salonId)
    expect(late.statusCode).toBe(409)
    expect(late.json().code).toBe('referrals.owner_signed_in')
  })
})

describe('access', () => {
  it('keeps the funnel to administrators', async () => {
    const owner = await ownerCookie(t)
    const ambassador = await ambassadorCookie(t)
    const id = '00000000-0000-4000-8000-000000000000'
    const calls = [
      { method: 'GET', url: '/api/admin/ambassadors' },
      { method: 'POST', url: `/api/admin/ambassadors/${id}/deactivate` },
      { method: 'PATCH', url: `/api/admin/waitlist/${id}`, payload: { status: 'contacted' } },
      { method: 'POST', url: `/api/admin/waitlist/${id}/activate`, payload: { authorizedEmail: 'a@gmail.com' } },
      { method: 'POST', url: `/api/admin/waitlist/${id}/link`, payload: { salonId: 'SAL001' } },
      { method: 'DELETE', url: `/api/admin/waitlist/${id}` },
      { method: 'POST', url: '/api/admin/salons/SAL001/resend-activation-email' },
    ] as const
    for (const call of calls) {
      for (const cookie of ['', owner, ambassador]) {
        const res = await t.app.inject({ ...call, headers: { cookie } })
        expect([401, 403], `${call.method} ${call.url}`).toContain(res.statusCode)
      }
    }
    const noAmbassador = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ambassadors/${id}/deactivate`,
      ...as(admin),
    })
    expect(noAmbassador.statusCode).toBe(404)
    expect(noAmbassador.json().code).toBe('ambassadors.not_found')
  })
})
