// @vitest-environment happy-dom

import { type FakeAnswer, type FetchCall, fakeServer, renderAt } from '@app/features/professional/test-harness'
import { fr } from '@app/locales/all'
import { frenchTexts } from '@app/test-harness'
import type { AccessCode, AdminOverview, AdminSalonDetails } from '@common/schemas/admin'
import type { Service } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AdminPanel } from './AdminPanel'

const texts = fr.admin
const DAY = {
  isOpen: true,
  openTime: '09:00',
  closeTime: '18:00',
  intervals: [{ openTime: '09:00', closeTime: '18:00' }],
}
const CLOSED = { isOpen: false, openTime: null, closeTime: null, intervals: [] }

const LUMIERE: Salon = {
  id: '5d1e6a52-0000-4000-8000-000000000001',
  salonId: 'SAL001',
  name: 'Salon Lumière',
  email: 'salon.lumiere.demo@gmail.com',
  contactEmail: 'contact@lumiere.fr',
  authorizedGoogleEmail: 'salon.lumiere.demo@gmail.com',
  address: '12 rue des Lilas, 75011 Paris',
  country: 'FR',
  timeZone: 'Europe/Paris',
  currency: 'EUR',
  isActive: true,
  isGoogleCalendarConnected: true,
  googleConnectedEmail: 'salon.lumiere.demo@gmail.com',
  publicPhone: '01 43 55 20 20',
  practicalInfo: 'Paiement par carte bancaire ou en espèces.\nParking public à 50 m, rue des Lilas.',
  instagramConnected: false,
  instagramUsername: null,
  instagram: { available: true, reconnectRequired: false, replyToEveryone: false, pauseMinutes: 30 },
  bookingRules: { slotStepMinutes: 15, minimumNoticeMinutes: 60, horizonDays: 90 },
  reminders: { dayBefore: true, twoHours: true, bySms: true, cancellationNoticeMinutes: 120 },
  workingHours: { '0': DAY, '1': DAY, '2': DAY, '3': DAY, '4': DAY, '5': DAY, '6': CLOSED },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const BERLIN: Salon = {
  ...LUMIERE,
  id: '5d1e6a52-0000-4000-8000-000000000009',
  salonId: 'SAL002',
  name: 'Haarstudio Mitte',
  address: 'Torstraße 1, Berlin',
  country: 'DE',
  isActive: false,
  isGoogleCalendarConnected: false,
  googleConnectedEmail: null,
  authorizedGoogleEmail: null,
}
const COUPE: Service = {
  id: '5d1e6a52-0000-4000-8000-000000000002',
  salonId: 'SAL001',
  name: 'Coupe femme',
  description: '',
  duration: 45,
  price: 4500,
  currency: 'EUR',
  isActive: true,
  position: 1,
  translations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
}
const OVERVIEW: AdminOverview = {
  activeSalons: 1,
  bookingsToday: 47,
  successRate: 94.25,
  botUsers: 289,
  conversationsLast30Days: 120,
}
const CODE: AccessCode = {
  id: 'code-1',
  label: 'Ambassadeurs Lyon',
  hint: 'X7Q2',
  createdAt: '2026-11-02T10:00:00.000Z',
  revokedAt: null,
  uses: 3,
}

type Routes = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>
/** The panel's reads, answered from fixtures; `extra` adds or replaces routes. */
function serve(extra: Routes = {}) {
  return fakeServer({
    'GET /api/admin/overview': { json: OVERVIEW },
    'GET /api/salons': { json: [LUMIERE, BERLIN] },
    'GET /api/services': { json: [COUPE] },
    'GET /api/admin/access-codes': { json: [CODE] },
    'GET /api/admin/waitlist': { json: [] },
    'GET /api/admin/jobs/failed': { json: { jobs: [], total: 0 } },
    ...extra,
  })
}
const reads = (calls: FetchCall[], url: string) => calls.filter((call) => call.method === 'GET' && call.url === url)

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the four tiles', () => {
  const tile = (key: string) => document.querySelector(`[data-tile="${key}"]`) as HTMLElement

  it('show the overview: active salons, bookings today, success rate with one decimal, bot users', async () => {
    serve()
    renderAt('/admin', <AdminPanel />)
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: texts.cardTitle })).toBeTruthy()
    await waitFor(() => expect(tile('bookingsToday').textContent).toContain('47'))
    expect(tile('activeSalons').textContent).toContain(texts.overview.activeSalons.label)
    expect(tile('activeSalons').textContent).toMatch(/Salons Actifs\s*1/)
    expect(tile('successRate').textContent).toMatch(/94,3\s%/)
    expect(tile('successRate').textContent).toContain('Conversations sur 30 jours : 120.')
    expect(tile('successRate').textContent).toContain(texts.overview.successRate.note)
    expect(tile('botUsers').textContent).toContain('289')
  })

  it('show a dash for the success rate when there was no conversation', async () => {
    serve({ 'GET /api/admin/overview': { json: { ...OVERVIEW, successRate: null, conversationsLast30Days: 0 } } })
    renderAt('/admin', <AdminPanel />)
    await waitFor(() => expect(tile('successRate').textContent).toContain('—'))
    expect(within(tile('successRate')).getByText(texts.overview.successRate.none)).toBeTruthy()
  })

  it('say when the figures cannot be read, with a retry', async () => {
    serve({ 'GET /api/admin/overview': { status: 500, json: { code: 'internal', message: 'boom' } } })
    renderAt('/admin', <AdminPanel />)
    expect(await screen.findByText(texts.overview.loadFailed)).toBeTruthy()
  })
})

