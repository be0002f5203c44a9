// @vitest-environment happy-dom

import { catchNavigation, fakeServer, renderAt, SIGNED_OUT, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import AdminPage from './AdminPage'

const texts = en.adminAccess
const session = (user: { salonId: string | null; isAdmin: boolean }) => ({
  json: { isAuthenticated: true, user: { email: 'someone@example.com', name: 'Someone', ...user } },
})

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the administration gate', () => {
  it('signs administrators in with Google', async () => {
    const user = userEvent.setup()
    fakeServer({
      'GET /api/session': SIGNED_OUT,
      'GET /api/google/admin-auth-url': { json: { authUrl: '/demo-sign-in?state=adm' } },
    })
    const assign = catchNavigation()
    renderAt('/admin', <AdminPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: texts.signIn }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-sign-in?state=adm'))
  })

  it('says when the Google account used is not an administrator, then clears the address', async () => {
    fakeServer({ 'GET /api/session': SIGNED_OUT })
    renderAt('/admin?error=not_admin', <AdminPage />)
    expect((await screen.findByRole('alert')).textContent).toContain(en.calendarConnect.signInErrors.notAdmin)
    await waitFor(() => expect(window.location.search).toBe(''))
  })

  it('shows an administrator who is signed in the panel, with who is signed in and logout', async () => {
    fakeServer({
      'GET /api/session': session({ salonId: null, isAdmin: true }),
      'GET /api/admin/overview': {
        json: { activeSalons: 2, bookingsToday: 5, successRate: 40, botUsers: 12, conversationsLast30Days: 10 },
      },
      'GET /api/salons': { json: [] },
      'GET /api/services': { json: [] },
      'GET /api/admin/access-codes': { json: [] },
      'GET /api/admin/waitlist': { json: [] },
    })
    renderAt('/admin', <AdminPage />)
    expect(await screen.findByText('Signed in as Someone (someone@example.com)')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: en.admin.title })).toBeTruthy()
    expect(screen.getByRole('button', { name: en.admin.newSalon })).toBeTruthy()
    expect(await screen.findByText(en.admin.salons.empty)).toBeTruthy()
    expect(screen.getByRole('button', { name: texts.logout })).toBeTruthy()
  })

  it('tells a signed-in professional this account is not an administrator, with logout', async () => {
    fakeServer({ 'GET /api/session': session({ salonId: 'SAL001', isAdmin: false }) })
    renderAt('/admin', <AdminPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.notAdmin.title })).toBeTruthy()
    expect(screen.getByRole('button', { name: texts.logout })).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.notAdmin.toProfessional })).toBeTruthy()
  })
})
