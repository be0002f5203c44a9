// @vitest-environment happy-dom

import { frenchTexts } from '@app/test-harness'
import type { Booking, BookingDetails } from '@common/schemas/booking'
import type { BookingPayment } from '@common/schemas/payments'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingPanel } from './BookingPanel'
import { BOOKING, details, json, renderDesk, SALON, serve, team } from './desk-test-harness'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The text as read: the narrow and non-breaking spaces of French typography as plain ones. */
const asRead = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const PAYMENT_URL = `/api/bookings/${BOOKING}/payment`

const payment = (changes: Partial<BookingPayment> = {}): BookingPayment => ({
  kind: 'deposit',
  state: 'paid',
  currency: 'EUR',
  depositMinor: 1500,
  feeMinor: 0,
  freeCancelHours: 24,
  // The day before the appointment (2099-12-02 10:00 in Paris), at the same time.
  freeCancelUntil: '2099-12-01T09:00:00.000Z',
  freeCancelOpen: true,
  movements: [
    { kind: 'deposit', amountMinor: 1500, currency: 'EUR', at: '2099-11-20T08:05:00.000Z', actor: 'customer' },
  ],
  actions: ['refund'],
  ...changes,
})

/**
 * The salon's server for one booking and its payment: the booking reads as `booking()` says (it
 * changes once an action confirms it), the payment as `paid()` says, and each action answers `act`.
 */
function servePayment({
  booking = () => ({}),
  paid = () => payment(),
  act = () => json({ payment: paid() }),
  shown = details,
}: {
  booking?: () => Partial<Booking>
  paid?: () => BookingPayment | null
  act?: (path: string) => Response
  shown?: (changes: Partial<Booking>) => BookingDetails
}) {
  return serve({
    [`GET /api/bookings/${BOOKING}`]: () => json(shown(booking())),
    [`GET /api/salons/${SALON}/team`]: () => json(team),
    [`GET /api/salons/${SALON}`]: () => json({ id: SALON, timeZone: 'Europe/Paris', country: 'FR', currency: 'EUR' }),
    [`GET ${PAYMENT_URL}`]: () => json({ payment: paid() }),
    [`POST ${PAYMENT_URL}/paid-at-salon`]: () => act('paid-at-salon'),
    [`POST ${PAYMENT_URL}/waive`]: () => act('waive'),
    [`POST ${PAYMENT_URL}/refund`]: () => act('refund'),
  })
}

async function openPayment() {
  renderDesk(<BookingPanel salonId={SALON} bookingId={BOOKING} open onOpenChange={() => {}} />)
  const panel = await screen.findByRole('dialog', { name: 'Léa Dupont' })
  return within(await within(panel).findByRole('region', { name: 'Paiement' }))
}

