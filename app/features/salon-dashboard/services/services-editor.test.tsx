// @vitest-environment happy-dom

import { fr } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { OwnerService } from '@common/schemas/catalog'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ServicesCard } from '../overview/ServicesCard'

const service = (id: string, name: string, position: number, extra: Partial<OwnerService> = {}): OwnerService => ({
  id,
  salonId: 'SAL001',
  name,
  description: '',
  duration: 30,
  processing: null,
  cleanup: 0,
  price: 2500,
  priceAmount: '25.00',
  currency: 'EUR',
  isActive: true,
  position,
  translations: {},
  descriptionTranslations: {},
  nameLanguage: 'fr',
  ownerTranslations: {},
  suggestedTranslations: {},
  ...extra,
})
const COUPE = service('00000000-0000-4000-8000-000000000001', 'Coupe femme', 1, {
  price: 4550,
  priceAmount: '45.50',
  translations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
  suggestedTranslations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
})
const BARBE = service('00000000-0000-4000-8000-000000000002', 'Taille de barbe', 2)

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

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

const renderCard = (ui: ReactNode = <ServicesCard salonId="SAL001" />) => renderWithQueries(ui)

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the services editor', () => {
  it('adds a service with a price typed in euros, refusing three decimals before sending anything', async () => {
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'POST /api/salons/SAL001/services': (body) =>
        json(service('00000000-0000-4000-8000-000000000003', (body as { name: string }).name, 2), 201),
    })
    const user = userEvent.setup()
    renderCard()
    await user.click(await screen.findByRole('button', { name: 'Ajouter un service' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau service' })
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Soin kératine')
    await user.type(within(dialog).getByLabelText(/^Durée/), '60')
    await user.type(within(dialog).getByLabelText(/^Prix/), '49,999')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le service' }))
    expect(
      await within(dialog).findByText(fr.services.problems.price.too_many_decimals.replace(/\s+/g, ' ')),
    ).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])

    await user.clear(within(dialog).getByLabelText(/^Prix/))
    await user.type(within(dialog).getByLabelText(/^Prix/), '49,90')
    // A processing pause that would run to the end is refused before sending: work must follow it.
    await user.type(within(dialog).getByLabelText(/^Pose après/), '15')
    await user.type(within(dialog).getByLabelText(/^Temps de pose/), '45')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le service' }))
    expect(await within(dialog).findByText(/La pose doit commencer au moins 5 minutes après le début/)).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
    await user.clear(within(dialog).getByLabelText(/^Temps de pose/))
    await user.type(within(dialog).getByLabelText(/^Temps de pose/), '30')
    await user.type(within(dialog).getByLabelText(/^Nettoyage après/), '10')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le service' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Soin kératine',
      description: '',
      duration: 60,
      processing: { after: 15, minutes: 30 },
      cleanup: 10,
      priceAmount: '49.90',
      isActive: true,
    })
    expect(await screen.findByText('Service ajouté')).toBeTruthy()
  })

  it('edits a service from its price in euros, and sends only the names for the assistant that changed', async () => {
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'PATCH /api/salons/SAL001/services/00000000-0000-4000-8000-000000000001': () => json(COUPE),
    })
    const user = userEvent.setup()
    renderCard()
    await user.click(await screen.findByRole('button', { name: 'Modifier «\u00a0Coupe femme\u00a0»' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier «\u00a0Coupe femme\u00a0»' })
    expect((within(dialog).getByLabelText(/^Prix/) as HTMLInputElement).value).toBe('45,50')
    const german = within(dialog).getByLabelText('En allemand') as HTMLInputElement
    expect(german.placeholder).toBe('Damenhaarschnitt')
    expect(within(dialog).queryByLabelText('En français')).toBeNull()
    await user.type(german, 'Damenschnitt')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true))
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Coupe femme',
      description: '',
      duration: 30,
      processing: null,
      cleanup: 0,
      priceAmount: '45.50',
      isActive: true,
      translations: { de: 'Damenschnitt' },
    })
  })

  it('moves a service down with its arrow, sending the whole order; the first cannot go up', async () => {
    let order = [COUPE, BARBE]
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json(order),
      'PUT /api/salons/SAL001/services/order': () => {
        order = [BARBE, COUPE]
        return json(order)
      },
    })
    const user = userEvent.setup()
    renderCard()
    expect(
      ((await screen.findByRole('button', { name: 'Monter «\u00a0Coupe femme\u00a0»' })) as HTMLButtonElement).disabled,
    ).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Descendre «\u00a0Coupe femme\u00a0»' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true))
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ serviceIds: [BARBE.id, COUPE.id] })
    await waitFor(() => {
      const rows = within(screen.getByRole('list', { name: fr.services.listLabel })).getAllByRole('listitem')
      expect(rows[0]?.textContent).toContain('Taille de barbe')
    })
  })

  it('deactivates a service, which stays listed as inactive', async () => {
    let current = BARBE
    serve({
      'GET /api/salons/SAL001/services': () => json([current]),
      'PATCH /api/salons/SAL001/services/00000000-0000-4000-8000-000000000002': (body) => {
        current = { ...current, ...(body as Partial<OwnerService>) }
        return json(current)
      },
    })
    const user = userEvent.setup()
    renderCard()
    await user.click(await screen.findByRole('button', { name: 'Désactiver «\u00a0Taille de barbe\u00a0»' }))
    expect(await screen.findByRole('button', { name: 'Réactiver «\u00a0Taille de barbe\u00a0»' })).toBeTruthy()
    expect(screen.getByText(fr.services.inactiveHint)).toBeTruthy()
  })
})
