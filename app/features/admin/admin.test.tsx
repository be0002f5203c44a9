// @vitest-environment happy-dom

import { type FakeAnswer, type FetchCall, fakeServer, renderAt } from '@app/features/professional/test-harness'
import { fr } from '@app/locales/all'
import { frenchTexts } from '@app/test-harness'
import type { AccessCode, AdminAmbassador, AdminOverview, AdminSalonDetails } from '@common/schemas/admin'
import type { Service } from '@common/schemas/catalog'
import type { Salon } from '@common/schemas/salon'
import type { WaitlistReferral } from '@common/schemas/waitlist'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AdminPanel } from './AdminPanel'

/** A text as getByText reads a node: its no-break spaces (French typography) become plain spaces. */
const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

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
  practicalInfoTranslations: {},
  instagramConnected: false,
  instagramUsername: null,
  instagram: { available: true, reconnectRequired: false, replyToEveryone: false, pauseMinutes: 30 },
  bookingRules: { slotStepMinutes: 15, minimumNoticeMinutes: 60, horizonDays: 90 },
  reminders: { dayBefore: true, twoHours: true, bySms: true, cancellationNoticeMinutes: 120 },
  reminderChannels: ['booked', 'telegram', 'instagram', 'sms', 'email'],
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
  processing: null,
  cleanup: 0,
  price: 4500,
  currency: 'EUR',
  isActive: true,
  position: 1,
  translations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
  descriptionTranslations: {},
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

const CAMILLE: AdminAmbassador = {
  id: '5d1e6a52-0000-4000-8000-0000000000a1',
  name: 'Camille Martin',
  email: 'camille@example.com',
  referralCode: 'AMBDEMO1',
  isActive: true,
  language: 'fr',
  createdAt: '2026-11-01T10:00:00.000Z',
  stats: { totalReferrals: 4, activeSalons: 1, waitlistEntries: 3, conversionRate: 25 },
}
const ENTRY: WaitlistReferral = {
  id: '5d1e6a52-0000-4000-8000-0000000000e1',
  salonName: 'Coiffure du Parc',
  contactEmail: 'parc@example.com',
  phone: null,
  address: '5 rue Neuve, 69001 Lyon',
  country: 'FR',
  referralCode: null,
  ambassadorId: null,
  ambassadorName: null,
  status: 'pending',
  salonId: null,
  createdAt: '2026-11-30T10:00:00.000Z',
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
    'GET /api/admin/ambassadors': { json: [CAMILLE] },
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
    expect(within(dialog).getByText(/^45,00\s€$/)).toBeTruthy()
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
    expect(within(dialog).getByText(asRead(texts.accessCodes.shownOnce))).toBeTruthy()
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

describe('the funnel', () => {
  const w = texts.waitlist.actions
  it('activates a waitlist entry with the Google account typed, and says where its e-mail went', async () => {
    const calls = serve({
      'GET /api/admin/waitlist': { json: [ENTRY] },
      [`POST /api/admin/waitlist/${ENTRY.id}/activate`]: {
        json: {
          success: true,
          salonId: 'SAL003',
          sentTo: 'parc@example.com',
          authorizedEmail: 'parc.owner@gmail.com',
          entry: { ...ENTRY, status: 'converted', salonId: 'SAL003' },
        },
      },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    const actions = await screen.findByRole('group', { name: `Actions pour ${ENTRY.salonName}` })
    await user.click(within(actions).getByRole('button', { name: w.activate }))
    const dialog = screen.getByRole('dialog', { name: `Activer ${ENTRY.salonName}` })
    const submit = within(dialog).getByRole('button', { name: w.activateSubmit })
    expect(submit.hasAttribute('disabled')).toBe(true)
    await user.type(within(dialog).getByLabelText(w.emailLabel, { exact: false }), 'parc.owner@gmail.com')
    await user.click(submit)
    expect(await screen.findByText(w.activated)).toBeTruthy()
    expect(
      screen.getByText(
        "SAL003 est créé. L'e-mail d'activation part à parc@example.com avec le compte parc.owner@gmail.com.",
      ),
    ).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ authorizedEmail: 'parc.owner@gmail.com' })
  })

  it('asks before deleting an entry, and says a refusal in French rather than the server’s English', async () => {
    const calls = serve({
      'GET /api/admin/waitlist': { json: [ENTRY] },
      [`DELETE /api/admin/waitlist/${ENTRY.id}`]: {
        status: 409,
        json: { code: 'waitlist.entry_converted', message: 'This entry became a salon.' },
      },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    const actions = await screen.findByRole('group', { name: `Actions pour ${ENTRY.salonName}` })
    await user.click(within(actions).getByRole('button', { name: `${w.delete} ${ENTRY.salonName}` }))
    const confirm = screen.getByRole('alertdialog', { name: w.deleteTitle })
    expect(confirm.textContent).toContain('parc@example.com')
    await user.click(within(confirm).getByRole('button', { name: w.delete }))
    expect(await screen.findByText(asRead(texts.errors.codes.entryConverted))).toBeTruthy()
    expect(screen.queryByText(/became a salon/)).toBeNull()
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1)
  })

  it('lists the ambassadors with their figures, and asks before deactivating one', async () => {
    const calls = serve({
      [`POST /api/admin/ambassadors/${CAMILLE.id}/deactivate`]: { json: { ...CAMILLE, isActive: false } },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    const list = await screen.findByRole('list', { name: texts.ambassadors.title })
    const row = within(list).getByRole('listitem')
    expect(within(row).getByText('AMBDEMO1')).toBeTruthy()
    expect(within(row).getByText('4')).toBeTruthy()
    expect(within(row).getByText(/^25,0\s%$/)).toBeTruthy()
    await user.click(within(row).getByRole('button', { name: 'Désactiver Camille Martin' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Désactiver Camille Martin\u202f?' })
    await user.click(within(confirm).getByRole('button', { name: texts.ambassadors.deactivate }))
    expect(await screen.findByText(texts.ambassadors.deactivatedToast)).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/admin/ambassadors/${CAMILLE.id}/deactivate`,
    ])
  })

  it('resends a salon’s activation e-mail from its details, and says where it went', async () => {
    serve({
      'GET /api/admin/salons/SAL001': {
        json: { salon: LUMIERE, services: [COUPE], stats: { totalBookings: 0, upcomingBookings: 0, bookingsToday: 0 } },
      },
      'POST /api/admin/salons/SAL001/resend-activation-email': {
        json: {
          success: true,
          salonId: 'SAL001',
          sentTo: 'contact@lumiere.fr',
          authorizedEmail: LUMIERE.authorizedGoogleEmail,
        },
      },
    })
    const user = userEvent.setup()
    renderAt('/admin', <AdminPanel />)
    await user.click(await screen.findByRole('button', { name: 'Modifier Coupe femme (ouvre la fiche du salon)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Salon Lumière' })
    await user.click(within(dialog).getByRole('button', { name: texts.details.activation.resend }))
    expect(await screen.findByText(texts.details.activation.resent)).toBeTruthy()
    expect(
      screen.getByText(
        "Envoyé à contact@lumiere.fr avec l'ID SAL001 et le compte Google salon.lumiere.demo@gmail.com.",
      ),
    ).toBeTruthy()
  })
})
