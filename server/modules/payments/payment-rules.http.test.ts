import { eventually } from '@tests/helpers/jobs'
import { ownerCookie } from '@tests/helpers/sign-in'
import {
  connectStripe,
  latestBookingId,
  newTestChat,
  ofBooking,
  openPaymentPage,
  payLinkIn,
  paymentOf,
  type StripeTestApp,
  say,
  setPolicy,
  settle,
  startStripeApp,
} from '@tests/helpers/stripe'
import { rowsOf } from '@tests/helpers/telegram'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The money follows the rules: a card guarantee charges its fee on a no-show (or asks the customer
 * when the bank wants them), the desk settles a held booking itself, the salon's own cancellation
 * refunds, a payment after the release goes back, and the desk's and the API's bookings are never
 * held. One app; each test books its own day.
 */

let t: StripeTestApp
beforeAll(async () => {
  t = await startStripeApp()
  await connectStripe(t)
  await setPolicy(t, 'Balayage', { kind: 'deposit', deposit: { type: 'percent', percent: 30 }, freeCancelHours: 24 })
  await setPolicy(t, 'Coloration', { kind: 'guarantee', feeMinor: 2500, freeCancelHours: 24 })
})
afterAll(() => t.close())

const desk = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: t.owner }, ...(payload ? { payload } : {}) })

/** A chat books `service` on `when` and says yes: the booking held, and the link to pay. */
async function held(service: string, when: string) {
  const chat = newTestChat('fr', 'Inès')
  const proposal = await say(t, chat, `Bonjour, je voudrais une ${service} ${when}`)
  const reply = await say(t, chat, 'oui')
  const bookingId = await latestBookingId(t)
  expect(await paymentOf(t, bookingId)).toMatchObject({ status: 'held', state: 'awaiting' })
  return { chat, proposal, bookingId, link: payLinkIn(reply) }
}

const account = () => t.fake.accounts()[0]?.id as string

/** The clock set to an instant, and the owner signed in again (a session lasts less than a week). */
async function at(instant: string) {
  t.clock.set(new Date(instant))
  t.owner = await ownerCookie(t)
}

