// @vitest-environment happy-dom

import { formatConversionRate } from '@app/features/ambassador/ambassador-api'
import { DASHBOARD } from '@app/features/ambassador/test-fixtures'
import { fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import AmbassadorDashboardPage from './AmbassadorDashboardPage'

const texts = en.ambassador

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the ambassador dashboard', () => {
  it('sends a visitor without an ambassador session back to /ambassador, saying so', async () => {
    fakeServer({ 'GET /api/ambassador/dashboard': { status: 401, json: { code: 'auth.required', message: 'No' } } })
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    expect(await screen.findByText(texts.dashboard.loadFailed)).toBeTruthy()
    await waitFor(() => expect(window.location.pathname).toBe('/ambassador'))
  })

  it('says "connection error" when the server cannot be reached, and goes back to /ambassador', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    expect(await screen.findByText(texts.dashboard.connectionError)).toBeTruthy()
    await waitFor(() => expect(window.location.pathname).toBe('/ambassador'))
  })

  it('greets the ambassador and shows the four figures, the conversion rate with one decimal', async () => {
    fakeServer({ 'GET /api/ambassador/dashboard': { json: DASHBOARD } })
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Camille Martin' })).toBeTruthy()
    const figures = within(screen.getByRole('region', { name: texts.stats.title }))
    expect(figures.getByText(texts.stats.total).parentElement?.textContent).toContain('3')
    expect(figures.getByText(texts.stats.active).parentElement?.textContent).toContain('1')
    expect(figures.getByText(texts.stats.waitlist).parentElement?.textContent).toContain('2')
    expect(figures.getByText(texts.stats.conversion).parentElement?.textContent).toContain('33.3%')
    // The overview: the account and the referral link on this site.
    expect(screen.getByText('AMBDEMO1')).toBeTruthy()
    expect(screen.getByDisplayValue(`${window.location.origin}/waitlist?ref=AMBDEMO1`)).toBeTruthy()
  })

  it('writes the conversion rate with one decimal in each language', () => {
    expect(formatConversionRate(0, 'en')).toBe('0.0%')
    expect(formatConversionRate(12.345, 'en')).toBe('12.3%')
    // The space before % is a no-break space whose width differs between ICU versions.
    const spaced = (text: string) => text.replace(/\s/g, ' ')
    expect(spaced(formatConversionRate(100 / 3, 'fr'))).toBe('33,3 %')
    expect(spaced(formatConversionRate(50, 'de'))).toBe('50,0 %')
    expect(formatConversionRate(7.25, 'it')).toMatch(/^7,3\s?%$/)
  })

  it('signs out, says so and goes back to /ambassador; a failed sign-out stays and says so', async () => {
    const user = userEvent.setup()
    let fails = true
    fakeServer({
      'GET /api/ambassador/dashboard': { json: DASHBOARD },
      'POST /api/ambassador/logout': () =>
        fails ? { status: 500, json: { message: 'Internal error' } } : { json: {} },
    })
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    const logout = await screen.findByRole('button', { name: texts.dashboard.logout })

    await user.click(logout)
    expect(await screen.findByText(texts.dashboard.logoutFailed)).toBeTruthy()
    expect(window.location.pathname).toBe('/ambassador/dashboard')

    fails = false
    await user.click(logout)
    expect(await screen.findByText(texts.dashboard.loggedOut)).toBeTruthy()
    await waitFor(() => expect(window.location.pathname).toBe('/ambassador'))
  })

  it('"Refresh" reads the four figures again with the list', async () => {
    const user = userEvent.setup()
    let converted = false
    fakeServer({
      'GET /api/ambassador/dashboard': () => ({
        json: converted
          ? { ...DASHBOARD, stats: { totalReferrals: 4, activeSalons: 2, waitlistEntries: 2, conversionRate: 50 } }
          : DASHBOARD,
      }),
      'GET /api/ambassador/referrals': { json: { success: true, referrals: [] } },
    })
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    await user.click(await screen.findByRole('tab', { name: texts.tabs.referrals }))
    const figures = within(screen.getByRole('region', { name: texts.stats.title }))
    expect(figures.getByText(texts.stats.total).parentElement?.textContent).toContain('3')
    converted = true
    await user.click(await screen.findByRole('button', { name: texts.referrals.refresh }))
    await waitFor(() => expect(figures.getByText(texts.stats.total).parentElement?.textContent).toContain('4'))
    expect(figures.getByText(texts.stats.active).parentElement?.textContent).toContain('2')
    expect(figures.getByText(texts.stats.conversion).parentElement?.textContent).toContain('50.0%')
  })

  it('generates the QR code on the server and shows it', async () => {
    const user = userEvent.setup()
    const calls = fakeServer({
      'GET /api/ambassador/dashboard': { json: DASHBOARD },
      'POST /api/ambassador/qrcode': { json: { success: true, qrCodeUrl: 'data:image/png;base64,iVBORw0KGgo=' } },
    })
    renderAt('/ambassador/dashboard', <AmbassadorDashboardPage />)
    await user.click(await screen.findByRole('button', { name: texts.qr.generate }))
    const image = await screen.findByRole('img', { name: 'QR code of the referral link AMBDEMO1' })
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(screen.getByText(texts.qr.generated)).toBeTruthy()
    expect(screen.getByRole('link', { name: texts.qr.download }).getAttribute('download')).toBe('QR-Code-AMBDEMO1.png')
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ referralCode: 'AMBDEMO1' })
  })
})
