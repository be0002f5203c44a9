// @vitest-environment happy-dom

import { catchNavigation, fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import AmbassadorLoginPage from './AmbassadorLoginPage'

const texts = en.ambassadorSignIn
const NOT_SIGNED_IN = { status: 401, json: { code: 'auth.required', message: 'Sign in first' } }
const DASHBOARD = {
  success: true,
  ambassador: {
    name: 'Camille Martin',
    email: 'camille.ambassadrice.demo@gmail.com',
    referralCode: 'AMBDEMO1',
    isActive: true,
    language: 'fr',
  },
  stats: { totalReferrals: 0, activeSalons: 0, waitlistEntries: 0, conversionRate: 0 },
}

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const codeField = () => screen.getByLabelText(texts.codeLabel)
const validateButton = () => screen.getByRole('button', { name: texts.validate })

describe('the ambassador sign-in', () => {
  it('keeps "check the code" disabled while the code is empty, then moves to the Google step', async () => {
    const user = userEvent.setup()
    const calls = fakeServer({
      'GET /api/ambassador/dashboard': NOT_SIGNED_IN,
      'POST /api/ambassador/validate-code': { json: { isValid: true } },
    })
    const assign = catchNavigation()
    renderAt('/ambassador', <AmbassadorLoginPage />)

    expect(screen.getByRole('heading', { level: 1, name: en.ambassadorSignIn.title })).toBeTruthy()
    expect(validateButton().hasAttribute('disabled')).toBe(true)
    await user.type(codeField(), '   ')
    expect(validateButton().hasAttribute('disabled')).toBe(true)
    await user.type(codeField(), ' DEMO-AMBASSADOR-2026 ')
    expect(validateButton().hasAttribute('disabled')).toBe(false)
    await user.click(validateButton())

    expect(await screen.findByRole('heading', { name: texts.validated })).toBeTruthy()
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ accessCode: 'DEMO-AMBASSADOR-2026' })
    await user.click(screen.getByRole('button', { name: texts.google }))
    expect(assign).toHaveBeenCalledWith('/api/ambassador/google-auth?accessCode=DEMO-AMBASSADOR-2026')
  })

  it('says an unknown code is invalid, and Back returns to the code with it kept', async () => {
    const user = userEvent.setup()
    let valid = false
    fakeServer({
      'GET /api/ambassador/dashboard': NOT_SIGNED_IN,
      'POST /api/ambassador/validate-code': () => ({ json: { isValid: valid } }),
    })
    renderAt('/ambassador', <AmbassadorLoginPage />)

    await user.type(codeField(), 'WRONG')
    await user.click(validateButton())
    expect((await screen.findByRole('alert')).textContent).toBe(texts.invalidCode)

    valid = true
    await user.clear(codeField())
    await user.type(codeField(), 'RIGHT')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(validateButton())
    await user.click(await screen.findByRole('button', { name: texts.back }))
    expect((codeField() as HTMLInputElement).value).toBe('RIGHT')
    expect(document.activeElement).toBe(codeField())
  })

  it('says when the check could not be made, and how long to wait after too many attempts', async () => {
    const user = userEvent.setup()
    let answer: 'down' | 'limited' = 'down'
    fakeServer({
      'GET /api/ambassador/dashboard': NOT_SIGNED_IN,
      'POST /api/ambassador/validate-code': () =>
        answer === 'down'
          ? { status: 503, text: '' }
          : { status: 429, json: { code: 'request.rate_limited', message: 'Slow down', retryAfterSeconds: 42 } },
    })
    renderAt('/ambassador', <AmbassadorLoginPage />)

    await user.type(codeField(), 'CODE')
    await user.click(validateButton())
    expect((await screen.findByRole('alert')).textContent).toBe(texts.validationFailed)

    answer = 'limited'
    await user.click(validateButton())
    expect(await screen.findByText('Too many attempts. Try again in 42 seconds.')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Wait \d+ s/ }).hasAttribute('disabled')).toBe(true)
  })

  it.each([
    ['auth_failed', texts.errors.authFailed],
    ['invalid_access_code', texts.errors.invalidAccessCode],
    ['token_invalid', texts.errors.tokenInvalid],
    ['creation_failed', texts.errors.creationFailed],
    ['callback_error', texts.errors.callbackError],
    ['something_else', texts.errors.unknown],
  ])('shows why Google sign-in came back with error=%s, and clears it from the address', async (code, message) => {
    fakeServer({ 'GET /api/ambassador/dashboard': NOT_SIGNED_IN })
    renderAt(`/ambassador?error=${code}`, <AmbassadorLoginPage />)
    expect(await screen.findByText(message)).toBeTruthy()
    await waitFor(() => expect(window.location.search).toBe(''))
  })

  it('says how long to wait when the Google link was refused for too many access-code checks', async () => {
    fakeServer({ 'GET /api/ambassador/dashboard': NOT_SIGNED_IN })
    renderAt('/ambassador?error=rate_limited&retryAfter=42', <AmbassadorLoginPage />)
    expect(await screen.findByText('Too many attempts. Try again in 42 seconds.')).toBeTruthy()
    await waitFor(() => expect(window.location.search).toBe(''))
  })

  it('goes on to the dashboard when Google sign-in came back with success', async () => {
    fakeServer({ 'GET /api/ambassador/dashboard': { json: DASHBOARD } })
    renderAt('/ambassador?success=true', <AmbassadorLoginPage />)
    await waitFor(() => expect(window.location.pathname).toBe('/ambassador/dashboard'))
  })

  it('offers the dashboard to an ambassador already signed in, and the team address to anyone', async () => {
    fakeServer({
      'GET /api/ambassador/session': {
        json: {
          isAuthenticated: true,
          ambassador: { name: DASHBOARD.ambassador.name, email: DASHBOARD.ambassador.email },
        },
      },
    })
    renderAt('/ambassador', <AmbassadorLoginPage />)
    const link = await screen.findByRole('link', { name: texts.signedIn.action })
    expect(link.getAttribute('href')).toBe('/ambassador/dashboard')
    expect(screen.getByText(/Camille Martin/)).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.contact }).getAttribute('href')).toBe('mailto:support@salonia.app')
  })
})
