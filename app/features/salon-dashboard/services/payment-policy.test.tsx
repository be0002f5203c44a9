// @vitest-environment happy-dom

import { ApiError } from '@app/lib/api'
import { fr } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { OwnerService } from '@common/schemas/catalog'
import type { PaymentPolicies, PaymentPolicy } from '@common/schemas/payments'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ServicesCard } from '../overview/ServicesCard'
import { askedBy, paymentPolicyErrorText } from './payment-policy-api'

const service = (id: string, name: string, extra: Partial<OwnerService> = {}): OwnerService => ({
  id,
  salonId: 'SAL001',
  name,
  description: '',
  duration: 45,
  processing: null,
  cleanup: 0,
  price: 4550,
  priceAmount: '45.50',
  currency: 'EUR',
  isActive: true,
  position: 1,
  translations: {},
  descriptionTranslations: {},
  nameLanguage: 'fr',
  ownerTranslations: {},
  suggestedTranslations: {},
  ...extra,
})
const COUPE = service('00000000-0000-4000-8000-000000000001', 'Coupe femme')
const NEW_ID = '00000000-0000-4000-8000-000000000009'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch answering by "METHOD path", recording every call; anything else is a 404. */
function serve(routes: Record<string, (body: unknown) => Response>) {
  const calls: { method: string; url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, url: String(input), body })
      const route = routes[`${method} ${String(input)}`]
      return route ? route(body) : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return calls
}

const policies = (readiness: PaymentPolicies['readiness'], byService: Record<string, PaymentPolicy> = {}) =>
  json({ readiness, currency: 'EUR', policies: byService } satisfies PaymentPolicies)
/** Text as a reader sees it: French puts no-break spaces before ; and €, inside « ». */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
/** Finds the element of a tag whose text reads `text`, whatever its spaces. */
const byText =
  (text: string, tag = 'P') =>
  (_: string, element: Element | null) =>
    element?.tagName === tag && plain(element.textContent) === plain(text)

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a service’s deposit or guarantee', () => {
  it('asks 30 % of the price as a deposit: the preview computes it, and the policy is saved after the service', async () => {
    let saved: Record<string, PaymentPolicy> = {}
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'GET /api/salons/SAL001/payment-policies': () => policies('ready', saved),
      'PATCH /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001': () => json(COUPE),
      'PUT /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001/payment-policy': (body) => {
        saved = { [COUPE.id]: body as PaymentPolicy }
        return json(body)
      },
    })
    const user = userEvent.setup({ delay: null })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Modifier «\u00a0Coupe femme\u00a0»' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier «\u00a0Coupe femme\u00a0»' })
    const nothing = (await within(dialog).findByRole('radio', { name: 'Rien' })) as HTMLInputElement
    expect(nothing.checked).toBe(true)
    expect(within(dialog).getByRole('radiogroup', { name: fr.paymentPolicy.kinds.label })).toBeTruthy()
    expect(plain(within(dialog).getByTestId('payment-preview').textContent)).toBe(plain(fr.paymentPolicy.preview.none))

    await user.click(within(dialog).getByRole('radio', { name: 'Acompte' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Pourcentage du prix' }))
    await user.type(within(dialog).getByLabelText(/^Part du prix/), '30')
    const hours = within(dialog).getByLabelText(/^Annulation gratuite/)
    await user.clear(hours)
    await user.type(hours, '48')
    // 30 % of 45,50 €, as the customer will read it.
    expect(plain(within(dialog).getByTestId('payment-preview').textContent)).toBe(
      'Un acompte de 13,65 € est demandé ; remboursé en cas d’annulation jusqu’à 48 h avant, conservé sinon ou en cas d’absence.',
    )
    // The price changes: so does the deposit, never above it nor under 0,50 €.
    const price = within(dialog).getByLabelText(/^Prix/)
    await user.clear(price)
    await user.type(price, '1')
    expect(plain(within(dialog).getByTestId('payment-preview').textContent)).toContain('Un acompte de 0,50 €')

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const writes = calls.filter((call) => call.method !== 'GET')
    expect(writes.map((call) => call.method)).toEqual(['PATCH', 'PUT'])
    expect(writes[1]?.body).toEqual({ kind: 'deposit', deposit: { type: 'percent', percent: 30 }, freeCancelHours: 48 })
    // The list says so at once.
    await waitFor(() => expect(plain(screen.getByTestId('service-row').textContent)).toContain('Acompte 13,65 €'))
  })

  it('adds a service with the card as a guarantee, refusing a fee under 0,50 €, and saves it once the service has its id', async () => {
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'GET /api/salons/SAL001/payment-policies': () => policies('ready'),
      'POST /api/salons/SAL001/services': (body) =>
        json(service(NEW_ID, (body as { name: string }).name, { price: 6000, priceAmount: '60.00' }), 201),
      [`PUT /api/salons/SAL001/services/${NEW_ID}/payment-policy`]: (body) => json(body),
    })
    const user = userEvent.setup({ delay: null })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Ajouter un service' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau service' })
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Balayage')
    await user.type(within(dialog).getByLabelText(/^Durée/), '90')
    await user.type(within(dialog).getByLabelText(/^Prix/), '60')
    await user.click(await within(dialog).findByRole('radio', { name: 'Carte en garantie' }))
    const fee = within(dialog).getByLabelText(/^Montant prélevé/)
    await user.type(fee, '0,20')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le service' }))
    expect(await within(dialog).findByText(byText('Indiquez un montant de 0,50 € à 10 000 €.'))).toBeTruthy()
    expect(document.activeElement).toBe(fee)
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    await user.clear(fee)
    await user.type(fee, '20')
    expect(plain(within(dialog).getByTestId('payment-preview').textContent)).toBe(
      'Carte gardée en garantie ; 20 € prélevés en cas d’annulation tardive (moins de 24 h avant) ou d’absence.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le service' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const writes = calls.filter((call) => call.method !== 'GET')
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/salons/SAL001/services',
      `PUT /api/salons/SAL001/services/${NEW_ID}/payment-policy`,
    ])
    expect(writes[1]?.body).toEqual({ kind: 'guarantee', feeMinor: 2000, freeCancelHours: 24 })
  })

  it('on a server without payments, shows the policy but lets nobody change it, and says why', async () => {
    const kept: PaymentPolicy = { kind: 'guarantee', feeMinor: 1500, freeCancelHours: 12 }
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'GET /api/salons/SAL001/payment-policies': () => policies('not_configured', { [COUPE.id]: kept }),
      'PATCH /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001': () => json(COUPE),
    })
    const user = userEvent.setup({ delay: null })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    // The list shows the policy, greyed: nothing is asked of customers yet.
    expect(plain((await screen.findByText(/^Carte en garantie/)).textContent)).toBe(
      'Carte en garantie (pas encore demandé aux clients)',
    )
    await user.click(screen.getByRole('button', { name: 'Modifier «\u00a0Coupe femme\u00a0»' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier «\u00a0Coupe femme\u00a0»' })
    const guarantee = (await within(dialog).findByRole('radio', { name: 'Carte en garantie' })) as HTMLInputElement
    expect(guarantee.checked).toBe(true)
    for (const radio of within(dialog).getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true)
    expect((within(dialog).getByLabelText(/^Montant prélevé/) as HTMLInputElement).value).toBe('15')
    expect((within(dialog).getByLabelText(/^Montant prélevé/) as HTMLInputElement).disabled).toBe(true)
    const reason = within(dialog).getByTestId('payment-readiness')
    expect(plain(reason.textContent)).toBe(plain(fr.paymentPolicy.readiness.not_configured))
    expect(
      within(dialog).getByRole('radiogroup', { name: fr.paymentPolicy.kinds.label }).getAttribute('aria-describedby'),
    ).toBe(reason.id)

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((call) => call.method !== 'GET').map((call) => call.method)).toEqual(['PATCH'])
  })

  it('says in French why the server refused the policy, and keeps the dialog open to try again', async () => {
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'GET /api/salons/SAL001/payment-policies': () => policies('incomplete'),
      'PATCH /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001': () => json(COUPE),
      'PUT /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001/payment-policy': () =>
        json({ code: 'payments.service_not_found', message: 'This service does not exist.' }, 404),
    })
    const user = userEvent.setup({ delay: null })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Modifier «\u00a0Coupe femme\u00a0»' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier «\u00a0Coupe femme\u00a0»' })
    expect(plain((await within(dialog).findByTestId('payment-readiness')).textContent)).toBe(
      plain(fr.paymentPolicy.readiness.incomplete),
    )
    // Still ready to prepare: the account is being finished.
    await user.click(within(dialog).getByRole('radio', { name: 'Acompte' }))
    await user.type(within(dialog).getByLabelText(/^Acompte \(EUR\)/), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(dialog).findByText(byText(fr.paymentPolicy.errors.serviceNotFound, 'SPAN'))).toBeTruthy()
    expect(await screen.findByText(fr.paymentPolicy.saveError)).toBeTruthy()
    expect(screen.queryByText(/does not exist/)).toBeNull()
    expect(screen.getByRole('dialog')).toBeTruthy()
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      kind: 'deposit',
      deposit: { type: 'fixed', amountMinor: 1000 },
      freeCancelHours: 24,
    })
  })
})