describe('a card guarantee', () => {
  it('saves the card without charging, then charges the fee off-session when the desk marks a no-show', async () => {
    const { proposal, bookingId, link } = await held('coloration', 'mardi 8 décembre à 10h')
    expect(proposal).toMatch(/votre carte en garantie : rien n'est débité, sauf 25\s€/)
    const session = await openPaymentPage(t, link)
    expect(t.fake.sessions().find((s) => s.id === session)?.mode).toBe('setup')
    t.fake.pay(session)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'secured' })
    expect(ofBooking(t.fake.charges(account()), bookingId)).toEqual([])

    // The appointment's time comes; she does not.
    await at('2026-12-08T10:30:00+01:00')
    expect((await desk('POST', `/api/bookings/${bookingId}/status`, { status: 'no_show' })).statusCode).toBe(200)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'no_show', state: 'fee_charged' })
    const charges = ofBooking(t.fake.charges(account()), bookingId)
    expect(charges.map((c) => c.amount)).toEqual([2500])
    const panel = (await desk('GET', `/api/bookings/${bookingId}/payment`)).json()
    expect(panel.payment).toMatchObject({ kind: 'guarantee', state: 'fee_charged', feeMinor: 2500 })
    expect(panel.payment.movements.map((m: { kind: string; amountMinor: number }) => [m.kind, m.amountMinor])).toEqual([
      ['fee', 2500],
    ])
  })

  it('asks the customer to confirm the fee when the bank wants authentication, and records it once they do', async () => {
    await at('2026-12-01T09:00:00+01:00')
    const { bookingId, link } = await held('coloration', 'mercredi 9 décembre à 10h')
    // A card that passes 3-D Secure on the page, and whose later charges need the customer again.
    t.fake.pay(await openPaymentPage(t, link), { card: '4000002760003184' })
    await settle(t)
    await at('2026-12-09T10:30:00+01:00')
    await desk('POST', `/api/bookings/${bookingId}/status`, { status: 'no_show' })
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'no_show', state: 'fee_waiting' })
    expect(ofBooking(t.fake.charges(account()), bookingId)).toEqual([])
    // The customer reads it in their chat, with the link; the link leads to the fee's page.
    const [told] = await rowsOf<{ text: string }>(
      t,
      sql`select m.text from salon_messages m join booking_events e on e.id = m.booking_event_id
        where e.booking_id = ${bookingId} and e.payment->>'what' = 'fee_waiting'`,
    )
    expect(told?.text).toMatch(/Votre banque demande votre confirmation pour les frais de 25\s€/)
    const feePage = await openPaymentPage(t, payLinkIn(told?.text ?? ''))
    t.fake.pay(feePage, { card: '4000002760003184' })
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'no_show', state: 'fee_charged' })
    expect(ofBooking(t.fake.charges(account()), bookingId).map((c) => c.amount)).toEqual([2500])
  })

  it('charges the fee when the customer cancels inside the 24 hours, and nothing when earlier', async () => {
    await at('2026-12-01T17:00:00+01:00')
    const late = await held('coloration', 'demain à 15h')
    t.fake.pay(await openPaymentPage(t, late.link))
    const early = await held('coloration', 'jeudi 10 décembre à 15h')
    t.fake.pay(await openPaymentPage(t, early.link))
    await settle(t)
    await say(t, late.chat, 'Je voudrais annuler mon rendez-vous', 'oui')
    await say(t, early.chat, 'Je voudrais annuler mon rendez-vous', 'oui')
    await settle(t)
    expect(await paymentOf(t, late.bookingId)).toEqual({ status: 'cancelled', state: 'fee_charged' })
    expect(await paymentOf(t, early.bookingId)).toEqual({ status: 'cancelled', state: 'secured' })
    expect(ofBooking(t.fake.charges(account()), early.bookingId)).toEqual([])
  })
})

describe('a deposit', () => {
  it('is a percentage of the price, and the salon cancelling refunds it whatever the hour', async () => {
    await at('2026-12-01T09:00:00+01:00')
    const { proposal, bookingId, link } = await held('balayage', 'demain à 10h')
    // 30 % of 95 €.
    expect(proposal).toMatch(/acompte de 28,50\s€/)
    t.fake.pay(await openPaymentPage(t, link))
    await settle(t)
    expect((await desk('POST', `/api/bookings/${bookingId}/cancel`, { reason: 'Coiffeuse malade' })).statusCode).toBe(
      200,
    )
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'cancelled', state: 'refunded' })
    expect(ofBooking(t.fake.refunds(account()), bookingId).map((r) => r.amount)).toEqual([2850])
  })

  it('paid on the page in the instant the customer cancelled: the deposit goes back in full', async () => {
    await at('2026-12-01T09:00:00+01:00')
    const { chat, bookingId, link } = await held('balayage', 'vendredi 11 décembre à 10h')
    const session = await openPaymentPage(t, link)
    // She cancels in the chat while the page is still open, and pays on it in the same instant:
    // the cancellation's job is asking Stripe to close the page when the payment goes through.
    t.fake.hold()
    try {
      await say(t, chat, 'Je voudrais annuler mon rendez-vous', 'oui')
      expect((await paymentOf(t, bookingId))?.status).toBe('cancelled')
      t.fake.pay(session)
    } finally {
      t.fake.release()
    }
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'cancelled', state: 'refunded' })
    expect(ofBooking(t.fake.refunds(account()), bookingId).map((r) => r.amount)).toEqual([2850])
  })
})

