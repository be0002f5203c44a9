// @vitest-environment happy-dom

import { DASHBOARD } from '@app/features/ambassador/test-fixtures'
import { fakeServer, renderAt, setupTexts } from '@app/features/professional/test-harness'
import { en } from '@app/locales/all'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import AmbassadorKitPage from './AmbassadorKitPage'

const texts = en.ambassador

beforeAll(setupTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the printable kit', () => {
  it("shows the ambassador's own QR code, code and link, the steps, and the PDF", async () => {
    fakeServer({
      'GET /api/ambassador/dashboard': { json: DASHBOARD },
      'GET /api/ambassador/qrcode': {
        json: {
          qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
          referralLink: 'https://salonia.app/waitlist?ref=AMBDEMO1',
        },
      },
    })
    renderAt('/ambassador-kit', <AmbassadorKitPage />)
    expect(await screen.findByRole('heading', { level: 1, name: texts.kitContent.title })).toBeTruthy()
    expect(
      (await screen.findByRole('img', { name: 'QR code of the referral link AMBDEMO1' })).getAttribute('src'),
    ).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(screen.getByText('AMBDEMO1')).toBeTruthy()
    expect(screen.getByText('https://salonia.app/waitlist?ref=AMBDEMO1')).toBeTruthy()
    expect(screen.getByText(texts.kitContent.steps['7'].title)).toBeTruthy()
    expect(screen.getByText(texts.kitContent.faq['1'].a)).toBeTruthy()
    // The PDF in the language the interface shows, not only the one stored at sign-up.
    expect(screen.getByRole('link', { name: /Download the PDF/ }).getAttribute('href')).toBe(
      '/api/ambassador/kit-pdf?language=en',
    )
    expect(screen.getByRole('link', { name: texts.kitPage.back }).getAttribute('href')).toBe('/ambassador/dashboard')
  })

  it('sends a signed-out visitor to /ambassador', async () => {
    fakeServer({ 'GET /api/ambassador/dashboard': { status: 401, json: { code: 'auth.required', message: 'No' } } })
    renderAt('/ambassador-kit', <AmbassadorKitPage />)
    await waitFor(() => expect(window.location.pathname).toBe('/ambassador'))
  })
})
