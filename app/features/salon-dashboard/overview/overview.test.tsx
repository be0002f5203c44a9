// @vitest-environment happy-dom

import { de } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { ImportPreviewService, Service, ServicesImportPreview } from '@common/schemas/catalog'
import type { SalonDashboard as Dashboard } from '@common/schemas/dashboard'
import type { Salon } from '@common/schemas/salon'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SalonDashboard } from '../SalonDashboard'
import { ClientAccessCard } from './ClientAccessCard'
import { McpAccessCard } from './McpAccessCard'
import { RemindersCard } from './RemindersCard'
import { SalonInfoCard } from './SalonInfo'
import { ServicesCard } from './ServicesCard'
import { exportFileName } from './services-csv'

// The QR encoder draws on a canvas, which happy-dom does not have.
vi.mock('qrcode', () => ({ toDataURL: async () => 'data:image/png;base64,iVBORw0KGgo=' }))

const SALON: Salon = {
  id: '5d1e6a52-0000-4000-8000-000000000001',
  salonId: 'SAL001',
  name: 'Salon Lumière',
  email: 'salon.lumiere.demo@gmail.com',
  contactEmail: 'salon.lumiere.demo@gmail.com',
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
  workingHours: {} as Salon['workingHours'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const COUPE: Service = {
  id: '5d1e6a52-0000-4000-8000-000000000002',
  salonId: 'SAL001',
  name: 'Coupe femme',
  description: 'Shampooing, coupe et coiffage',
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

type Route = (init: RequestInit | undefined) => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch that answers by "METHOD path" and records every call; anything unexpected is a 404. */
function serve(routes: Record<string, Route>) {
  const calls: { method: string; url: string; body: unknown }[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const route = routes[`${method} ${url}`]
    return route ? route(init) : json({ code: 'not_found', message: 'Not found' }, 404)
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

beforeAll(frenchTexts)
beforeEach(() => {
  // No real server behind the session check of the status card.
  serve({})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('services CSV', () => {
  const FILE = 'id,name,description,duration,price\n,Frange,,15,1000\n'
  const csv = (name: string) => new File([FILE], name)

  it('refuses a file whose name does not end with .csv, without calling the server', async () => {
    const calls = serve({ 'GET /api/salons/SAL001/services': () => json([COUPE]) })
    const user = userEvent.setup({ applyAccept: false })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await screen.findByText('Coupe femme')
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.xlsx'))
    expect(await screen.findByText('Format invalide')).toBeTruthy()
    expect(screen.getByText('Veuillez sélectionner un fichier CSV')).toBeTruthy()
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
    expect((screen.getByTestId('services-csv-input') as HTMLInputElement).value).toBe('')
  })

  const TOKEN = 'a'.repeat(64)
  /** What the server answers a preview: the services read, and the lines it left out. */
  const preview = (extra: Partial<ServicesImportPreview> = {}): ServicesImportPreview => ({
    currency: 'EUR',
    services: [],
    errors: [],
    created: 0,
    updated: 0,
    previewToken: TOKEN,
    ...extra,
  })
  /** A service the preview read: by default the file's new "Frange", line 2. */
  const serviceRead = (extra: Partial<ImportPreviewService> = {}): ImportPreviewService => ({
    line: 2,
    action: 'create',
    serviceId: null,
    name: 'Frange',
    description: '',
    duration: 15,
    price: 1000,
    isActive: true,
    before: null,
    ...extra,
  })
  /** An element's text with its no-break spaces as plain ones (French puts them before colons and inside « »). */
  const textOf = (element: HTMLElement | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ')

  it('shows what the file holds, in the salon’s currency, and saves nothing until the owner confirms', async () => {
    const calls = serve({
      'GET /api/salons/SAL001': () => json(SALON),
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'POST /api/salons/SAL001/services/import/preview': () =>
        json(
          preview({
            created: 1,
            updated: 1,
            services: [
              serviceRead({ name: 'Coloration', duration: 90, price: 6500 }),
              {
                line: 3,
                action: 'update',
                serviceId: COUPE.id,
                name: 'Coupe femme',
                description: 'Shampooing, coupe et coiffage',
                duration: 50,
                price: 4800,
                isActive: true,
                before: { name: 'Coupe femme', duration: 45, price: 4500, isActive: true },
              },
            ],
            errors: [
              { line: 4, code: 'csv.price_ambiguous', field: 'price', value: '1.234', reason: 'can be read two ways' },
            ],
          }),
        ),
      'POST /api/salons/SAL001/services/import': () =>
        json({ message: 'Import done: 1 service(s) added, 1 updated.', created: 1, updated: 1, errors: [] }),
    })
    const user = userEvent.setup()
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await screen.findByText('Coupe femme')
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))

    const dialog = await screen.findByRole('dialog', { name: 'Vérifier l’import' })
    expect(textOf(dialog)).toContain('Voici ce que contient « services.csv ».')
    const rows = within(within(dialog).getByRole('list', { name: 'Services lus dans le fichier' })).getAllByRole(
      'listitem',
    )
    expect(rows.map(textOf)).toEqual([
      'ColorationNouveauLigne 2 · 90 min65,00 EUR',
      'Coupe femmeMise à jourLigne 3 · avant : 45 min → 50 min48,00 EURavant : 45,00 EUR',
    ])
    expect(within(dialog).getByText('À ajouter : 1 · à mettre à jour : 1')).toBeTruthy()
    expect(textOf(dialog)).toContain(
      'Ligne 4 : le prix « 1.234 » peut se lire de deux façons : écrivez-le en centimes, sans séparateur (4500 pour 45,00), ou avec ses décimales (45,00).',
    )
    // Nothing saved yet.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/salons/SAL001/services/import/preview',
    ])
    expect(calls[calls.length - 1]?.body).toEqual({ csvData: FILE })

    await user.click(within(dialog).getByRole('button', { name: 'Importer 2 services' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The same text again, with the token of the preview the owner saw.
    expect(calls.find((call) => call.url.endsWith('/services/import'))?.body).toEqual({
      csvData: FILE,
      previewToken: TOKEN,
    })
    expect(await screen.findByText('Import réussi')).toBeTruthy()
    // Services are read again after the import.
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/services')).length).toBe(2))
  })

  it('imports nothing when the owner cancels, nor when no line can be imported', async () => {
    let answer = preview({ created: 1, services: [serviceRead()] })
    const calls = serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'POST /api/salons/SAL001/services/import/preview': () => json(answer),
    })
    const user = userEvent.setup()
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await screen.findByText('Coupe femme')
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('10,00 EUR')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    answer = preview({
      errors: [{ line: 2, code: 'csv.duration_invalid', field: 'duration', value: 'abc', reason: 'bad' }],
    })
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
    const empty = await screen.findByRole('dialog')
    expect(within(empty).getByText(/Aucune ligne ne peut être importée/)).toBeTruthy()
    expect(textOf(empty)).toContain('Ligne 2 : la durée « abc » doit être un nombre entier de minutes, de 5 à 720.')
    expect((within(empty).getByRole('button', { name: 'Importer 0 services' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(calls.some((call) => call.url.endsWith('/services/import'))).toBe(false)
  })

  it('reads the file again when the services changed since the preview, and says so', async () => {
    let previews = 0
    serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'POST /api/salons/SAL001/services/import/preview': () =>
        json(preview({ created: 1, services: [serviceRead({ price: ++previews === 1 ? 1000 : 1200 })] })),
      'POST /api/salons/SAL001/services/import': () =>
        json({ code: 'catalog.csv_preview_stale', message: 'The services changed since the preview' }, 409),
    })
    const user = userEvent.setup()
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await screen.findByText('Coupe femme')
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Importer 1 service' }))
    expect(
      await within(dialog).findByText(
        'Vos services ont changé depuis cet aperçu ; il vient d’être mis à jour. Vérifiez-le, puis confirmez.',
      ),
    ).toBeTruthy()
    expect(within(dialog).getByText('12,00 EUR')).toBeTruthy()
    expect(previews).toBe(2)
  })

  it('lists the lines the server ignored after the import, with their reasons in French', async () => {
    serve({
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'POST /api/salons/SAL001/services/import/preview': () => json(preview({ created: 1, services: [serviceRead()] })),
      'POST /api/salons/SAL001/services/import': () =>
        json({
          message: 'Import done: 1 service(s) added, 0 updated, 3 line(s) ignored.',
          created: 1,
          updated: 0,
          errors: [
            { line: 3, code: 'csv.name_missing', field: 'name', reason: 'name is empty' },
            {
              line: 4,
              code: 'csv.price_invalid',
              field: 'price',
              value: 'abc',
              reason: 'price "abc" is not a price',
            },
            { line: 5, code: 'csv.from_a_newer_server', reason: 'something new' },
          ],
        }),
    })
    const user = userEvent.setup()
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    await screen.findByText('Coupe femme')
    await user.upload(screen.getByTestId('services-csv-input'), csv('services.CSV'))
    await user.click(await screen.findByRole('button', { name: 'Importer 1 service' }))

    const warning = await screen.findByRole('alert')
    expect(within(warning).getByText('3 lignes ignorées')).toBeTruthy()
    // Each reason in the interface language, from its code; a code this client does not know, in a general sentence.
    expect(textOf(warning)).toContain('Ligne 3 : le nom est vide.')
    expect(textOf(warning)).toContain('Ligne 4 : le prix « abc » n’est pas un prix (ex. 3550 en centimes, ou 35,50).')
    expect(textOf(warning)).toContain('Ligne 5 : cette ligne n’a pas pu être importée.')
    expect(warning.textContent).not.toContain('something new')
    expect(screen.getByText('Import réussi')).toBeTruthy()
  })

  it('words the reasons in German too, and a refused file by its code, never in the server’s English', async () => {
    i18next.addResourceBundle('de', 'translation', de, true, true)
    await i18next.changeLanguage('de')
    try {
      let answer: Response = json(
        preview({
          errors: [
            { line: 4, code: 'csv.price_invalid', field: 'price', value: 'abc', reason: 'price "abc" is not a price' },
          ],
        }),
      )
      serve({
        'GET /api/salons/SAL001/services': () => json([COUPE]),
        'POST /api/salons/SAL001/services/import/preview': () => answer,
      })
      const user = userEvent.setup()
      renderWithQueries(<ServicesCard salonId="SAL001" />)
      await screen.findByText('Coupe femme')
      await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
      const dialog = await screen.findByRole('dialog', { name: 'Import prüfen' })
      expect(dialog.textContent).toContain('Zeile 4: Der Preis „abc“ ist kein Preis (z. B. 3550 in Cent oder 35,50).')
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))

      answer = json(
        { code: 'catalog.csv_unreadable', message: 'The file is not valid CSV (line 7): check the quotes', line: 7 },
        400,
      )
      await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
      expect(
        await screen.findByText(
          'Zeile 7: Die Datei ist keine gültige CSV-Datei. Prüfen Sie die Anführungszeichen um die Felder.',
        ),
      ).toBeTruthy()

      answer = json({ code: 'catalog.csv_from_a_newer_server', message: 'Something new' }, 400)
      await user.upload(screen.getByTestId('services-csv-input'), csv('services.csv'))
      await waitFor(() =>
        expect(screen.getAllByText('Der Import ist fehlgeschlagen. Bitte versuchen Sie es erneut.').length).toBe(1),
      )
      expect(screen.queryByText('Something new')).toBeNull()
    } finally {
      await i18next.changeLanguage('fr')
    }
  })

  it('cannot export when the salon has no services', async () => {
    serve({ 'GET /api/salons/SAL001/services': () => json([]) })
    renderWithQueries(<ServicesCard salonId="SAL001" />)
    expect(await screen.findByText('Aucun service pour le moment')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Exporter CSV' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Importer CSV' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('saves the export under the name the server gives, else services-{salonId}-{date}.csv', () => {
    expect(exportFileName('attachment; filename="services-SAL001-2026-12-01.csv"', 'SAL001')).toBe(
      'services-SAL001-2026-12-01.csv',
    )
    expect(exportFileName(null, 'SAL002', new Date(2026, 0, 5))).toBe('services-SAL002-2026-01-05.csv')
  })
})

describe('salon edit dialog', () => {
  it('says which field is missing and sends nothing', async () => {
    const calls = serve({})
    const user = userEvent.setup()
    renderWithQueries(<SalonInfoCard salon={SALON} />)
    await user.click(screen.getByRole('button', { name: 'Modifier' }))
    const dialog = screen.getByRole('dialog', { name: 'Modifier le salon' })
    await user.clear(within(dialog).getByLabelText(/Nom du salon/))
    await user.type(within(dialog).getByLabelText(/Adresse/), '   ')
    await user.clear(within(dialog).getByLabelText(/Adresse/))
    await user.click(within(dialog).getByRole('button', { name: /Pays/ }))
    await user.click(screen.getByRole('option', { name: 'Aucun pays' }))
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))

    expect(within(dialog).getByText('Le nom du salon est requis')).toBeTruthy()
    expect(within(dialog).getByText("L'adresse est requise")).toBeTruthy()
    expect(within(dialog).getByText('Le pays est requis')).toBeTruthy()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
    expect(document.activeElement?.id).toBe('salon-edit-name')
  })

  it('saves the trimmed values, says so and closes', async () => {
    const calls = serve({
      'PATCH /api/salons/SAL001': (init) => json({ ...SALON, ...JSON.parse(String(init?.body)) }),
    })
    const user = userEvent.setup()
    renderWithQueries(<SalonInfoCard salon={SALON} />)
    await user.click(screen.getByRole('button', { name: 'Modifier' }))
    const name = screen.getByLabelText(/Nom du salon/)
    await user.clear(name)
    await user.type(name, '  Salon Soleil ')
    await user.click(screen.getByRole('button', { name: 'Sauvegarder' }))

    expect(await screen.findByText('Salon mis à jour')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Salon Soleil',
      address: SALON.address,
      country: 'FR',
      publicPhone: SALON.publicPhone,
      practicalInfo: SALON.practicalInfo,
    })
  })

  it('shows the public phone and the practical information, or that they are not given', async () => {
    const { unmount } = renderWithQueries(<SalonInfoCard salon={SALON} />)
    expect(screen.getByRole('link', { name: '01 43 55 20 20' }).getAttribute('href')).toBe('tel:0143552020')
    expect(screen.getByText(/Paiement par carte bancaire ou en espèces\.\s+Parking public à 50 m/)).toBeTruthy()
    unmount()
    renderWithQueries(<SalonInfoCard salon={{ ...SALON, publicPhone: null, practicalInfo: null }} />)
    expect(screen.getAllByText('Non renseigné')).toHaveLength(2)
  })

  it('edits the phone as a phone field and the practical information with its count, and says what the assistant does with it', async () => {
    const calls = serve({
      'PATCH /api/salons/SAL001': (init) => json({ ...SALON, ...JSON.parse(String(init?.body)) }),
    })
    const user = userEvent.setup()
    renderWithQueries(<SalonInfoCard salon={{ ...SALON, publicPhone: null, practicalInfo: null }} />)
    await user.click(screen.getByRole('button', { name: 'Modifier' }))
    const dialog = screen.getByRole('dialog', { name: 'Modifier le salon' })
    const phone = within(dialog).getByLabelText(/Téléphone du salon/) as HTMLInputElement
    expect(phone.type).toBe('tel')
    expect(phone.getAttribute('autocomplete')).toBe('tel')
    const info = within(dialog).getByLabelText(/Infos pratiques/) as HTMLTextAreaElement
    expect(info.tagName).toBe('TEXTAREA')
    expect(info.getAttribute('aria-describedby')).toBe('salon-edit-practicalInfo-hint')
    expect(within(dialog).getByText(/L’assistant cite ce texte tel quel aux clients/)).toBeTruthy()
    expect(within(dialog).getByText('0 / 600')).toBeTruthy()

    await user.type(phone, ' 04 78 12 34 56 ')
    await user.type(info, 'Carte ou espèces.{Enter}Parking rue Neuve.')
    expect(within(dialog).getByText('36 / 600')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))
    expect(await screen.findByText('Salon mis à jour')).toBeTruthy()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      publicPhone: '04 78 12 34 56',
      practicalInfo: 'Carte ou espèces.\nParking rue Neuve.',
    })
  })

  it('translates the practical information into the other languages, and sends only what changed', async () => {
    const calls = serve({
      'PATCH /api/salons/SAL001': (init) => json({ ...SALON, ...JSON.parse(String(init?.body)) }),
    })
    const user = userEvent.setup()
    renderWithQueries(<SalonInfoCard salon={{ ...SALON, practicalInfoTranslations: { de: 'Karte oder bar.' } }} />)
    await user.click(screen.getByRole('button', { name: 'Modifier' }))
    const dialog = screen.getByRole('dialog', { name: 'Modifier le salon' })
    const group = within(dialog).getByRole('group', { name: 'Infos pratiques dans les autres langues' })
    // The salon is in France: its text is French, the others are translations.
    expect(within(group).queryByLabelText(/En français/)).toBeNull()
    const german = within(group).getByLabelText(/En allemand/) as HTMLTextAreaElement
    expect(german.value).toBe('Karte oder bar.')
    expect(german.lang).toBe('de')
    const english = within(group).getByLabelText(/En anglais/) as HTMLTextAreaElement
    await user.type(english, 'Card or cash.')
    await user.clear(german)
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))
    expect(await screen.findByText('Salon mis à jour')).toBeTruthy()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      practicalInfoTranslations: { en: 'Card or cash.', de: '' },
    })
    const sent = calls.find((call) => call.method === 'PATCH')?.body as { practicalInfoTranslations?: object }
    expect(sent.practicalInfoTranslations).not.toHaveProperty('it')
  })

  it('says what is wrong with a phone number before sending, and shows the server’s word on a field', async () => {
    const calls = serve({
      'PATCH /api/salons/SAL001': () =>
        json(
          {
            code: 'request.invalid',
            message: 'Invalid request',
            issues: [{ path: 'body.practicalInfo', message: 'Contains a control character that is not allowed' }],
          },
          400,
        ),
    })
    const user = userEvent.setup()
    renderWithQueries(<SalonInfoCard salon={SALON} />)
    await user.click(screen.getByRole('button', { name: 'Modifier' }))
    const dialog = screen.getByRole('dialog', { name: 'Modifier le salon' })
    const phone = within(dialog).getByLabelText(/Téléphone du salon/)
    await user.clear(phone)
    await user.type(phone, '12 34')
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))
    expect(within(dialog).getByText('Un numéro de téléphone a de 6 à 15 chiffres')).toBeTruthy()
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false)
    expect(document.activeElement?.id).toBe('salon-edit-publicPhone')

    await user.clear(phone)
    await user.type(phone, 'appelez-nous')
    expect(within(dialog).queryByText('Un numéro de téléphone a de 6 à 15 chiffres')).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))
    expect(within(dialog).getByText(/des chiffres, des espaces et \+ \. - \/ \( \) seulement/)).toBeTruthy()

    await user.clear(phone)
    await user.click(within(dialog).getByRole('button', { name: 'Sauvegarder' }))
    expect(await within(dialog).findByText('Contains a control character that is not allowed')).toBeTruthy()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ publicPhone: '' })
  })
})

