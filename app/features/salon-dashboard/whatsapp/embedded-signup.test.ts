import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  advanceSignup,
  awaitSignup,
  parseSessionInfo,
  readSignupMessage,
  readSignupReturn,
  SIGNUP_CLOSED_GRACE_MS,
  SIGNUP_CLOSED_POLL_MS,
  SIGNUP_RETURN_TYPE,
  SIGNUP_TIMEOUT_MS,
  SignupFailure,
} from './embedded-signup'

const META = 'https://www.facebook.com'
const APP = 'https://salonia.example'
const ORIGINS = { meta: META, app: APP }

const finish = { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1055', waba_id: '2077' } }
const back = { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' }

describe('reading a message of the signup', () => {
  it('reads Meta’s session info from Meta’s origin, as an object or as a JSON string', () => {
    const expected = { kind: 'finish', wabaId: '2077', phoneNumberId: '1055' }
    expect(readSignupMessage({ origin: META, data: finish }, ORIGINS)).toEqual(expected)
    expect(readSignupMessage({ origin: META, data: JSON.stringify(finish) }, ORIGINS)).toEqual(expected)
    // An origin written with a trailing slash is the same origin.
    expect(readSignupMessage({ origin: META, data: finish }, { meta: `${META}/`, app: APP })).toEqual(expected)
  })

  it('reads the return page’s message from this page’s own origin', () => {
    expect(readSignupMessage({ origin: APP, data: back }, ORIGINS)).toEqual({
      kind: 'return',
      code: 'AQD-code',
      state: 'st4te',
    })
  })

  it('ignores messages from any other origin, whatever they say', () => {
    expect(readSignupMessage({ origin: 'https://evil.example', data: finish }, ORIGINS)).toBeUndefined()
    expect(readSignupMessage({ origin: 'https://evil.example', data: back }, ORIGINS)).toBeUndefined()
    expect(
      readSignupMessage({ origin: 'https://web.facebook.com.evil.example', data: finish }, ORIGINS),
    ).toBeUndefined()
    expect(readSignupMessage({ origin: 'null', data: back }, ORIGINS)).toBeUndefined()
    // Each sender speaks only for itself: Meta cannot post the code, nor the page the ids.
    expect(readSignupMessage({ origin: META, data: back }, ORIGINS)).toBeUndefined()
    expect(readSignupMessage({ origin: APP, data: finish }, ORIGINS)).toBeUndefined()
  })

  it('ignores other messages from Meta (the SDK’s own) and anything that is not JSON', () => {
    expect(parseSessionInfo('{"type":"FAKE_FB_LOGIN_RESPONSE"}')).toBeUndefined()
    expect(parseSessionInfo('not json')).toBeUndefined()
    expect(parseSessionInfo(42)).toBeUndefined()
    expect(parseSessionInfo(null)).toBeUndefined()
    expect(parseSessionInfo({ type: 'WA_EMBEDDED_SIGNUP', event: 'SOMETHING_NEW', data: {} })).toBeUndefined()
  })

  it('reads a cancellation, Meta’s error with its words, and a signup without a number', () => {
    const info = (event: string, data: unknown) => parseSessionInfo({ type: 'WA_EMBEDDED_SIGNUP', event, data })
    expect(info('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' })).toEqual({ kind: 'cancel' })
    expect(info('ERROR', { error_message: 'Number already in use' })).toEqual({
      kind: 'error',
      detail: 'Number already in use',
    })
    expect(info('ERROR', {})).toEqual({ kind: 'error' })
    expect(info('FINISH_ONLY_WABA', { waba_id: '2077' })).toEqual({ kind: 'noNumber' })
    // An existing WhatsApp Business app number finishes with both ids too.
    expect(info('FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', { waba_id: '2077', phone_number_id: '1055' })).toEqual({
      kind: 'finish',
      wabaId: '2077',
      phoneNumberId: '1055',
    })
  })

  it('refuses ids that are not Meta’s digits', () => {
    const info = (data: unknown) => parseSessionInfo({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data })
    expect(info({ waba_id: '2077; drop', phone_number_id: '1055' })).toEqual({ kind: 'error' })
    expect(info({ waba_id: 2077, phone_number_id: 1055 })).toEqual({ kind: 'error' })
    expect(info({ waba_id: '2077', phone_number_id: '' })).toEqual({ kind: 'noNumber' })
  })

  it('reads the return page’s address: the code and state, or Meta’s error with its reason', () => {
    expect(readSignupReturn('?code=AQD-code&state=st4te')).toEqual({
      type: SIGNUP_RETURN_TYPE,
      code: 'AQD-code',
      state: 'st4te',
    })
    expect(readSignupReturn('?error=access_denied&error_code=200&error_reason=user_denied&state=st4te')).toEqual({
      type: SIGNUP_RETURN_TYPE,
      state: 'st4te',
      error: 'user_denied',
    })
    expect(readSignupReturn('?error=server_error')).toEqual({ type: SIGNUP_RETURN_TYPE, error: 'server_error' })
    expect(readSignupReturn('')).toEqual({ type: SIGNUP_RETURN_TYPE })
  })
})

describe('the signup, one message after another', () => {
  const fromMeta = readSignupMessage({ origin: META, data: finish }, ORIGINS)
  const fromPage = readSignupMessage({ origin: APP, data: back }, ORIGINS)
  const ready = { outcome: 'ready', input: { code: 'AQD-code', state: 'st4te', wabaId: '2077', phoneNumberId: '1055' } }

  it('is ready once both the ids and the code have come, in either order', () => {
    if (!fromMeta || !fromPage) throw new Error('unread')
    const first = advanceSignup({}, fromMeta, 'st4te')
    expect(first.outcome).toBe('waiting')
    if (first.outcome !== 'waiting') return
    expect(advanceSignup(first.progress, fromPage, 'st4te')).toEqual(ready)

    const codeFirst = advanceSignup({}, fromPage, 'st4te')
    if (codeFirst.outcome !== 'waiting') throw new Error('not waiting')
    expect(advanceSignup(codeFirst.progress, fromMeta, 'st4te')).toEqual(ready)
  })

  it.each([
    ['a cancellation in Meta’s window', { kind: 'cancel' } as const, 'cancelled'],
    ['Meta’s error', { kind: 'error', detail: 'Oops' } as const, 'refused'],
    ['no number', { kind: 'noNumber' } as const, 'noNumber'],
    ['the owner declining the permissions', { kind: 'return', error: 'user_denied' } as const, 'cancelled'],
    ['another error on the return', { kind: 'return', error: 'server_error' } as const, 'refused'],
    ['the state of another attempt', { kind: 'return', code: 'c', state: 'other' } as const, 'mismatch'],
    ['a return without a code', { kind: 'return', state: 'st4te' } as const, 'refused'],
  ])('fails on %s', (_, message, reason) => {
    const step = advanceSignup({ wabaId: '2077', phoneNumberId: '1055' }, message, 'st4te')
    expect(step.outcome).toBe('failed')
    if (step.outcome === 'failed') expect(step.failure.reason).toBe(reason)
  })
})

describe('waiting for the signup window', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  function popup() {
    return {
      closed: false,
      close: vi.fn(function (this: { closed: boolean }) {
        this.closed = true
      }),
      location: { href: 'about:blank' },
    }
  }
  const post = (target: EventTarget, origin: string, data: unknown) =>
    target.dispatchEvent(Object.assign(new Event('message'), { origin, data }))

  it('leads the popup to Meta’s dialog and resolves with what to connect, ignoring strangers', async () => {
    const target = new EventTarget()
    const window_ = popup()
    const signup = awaitSignup({
      popup: window_,
      url: `${META}/dialog`,
      state: 'st4te',
      metaOrigin: META,
      target,
      appOrigin: APP,
    })
    expect(window_.location.href).toBe(`${META}/dialog`)
    post(target, 'https://evil.example', { ...back, code: 'forged' })
    post(target, 'https://evil.example', { ...finish, data: { waba_id: '1', phone_number_id: '1' } })
    post(target, META, JSON.stringify(finish))
    post(target, APP, back)
    await expect(signup).resolves.toEqual({ code: 'AQD-code', state: 'st4te', wabaId: '2077', phoneNumberId: '1055' })
    expect(window_.close).toHaveBeenCalled()
  })

  it('rejects as cancelled when Meta says so, and closes the popup', async () => {
    const target = new EventTarget()
    const window_ = popup()
    const signup = awaitSignup({
      popup: window_,
      url: `${META}/dialog`,
      state: 'st4te',
      metaOrigin: META,
      target,
      appOrigin: APP,
    })
    post(target, META, { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'BUSINESS' } })
    await expect(signup).rejects.toMatchObject({ reason: 'cancelled' })
    expect(window_.closed).toBe(true)
  })

  it('rejects once the popup was closed without both, after the last messages had time to come', async () => {
    vi.useFakeTimers()
    const target = new EventTarget()
    const window_ = popup()
    const signup = awaitSignup({
      popup: window_,
      url: `${META}/dialog`,
      state: 'st4te',
      metaOrigin: META,
      target,
      appOrigin: APP,
    })
    const failure = signup.catch((error: unknown) => error)
    post(target, META, finish)
    window_.closed = true
    await vi.advanceTimersByTimeAsync(SIGNUP_CLOSED_POLL_MS + SIGNUP_CLOSED_GRACE_MS + 10)
    const error = await failure
    expect(error).toBeInstanceOf(SignupFailure)
    expect((error as SignupFailure).reason).toBe('closed')
  })

  it('still connects when the code arrives just after the popup closed itself', async () => {
    vi.useFakeTimers()
    const target = new EventTarget()
    const window_ = popup()
    const signup = awaitSignup({
      popup: window_,
      url: `${META}/dialog`,
      state: 'st4te',
      metaOrigin: META,
      target,
      appOrigin: APP,
    })
    post(target, META, finish)
    window_.closed = true
    await vi.advanceTimersByTimeAsync(SIGNUP_CLOSED_POLL_MS + 10)
    post(target, APP, back)
    await expect(signup).resolves.toMatchObject({ code: 'AQD-code' })
  })

  it('gives up after ten minutes and closes the popup', async () => {
    vi.useFakeTimers()
    const target = new EventTarget()
    const window_ = popup()
    const signup = awaitSignup({
      popup: window_,
      url: `${META}/dialog`,
      state: 'st4te',
      metaOrigin: META,
      target,
      appOrigin: APP,
    })
    const failure = signup.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(SIGNUP_TIMEOUT_MS)
    expect(await failure).toMatchObject({ reason: 'timeout' })
    expect(window_.closed).toBe(true)
  })
})
