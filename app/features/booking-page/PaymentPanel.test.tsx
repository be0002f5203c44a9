// @vitest-environment happy-dom

import BookingPage from '@app/pages/BookingPage'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { BookingPage as Page } from '@common/schemas/booking-page'
import type { BookingPagePayment } from '@common/schemas/payments'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const asRead = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const TOKEN = 'b.abc123'
const API = `/api/r/${TOKEN}`
const PAY_URL = `https://salonia.test${API}/pay`

const page = (changes: Partial<Page> = {}): Page => ({
  language: 'fr',
  customerName: 'Léa Dupont',
  status: 'held',
  service: 'Brushing',
  serviceDescription: null,
  durationMinutes: 30,
  price: 3000,
  currency: 'EUR',
  member: 'Marie',
  startsAt: '2099-12-02T09:00:00.000Z',
  endsAt: '2099-12-02T09:30:00.000Z',
  localDate: '2099-12-02',
  localTime: '10:00',
  localEndTime: '10:30',
  timeZone: 'Europe/Paris',
  salon: {
    name: 'Salon Lumière',
    address: '12 rue des Lilas, 75011 Paris',
    phone: '+33 1 23 45 67 89',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=12+rue+des+Lilas',
    chatPath: '/chat/SAL001',
    practicalInfo: null,
  },
  cancellationNoticeMinutes: 120,
  changeableUntil: '2099-12-02T07:00:00.000Z',
  changeableUntilLocal: '2099-12-02T08:00',
  canCancel: true,
  canMove: false,
  ...changes,
})

const payment = (changes: Partial<BookingPagePayment> = {}): BookingPagePayment => ({
  kind: 'deposit',
  state: 'awaiting',
  currency: 'EUR',
  depositMinor: 1500,
  feeMinor: 0,
  freeCancelUntil: '2099-12-01T09:00:00.000Z',
  freeCancelOpen: true,
  heldUntil: '2099-11-20T09:15:00.000Z',
  payUrl: PAY_URL,
  movements: [],
  ...changes,
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The page's two reads, each answering from its own function (called at every read). */
function serveLink(read: () => Page, paid: () => BookingPagePayment | null) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      calls.push(`${method} ${input}`)
      if (method === 'GET' && input === API) return json(read())
      if (method === 'GET' && input === `${API}/payment`) return json({ payment: paid() })
      return json({ code: 'test.unexpected' }, 404)
    }),
  )
  return calls
}

function renderLink(search = '') {
  const { hook, searchHook } = memoryLocation({ path: `/r/${TOKEN}`, searchPath: search })
  renderWithQueries(
    <Router hook={hook} searchHook={searchHook}>
      <Route path="/r/:token" component={BookingPage} />
    </Router>,
  )
}

describe("the customer's booking page: its payment", () => {
  it('asks a held booking for its deposit before the time is released, with a link to pay', async () => {
    serveLink(page, payment)
    renderLink()
    const region = await screen.findByRole('region', { name: /Acompte de 15/ })
    expect(asRead(region.textContent)).toContain(
      "Nous vous gardons ce créneau jusqu'à 10:15 : réglez l'acompte de 15 € pour le confirmer.",
    )
    const pay = screen.getByRole('link', { name: "Payer l'acompte" })
    expect(pay.getAttribute('href')).toBe(PAY_URL)
    expect(asRead(region.textContent)).toContain(
      "Annulation gratuite jusqu'au mardi 1 décembre à 10:00 ; ensuite, ou si vous ne venez pas, l'acompte est conservé par le salon.",
    )
    expect(screen.getByText('En attente de paiement')).toBeTruthy()
  })

  it('says the payment is received back from paying, and reads the page again until it is confirmed', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    })
    let reads = 0
    const calls = serveLink(
      () => page({ status: reads++ < 1 ? 'held' : 'confirmed' }),
      () =>
        reads < 2
          ? payment()
          : payment({
              state: 'paid',
              heldUntil: null,
              payUrl: null,
              movements: [
                {
                  kind: 'deposit',
                  amountMinor: 1500,
                  currency: 'EUR',
                  at: '2099-11-20T09:05:00.000Z',
                  actor: 'customer',
                },
              ],
            }),
    )
    renderLink('paid=1')
    expect(asRead((await screen.findByText(/^Paiement reçu/)).textContent)).toBe(
      'Paiement reçu : nous confirmons votre rendez-vous…',
    )
    // Nothing to pay again meanwhile.
    expect(await screen.findByRole('region', { name: /Acompte de 15/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: "Payer l'acompte" })).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(asRead((await screen.findByText(/votre rendez-vous est confirmé/)).textContent)).toBe(
      'Paiement reçu : votre rendez-vous est confirmé.',
    )
    expect(calls.filter((call) => call === `GET ${API}`).length).toBe(2)
    expect(asRead(screen.getByText(/^Acompte de 15 € réglé/).textContent)).toBe('Acompte de 15 € réglé')
    expect(screen.getByText('Le vendredi 20 novembre à 10:05', { exact: false })).toBeTruthy()
    expect(screen.queryByRole('link', { name: "Payer l'acompte" })).toBeNull()
    // Confirmed: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(4000))
    await waitFor(() => expect(calls.filter((call) => call === `GET ${API}`).length).toBe(2))
  })

  it('says the payment page cannot be reached, and until when the time stays held', async () => {
    serveLink(page, payment)
    renderLink('payment=unavailable')
    expect(asRead((await screen.findByText(/^La page de paiement/)).textContent)).toBe(
      "La page de paiement est injoignable pour le moment ; votre créneau reste retenu jusqu'à 10:15. Réessayez dans un instant.",
    )
    expect(screen.getByRole('link', { name: "Payer l'acompte" })).toBeTruthy()
  })

  it("says the free cancellation is over when the salon's clock says so, whatever the device's", async () => {
    serveLink(page, () => payment({ state: 'paid', heldUntil: null, payUrl: null, freeCancelOpen: false }))
    renderLink()
    const region = await screen.findByRole('region', { name: /Acompte de 15/ })
    expect(asRead(region.textContent)).toContain(
      "Le délai d'annulation gratuite est passé : si vous annulez ou ne venez pas, l'acompte est conservé par le salon.",
    )
  })

  it('asks the customer to confirm a fee their bank holds back', async () => {
    serveLink(
      () => page({ status: 'no_show', canCancel: false }),
      () => payment({ kind: 'guarantee', state: 'fee_waiting', depositMinor: 0, feeMinor: 2000, heldUntil: null }),
    )
    renderLink()
    const region = await screen.findByRole('region', { name: 'Carte en garantie' })
    expect(asRead(region.textContent)).toContain('Votre banque vous demande de confirmer les frais de 20 €.')
    expect(screen.getByRole('link', { name: 'Confirmer le paiement' }).getAttribute('href')).toBe(PAY_URL)
  })
})