describe('the link to pay', () => {
  it('followed while the job is opening the page: both end on that one page', async () => {
    await at('2026-12-01T09:00:00+01:00')
    // Stripe slow: the job's call to make the page is in flight when the customer taps the link.
    t.fake.hold()
    let session: Promise<string> | undefined
    try {
      const chat = newTestChat('fr', 'Lou')
      await say(t, chat, 'Bonjour, je voudrais une balayage mercredi 16 décembre à 10h')
      const reply = await say(t, chat, 'oui')
      await t.fake.whenHeld(1)
      session = openPaymentPage(t, payLinkIn(reply))
      // Stripe answers the link's own call "in flight under this key" (409), and the link waits.
      await eventually(() => (t.fake.requests().some((r) => r.status === 409) ? true : undefined))
    } finally {
      t.fake.release()
    }
    const id = await session
    const page = t.fake.sessions(account()).find((s) => s.id === id)
    const bookingId = (page?.metadata as Record<string, string> | undefined)?.salonia_booking ?? ''
    // One page for that booking: the link led to the one the job made.
    expect(ofBooking(t.fake.sessions(account()), bookingId).map((s) => s.id)).toEqual([id])
  })
})

describe('the desk', () => {
  it('settles a held booking paid at the salon: confirmed, recorded, and the customer’s page closed', async () => {
    await at('2026-12-01T09:00:00+01:00')
    const { bookingId, link } = await held('balayage', 'samedi 12 décembre à 10h')
    const session = await openPaymentPage(t, link)
    const answer = await desk('POST', `/api/bookings/${bookingId}/payment/paid-at-salon`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().payment).toMatchObject({ state: 'paid_at_salon', actions: [] })
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'paid_at_salon' })
    expect(t.fake.sessions().find((s) => s.id === session)?.status).toBe('expired')
    // Twice is refused, in words.
    const again = await desk('POST', `/api/bookings/${bookingId}/payment/paid-at-salon`)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('payments.nothing_to_settle')
  })

  it('waives the policy: confirmed with nothing asked', async () => {
    const { bookingId } = await held('balayage', 'mardi 15 décembre à 10h')
    expect((await desk('POST', `/api/bookings/${bookingId}/payment/waive`)).statusCode).toBe(200)
    await settle(t)
    expect(await paymentOf(t, bookingId)).toEqual({ status: 'confirmed', state: 'waived' })
  })

  it('books at the desk without holding: the salon asks in person', async () => {
    const services = (await desk('GET', '/api/salons/SAL001/services')).json() as { id: string; name: string }[]
    const balayage = services.find((s) => s.name === 'Balayage')?.id
    const answer = await desk('POST', '/api/salons/SAL001/bookings', {
      channel: 'dashboard',
      serviceId: balayage,
      startsAt: '2026-12-16T10:00',
      customer: { name: 'Nadia Comptoir' },
    })
    expect(answer.statusCode).toBe(201)
    expect(answer.json().status).toBe('confirmed')
    expect((await desk('GET', `/api/bookings/${answer.json().id}/payment`)).json()).toEqual({ payment: null })
  })
})

describe('the policies', () => {
  it('are listed with whether they apply, refused on another salon’s service, and removed with none', async () => {
    const listed = (await desk('GET', '/api/salons/SAL001/payment-policies')).json()
    expect(listed.readiness).toBe('ready')
    expect(Object.values(listed.policies)).toContainEqual({ kind: 'guarantee', feeMinor: 2500, freeCancelHours: 24 })
    const unknown = await desk('GET', '/api/salons/SAL001/payment-policies')
    expect(unknown.statusCode).toBe(200)
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/salons/SAL001/services/00000000-0000-4000-8000-000000000000/payment-policy',
      headers: { cookie: t.owner },
      payload: { kind: 'guarantee', feeMinor: 2500, freeCancelHours: 24 },
    })
    expect(wrong.statusCode).toBe(404)
    const tooSmall = await t.app.inject({
      method: 'PUT',
      url: `/api/salons/SAL001/services/${Object.keys(listed.policies)[0]}/payment-policy`,
      headers: { cookie: t.owner },
      payload: { kind: 'deposit', deposit: { type: 'fixed', amountMinor: 10 }, freeCancelHours: 24 },
    })
    expect(tooSmall.statusCode).toBe(400)
  })
})