describe('client access', () => {
  it('copies the chat link and says so', async () => {
    serve({ 'GET /api/salon-hash/SAL001': () => json({ hash: 'h4sh' }) })
    const user = userEvent.setup()
    // After setup(), which puts its own clipboard in place.
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithQueries(<ClientAccessCard salonId="SAL001" />)
    const link = `${window.location.origin}/chat/h4sh`
    expect(await screen.findByDisplayValue(link)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }))

    expect(writeText).toHaveBeenCalledWith(link)
    expect(await screen.findByText('Copié !')).toBeTruthy()
    expect(screen.getByText('Le lien a été copié dans le presse-papiers')).toBeTruthy()
    const qr = await screen.findByRole('img', { name: 'QR code du lien de réservation' })
    expect(qr.getAttribute('width')).toBe('128')
    expect(screen.getByRole('link', { name: 'Télécharger PNG' }).getAttribute('download')).toBe('QR-SAL001.png')
  })

  it('says so when the browser refuses the clipboard, and keeps "Chargement..." until the link is known', async () => {
    let answer: (response: Response) => void = () => {}
    serve({ 'GET /api/salon-hash/SAL001': () => new Promise<Response>((resolve) => (answer = resolve)) })
    const user = userEvent.setup()
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))) },
      configurable: true,
    })
    renderWithQueries(<ClientAccessCard salonId="SAL001" />)
    expect(await screen.findByDisplayValue('Chargement...')).toBeTruthy()
    await act(async () => answer(json({ hash: 'h4sh' })))
    await screen.findByDisplayValue(`${window.location.origin}/chat/h4sh`)
    await user.click(screen.getByRole('button', { name: 'Copier le lien' }))
    expect(await screen.findByText('Copie impossible')).toBeTruthy()
  })
})

