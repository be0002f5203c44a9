// @vitest-environment happy-dom

import { fr } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { PaymentFigures as Figures, PaymentPolicies } from '@common/schemas/payments'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PaymentFigures } from './PaymentFigures'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The two answers the card reads; anything else is a 404. */
function serve(readiness: PaymentPolicies['readiness'], figures: Partial<Figures>) {
  const answers: Record<string, unknown> = {
    '/api/salons/SAL001/payment-policies': { readiness, currency: 'EUR', policies: {} },
    '/api/salons/SAL001/payment-figures?days=30': {
      currency: 'EUR',
      days: 30,
      depositsMinor: 0,
      refundedMinor: 0,
      keptMinor: 0,
      feesMinor: 0,
      noShowRate: { before: null, after: null, since: null },
      ...figures,
    },
  }
  const urls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input))
      const answer = answers[String(input)]
      return answer ? json(answer) : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return urls
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
/** What one amount of the card reads: its label, then its value. */
const amountOf = (label: string) => {
  const term = screen.getByText(label)
  return plain(term.parentElement?.querySelector('dd')?.textContent)
}

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the money of the period', () => {
  it('shows deposits taken, refunded and kept and the fees in the salon’s currency, and the no-show rate before and since', async () => {
    serve('ready', {
      depositsMinor: 125_000,
      refundedMinor: 3000,
      keptMinor: 4550,
      feesMinor: 2000,
      noShowRate: { before: 12.5, after: 4, since: '2026-03-03T09:00:00.000Z' },
    })
    renderWithQueries(<PaymentFigures salonId="SAL001" />)
    expect(await screen.findByRole('heading', { name: fr.paymentPolicy.figures.title })).toBeTruthy()
    expect(amountOf(fr.paymentPolicy.figures.deposits)).toBe('1 250,00 EUR')
    expect(amountOf(fr.paymentPolicy.figures.refunded)).toBe('30,00 EUR')
    expect(amountOf(fr.paymentPolicy.figures.kept)).toBe('45,50 EUR')
    expect(amountOf(fr.paymentPolicy.figures.fees)).toBe('20,00 EUR')
    expect(screen.getByText(/Absences avant et depuis la première réservation avec paiement/).textContent).toContain(
      '3 mars 2026',
    )
    expect(amountOf('Avant')).toBe('12,5 %')
    expect(amountOf('Depuis')).toBe('4 %')
    expect(screen.queryByText(fr.paymentPolicy.figures.nothingMoved)).toBeNull()
  })

  it('says so in plain words when nothing moved yet and a period has no data', async () => {
    serve('not_connected', { noShowRate: { before: null, after: 8, since: '2026-03-03T09:00:00.000Z' } })
    renderWithQueries(<PaymentFigures salonId="SAL001" />)
    expect(await screen.findByText(fr.paymentPolicy.figures.nothingMoved)).toBeTruthy()
    expect(amountOf(fr.paymentPolicy.figures.deposits)).toBe('0,00 EUR')
    const before = screen.getByText('Avant').parentElement as HTMLElement
    expect(plain(within(before).getByRole('definition').textContent)).toBe(`—${fr.paymentPolicy.figures.noShow.noData}`)
    expect(screen.getByText(fr.paymentPolicy.figures.noShow.beforeEmpty.replace(/\s+/g, ' '))).toBeTruthy()
  })

  it('says the comparison starts with the first booking that asks for money', async () => {
    serve('ready', {})
    renderWithQueries(<PaymentFigures salonId="SAL001" />)
    expect(await screen.findByText(fr.paymentPolicy.figures.noShow.notYet.replace(/\s+/g, ' '))).toBeTruthy()
    expect(screen.queryByText('Avant')).toBeNull()
  })

  it('shows nothing on a server without payments where nothing ever moved', async () => {
    const urls = serve('not_configured', {})
    const { container } = renderWithQueries(<PaymentFigures salonId="SAL001" />)
    await waitFor(() => expect(urls).toHaveLength(2))
    // Both answers read and rendered: still nothing.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(screen.queryByRole('heading', { name: fr.paymentPolicy.figures.title })).toBeNull()
    expect(container.textContent).toBe('')
  })

  it('still shows what moved once payments are switched off on the server', async () => {
    serve('not_configured', { keptMinor: 2000 })
    renderWithQueries(<PaymentFigures salonId="SAL001" />)
    await screen.findByRole('heading', { name: fr.paymentPolicy.figures.title })
    expect(amountOf(fr.paymentPolicy.figures.kept)).toBe('20,00 EUR')
  })
})
