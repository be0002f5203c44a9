// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { CalendarConnection, CalendarConnections, CalendarStatus } from '@common/schemas/calendar'
import type { Salon } from '@common/schemas/salon'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstTab } from '../dashboard-tabs'
import { CalendarsCard } from './CalendarsCard'
import { readMicrosoftReturn } from './microsoft-return'

const SALON = {
  salonId: 'SAL001',
  timeZone: 'Europe/Paris',
  isGoogleCalendarConnected: true,
  googleConnectedEmail: 'salon.lumiere.demo@gmail.com',
} as Salon

const MINUTE = 60_000
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString()

const GOOGLE: CalendarConnection = {
  id: '11111111-1111-4111-8111-111111111111',
  provider: 'google',
  account: 'salon.lumiere.demo@gmail.com',
  calendarName: null,
  writesBookings: true,
  state: 'connected',
  lastSyncedAt: ago(2),
  lastPulledAt: ago(2),
  lastError: null,
  updates: 'push',
  busyEvents: 3,
  syncing: false,
  removable: false,
}
const OUTLOOK: CalendarConnection = {
  ...GOOGLE,
  id: '22222222-2222-4222-8222-222222222222',
  provider: 'microsoft',
  account: 'camille@outlook.fr',
  calendarName: 'Calendrier',
  writesBookings: false,
  lastPulledAt: ago(5),
  busyEvents: 1,
  removable: true,
}
const ICLOUD: CalendarConnection = {
  ...OUTLOOK,
  id: '33333333-3333-4333-8333-333333333333',
  provider: 'caldav',
  account: 'camille@icloud.com',
  calendarName: 'Salon',
  updates: 'polling',
  busyEvents: 0,
}
const list = (...calendars: CalendarConnection[]): CalendarConnections => ({
  calendars,
  writerId: calendars.find((calendar) => calendar.writesBookings)?.id ?? null,
})

const STATUS: CalendarStatus = {
  state: 'connected',
  account: GOOGLE.account,
  lastSyncedAt: ago(2),
  lastSync: { created: 2, updated: 1, removed: 0 },
  syncing: false,
  pendingEvents: 0,
  failedEvents: 1,
  updates: 'push',
  pollMinutes: 5,
  busyEvents: 4,
  lastError: null,
  conflicts: [],
  timeZone: 'Europe/Paris',
}

const ALL_PROVIDERS = [
  { name: 'google', available: true },
  { name: 'microsoft', available: true },
  { name: 'caldav', available: true },
]

interface Call {
  call: string
  body: unknown
}
type Route = (body: unknown) => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refusal = (status: number, code: string) => json({ code, message: code }, status)

const CALENDARS = 'GET /api/salons/SAL001/calendars'
const base = '/api/salons/SAL001/calendars'

/** A fetch answering by "METHOD path", recording each call and its body; the session is an owner's. */
function serve(routes: Record<string, Route>) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ call, body })
      if (call === 'GET /api/session') return json({ isAuthenticated: true, user: { salonId: 'SAL001' } })
      if (call === 'GET /api/salons/SAL001/calendar' && !routes[call]) return json(STATUS)
      if (call === 'GET /api/calendar-providers' && !routes[call]) return json(ALL_PROVIDERS)
      const route = routes[call]
      return route ? route(body) : refusal(404, 'not_found')
    }),
  )
  return { calls, made: (call: string) => calls.filter((entry) => entry.call === call) }
}

const notifications = () => screen.getByRole('region', { name: /Notifications/ })
/** A calendar's row, by what it shows under the provider's name: the account (and its calendar). */
const rowOf = async (subject: string) => (await screen.findByTitle(subject)).closest('li') as HTMLElement
const writerRadio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement

beforeAll(frenchTexts)
beforeEach(() => {
  sessionStorage.clear()
  window.history.replaceState(null, '', '/professional')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the calendars card', () => {
  it('lists each calendar with its account, state, and the one receiving the bookings checked', async () => {
    serve({ [CALENDARS]: () => json(list(GOOGLE, OUTLOOK, ICLOUD)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const group = await screen.findByRole('radiogroup', { name: 'Calendrier qui reçoit les rendez-vous' })
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect(radios.map((radio) => radio.checked)).toEqual([true, false, false])
    expect(writerRadio(/Google Agenda/).checked).toBe(true)
    expect(writerRadio(/Outlook, camille@outlook\.fr/).checked).toBe(false)

    const google = await rowOf('salon.lumiere.demo@gmail.com')
    expect(within(google).getByText('Google Agenda', { selector: 'p' })).toBeTruthy()
    expect(within(google).getByText('Connecté')).toBeTruthy()
    // The writer keeps the single calendar's rows: its last sync and what it changed, its events.
    expect(within(google).getByText('Dernière synchronisation').closest('li')?.textContent).toContain('2 créés')
    expect(within(google).getByText('1 en échec')).toBeTruthy()
    expect(within(google).getByText('Vos événements personnels').closest('li')?.textContent).toContain('4')

    const outlook = await rowOf('camille@outlook.fr · Calendrier')
    expect(within(outlook).getByText('Outlook', { selector: 'p' })).toBeTruthy()
    expect(within(outlook).getByText('Dernière lecture : il y a 5 minutes · Événements personnels : 1')).toBeTruthy()
    expect(within(outlook).getByRole('button', { name: 'Synchroniser Outlook' })).toBeTruthy()
    expect(
      within(await rowOf('camille@icloud.com · Salon')).getByText('iCloud / CalDAV', { selector: 'p' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ajouter un calendrier' })).toBeTruthy()
  })

  it("does not offer to remove Google's calendar: it is the owner's sign-in, and says so", async () => {
    serve({ [CALENDARS]: () => json(list(GOOGLE, OUTLOOK)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const google = await rowOf('salon.lumiere.demo@gmail.com')
    expect(within(google).queryByRole('button', { name: /Retirer/ })).toBeNull()
    expect(within(google).getByText(/il se retire avec «\s*Déconnecter\s*»/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retirer Outlook' })).toBeTruthy()
  })

  it('with Google alone, leaves "Synchroniser" to the quick actions (one button for the same thing)', async () => {
    serve({ [CALENDARS]: () => json(list(GOOGLE)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    expect(((await screen.findByRole('radio', { name: /Google Agenda/ })) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('button', { name: /Synchroniser/ })).toBeNull()
  })

  it('makes another calendar receive the bookings (PUT …/writer), and checks it from the answer', async () => {
    const { made } = serve({
      [CALENDARS]: () => json(list(GOOGLE, OUTLOOK)),
      [`PUT ${base}/${OUTLOOK.id}/writer`]: () =>
        json(list({ ...GOOGLE, writesBookings: false }, { ...OUTLOOK, writesBookings: true })),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('radio', { name: /Outlook, camille@outlook\.fr/ }))
    await waitFor(() => expect(writerRadio(/Outlook/).checked).toBe(true))
    expect(writerRadio(/Google Agenda/).checked).toBe(false)
    expect(made(`PUT ${base}/${OUTLOOK.id}/writer`)).toHaveLength(1)
    expect(await within(notifications()).findByText('Outlook reçoit désormais les rendez-vous')).toBeTruthy()
  })

  it('says why the writer cannot change when the calendar must be reconnected first (409)', async () => {
    serve({
      [CALENDARS]: () => json(list(GOOGLE, OUTLOOK)),
      [`PUT ${base}/${OUTLOOK.id}/writer`]: () => refusal(409, 'calendar.reconnect_required'),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('radio', { name: /Outlook/ }))
    const toast = await within(notifications()).findByText('Impossible de changer de calendrier')
    expect(toast.closest('li')?.textContent).toContain("Outlook n'accepte plus l'accès de Salonia")
    expect(writerRadio(/Google Agenda/).checked).toBe(true)
  })

  it('removes a calendar only once confirmed (DELETE)', async () => {
    let removed = false
    const { made } = serve({
      [CALENDARS]: () => json(removed ? list(GOOGLE) : list(GOOGLE, ICLOUD)),
      [`DELETE ${base}/${ICLOUD.id}`]: () => {
        removed = true
        return json({ success: true })
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('button', { name: 'Retirer iCloud / CalDAV' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Retirer ce calendrier ?' })
    expect(dialog.textContent).toContain('Salonia ne lira plus iCloud / CalDAV (camille@icloud.com)')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(made(`DELETE ${base}/${ICLOUD.id}`)).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Retirer iCloud / CalDAV' }))
    dialog = screen.getByRole('alertdialog', { name: 'Retirer ce calendrier ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }))
    await waitFor(() => expect(screen.queryByText('camille@icloud.com · Salon')).toBeNull())
    expect(made(`DELETE ${base}/${ICLOUD.id}`)).toHaveLength(1)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(await within(notifications()).findByText('iCloud / CalDAV retiré')).toBeTruthy()
  })

  it('warns before removing the calendar that receives the bookings', async () => {
    serve({ [CALENDARS]: () => json(list({ ...GOOGLE, writesBookings: false }, { ...OUTLOOK, writesBookings: true })) })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('button', { name: 'Retirer Outlook' }))
    expect(screen.getByRole('alertdialog').textContent).toContain('Ce calendrier reçoit vos rendez-vous')
  })
})

describe('reconnecting', () => {
  it('shows an Outlook calendar to reconnect, which cannot take the bookings, and reconnects it through Microsoft', async () => {
    const { made } = serve({
      [CALENDARS]: () =>
        json(list(GOOGLE, { ...OUTLOOK, state: 'reconnect_required', lastError: 'reconnect_required' })),
      'GET /api/salons/SAL001/microsoft/auth-url': () => json({ authUrl: 'https://login.microsoftonline.com/x' }),
    })
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const outlook = await rowOf('camille@outlook.fr · Calendrier')
    expect(within(outlook).getByText('À reconnecter')).toBeTruthy()
    expect(within(outlook).queryByText('Connecté')).toBeNull()
    expect(within(outlook).getByText(/Outlook n'accepte plus l'accès de Salonia/)).toBeTruthy()
    expect(writerRadio(/Outlook/).disabled).toBe(true)
    expect(within(outlook).queryByRole('button', { name: /Synchroniser/ })).toBeNull()
    await user.click(within(outlook).getByRole('button', { name: 'Reconnecter Outlook' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.microsoftonline.com/x'))
    expect(made('GET /api/salons/SAL001/microsoft/auth-url')).toHaveLength(1)
  })

  it('reconnects a CalDAV calendar with its form again, on the server its account names', async () => {
    serve({ [CALENDARS]: () => json(list(GOOGLE, { ...ICLOUD, state: 'reconnect_required' })) })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('button', { name: 'Reconnecter iCloud / CalDAV' }))
    const dialog = screen.getByRole('dialog', { name: 'Connecter iCloud / CalDAV' })
    expect((within(dialog).getByLabelText('Service') as HTMLSelectElement).value).toBe('icloud')
  })

  it("reconnects Google's calendar with the owner's Google sign-in", async () => {
    serve({
      [CALENDARS]: () => json(list({ ...GOOGLE, state: 'reconnect_required', lastError: 'reconnect_required' })),
      'GET /api/google/auth-url/SAL001': () => json({ authUrl: 'https://accounts.google.com/o/oauth2/v2/auth?x=1' }),
    })
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    expect(await screen.findByText(/Le calendrier n'accepte plus l'accès de Salonia/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Reconnecter Google Agenda' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?x=1'))
  })
})

describe('adding a calendar', () => {
  async function openCaldav(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Ajouter un calendrier' }))
    const choice = screen.getByRole('dialog', { name: 'Ajouter un calendrier' })
    await user.click(within(choice).getByRole('button', { name: /iCloud \/ CalDAV/ }))
    return screen.getByRole('dialog', { name: 'Connecter iCloud / CalDAV' })
  }

  it('finds the calendars of an iCloud account, lets one be chosen, and connects it', async () => {
    const connected = list(GOOGLE, { ...ICLOUD, calendarName: 'Travail' })
    const { made } = serve({
      [CALENDARS]: () => json(list(GOOGLE)),
      'POST /api/salons/SAL001/caldav/discover': () =>
        json({
          calendars: [
            { url: 'https://caldav.icloud.com/1/calendars/home/', name: 'Maison', color: '#34aadc' },
            { url: 'https://caldav.icloud.com/1/calendars/work/', name: 'Travail', color: null },
          ],
        }),
      'POST /api/salons/SAL001/caldav/connect': () => json(connected, 201),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const dialog = await openCaldav(user)
    // iCloud asks for an app-specific password: where to make one.
    expect(within(dialog).getByRole('link', { name: 'account.apple.com' })).toBeTruthy()
    expect(dialog.textContent).toMatch(/«\s*Connexion et sécurité\s*», choisissez «\s*Mots de passe pour les apps\s*»/)

    // Nothing typed: said beside each field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher mes calendriers' }))
    expect(within(dialog).getByText("Indiquez votre nom d'utilisateur.")).toBeTruthy()
    expect(made('POST /api/salons/SAL001/caldav/discover')).toHaveLength(0)

    await user.type(within(dialog).getByLabelText('Adresse e-mail du compte'), ' camille@icloud.com ')
    const password = within(dialog).getByLabelText('Mot de passe pour les apps') as HTMLInputElement
    await user.type(password, 'abcd-efgh-ijkl-mnop')
    expect(password.type).toBe('password')
    await user.click(within(dialog).getByRole('button', { name: 'Afficher le mot de passe' }))
    expect(password.type).toBe('text')
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher mes calendriers' }))

    const work = await within(dialog).findByRole('radio', { name: 'Travail' })
    expect(made('POST /api/salons/SAL001/caldav/discover')[0]?.body).toEqual({
      preset: 'icloud',
      username: 'camille@icloud.com',
      password: 'abcd-efgh-ijkl-mnop',
    })
    const connect = within(dialog).getByRole('button', { name: 'Connecter' }) as HTMLButtonElement
    expect(connect.disabled).toBe(true)
    await user.click(work)
    await user.click(connect)

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(made('POST /api/salons/SAL001/caldav/connect')[0]?.body).toEqual({
      account: { preset: 'icloud', username: 'camille@icloud.com', password: 'abcd-efgh-ijkl-mnop' },
      calendarUrl: 'https://caldav.icloud.com/1/calendars/work/',
      calendarName: 'Travail',
    })
    expect(await screen.findByText('camille@icloud.com · Travail')).toBeTruthy()
    expect(await within(notifications()).findByText('Calendrier connecté')).toBeTruthy()
  })

  it('says in words when the server refuses the user name or password', async () => {
    serve({
      [CALENDARS]: () => json(list(GOOGLE)),
      'POST /api/salons/SAL001/caldav/discover': () => refusal(422, 'caldav.unauthorized'),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const dialog = await openCaldav(user)
    await user.type(within(dialog).getByLabelText('Adresse e-mail du compte'), 'camille@icloud.com')
    await user.type(within(dialog).getByLabelText('Mot de passe pour les apps'), 'mot-de-passe-apple')
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher mes calendriers' }))
    const alert = await within(dialog).findByText(/Nom d'utilisateur ou mot de passe refusé/)
    expect(alert.textContent).toContain('pour iCloud, utilisez un mot de passe pour les apps')
  })

  it("asks for another server's address and says when it holds no CalDAV calendar", async () => {
    const { made } = serve({
      [CALENDARS]: () => json(list(GOOGLE)),
      'POST /api/salons/SAL001/caldav/discover': () => refusal(422, 'caldav.not_caldav'),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const dialog = await openCaldav(user)
    await user.selectOptions(within(dialog).getByLabelText('Service'), 'custom')
    expect(within(dialog).queryByRole('link', { name: 'account.apple.com' })).toBeNull()
    await user.type(within(dialog).getByLabelText("Nom d'utilisateur"), 'camille')
    await user.type(within(dialog).getByLabelText('Mot de passe pour les apps'), 'secret')
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher mes calendriers' }))
    expect(within(dialog).getByText("Indiquez l'adresse de votre serveur CalDAV.")).toBeTruthy()
    await user.type(
      within(dialog).getByLabelText('Adresse du serveur CalDAV'),
      'https://cloud.example.org/remote.php/dav',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Rechercher mes calendriers' }))
    expect(await within(dialog).findByText(/Aucun calendrier CalDAV n'a été trouvé à cette adresse/)).toBeTruthy()
    expect(made('POST /api/salons/SAL001/caldav/discover')[0]?.body).toEqual({
      preset: 'custom',
      serverUrl: 'https://cloud.example.org/remote.php/dav',
      username: 'camille',
      password: 'secret',
    })
  })

  it("sends the browser to Microsoft's consent for Outlook", async () => {
    const { made } = serve({
      [CALENDARS]: () => json(list(GOOGLE)),
      'GET /api/salons/SAL001/microsoft/auth-url': () => json({ authUrl: 'https://login.microsoftonline.com/consent' }),
    })
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('button', { name: 'Ajouter un calendrier' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Outlook/ }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.microsoftonline.com/consent'))
    expect(made('GET /api/salons/SAL001/microsoft/auth-url')).toHaveLength(1)
  })

  it('shows a provider this server cannot connect, disabled, with why', async () => {
    serve({
      [CALENDARS]: () => json(list(GOOGLE)),
      'GET /api/calendar-providers': () =>
        json(ALL_PROVIDERS.map((p) => ({ ...p, available: p.name !== 'microsoft' }))),
    })
    const user = userEvent.setup()
    renderWithQueries(<CalendarsCard salon={SALON} />)
    await user.click(await screen.findByRole('button', { name: 'Ajouter un calendrier' }))
    const outlook = within(screen.getByRole('dialog')).getByRole('button', { name: /^Outlook/ }) as HTMLButtonElement
    await waitFor(() => expect(outlook.disabled).toBe(true))
    expect(outlook.textContent).toContain('Pas encore disponible sur ce serveur Salonia.')
    expect(
      (within(screen.getByRole('dialog')).getByRole('button', { name: /iCloud \/ CalDAV/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(false)
  })

  it('opens the dialog of the calendar chosen before signing in, once', async () => {
    sessionStorage.setItem('salonia-pending-calendar', 'icloud')
    serve({ [CALENDARS]: () => json(list(GOOGLE)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const dialog = await screen.findByRole('dialog', { name: 'Connecter iCloud / CalDAV' })
    expect((within(dialog).getByLabelText('Service') as HTMLSelectElement).value).toBe('icloud')
    expect(sessionStorage.getItem('salonia-pending-calendar')).toBeNull()
  })
})

describe("Microsoft's return", () => {
  it('says Outlook is connected, reads the calendars again and clears the address', async () => {
    window.history.replaceState(null, '', '/professional?calendar=microsoft&connected=true')
    const { made } = serve({ [CALENDARS]: () => json(list(GOOGLE, OUTLOOK)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    expect(await within(notifications()).findByText('Outlook connecté')).toBeTruthy()
    expect(window.location.search).toBe('')
    await waitFor(() => expect(made(CALENDARS).length).toBeGreaterThan(0))
  })

  it('says why when the owner declined at Microsoft', async () => {
    window.history.replaceState(null, '', '/professional?calendar=microsoft&error=denied')
    serve({ [CALENDARS]: () => json(list(GOOGLE)) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const toast = await within(notifications()).findByText('Échec de la connexion du calendrier')
    expect(toast.closest('li')?.textContent).toContain("L'accès a été refusé chez Microsoft")
    expect(window.location.search).toBe('')
  })
})

describe('readMicrosoftReturn', () => {
  it("reads the server's reasons, an unknown one as unavailable, and leaves other addresses alone", () => {
    expect(readMicrosoftReturn('?calendar=microsoft&connected=true')).toEqual({ kind: 'connected' })
    expect(readMicrosoftReturn('?calendar=microsoft&error=no_calendar')).toEqual({
      kind: 'error',
      reason: 'no_calendar',
    })
    expect(readMicrosoftReturn('?calendar=microsoft&error=whatever')).toEqual({ kind: 'error', reason: 'unavailable' })
    expect(readMicrosoftReturn('?connected=true&salon=SAL001')).toBeUndefined()
  })

  it('opens the dashboard on the overview while a calendar is on its way, even on a phone', () => {
    sessionStorage.setItem('salonia-dashboard-tab', 'agenda')
    expect(firstTab()).toBe('agenda')
    window.history.replaceState(null, '', '/professional?calendar=microsoft&error=denied')
    expect(firstTab()).toBe('overview')
    window.history.replaceState(null, '', '/professional')
    sessionStorage.setItem('salonia-pending-calendar', 'microsoft')
    expect(firstTab()).toBe('overview')
    expect(firstTab('instagram')).toBe('instagram')
  })
})

describe('another calendar receiving the bookings', () => {
  it("names it where the single calendar's rows said Google", async () => {
    serve({ [CALENDARS]: () => json(list({ ...GOOGLE, writesBookings: false }, { ...OUTLOOK, writesBookings: true })) })
    renderWithQueries(<CalendarsCard salon={SALON} />)
    const outlook = await rowOf('camille@outlook.fr · Calendrier')
    expect(await within(outlook).findByText('Mises à jour depuis Outlook')).toBeTruthy()
    expect(screen.queryByText('Mises à jour depuis Google')).toBeNull()
  })
})