describe('AI agents (MCP)', () => {
  const SERVER = 'https://salonia.example/mcp'
  const TOKEN = 'SAL001.q8JgkR2mYb3x0sWfK7vNcLzT5hPaE1dUoI9yVrXwQ4M'
  const statusUrl = 'GET /api/salons/SAL001/mcp-token'
  const issued = () => json({ token: TOKEN, issuedAt: '2026-12-01T09:15:00.000Z', serverUrl: SERVER }, 201)

  it('creates the first token without asking, shows it once with the server address, and copies it', async () => {
    const calls = serve({
      [statusUrl]: () => json({ hasToken: false, issuedAt: null, serverUrl: SERVER }),
      'POST /api/salons/SAL001/mcp-token': issued,
    })
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithQueries(<McpAccessCard salonId="SAL001" />)
    expect(await screen.findByText('Aucun jeton')).toBeTruthy()
    expect(screen.getByDisplayValue(SERVER)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Révoquer' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Nouveau jeton' }))
    const dialog = await screen.findByRole('dialog', { name: 'Votre nouveau jeton MCP' })
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
    expect(within(dialog).getByLabelText('Jeton')).toHaveProperty('value', TOKEN)
    // Focused at once, so Ctrl+C copies it.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Jeton')))
    expect(within(dialog).getByLabelText('Adresse du serveur MCP')).toHaveProperty('value', SERVER)
    expect(within(dialog).getByRole('note').textContent).toContain('Ce jeton ne sera plus affiché')
    await user.click(within(dialog).getByRole('button', { name: 'Copier le jeton' }))
    expect(writeText).toHaveBeenCalledWith(TOKEN)
    expect(await screen.findByText('Le jeton a été copié dans le presse-papiers')).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'Terminé' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Gone for good: nothing on the page holds the token any more.
    expect(document.body.innerHTML).not.toContain(TOKEN)
    expect(screen.getByText('Actif')).toBeTruthy()
    expect(screen.getByText(/Créé le 1 décembre 2026 à \d\d:\d\d/)).toBeTruthy()
  })

  it('asks before replacing a working token, and sends nothing when the owner cancels', async () => {
    const calls = serve({
      [statusUrl]: () => json({ hasToken: true, issuedAt: '2026-11-20T10:00:00.000Z', serverUrl: SERVER }),
      'POST /api/salons/SAL001/mcp-token': issued,
    })
    const user = userEvent.setup()
    renderWithQueries(<McpAccessCard salonId="SAL001" />)
    expect(await screen.findByText(/Créé le 20 novembre 2026/)).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Nouveau jeton' }))
    let confirm = screen.getByRole('alertdialog', { name: 'Remplacer le jeton\u202f?' })
    expect(confirm.textContent).toContain('Le jeton actuel cessera aussitôt de fonctionner')
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }))
    expect(calls.some((call) => call.method === 'POST')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Nouveau jeton' }))
    confirm = screen.getByRole('alertdialog', { name: 'Remplacer le jeton\u202f?' })
    await user.click(within(confirm).getByRole('button', { name: 'Créer un nouveau jeton' }))
    const dialog = await screen.findByRole('dialog', { name: 'Votre nouveau jeton MCP' })
    expect(within(dialog).getByLabelText('Jeton')).toHaveProperty('value', TOKEN)
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1)
  })

  it('revokes the token after confirming, and says so', async () => {
    const calls = serve({
      [statusUrl]: () => json({ hasToken: true, issuedAt: '2026-11-20T10:00:00.000Z', serverUrl: SERVER }),
      'DELETE /api/salons/SAL001/mcp-token': () => json({ hasToken: false, issuedAt: null, serverUrl: SERVER }),
    })
    const user = userEvent.setup()
    renderWithQueries(<McpAccessCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Révoquer' }))
    const confirm = screen.getByRole('alertdialog', { name: 'Révoquer le jeton\u202f?' })
    await user.click(within(confirm).getByRole('button', { name: 'Révoquer le jeton' }))

    expect(await screen.findByText('Jeton révoqué')).toBeTruthy()
    expect(screen.getByText('Aucun jeton')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Révoquer' })).toBeNull()
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1)
  })

  it('says so when the status cannot be read, and reads it again on request', async () => {
    let fail = true
    serve({
      [statusUrl]: () =>
        fail
          ? json({ code: 'internal', message: 'Internal error' }, 500)
          : json({ hasToken: false, issuedAt: null, serverUrl: SERVER }),
    })
    const user = userEvent.setup()
    renderWithQueries(<McpAccessCard salonId="SAL001" />)
    expect(await screen.findByText('Impossible de charger l’état du jeton MCP.')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('Aucun jeton')).toBeTruthy()
  })
})