describe("the booking panel's payment", () => {
  it('shows a paid deposit with its ledger, and refunds it only once confirmed with its amount', async () => {
    let refunded = false
    const calls = servePayment({
      paid: () => (refunded ? payment({ actions: ['refund'] }) : payment()),
      act: () => {
        refunded = true
        return json({ payment: payment() })
      },
    })
    const section = await openPayment()
    expect(section.getByText('Acompte')).toBeTruthy()
    expect(section.getByText('Acompte payé')).toBeTruthy()
    expect(asRead(section.getByText('Acompte demandé').parentElement?.textContent)).toBe('Acompte demandé15 €')
    expect(asRead((await section.findByText(/^Annulation gratuite/)).textContent)).toBe(
      'Annulation gratuite jusqu’au mardi 1 décembre à 10:00 ; après, ou en cas d’absence, l’acompte est conservé.',
    )
    const line = section.getByText('Acompte reçu').closest('li')
    expect(asRead(line?.textContent)).toBe('Acompte reçuven. 20 nov. 09:05 · par le client15 €')

    await userEvent.click(section.getByRole('button', { name: 'Rembourser' }))
    const confirm = within(await screen.findByRole('alertdialog'))
    expect(asRead(confirm.getByRole('heading').textContent)).toBe('Rembourser 15 € ?')
    expect(asRead(confirm.getByText(/sur sa carte/).textContent)).toBe(
      'L’acompte de 15 € est remboursé à Léa Dupont sur sa carte. Cela ne peut pas être annulé.',
    )
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
    await userEvent.click(confirm.getByRole('button', { name: /^Rembourser 15/ }))
    await waitFor(() => expect(calls).toContainEqual({ url: `${PAYMENT_URL}/refund`, method: 'POST', body: undefined }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // Asked: the job gives it back; meanwhile the panel says so and offers no second refund.
    expect(asRead((await section.findByText(/^Remboursement demandé :/)).textContent)).toContain('une fois effectué')
    expect(section.queryByRole('button', { name: 'Rembourser' })).toBeNull()
  })

  it('offers a held booking paid at the salon and waived, and confirms it on paid at the salon', async () => {
    let settled = false
    const awaiting = payment({ state: 'awaiting', movements: [], actions: ['paid_at_salon', 'waive'] })
    const atSalon = payment({
      state: 'paid_at_salon',
      movements: [
        { kind: 'paid_at_salon', amountMinor: 1500, currency: 'EUR', at: '2099-11-20T08:10:00.000Z', actor: 'salon' },
      ],
      actions: [],
    })
    const calls = servePayment({
      booking: () => ({ status: settled ? 'confirmed' : 'held' }),
      paid: () => (settled ? atSalon : awaiting),
      act: () => {
        settled = true
        return json({ payment: atSalon })
      },
    })
    const section = await openPayment()
    const dialog = within(screen.getByRole('dialog', { name: 'Léa Dupont' }))
    // Booked at 09:00 in Paris: the customer has until 09:15 to pay.
    expect(await section.findByText('En attente du paiement du client, jusqu’à 09:15')).toBeTruthy()
    expect(dialog.getByText('En attente de paiement')).toBeTruthy()
    expect(section.getByRole('button', { name: 'Dispenser' })).toBeTruthy()

    await userEvent.click(section.getByRole('button', { name: 'Payé au salon' }))
    await waitFor(() =>
      expect(calls).toContainEqual({ url: `${PAYMENT_URL}/paid-at-salon`, method: 'POST', body: undefined }),
    )
    // The payment and the booking read again: settled at the desk, the booking confirmed.
    expect(await dialog.findByText('Confirmé')).toBeTruthy()
    expect(section.getAllByText('Payé au salon').length).toBe(2)
    expect(section.queryByRole('button')).toBeNull()
  })

  it('waives after a short question, and says so when the payment changed meanwhile', async () => {
    const calls = servePayment({
      booking: () => ({ status: 'held' }),
      paid: () =>
        payment({
          kind: 'guarantee',
          state: 'awaiting',
          depositMinor: 0,
          feeMinor: 2000,
          movements: [],
          actions: ['paid_at_salon', 'waive'],
        }),
      act: () =>
        json({ code: 'payments.nothing_to_settle', message: 'This booking has no payment waiting for that.' }, 409),
    })
    const section = await openPayment()
    expect(section.getByText('Carte en garantie')).toBeTruthy()
    expect(asRead(section.getByText('Frais en cas d’annulation tardive ou d’absence').parentElement?.textContent)).toBe(
      'Frais en cas d’annulation tardive ou d’absence20 €',
    )
    await userEvent.click(section.getByRole('button', { name: 'Dispenser' }))
    const confirm = within(await screen.findByRole('alertdialog', { name: /Dispenser ce rendez-vous du paiement/ }))
    expect(confirm.getByText(/sans carte en garantie/)).toBeTruthy()
    await userEvent.click(confirm.getByRole('button', { name: 'Dispenser' }))
    await waitFor(() => expect(calls).toContainEqual({ url: `${PAYMENT_URL}/waive`, method: 'POST', body: undefined }))
    expect(asRead((await section.findByRole('alert')).textContent)).toContain(
      'Ce paiement a changé entre-temps (payé en ligne, ou créneau libéré) : il n’y a plus rien à régler.',
    )
  })

  it('writes a payment line of the history with its amount', async () => {
    const at = { startsAt: '2099-11-20T08:05:00.000Z', localDate: '2099-11-20', localTime: '09:05' }
    servePayment({
      shown: (changes) => {
        const shown = details(changes)
        shown.history.push({
          kind: 'payment',
          actor: 'customer',
          channel: 'web',
          at,
          from: null,
          to: null,
          status: null,
          reason: null,
          toldBy: [],
          quiet: false,
          undo: false,
          payment: { what: 'deposit', amountMinor: 1500, currency: 'EUR' },
        })
        return shown
      },
    })
    await openPayment()
    const dialog = within(screen.getByRole('dialog', { name: 'Léa Dupont' }))
    expect(
      dialog.getByText(
        (_, element) => element?.tagName === 'P' && asRead(element.textContent) === 'Acompte de 15 € payé',
      ),
    ).toBeTruthy()
  })

  it('shows nothing when the booking asked for no payment', async () => {
    servePayment({ paid: () => null })
    renderDesk(<BookingPanel salonId={SALON} bookingId={BOOKING} open onOpenChange={() => {}} />)
    const panel = within(await screen.findByRole('dialog', { name: 'Léa Dupont' }))
    await waitFor(() => expect(panel.getByText('Historique')).toBeTruthy())
    expect(panel.queryByRole('region', { name: 'Paiement' })).toBeNull()
  })
})
