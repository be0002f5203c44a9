// @vitest-environment happy-dom

import { fakeServer, renderAt, SIGNED_OUT, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import ProfessionalPage from './ProfessionalPage'

// The dashboard has its own tests; here it only has to be given the signed-in salon.
vi.mock('@app/features/salon-dashboard/SalonDashboard', () => ({
  SalonDashboard: ({ salonId }: { salonId: string }) => <div data-testid="dashboard">{salonId}</div>,
}))

const texts = en.professional

const OWNER_EMAIL = 'salon.lumiere.demo@gmail.com'
/** Who GET /api/session says is signed in after the owner's sign-in. */
const OWNER_SESSION = {
  json: {
    isAuthenticated: true,
    user: { salonId: 'SAL001', email: OWNER_EMAIL, name: 'Salon Lumière', isAdmin: false },
  },
}
const CALENDAR = { json: { state: 'not_connected' } }

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the professional area, signed out', () => {
  it('offers the connect form and the waitlist as two tabs, connect first, side by side from lg', async () => {
    fakeServer({ 'GET /api/session': SIGNED_OUT })
    renderAt('/professional', <ProfessionalPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeTruthy()

    const tabs = screen.getByRole('tablist', { name: texts.tabs.label })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([texts.tabs.connect, texts.tabs.waitlist])
    // The tab list is for narrow screens only; both panels are always in the page, the inactive one
    // hidden below lg and shown beside the other from lg.
    expect(tabs.className).toContain('lg:hidden')
    const [connect, waitlist] = screen.getAllByRole('tabpanel', { hidden: true })
    expect(connect?.getAttribute('data-state')).toBe('active')
    expect(waitlist?.getAttribute('data-state')).toBe('inactive')
    expect(waitlist?.className).toMatch(/(^| )data-\[state=inactive\]:hidden( |$)/)
    expect(waitlist?.className).toContain('lg:data-[state=inactive]:block')
    expect(connect?.parentElement?.className).toContain('lg:grid-cols-2')
    expect(within(connect as HTMLElement).getByRole('button', { name: en.calendarConnect.form.connect })).toBeTruthy()
    expect(within(waitlist as HTMLElement).getByRole('form', { name: en.waitlist.form.label })).toBeTruthy()

    await userEvent.setup().click(screen.getByRole('tab', { name: texts.tabs.waitlist }))
    expect(waitlist?.getAttribute('data-state')).toBe('active')
    expect(connect?.getAttribute('data-state')).toBe('inactive')
  })

  it('shows the salon an ID names, and says so when it names none', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/session': SIGNED_OUT,
      'GET /api/salons/by-id/SAL001': {
        json: { salonId: 'SAL001', name: 'Salon Lumière', isActive: true, isGoogleCalendarConnected: false },
      },
      'GET /api/salons/by-id/SAL999': { status: 404, json: { code: 'salons.not_found', message: 'No salon' } },
    })
    renderAt('/professional', <ProfessionalPage />)
    const field = await screen.findByLabelText(en.calendarConnect.form.salonId)
    await user.type(field, 'SAL001')
    const card = await screen.findByRole('region', { name: texts.lookup.label })
    expect(within(card).getByText('Salon Lumière')).toBeTruthy()
    expect(within(card).getByText(texts.lookup.calendarNotConnected)).toBeTruthy()
    expect(within(card).getByText(texts.lookup.signInHint)).toBeTruthy()

    await user.clear(field)
    await user.type(field, 'SAL999')
    expect(await screen.findByText(texts.lookup.notFound.replace('{{salonId}}', 'SAL999'))).toBeTruthy()
  })

  it('says which account to use after a sign-in with the wrong one, then clears the address', async () => {
    fakeServer({ 'GET /api/session': SIGNED_OUT })
    renderAt(
      `/professional?error=wrong_account&expected=${encodeURIComponent('s•••o@gmail.com')}&salon=SAL001`,
      <ProfessionalPage />,
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      en.calendarConnect.signInErrors.wrongAccountExpected.replace('{{expected}}', 's•••o@gmail.com'),
    )
    await waitFor(() => expect(window.location.search).toBe(''))
    // The ID is kept for another try.
    expect((screen.getByLabelText(en.calendarConnect.form.salonId) as HTMLInputElement).value).toBe('SAL001')

    await userEvent.setup().click(within(alert).getByRole('button', { name: en.common.close }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the professional area, back from a sign-in', () => {
  /** Back at /professional with `search`, from a sign-in GET /api/session says was the owner's. */
  const backAsOwner = (search: string) => {
    const calls = fakeServer({ 'GET /api/session': OWNER_SESSION, 'GET /api/salons/SAL001/calendar': CALENDAR })
    renderAt(`/professional?${search}`, <ProfessionalPage />)
    return calls
  }
  const naming = (text: string) => text.replace('{{email}}', OWNER_EMAIL)

  it('greets a successful sign-in with a toast naming the account the session says, then clears the address', async () => {
    // The address is not in the URL (logs and history keep it): the toast reads it from the session.
    const calls = backAsOwner('connected=true&salon=SAL001')
    expect(await screen.findByText(texts.connected.title)).toBeTruthy()
    expect(screen.getByText(naming(texts.connected.description))).toBeTruthy()
    await waitFor(() => expect(window.location.search).toBe(''))
    expect(window.location.pathname).toBe('/professional')
    expect(calls.some((call) => call.url === '/api/session')).toBe(true)
  })

  it("names the session's account, never an address the URL claims", async () => {
    backAsOwner('connected=true&salon=SAL001&email=someone.else%40gmail.com')
    expect(await screen.findByText(naming(texts.connected.description))).toBeTruthy()
    expect(screen.queryByText(/someone\.else@gmail\.com/)).toBeNull()
  })

  it('does not claim a calendar is linked after the demo sign-in', async () => {
    backAsOwner('connected=true&salon=SAL001&demo=true')
    expect(await screen.findByText(naming(texts.connected.descriptionDemo))).toBeTruthy()
  })

  it('still greets the sign-in, naming no account, when the session cannot say who', async () => {
    fakeServer({ 'GET /api/session': SIGNED_OUT })
    renderAt('/professional?connected=true&salon=SAL001', <ProfessionalPage />)
    expect(await screen.findByText(texts.connected.descriptionNoEmail)).toBeTruthy()
  })
})

describe('the professional area, signed in', () => {
  it('greets the user with the salon ID, the calendar account, a logout button and the dashboard', async () => {
    const user = userEvent.setup()
    const calls = fakeServer({
      'GET /api/session': {
        json: {
          isAuthenticated: true,
          user: { salonId: 'SAL001', email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière', isAdmin: false },
        },
      },
      'GET /api/salons/SAL001/calendar': { json: { state: 'connected', account: 'salon.lumiere.demo@gmail.com' } },
      'POST /api/logout': { status: 204 },
    })
    renderAt('/professional', <ProfessionalPage />)
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: texts.signedIn.greeting.replace('{{name}}', 'Salon Lumière'),
      }),
    ).toBeTruthy()
    expect(screen.getByText(en.dashboard.calendar.label)).toBeTruthy()
    expect(await screen.findByText('salon.lumiere.demo@gmail.com')).toBeTruthy()
    expect(screen.getByTestId('dashboard').textContent).toBe('SAL001')

    await user.click(screen.getByRole('button', { name: texts.signedIn.logout }))
    await waitFor(() => expect(window.location.pathname).toBe('/'))
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/logout')).toBe(true)
  })

  it("says the calendar needs a new sign-in when it does, as the dashboard's status card does", async () => {
    fakeServer({
      'GET /api/session': {
        json: {
          isAuthenticated: true,
          user: { salonId: 'SAL001', email: 'owner@gmail.com', name: 'Salon Lumière', isAdmin: false },
        },
      },
      'GET /api/salons/SAL001/calendar': {
        json: { state: 'reconnect_required', account: 'salon.lumiere.demo@gmail.com' },
      },
    })
    renderAt('/professional', <ProfessionalPage />)
    expect(await screen.findByText(en.dashboard.calendar.state.reconnectRequired)).toBeTruthy()
    expect(screen.getByText('salon.lumiere.demo@gmail.com')).toBeTruthy()
    // Not the signed-in account, which is not the calendar's.
    expect(screen.queryByText('owner@gmail.com')).toBeNull()
  })

  it('shows a spinner with a message while the session is checked', async () => {
    fakeServer({ 'GET /api/session': SIGNED_OUT })
    renderAt('/professional', <ProfessionalPage />)
    expect(screen.getByText(texts.loading).closest('[role="status"]')).toBeTruthy()
    await screen.findByRole('heading', { level: 1, name: texts.title })
  })
})