describe('the dashboard', () => {
  const DASHBOARD: Dashboard = {
    today: '2026-12-01',
    now: '2026-12-01T07:30:00.000Z',
    stats: { bookingsToday: 3, bookingsThisWeek: 11, activeServices: 6, totalBookings: 42 },
    noShows: { days: 30, appointments: 25, noShows: 2 },
    members: [],
    currency: 'EUR',
    day: { date: '2026-12-01', isToday: true, bookings: [] },
    recentBookings: [
      {
        id: 'b1',
        salonId: 'SAL001',
        clientName: 'Camille',
        clientPhone: null,
        status: 'pending',
        appointmentDate: '2026-12-01T13:00:00.000Z',
        endDate: '2026-12-01T13:45:00.000Z',
        localDate: '2026-12-01',
        localTime: '14:00',
        serviceId: COUPE.id,
        service: 'Coupe femme',
        duration: 45,
        processing: null,
        cleanup: 0,
        price: 4500,
        currency: 'EUR',
        channel: 'web',
        member: { id: 'm1', name: 'Léa' },
        customerId: 'c1',
        cancelReason: null,
        salonNote: null,
        createdAt: '2026-11-30T10:00:00.000Z',
        cancelledAt: null,
        notes: [
          {
            kind: 'late',
            minutes: 10,
            createdAt: '2026-12-01T12:52:00.000Z',
            localDate: '2026-12-01',
            localTime: '13:52',
          },
        ],
      },
    ],
  }

  it('opens on the overview with the statistics and recent bookings, and switches tabs', async () => {
    serve({
      'GET /api/salons/SAL001': () => json(SALON),
      'GET /api/salons/SAL001/dashboard': () => json(DASHBOARD),
      'GET /api/salons/SAL001/calendar': () =>
        json({
          state: 'connected',
          account: 'salon.lumiere.demo@gmail.com',
          lastSyncedAt: null,
          lastSync: null,
          syncing: false,
          pendingEvents: 0,
          failedEvents: 0,
          updates: 'polling',
          pollMinutes: 5,
          busyEvents: 0,
          lastError: null,
          conflicts: [],
          timeZone: 'Europe/Paris',
        }),
      'GET /api/salons/SAL001/services': () => json([COUPE]),
      'GET /api/salon-hash/SAL001': () => json({ hash: 'h4sh' }),
      'GET /api/salons/SAL001/mcp-token': () =>
        json({ hasToken: true, issuedAt: '2026-11-20T10:00:00.000Z', serverUrl: 'http://localhost:3000/mcp' }),
    })
    const user = userEvent.setup()
    renderWithQueries(<SalonDashboard salonId="SAL001" />)
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain('Aperçu')
    expect(await screen.findByRole('heading', { name: 'Salon Lumière' })).toBeTruthy()
    expect(await screen.findByText('42')).toBeTruthy()
    expect(screen.getByText('Total des réservations')).toBeTruthy()
    expect(screen.getByText('Absences sur 30 jours :')).toBeTruthy()
    expect(screen.getByText(/^8\s%$/)).toBeTruthy()
    expect(screen.getByText('2 sur 25 rendez-vous passés')).toBeTruthy()
    const recent = screen.getByText('Camille').closest('li') as HTMLElement
    expect(within(recent).getByText('En attente')).toBeTruthy()
    expect(within(recent).getByText('45,00 EUR')).toBeTruthy()
    expect(within(recent).getByText('En retard d’environ 10 min')).toBeTruthy()
    expect(within(recent).getByText('prévenu à 13:52')).toBeTruthy()
    // The service's names in the other languages, as customers get them.
    const coupe = (await screen.findByText('Coupe femme')).closest('li') as HTMLElement
    expect(within(coupe).getByText('Damenhaarschnitt').getAttribute('lang')).toBe('de')
    expect(within(coupe).getByText('Taglio donna')).toBeTruthy()
    expect(within(coupe).getByTitle('allemand').textContent).toBe('de')
    expect(await screen.findByText('Agents IA (MCP)')).toBeTruthy()
    expect(await screen.findByText('Connecté')).toBeTruthy()

    // The Instagram tab reads the same salon: not connected, on a server with an Instagram app. Its
    // code comes in a chunk of its own, loaded ahead once the first tab has its data.
    await user.click(screen.getByRole('tab', { name: /Instagram/ }))
    expect(await screen.findByText('Connectez d’abord votre compte Instagram')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Connecter Instagram' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('the reminders card', () => {
  it('saves each setting at once: a reminder off, SMS off, a day of notice', async () => {
    let saved: Salon = SALON
    const calls = serve({
      'PATCH /api/salons/SAL001': (init) => {
        const change = JSON.parse(String(init?.body)) as Record<string, unknown>
        saved = {
          ...saved,
          reminders: {
            dayBefore: (change.remindDayBefore as boolean | undefined) ?? saved.reminders.dayBefore,
            twoHours: (change.remindTwoHours as boolean | undefined) ?? saved.reminders.twoHours,
            bySms: (change.remindBySms as boolean | undefined) ?? saved.reminders.bySms,
            cancellationNoticeMinutes:
              (change.cancellationNoticeMinutes as number | undefined) ?? saved.reminders.cancellationNoticeMinutes,
          },
        }
        return json(saved)
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<RemindersCard salon={SALON} />)
    const dayBefore = screen.getByRole('switch', { name: 'Rappel la veille (24 h avant)' })
    expect(dayBefore.getAttribute('aria-checked')).toBe('true')
    await user.click(dayBefore)
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1))
    await user.click(screen.getByRole('switch', { name: 'Par SMS' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2))
    const notice = screen.getByLabelText("Annulation en ligne possible jusqu'à") as HTMLSelectElement
    expect(notice.value).toBe('120')
    expect([...notice.options].map((o) => o.text)).toContain('24 h avant')
    await user.selectOptions(notice, '1440')
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(3))
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { remindDayBefore: false },
      { remindBySms: false },
      { cancellationNoticeMinutes: 1440 },
    ])
  })

  it('shows the order reminders try the channels in, and moves one up or down at once', async () => {
    let saved: Salon = SALON
    const calls = serve({
      'PATCH /api/salons/SAL001': (init) => {
        const change = JSON.parse(String(init?.body)) as { reminderChannels: string[] }
        saved = { ...saved, reminderChannels: change.reminderChannels }
        return json(saved)
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<RemindersCard salon={SALON} />)
    const order = screen.getByRole('region', { name: 'Ordre d’envoi des rappels' })
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.La messagerie où le client a réservé', '2.Telegram', '3.Instagram', '4.SMS', '5.E-mail'])
    expect(within(order).getByRole('button', { name: 'Monter : La messagerie où le client a réservé' })).toHaveProperty(
      'disabled',
      true,
    )
    await user.click(within(order).getByRole('button', { name: 'Monter : SMS' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      reminderChannels: ['booked', 'telegram', 'sms', 'instagram', 'email'],
    })
  })
})
