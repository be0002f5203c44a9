// @vitest-environment happy-dom

import { catchNavigation, fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CalendarConnect } from './CalendarConnect'
import { readPendingCalendar } from './pending-calendar'
import { readSignInReturn } from './sign-in-return'

const texts = en.calendarConnect

function Screen({ initialId = '' }: { initialId?: string }) {
  const [salonId, setSalonId] = useState(initialId)
  return <CalendarConnect salonId={salonId} onSalonIdChange={setSalonId} salonFound={false} />
}

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the calendar connection screen', () => {
  it('keeps the connect button disabled until a salon ID is typed', async () => {
    const user = userEvent.setup()
    fakeServer({})
    renderAt('/professional', <Screen />)
    const button = screen.getByRole('button', { name: texts.form.connect })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    await user.type(screen.getByLabelText(texts.form.salonId), 'sal001')
    expect((button as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the three steps, the first one current', () => {
    fakeServer({})
    renderAt('/professional', <Screen />)
    const steps = within(screen.getByRole('list', { name: texts.steps.label })).getAllByRole('listitem')
    // The number in each circle is decoration; the label is what is read.
    expect(steps.map((step) => step.textContent?.replace(/^\d/, ''))).toEqual([
      texts.steps.id,
      texts.steps.authorize,
      texts.steps.confirm,
    ])
    expect(steps[0]?.getAttribute('aria-current')).toBe('step')
  })

  it('asks the server for the sign-in address of the typed salon and sends the browser there', async () => {
    const user = userEvent.setup()
    const calls = fakeServer({
      'GET /api/google/auth-url/SAL001': { json: { authUrl: '/demo-sign-in?state=abc' } },
    })
    const assign = catchNavigation()
    renderAt('/professional', <Screen />)
    await user.type(screen.getByLabelText(texts.form.salonId), ' sal001 ')
    await user.click(screen.getByRole('button', { name: texts.form.connect }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-sign-in?state=abc'))
    expect(calls.map((call) => call.url)).toEqual(['/api/google/auth-url/SAL001'])
    // While the browser leaves, the button says so and cannot be pressed again.
    const leaving = screen.getByRole('button', { name: texts.connecting })
    expect((leaving as HTMLButtonElement).disabled).toBe(true)
  })

  it('fails when the answer is not JSON with an authUrl', async () => {
    const user = userEvent.setup()
    fakeServer({ 'GET /api/google/auth-url/SAL001': { text: '<html>oops</html>' } })
    const assign = catchNavigation()
    renderAt('/professional', <Screen initialId="SAL001" />)
    await user.click(screen.getByRole('button', { name: texts.form.connect }))
    expect(await screen.findByText(texts.errors.connectionFailed)).toBeTruthy()
    expect(screen.getByText(texts.errors.tryAgain)).toBeTruthy()
    expect(assign).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: texts.form.connect }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('says to contact the ambassador when no Google account is authorised for the salon yet', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/google/auth-url/SAL002': {
        status: 409,
        json: { code: 'auth.no_authorized_account', message: 'No authorised account' },
      },
    })
    renderAt('/professional', <Screen initialId="SAL002" />)
    await user.click(screen.getByRole('button', { name: texts.form.connect }))
    expect(await screen.findByText(texts.errors.noAuthorizedAccount)).toBeTruthy()
  })

  it('lets every provider the server connects be chosen, and shows one it cannot, disabled, with why', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/calendar-providers': {
        json: [
          { name: 'google', available: true },
          { name: 'microsoft', available: false },
          { name: 'caldav', available: true },
        ],
      },
    })
    renderAt('/professional', <Screen />)
    await user.click(screen.getByRole('button', { name: texts.form.otherCalendars }))
    expect(screen.getByRole('heading', { name: texts.picker.title })).toBeTruthy()
    const google = screen.getByRole('radio', { name: /Google Calendar/ }) as HTMLInputElement
    expect(google.checked).toBe(true)
    const outlook = screen.getByRole('radio', { name: /Microsoft Outlook/ }) as HTMLInputElement
    await waitFor(() => expect(outlook.disabled).toBe(true))
    expect(outlook.closest('label')?.textContent).toContain(texts.picker.notOnServer)
    for (const name of ['Apple Calendar', 'CalDAV']) {
      expect((screen.getByRole('radio', { name: new RegExp(name) }) as HTMLInputElement).disabled).toBe(false)
    }
    expect(screen.queryByText('Coming soon')).toBeNull()

    // Connecting from the list without an ID: the destructive toast, and back to the ID field.
    await user.click(screen.getByRole('button', { name: `${texts.picker.connect} Google Calendar` }))
    expect(await screen.findByText(texts.errors.noSalonSelected)).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText(texts.form.salonId))

    await user.click(screen.getByRole('button', { name: texts.form.otherCalendars }))
    await user.click(screen.getByRole('button', { name: texts.picker.back }))
    expect(screen.getByLabelText(texts.form.salonId)).toBeTruthy()
  })

  it('signs the owner in first when Apple Calendar is chosen, keeping the choice for the dashboard', async () => {
    const user = userEvent.setup()
    sessionStorage.clear()
    const calls = fakeServer({
      'GET /api/calendar-providers': {
        json: [
          { name: 'google', available: true },
          { name: 'microsoft', available: true },
          { name: 'caldav', available: true },
        ],
      },
      'GET /api/google/auth-url/SAL001': { json: { authUrl: '/demo-sign-in?state=abc' } },
    })
    const assign = catchNavigation()
    renderAt('/professional', <Screen initialId="SAL001" />)
    await user.click(screen.getByRole('button', { name: texts.form.otherCalendars }))
    await user.click(screen.getByRole('radio', { name: /Apple Calendar/ }))
    expect(screen.getByText(texts.picker.signInFirst.replace('{{provider}}', 'Apple Calendar'))).toBeTruthy()
    await user.click(screen.getByRole('button', { name: `${texts.picker.connect} Apple Calendar` }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-sign-in?state=abc'))
    expect(calls.map((call) => call.url)).toContain('/api/google/auth-url/SAL001')
    expect(readPendingCalendar()).toBe('icloud')
    sessionStorage.clear()
  })
})

describe('the sign-in return', () => {
  it("leaves Microsoft's return to the dashboard: it is a calendar added, not a sign-in", () => {
    expect(readSignInReturn('?calendar=microsoft&connected=true')).toBeUndefined()
    expect(readSignInReturn('?calendar=microsoft&error=denied')).toBeUndefined()
    expect(readSignInReturn('?connected=true&salon=SAL001')).toEqual({
      kind: 'connected',
      salonId: 'SAL001',
      demo: false,
    })
  })
})
