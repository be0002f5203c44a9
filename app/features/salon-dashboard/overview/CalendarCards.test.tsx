// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { CalendarStatus } from '@common/schemas/calendar'
import type { Salon } from '@common/schemas/salon'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CALENDAR_BUSY_POLL_MS } from '../dashboard-api'
import { CalendarConflicts } from './CalendarConflicts'
import { CalendarsCard } from './CalendarsCard'
import { QuickActionsCard } from './ConnectionCards'
import { syncOutcome } from './calendar-sync'

const SALON = {
  salonId: 'SAL001',
  timeZone: 'Europe/Paris',
  isGoogleCalendarConnected: true,
  googleConnectedEmail: 'salon.lumiere.demo@gmail.com',
} as Salon

const MINUTE = 60_000
const CONNECTED: CalendarStatus = {
  state: 'connected',
  account: 'salon.lumiere.demo@gmail.com',
  lastSyncedAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
  lastSync: { created: 2, updated: 1, removed: 0 },
  syncing: false,
  pendingEvents: 0,
  failedEvents: 0,
  updates: 'push',
  pollMinutes: 5,
  busyEvents: 3,
  lastError: null,
  conflicts: [],
  timeZone: 'Europe/Paris',
}

type Route = () => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const STATUS_URL = 'GET /api/salons/SAL001/calendar'
const SYNC_URL = 'POST /api/salons/SAL001/sync-calendar'