describe('the policy helpers', () => {
  it('compute what a booking is asked as the server does', () => {
    const percent = (p: number): PaymentPolicy => ({
      kind: 'deposit',
      deposit: { type: 'percent', percent: p },
      freeCancelHours: 24,
    })
    expect(askedBy(percent(30), 4550)).toEqual({ kind: 'deposit', amountMinor: 1365 })
    expect(askedBy(percent(10), 300)).toEqual({ kind: 'deposit', amountMinor: 50 })
    expect(askedBy(percent(100), 40)).toBeUndefined()
    expect(
      askedBy({ kind: 'deposit', deposit: { type: 'fixed', amountMinor: 9000 }, freeCancelHours: 0 }, 4550),
    ).toEqual({ kind: 'deposit', amountMinor: 4550 })
    expect(askedBy({ kind: 'none' }, 4550)).toBeUndefined()
  })

  it('word the server’s refusals by their codes, never in its English', () => {
    const refusal = (code: string, status: number) => new ApiError(status, '', { code, message: 'English words' })
    const t = i18next.t.bind(i18next)
    expect(paymentPolicyErrorText(t, refusal('payments.not_ready', 409))).toBe(fr.paymentPolicy.errors.notReady)
    expect(paymentPolicyErrorText(t, refusal('payments.service_not_found', 404))).toBe(
      fr.paymentPolicy.errors.serviceNotFound,
    )
    expect(paymentPolicyErrorText(t, refusal('payments.something_new', 500))).toBe(fr.paymentPolicy.errors.generic)
    expect(paymentPolicyErrorText(t, new TypeError('Failed to fetch'))).toBe(fr.paymentPolicy.errors.network)
  })
})
