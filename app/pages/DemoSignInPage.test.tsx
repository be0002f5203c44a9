// @vitest-environment happy-dom

import { catchNavigation, fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import DemoSignInPage from './DemoSignInPage'

const texts = en.demoSignIn
const OFFER = {
  purpose: 'professional',
  account: { email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière' },
  salon: { salonId: 'SAL001', name: 'Salon Lumière' },
}

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the demo sign-in page', () => {
  it('says it is a demo, shows the account and the salon, and signs in with the state on one click', async () => {
    const user = userEvent.setup()
    const calls = fakeServer({
      'GET /api/auth/demo?state=st%2B1': { json: OFFER },
      'POST /api/auth/demo': { json: { redirectTo: '/professional?connected=true&salon=SAL001' } },
    })
    const assign = catchNavigation()
    renderAt('/demo-sign-in?state=st%2B1', <DemoSignInPage />)

    expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeTruthy()
    expect(screen.getByText(texts.banner)).toBeTruthy()
    expect(screen.getByText('salon.lumiere.demo@gmail.com')).toBeTruthy()
    expect(screen.getByText('SAL001')).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.cancel }).getAttribute('href')).toBe('/professional')

    await user.click(screen.getByRole('button', { name: 'Continue as salon.lumiere.demo@gmail.com' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/professional?connected=true&salon=SAL001'))
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ state: 'st+1' })
  })

  it('cancels back to the admin gate for an administrator sign-in', async () => {
    fakeServer({ 'GET /api/auth/demo?state=abc': { json: { ...OFFER, purpose: 'admin', salon: null } } })
    renderAt('/demo-sign-in?state=abc', <DemoSignInPage />)
    expect(await screen.findByText(texts.intentAdmin)).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.cancel }).getAttribute('href')).toBe('/admin')
  })

  it('says an ambassador enters the ambassador area, and cancels back to /ambassador', async () => {
    fakeServer({
      'GET /api/auth/demo?state=amb': {
        json: { purpose: 'ambassador', account: { email: 'camille@gmail.com', name: 'Camille' }, salon: null },
      },
    })
    renderAt('/demo-sign-in?state=amb', <DemoSignInPage />)
    expect(await screen.findByText(texts.intentAmbassador)).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.cancel }).getAttribute('href')).toBe('/ambassador')
  })

  it('explains an expired or used link, with a way back', async () => {
    fakeServer({
      'GET /api/auth/demo?state=old': { status: 400, json: { code: 'auth.invalid_state', message: 'Expired' } },
    })
    renderAt('/demo-sign-in?state=old', <DemoSignInPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.invalidLink.title })).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.backToProfessional }).getAttribute('href')).toBe('/professional')
  })

  it('shows the way back when the link was used meanwhile (another tab, another browser)', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/auth/demo?state=abc': { json: OFFER },
      'POST /api/auth/demo': { status: 400, json: { code: 'auth.invalid_state', message: 'Expired' } },
    })
    renderAt('/demo-sign-in?state=abc', <DemoSignInPage />)
    await user.click(await screen.findByRole('button', { name: /salon\.lumiere\.demo@gmail\.com/ }))
    expect(await screen.findByRole('heading', { level: 1, name: texts.invalidLink.title })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /salon\.lumiere\.demo@gmail\.com/ })).toBeNull()
  })

  it('says the demo sign-in is not available where the server has no such route (production)', async () => {
    fakeServer({})
    renderAt('/demo-sign-in?state=abc', <DemoSignInPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.unavailable.title })).toBeTruthy()
  })

  it('refuses to follow an answer that leaves the site', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/auth/demo?state=abc': { json: OFFER },
      'POST /api/auth/demo': { json: { redirectTo: 'https://evil.example/' } },
    })
    const assign = catchNavigation()
    renderAt('/demo-sign-in?state=abc', <DemoSignInPage />)
    await user.click(await screen.findByRole('button', { name: /salon\.lumiere\.demo@gmail\.com/ }))
    expect(await screen.findByText(texts.failed)).toBeTruthy()
    expect(assign).not.toHaveBeenCalled()
  })
})
