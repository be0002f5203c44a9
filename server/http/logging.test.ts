import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import { startTestApp } from '@tests/helpers/app'
import { newTestChat, postChat } from '@tests/helpers/chat'
import { cookiesFrom } from '@tests/helpers/sign-in'
import { describe, expect, it } from 'vitest'
import { requestLogSerializers, urlForLog } from './logging'

/** The demo app logging as the product does (its serializers), and all it has written so far. */
async function loggedApp() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const t = await startTestApp({ logger: { level: 'info', stream, serializers: requestLogSerializers } })
  return { ...t, log: () => lines.join('') }
}

describe('request logging', () => {
  it('masks the secrets a URL may carry and keeps the rest', () => {
    expect(urlForLog('/api/google/callback?state=abc.def&code=4%2Fsecret&scope=email')).toBe(
      '/api/google/callback?state=[redacted]&code=[redacted]&scope=email',
    )
    expect(urlForLog('/api/salons/SAL001')).toBe('/api/salons/SAL001')
    expect(urlForLog('/api/ambassador/google-auth?accessCode=XYZ')).toBe(
      '/api/ambassador/google-auth?accessCode=[redacted]',
    )
  })

  it("masks a booking link's token in the path, and the web chat's userId in the query", () => {
    const token = 'A'.repeat(44)
    expect(urlForLog(`/r/${token}`)).toBe('/r/[redacted]')
    expect(urlForLog(`/r/${token}?utm_source=sms`)).toBe('/r/[redacted]?utm_source=sms')
    expect(urlForLog(`/api/r/${token}`)).toBe('/api/r/[redacted]')
    expect(urlForLog(`/api/r/${token}/times?from=2026-12-03`)).toBe('/api/r/[redacted]/times?from=2026-12-03')
    expect(urlForLog(`/api/r/${token}/calendar.ics`)).toBe('/api/r/[redacted]/calendar.ics')
    expect(urlForLog(`//api//r//${token}/cancel`)).toBe('//api//r//[redacted]/cancel')
    expect(urlForLog('/api/chat/salon-messages?salonId=SAL001&userId=u-123')).toBe(
      '/api/chat/salon-messages?salonId=SAL001&userId=[redacted]',
    )
    // A waiting customer's link to a freed time books it in their name: masked as well.
    expect(urlForLog(`/w/${token}`)).toBe('/w/[redacted]')
    expect(urlForLog(`/api/waiting-list/offers/${token}/accept`)).toBe('/api/waiting-list/offers/[redacted]/accept')
    // Only the booking page's paths: a salon's or a chat's path stays readable.
    expect(urlForLog('/chat/SAL001')).toBe('/chat/SAL001')
    expect(urlForLog('/api/reminders/r')).toBe('/api/reminders/r')
  })

  it('masks an e-mail address given as a query parameter, wherever it is', () => {
    expect(urlForLog('/professional?connected=true&salon=SAL001&email=salon.lumiere.demo%40gmail.com')).toBe(
      '/professional?connected=true&salon=SAL001&email=[redacted]',
    )
    expect(urlForLog('/api/anything?email=a@b.fr&x=1')).toBe('/api/anything?email=[redacted]&x=1')
  })

  it("never writes Google's code, the state or the session cookie to the log", async () => {
    const { app, log, close } = await loggedApp()
    try {
      await app.inject({
        url: '/api/google/callback?state=SECRET-STATE&code=SECRET-CODE',
        headers: { cookie: 'salonia_session=SECRET-COOKIE' },
      })
      expect(log()).toContain('/api/google/callback')
      expect(log()).not.toMatch(/SECRET-(STATE|CODE|COOKIE)/)
    } finally {
      await close()
    }
  })

  it("never writes the owner's e-mail address to the log on the way back from a sign-in", async () => {
    const { app, log, close } = await loggedApp()
    try {
      // The demo sign-in (no Google configured): the same redirect as Google's callback.
      const begun = await app.inject({ url: '/api/google/auth-url/SAL001' })
      const state = new URL(begun.json().authUrl).searchParams.get('state') ?? ''
      const cookie = cookiesFrom(begun)
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/demo',
        headers: { cookie },
        payload: { state },
      })
      const { redirectTo } = signedIn.json() as { redirectTo: string }
      expect(redirectTo).toMatch(/^\/professional\?connected=true/)
      // What the browser asks next: the page it was sent to, then who is signed in.
      const next = cookiesFrom(signedIn, cookie)
      await app.inject({ url: redirectTo, headers: { cookie: next } })
      const session = await app.inject({ url: '/api/session', headers: { cookie: next } })
      expect(session.json().user.email).toBe('salon.lumiere.demo@gmail.com')
      expect(log()).toContain('/professional?connected=true')
      expect(log()).not.toMatch(/salon\.lumiere\.demo(@|%40)gmail\.com/)
    } finally {
      await close()
    }
  })

  it("never writes a booking link's token nor the web chat's userId to the log", async () => {
    const { app, config, log, close } = await loggedApp()
    try {
      const token = bookingLinkToken(config.appSecret, randomUUID())
      for (const url of [`/r/${token}`, `/r/${token}?lang=en`, `/api/r/${token}`, `/api/r/${token}/calendar.ics`]) {
        await app.inject({ url })
      }
      await app.inject({ url: `/api/r/${token}/times?from=2026-12-03` })
      await app.inject({ method: 'POST', url: `/api/r/${token}/cancel` })
      const chat = { ...newTestChat('fr', 'Alex', 'log'), userId: 'SECRET-USER-ID' }
      await app.inject({ url: `/api/chat/salon-messages?salonId=SAL001&userId=${chat.userId}` })
      await postChat(app, chat, 'Bonjour')
      await postChat(app, chat, { not: 'a message' }, { url: '/api/ai/chat' })
      expect(log()).toContain('/api/r/[redacted]/calendar.ics')
      expect(log()).toContain('/api/chat/salon-messages')
      expect(log()).not.toContain(token)
      expect(log()).not.toContain(token.slice(0, 22))
      expect(log()).not.toContain('SECRET-USER-ID')
    } finally {
      await close()
    }
  })
})