describe('the salon table', () => {
  it('says whether each calendar is connected, and whether each salon is active', async () => {
    serve()
    renderAt('/admin', <AdminPanel />)
    const table = await screen.findByRole('table', { name: texts.salons.title })
    const lumiere = table.querySelector('[data-salon="SAL001"]') as HTMLElement
    const berlin = table.querySelector('[data-salon="SAL002"]') as HTMLElement
    expect(within(lumiere).getByText('Connecté')).toBeTruthy()
    expect(within(lumiere).getByText('Actif')).toBeTruthy()
    expect(within(berlin).getByText('Non connecté')).toBeTruthy()
    expect(within(berlin).getByText('Inactif')).toBeTruthy()
    expect(within(berlin).getByText('SAL002')).toBeTruthy()
  })

  it('opens a salon’s details from a service’s edit button, at its services', async () => {
    const details: AdminSalonDetails = {
      salon: LUMIERE,
      services: [COUPE],
      stats: { totalBookings: 12, upcomingBookings: 4, bookingsToday: 2 },
    }
    serve({ 'GET /api/admin/salons/SAL001': { json: details } })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    await user.click(await screen.findByRole('button', { name: 'Modifier Coupe femme (ouvre la fiche du salon)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Salon Lumière' })
    const services = within(dialog).getByRole('heading', { name: 'Services (1)' })
    await waitFor(() => expect(document.activeElement).toBe(services))
    expect(within(dialog).getAllByText('salon.lumiere.demo@gmail.com', { selector: 'dd' })).toHaveLength(2)
    expect(within(dialog).getByText('Europe/Paris')).toBeTruthy()
    expect(within(dialog).getByText('01 43 55 20 20', { selector: 'dd' })).toBeTruthy()
    expect(within(dialog).getByText(/^Paiement par carte bancaire/, { selector: 'dd' })).toBeTruthy()
    expect(within(dialog).getByText(/45,00\sEUR/)).toBeTruthy()
    expect(within(dialog).getByText('Fermé')).toBeTruthy()
  })
})

describe('Nouveau Salon', () => {
  it('checks the fields, sends nothing until they are right, then creates the salon and names its ID', async () => {
    const calls = serve({
      'POST /api/admin/salons': (call) => ({
        status: 201,
        json: { ...LUMIERE, ...(call.body as object), salonId: 'SAL003', id: 'new' },
      }),
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: texts.newSalon }))
    const dialog = screen.getByRole('dialog', { name: texts.salonForm.createTitle })
    await user.click(within(dialog).getByRole('button', { name: texts.salonForm.create }))

    expect(within(dialog).getByText(texts.salonForm.errors.name)).toBeTruthy()
    expect(within(dialog).getByText(texts.salonForm.errors.address)).toBeTruthy()
    expect(within(dialog).getByText(texts.salonForm.errors.contactEmailRequired)).toBeTruthy()
    expect(document.activeElement?.id).toBe('admin-salon-name')

    await user.type(within(dialog).getByLabelText(/Nom du salon/), '  Salon Soleil ')
    await user.type(within(dialog).getByLabelText(/^Adresse/), '3 place du Marché, Lyon')
    await user.type(within(dialog).getByLabelText(/E-mail de contact/), 'soleil@')
    await user.type(within(dialog).getByLabelText(/E-mail Google autorisé/), 'pas-un-email')
    await user.click(within(dialog).getByRole('button', { name: texts.salonForm.create }))
    expect(within(dialog).getAllByText(texts.salonForm.errors.email)).toHaveLength(2)
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByLabelText(/E-mail de contact/), 'example.com')
    await user.clear(within(dialog).getByLabelText(/E-mail Google autorisé/))
    await user.type(within(dialog).getByLabelText(/E-mail Google autorisé/), 'Soleil.Owner@Gmail.com')
    await user.click(within(dialog).getByRole('switch', { name: texts.salonForm.isActive }))
    const salonsRead = reads(calls, '/api/salons').length
    await user.click(within(dialog).getByRole('button', { name: texts.salonForm.create }))

    expect(await screen.findByText(/a l'ID SAL003/)).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Salon Soleil',
      address: '3 place du Marché, Lyon',
      country: 'FR',
      contactEmail: 'soleil@example.com',
      authorizedGoogleEmail: 'soleil.owner@gmail.com',
      isActive: false,
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    // The table and the figures are read again.
    await waitFor(() => expect(reads(calls, '/api/salons').length).toBeGreaterThan(salonsRead))
    expect(reads(calls, '/api/admin/overview').length).toBeGreaterThan(1)
  })

  it('edits a salon with only the fields that changed', async () => {
    const calls = serve({
      'PATCH /api/admin/salons/SAL002': (call) => ({ json: { ...BERLIN, ...(call.body as object) } }),
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    const table = await screen.findByRole('table')
    await user.click(within(table).getByRole('button', { name: 'Modifier Haarstudio Mitte' }))
    const dialog = screen.getByRole('dialog', { name: texts.salonForm.editTitle })
    await user.click(within(dialog).getByRole('switch', { name: texts.salonForm.isActive }))
    await user.click(within(dialog).getByRole('button', { name: texts.salonForm.save }))
    expect(await screen.findByText(texts.salonForm.updated)).toBeTruthy()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: true })
  })
})

describe('ambassador access codes', () => {
  it('shows a new code once, with a copy button and a warning, and never again', async () => {
    const created = { ...CODE, id: 'code-2', label: 'Marseille', hint: 'K9P4' }
    let codes = [CODE]
    const calls = serve({
      'GET /api/admin/access-codes': () => ({ json: codes }),
      'POST /api/admin/access-codes': () => {
        codes = [created, CODE]
        return { status: 201, json: { accessCode: created, code: 'AMB-7F3K-Q2M9-K9P4' } }
      },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    await screen.findByText('Ambassadeurs Lyon')
    await user.click(screen.getByRole('button', { name: texts.accessCodes.new }))
    let dialog = screen.getByRole('dialog', { name: texts.accessCodes.createTitle })
    await user.click(within(dialog).getByRole('button', { name: texts.accessCodes.create }))
    expect(within(dialog).getByText(texts.accessCodes.labelRequired)).toBeTruthy()
    await user.type(within(dialog).getByLabelText(/Libellé/), 'Marseille')
    await user.click(within(dialog).getByRole('button', { name: texts.accessCodes.create }))

    dialog = await screen.findByRole('dialog', { name: texts.accessCodes.createdTitle })
    expect((within(dialog).getByLabelText(texts.accessCodes.code) as HTMLInputElement).value).toBe('AMB-7F3K-Q2M9-K9P4')
    expect(within(dialog).getByRole('button', { name: texts.accessCodes.copy })).toBeTruthy()
    expect(within(dialog).getByText(texts.accessCodes.shownOnce)).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ label: 'Marseille' })
    // The list is read again and shows the new code by its last characters only.
    expect(await screen.findByText('…K9P4')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: texts.accessCodes.done }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.textContent).not.toContain('AMB-7F3K-Q2M9-K9P4')
    await user.click(screen.getByRole('button', { name: texts.accessCodes.new }))
    expect(screen.getByRole('dialog', { name: texts.accessCodes.createTitle })).toBeTruthy()
    expect(document.body.textContent).not.toContain('AMB-7F3K-Q2M9-K9P4')
  })

  it('asks before revoking a code, and revokes only once confirmed', async () => {
    const calls = serve({
      'POST /api/admin/access-codes/code-1/revoke': { json: { ...CODE, revokedAt: '2026-12-01T08:00:00.000Z' } },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    const revoke = await screen.findByRole('button', { name: 'Révoquer le code Ambassadeurs Lyon' })
    await user.click(revoke)
    let confirm = screen.getByRole('alertdialog', { name: texts.accessCodes.revokeTitle })
    expect(confirm.textContent).toContain('…X7Q2')
    await user.click(within(confirm).getByRole('button', { name: fr.common.cancel }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    await user.click(revoke)
    confirm = screen.getByRole('alertdialog', { name: texts.accessCodes.revokeTitle })
    await user.click(within(confirm).getByRole('button', { name: texts.accessCodes.revokeConfirm }))
    expect(await screen.findByText(texts.accessCodes.revoked)).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/access-codes/code-1/revoke',
    ])
    await waitFor(() => expect(reads(calls, '/api/admin/access-codes').length).toBe(2))
  })
})
