// @vitest-environment happy-dom

import { createQueryClient } from '@app/lib/api'
import { frenchTexts } from '@app/test-harness'
import type { CustomerDetails, CustomerList } from '@common/schemas/customers'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CustomersTab } from './CustomersTab'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const LEA = '11111111-1111-4111-8111-111111111111'
const LEA_AGAIN = '22222222-2222-4222-8222-222222222222'
const CLASH = '33333333-3333-4333-8333-333333333333'
const duplicate = (id: string, name: string) => ({ ...list.customers[0], id, name, bookingCount: 1 })

const list: CustomerList = {
  customers: [
    {
      id: LEA,
      name: 'Léa Dupont',
      phone: '+33 6 12 34 56 78',
      lastVisit: { startsAt: '2026-11-20T09:00:00.000Z', localDate: '2026-11-20', localTime: '10:00' },
      nextVisit: { startsAt: '2026-12-02T09:00:00.000Z', localDate: '2026-12-02', localTime: '10:00' },
      bookingCount: 3,
      noShowCount: 1,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
}

const file: CustomerDetails = {
  id: LEA,
  name: 'Léa Dupont',
  phone: '+33 6 12 34 56 78',
  email: 'lea.dupont@example.com',
  language: 'fr',
  notes: 'Préfère Marie.',
  createdAt: '2026-10-01T09:00:00.000Z',
  noShowCount: 1,
  identities: [{ channel: 'web', shortId: '…lea-4242', createdAt: '2026-10-01T09:00:00.000Z' }],
  bookings: [
    {
      id: 'b1',
      startsAt: '2026-12-02T09:00:00.000Z',
      localDate: '2026-12-02',
      localTime: '10:00',
      service: 'Brushing',
      duration: 30,
      price: 3000,
      currency: 'EUR',
      status: 'confirmed',
      channel: 'web',
      notes: [{ kind: 'late', minutes: 10, createdAt: '', localDate: '2026-12-02', localTime: '09:40' }],
    },
  ],
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function serve() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/salons/SAL001/customers?q=')) {
      return json({
        ...list,
        customers: [list.customers[0], duplicate(LEA_AGAIN, 'Léa D.'), duplicate(CLASH, 'L. Dupont')],
      })
    }
    if (url.startsWith('/api/salons/SAL001/customers?') || url === '/api/salons/SAL001/customers') return json(list)
    if (url === `/api/salons/SAL001/customers/${LEA}`) return json(file)
    if (url === `/api/salons/SAL001/customers/${LEA}/erase` && init?.method === 'POST') {
      return json(
        {
          code: 'customers.has_upcoming_bookings',
          message: 'This customer still has 1 appointment(s) to come.',
          upcoming: [{ id: 'b1', localDate: '2026-12-02', localTime: '10:00', service: 'Brushing' }],
        },
        409,
      )
    }
    if (url === `/api/salons/SAL001/customers/${LEA}/merge` && init?.method === 'POST') {
      const { duplicateId } = JSON.parse(String(init.body)) as { duplicateId: string }
      if (duplicateId === CLASH) {
        return json(
          {
            code: 'customers.merge_overlap',
            message: 'These appointments to come overlap.',
            upcoming: [
              { id: 'b1', localDate: '2026-12-02', localTime: '10:00', service: 'Brushing' },
              { id: 'b9', localDate: '2026-12-02', localTime: '10:15', service: 'Coupe femme' },
            ],
          },
          409,
        )
      }
      return json({ ...file, notes: 'Préfère Marie.\n\nFormule 6.3' })
    }
    return json({ message: 'unexpected' }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function renderTab() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CustomersTab salonId="SAL001" />
    </QueryClientProvider>,
  )
}

describe('Clients', () => {
  it('lists each customer with a phone to call, the last and next visit, bookings and no-shows', async () => {
    serve()
    renderTab()
    const [row] = within(await screen.findByRole('list', { name: 'Liste des clients' })).getAllByRole('listitem')
    const inRow = within(row as HTMLElement)
    expect(inRow.getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678')
    expect(row?.textContent).toContain('Dernière visite : ven. 20 nov. 2026')
    expect(row?.textContent).toContain('Prochain RDV : mer. 2 déc. à 10:00')
    expect(inRow.getByText('3 réservations')).toBeTruthy()
    expect(inRow.getByText('1 absence')).toBeTruthy()
  })

  it('searches what is typed, once typing pauses', async () => {
    const fetchMock = serve()
    renderTab()
    await screen.findByRole('list', { name: 'Liste des clients' })
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'léa 06')
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/salons/SAL001/customers?q=l%C3%A9a+06'),
    )
    expect(await screen.findByText('1 client pour « léa 06 »')).toBeTruthy()
  })

  it('opens the file, and an erasure refused lists the appointments to come', async () => {
    serve()
    renderTab()
    await userEvent.click(await screen.findByRole('button', { name: 'Léa Dupont' }))
    const dialog = await screen.findByRole('dialog', { name: 'Léa Dupont' })
    const inFile = within(dialog)
    expect(await inFile.findByText('Brushing', { exact: false })).toBeTruthy()
    expect(dialog.textContent).toContain('30,00\u00a0EUR')
    expect(dialog.textContent).toContain('prévenu le 2 déc. à 09:40')
    expect(inFile.getByText('Chat en ligne')).toBeTruthy()
    expect(inFile.getByRole('link', { name: 'lea.dupont@example.com' }).getAttribute('href')).toBe(
      'mailto:lea.dupont@example.com',
    )
    expect((inFile.getByLabelText('Note privée') as HTMLTextAreaElement).value).toBe('Préfère Marie.')
    expect(inFile.getByRole('link', { name: 'Exporter (JSON)' }).getAttribute('href')).toBe(
      `/api/salons/SAL001/customers/${LEA}/export`,
    )
    await userEvent.click(inFile.getByRole('button', { name: 'Effacer le client' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Effacer les données de Léa Dupont\u202f?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Effacer définitivement' }))
    const alert = await inFile.findByRole('alert')
    expect(alert.textContent).toContain('Ce client a encore 1 rendez-vous à venir')
    expect(alert.textContent).toContain('mer. 2 déc. à 10:00 · Brushing')
  })

  it('merges a duplicate found by name into the file, and lists overlapping appointments when refused', async () => {
    const fetchMock = serve()
    renderTab()
    await userEvent.click(await screen.findByRole('button', { name: 'Léa Dupont' }))
    const file = within(await screen.findByRole('dialog', { name: 'Léa Dupont' }))
    await userEvent.click(await file.findByRole('button', { name: 'Fusionner un doublon' }))
    const merge = within(
      await screen.findByRole('dialog', { name: 'Fusionner un doublon dans la fiche de Léa Dupont' }),
    )
    await userEvent.type(merge.getByLabelText('Trouver le doublon (nom ou téléphone)'), 'léa')
    // The file itself is not offered.
    expect(await merge.findByRole('radio', { name: /Léa D\./ })).toBeTruthy()
    expect(merge.queryByRole('radio', { name: /Léa Dupont/ })).toBeNull()

    await userEvent.click(merge.getByRole('radio', { name: /L\. Dupont/ }))
    await userEvent.click(merge.getByRole('button', { name: 'Fusionner' }))
    const refused = await merge.findByRole('alert')
    expect(refused.textContent).toContain('Ces rendez-vous à venir se chevauchent')
    expect(merge.getByText(/10:15 · Coupe femme/)).toBeTruthy()

    await userEvent.click(merge.getByRole('radio', { name: /Léa D\./ }))
    await userEvent.click(merge.getByRole('button', { name: 'Fusionner' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Fusionner un doublon dans/ })).toBeNull())
    const posted = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/merge'))
      .map(([, init]) => JSON.parse(String(init?.body)))
    expect(posted).toEqual([{ duplicateId: CLASH }, { duplicateId: LEA_AGAIN }])
    // The note now holds both files' notes.
    expect((file.getByLabelText('Note privée') as HTMLTextAreaElement).value).toBe('Préfère Marie.\n\nFormule 6.3')
  })
})