/** A fetch answering by "METHOD path", recording each call; the session is an owner's. */
function serve(routes: Record<string, Route>) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`
      calls.push(call)
      if (call === 'GET /api/session') return json({ isAuthenticated: true, user: { salonId: 'SAL001' } })
      const route = routes[call]
      return route ? route() : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return calls
}

function renderCards(ui: ReactNode = <Cards />) {
  return renderWithQueries(ui)
}

function Cards() {
  return (
    <>
      <CalendarsCard salon={SALON} />
      <QuickActionsCard salon={SALON} />
      <CalendarConflicts salonId="SAL001" />
    </>
  )
}

/** The connection card: its list of rows. */
const statusList = async () => (await screen.findByText('État de la connexion')).closest('div')?.parentElement
const notifications = () => screen.getByRole('region', { name: /Notifications/ })

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the connection card', () => {
  it('shows a connected calendar with its account, last sync and what it changed, updates and events', async () => {
    serve({ [STATUS_URL]: () => json({ ...CONNECTED, failedEvents: 1, lastError: 'google_unavailable' }) })
    renderCards()
    const card = (await statusList()) as HTMLElement
    expect(await within(card).findByText('Connecté')).toBeTruthy()
    expect(within(card).queryByText('Non connecté')).toBeNull()
    expect(within(card).queryByText('Reconnexion nécessaire')).toBeNull()
    expect(within(card).getByText('salon.lumiere.demo@gmail.com')).toBeTruthy()
    const lastSync = within(card).getByText('il y a 2 minutes')
    expect(lastSync.getAttribute('title')).toMatch(/\d\d:\d\d \(Europe\/Paris\)$/)
    expect(within(card).getByText('Dernière synchronisation').closest('li')?.textContent).toContain(
      '2 créés · 1 mis à jour · 0 supprimé',
    )
    expect(within(card).getByText('En temps réel')).toBeTruthy()
    expect(within(card).getByText('1 en échec')).toBeTruthy()
    expect(within(card).getByText('Synchronisez pour réessayer.')).toBeTruthy()
    expect(within(card).getByText('Vos événements personnels').closest('li')?.textContent).toContain('3')
    expect(within(card).getByText('Google injoignable, nouvel essai automatique')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Synchroniser' })).toBeTruthy()
  })

  it('says a CalDAV calendar is read every minute', async () => {
    serve({ [STATUS_URL]: () => json({ ...CONNECTED, updates: 'polling', pollMinutes: 1 }) })
    renderCards()
    const card = (await statusList()) as HTMLElement
    expect(await within(card).findByText('Chaque minute')).toBeTruthy()
  })

  it('says when updates are read every 5 minutes and bookings are waiting to be written', async () => {
    serve({ [STATUS_URL]: () => json({ ...CONNECTED, updates: 'polling', pendingEvents: 2, busyEvents: 0 }) })
    renderCards()
    const card = (await statusList()) as HTMLElement
    expect(await within(card).findByText('Toutes les 5 minutes')).toBeTruthy()
    expect(within(card).getByText('2 en attente')).toBeTruthy()
    expect(within(card).queryByText('Tous à jour')).toBeNull()
    expect(within(card).getByText('Aucun')).toBeTruthy()
  })

  it('shows one state only when Google wants a new sign-in, and offers to reconnect', async () => {
    const calls = serve({
      [STATUS_URL]: () => json({ ...CONNECTED, state: 'reconnect_required', lastError: 'reconnect_required' }),
      'GET /api/google/auth-url/SAL001': () => json({ authUrl: 'https://accounts.google.com/o/oauth2/v2/auth?x=1' }),
    })
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    renderCards()
    const card = (await statusList()) as HTMLElement
    expect(await within(card).findByText('Reconnexion nécessaire')).toBeTruthy()
    expect(within(card).queryByText('Connecté')).toBeNull()
    expect(within(card).queryByText('Non connecté')).toBeNull()
    expect(within(card).getByText(/Le calendrier n'accepte plus l'accès de Salonia/)).toBeTruthy()
    // Nothing to synchronise until Google accepts the calendar again.
    expect(screen.queryByRole('button', { name: 'Synchroniser' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Reconnecter Google Calendar' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?x=1'))
    expect(calls).toContain('GET /api/google/auth-url/SAL001')
  })

  it('shows a calendar never connected as such, with the connect button', async () => {
    serve({
      [STATUS_URL]: () =>
        json({ ...CONNECTED, state: 'not_connected', account: null, lastSyncedAt: null, lastSync: null }),
    })
    renderCards()
    const card = (await statusList()) as HTMLElement
    expect(await within(card).findByText('Non connecté')).toBeTruthy()
    expect(within(card).queryByText('Dernière synchronisation')).toBeNull()
    expect(screen.getByRole('button', { name: 'Connecter Google Calendar' })).toBeTruthy()
  })
})

describe('conflicts', () => {
  it("lists each booking the owner's own events overlap, on the salon's clock", async () => {
    serve({
      [STATUS_URL]: () =>
        json({
          ...CONNECTED,
          conflicts: [
            {
              bookingId: 'b1',
              bookingStartsAt: '2026-12-02T09:00:00.000Z',
              serviceName: 'Coupe femme',
              customerName: 'Camille Martin',
              eventSummary: 'Dentiste',
              eventStartsAt: '2026-12-02T09:30:00.000Z',
              eventEndsAt: '2026-12-02T10:30:00.000Z',
              allDay: false,
            },
            {
              bookingId: 'b2',
              bookingStartsAt: '2026-12-04T13:00:00.000Z',
              serviceName: 'Brushing',
              customerName: 'Léa',
              eventSummary: null,
              eventStartsAt: '2026-12-03T23:00:00.000Z',
              eventEndsAt: '2026-12-04T23:00:00.000Z',
              allDay: true,
            },
          ],
        }),
    })
    renderCards(<CalendarConflicts salonId="SAL001" />)
    const block = await screen.findByRole('region', { name: '2 conflits dans votre agenda' })
    expect(block.textContent).toContain('le client est toujours attendu')
    expect(block.textContent).toContain('Déplacez ou annulez le rendez-vous, ou déplacez votre événement')
    const [first, second] = within(block).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    // The test runs in UTC: the times shown are Paris's.
    expect(first.textContent).toContain('mer. 2 déc., 10:00')
    expect(first.textContent).toContain('Coupe femme, Camille')
    expect(first.textContent).not.toContain('Martin')
    expect(first.textContent).toContain('Votre événement « \u00a0Dentiste\u00a0 », 10:30\u202f\u2060–\u2060\u202f11:30')
    expect(second.textContent).toContain('ven. 4 déc., 14:00')
    expect(second.textContent).toContain('Événement sans titre, toute la journée')
  })

  it('shows nothing when no event overlaps a booking', async () => {
    const calls = serve({ [STATUS_URL]: () => json(CONNECTED) })
    renderCards(<CalendarConflicts salonId="SAL001" />)
    await waitFor(() => expect(calls).toContain(STATUS_URL))
    expect(screen.queryByRole('region', { name: /conflit/ })).toBeNull()
  })
})

describe('synchronising', () => {
  it('queues the sync (202), says it runs until the status shows it done, then tells what it changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let phase: 'before' | 'running' | 'done' = 'before'
    const calls = serve({
      [STATUS_URL]: () =>
        json(
          phase === 'before'
            ? { ...CONNECTED, lastSync: { created: 0, updated: 0, removed: 0 } }
            : phase === 'running'
              ? { ...CONNECTED, syncing: true }
              : {
                  ...CONNECTED,
                  lastSyncedAt: new Date().toISOString(),
                  lastSync: { created: 2, updated: 1, removed: 0 },
                },
        ),
      [SYNC_URL]: () => {
        phase = 'running'
        return json({ success: true, queued: true }, 202)
      },
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderCards()
    await user.click(await screen.findByRole('button', { name: 'Synchroniser' }))

    const running = await screen.findByRole('button', { name: 'Synchronisation en cours…' })
    expect((running as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(calls.filter((call) => call === STATUS_URL).length).toBe(2))
    expect(screen.getByText("Vous pouvez continuer, le résultat s'affiche dans un instant.")).toBeTruthy()
    // Still running at the next read: still said so, no toast yet.
    await act(() => vi.advanceTimersByTimeAsync(CALENDAR_BUSY_POLL_MS))
    await waitFor(() => expect(calls.filter((call) => call === STATUS_URL).length).toBe(3))
    expect(screen.getByRole('button', { name: 'Synchronisation en cours…' })).toBeTruthy()
    expect(within(notifications()).queryByRole('listitem')).toBeNull()

    phase = 'done'
    await act(() => vi.advanceTimersByTimeAsync(CALENDAR_BUSY_POLL_MS))
    expect(await within(notifications()).findByText('Agenda à jour : 2 créés, 1 mis à jour, 0 supprimé')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Synchroniser' })).toBeTruthy()
    expect(calls.filter((call) => call === SYNC_URL)).toHaveLength(1)
  })

  it('says so when Google cannot be reached during the sync, without waiting for every retry', async () => {
    let phase: 'before' | 'failing' = 'before'
    serve({
      [STATUS_URL]: () =>
        json(phase === 'before' ? CONNECTED : { ...CONNECTED, syncing: true, lastError: 'google_unavailable' }),
      [SYNC_URL]: () => {
        phase = 'failing'
        return json({ success: true, queued: true }, 202)
      },
    })
    const user = userEvent.setup()
    renderCards()
    await user.click(await screen.findByRole('button', { name: 'Synchroniser' }))
    const toast = await within(notifications()).findByText('Échec de la synchronisation du calendrier')
    expect(toast.closest('li')?.textContent).toContain('Google injoignable, nouvel essai automatique')
    expect(screen.getByRole('button', { name: 'Synchroniser' })).toBeTruthy()
  })

  it('says so when the server refuses the request', async () => {
    serve({
      [STATUS_URL]: () => json(CONNECTED),
      [SYNC_URL]: () => json({ code: 'internal', message: 'Internal error' }, 500),
    })
    const user = userEvent.setup()
    renderCards()
    await user.click(await screen.findByRole('button', { name: 'Synchroniser' }))
    const toast = await within(notifications()).findByText('Échec de la synchronisation du calendrier')
    expect(toast.closest('li')?.textContent).toContain('Veuillez réessayer.')
  })
})

describe('syncOutcome', () => {
  const running = { ...CONNECTED, syncing: true }
  it('waits while the job runs, and for a failure already shown before the request to be confirmed', () => {
    expect(syncOutcome(CONNECTED, running, 0)).toEqual({ kind: 'running' })
    const stale = { ...running, lastError: 'google_unavailable' as const }
    expect(syncOutcome(stale, stale, 3000)).toEqual({ kind: 'running' })
    expect(syncOutcome(stale, stale, 25_000)).toEqual({ kind: 'failed', error: 'google_unavailable' })
    expect(syncOutcome(CONNECTED, stale, 3000)).toEqual({ kind: 'failed', error: 'google_unavailable' })
  })

  it('ends with what the status says once a synchronisation ended after the request', () => {
    expect(syncOutcome(running, CONNECTED, 3000)).toEqual({ kind: 'done', status: CONNECTED })
    // The next one, caused by Google's notification of our own writes, is not waited for.
    const ended = { ...running, lastSyncedAt: new Date().toISOString() }
    expect(syncOutcome(CONNECTED, ended, 3000)).toEqual({ kind: 'done', status: ended })
    expect(syncOutcome(CONNECTED, { ...CONNECTED, lastError: 'google_refused' }, 3000)).toEqual({
      kind: 'failed',
      error: 'google_refused',
    })
    expect(syncOutcome(CONNECTED, { ...running, state: 'reconnect_required' }, 0)).toEqual({
      kind: 'failed',
      error: 'reconnect_required',
    })
  })
})
