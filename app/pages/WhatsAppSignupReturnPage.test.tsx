// @vitest-environment happy-dom

import { SIGNUP_RETURN_TYPE } from '@app/features/salon-dashboard/whatsapp/embedded-signup'
import { frenchTexts } from '@app/test-harness'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WhatsAppSignupReturnPage from './WhatsAppSignupReturnPage'

/** The page as Meta's redirect opens it, `query` in its address, in a window `opener` opened (or none). */
function arrive(query: string, opener: { postMessage: (message: unknown, origin: string) => void } | null) {
  window.history.replaceState(null, '', `/whatsapp/signup-return${query}`)
  vi.spyOn(window, 'opener', 'get').mockReturnValue(opener && { ...opener, closed: false })
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined)
  render(<WhatsAppSignupReturnPage />)
  return { close }
}

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the WhatsApp signup’s return page', () => {
  it('hands the code and the state to the dashboard that opened it, on this origin only, and closes', () => {
    const postMessage = vi.fn()
    const { close } = arrive('?code=AQD-code&state=st4te', { postMessage })
    expect(postMessage).toHaveBeenCalledWith(
      { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' },
      window.location.origin,
    )
    expect(close).toHaveBeenCalled()
    expect(screen.getByText('Retour à votre tableau de bord…')).toBeTruthy()
  })

  it('hands Meta’s refusal over too, with its reason', () => {
    const postMessage = vi.fn()
    arrive('?error=access_denied&error_code=200&error_reason=user_denied&state=st4te', { postMessage })
    expect(postMessage).toHaveBeenCalledWith(
      { type: SIGNUP_RETURN_TYPE, state: 'st4te', error: 'user_denied' },
      window.location.origin,
    )
  })

  it('says the window can be closed when the browser kept it open', async () => {
    vi.useFakeTimers()
    arrive('?code=AQD-code&state=st4te', { postMessage: vi.fn() })
    await act(() => vi.advanceTimersByTimeAsync(2500))
    expect(screen.getByText('Vous pouvez fermer cette fenêtre et revenir à votre tableau de bord.')).toBeTruthy()
  })

  it('opened without the dashboard, says the window can be closed', () => {
    const { close } = arrive('?code=AQD-code&state=st4te', null)
    expect(screen.getByRole('heading', { name: 'Inscription WhatsApp' })).toBeTruthy()
    expect(screen.getByText('Vous pouvez fermer cette fenêtre et revenir à votre tableau de bord.')).toBeTruthy()
    expect(close).not.toHaveBeenCalled()
  })

  it('opened without the dashboard after a refusal, says nothing was connected', () => {
    arrive('?error=access_denied&error_reason=user_denied', null)
    expect(screen.getByRole('heading', { name: 'Inscription non terminée' })).toBeTruthy()
    expect(screen.getByText(/Rien n’a été connecté/)).toBeTruthy()
  })
})
