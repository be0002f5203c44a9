import { bookingLinkToken } from '@server/modules/booking-page/booking-link'
import { countMessage, saveAccount } from '@server/modules/instagram/instagram.repository'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ambassadorCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessRule } from './access'

/**
 * Walks every route of the server: each declares an access rule, the rule matches what the route
 * exposes, and the server enforces it. A new route without a rule fails here (and the server
 * refuses to start); a new route with a rule is exercised by the walk below.
 */
const EXPECTED: Record<string, AccessRule> = {
  'GET /api/health': 'public',
  'GET /api/salon/:idOrHash': 'public',
  'GET /api/salons/by-id/:id': 'public',
  'GET /api/salons/:id/availability': 'public',
  'GET /api/salon-hash/:salonId': 'salon',
  'GET /api/salons/:id': 'salon',
  'PATCH /api/salons/:id': 'salon',
  'GET /api/salons/:id/services': 'salon',
  'POST /api/salons/:id/services': 'salon',
  'PATCH /api/salons/:id/services/:serviceId': 'salon',
  'PUT /api/salons/:id/services/order': 'salon',
  'GET /api/salons/:id/services/export': 'salon',
  'POST /api/salons/:id/services/import': 'salon',
  'POST /api/salons/:id/services/import/preview': 'salon',
  'GET /api/salons/:id/working-hours': 'salon',
  'PUT /api/salons/:id/working-hours': 'salon',
  'GET /api/salons/:id/time-off': 'salon',
  'POST /api/salons/:id/time-off': 'salon',
  'DELETE /api/salons/:id/time-off/:timeOffId': 'salon',
  'GET /api/salons/:id/blocks': 'salon',
  'POST /api/salons/:id/blocks': 'salon',
  'DELETE /api/salons/:id/blocks/:blockId': 'salon',
  'GET /api/salons/:id/waiting-list': 'salon',
  'POST /api/salons/:id/waiting-list': 'salon',
  'DELETE /api/salons/:id/waiting-list/:entryId': 'salon',
  'GET /api/salons/:id/team': 'salon',
  'POST /api/salons/:id/team': 'salon',
  'PATCH /api/salons/:id/team/:memberId': 'salon',
  'PUT /api/salons/:id/team-order': 'salon',
  'PUT /api/salons/:id/calendar-blocks': 'salon',
  'GET /api/salons/:id/bookings': 'salon',
  'POST /api/salons/:id/bookings': 'salon',
  'POST /api/salons/:id/visits/check': 'salon',
  'POST /api/salons/:id/visits': 'salon',
  'GET /api/salons/:id/dashboard': 'salon',
  'GET /api/salons/:id/customers': 'salon',
  'GET /api/salons/:id/customers/:customerId': 'salon',
  'PATCH /api/salons/:id/customers/:customerId': 'salon',
  'GET /api/salons/:id/customers/:customerId/export': 'salon',
  'POST /api/salons/:id/customers/:customerId/erase': 'salon',
  'POST /api/salons/:id/customers/:customerId/merge': 'salon',
  'POST /api/salons/:id/disconnect': 'salon',
  'POST /api/salons/:id/sync-calendar': 'salon',
  'GET /api/salons/:id/calendar': 'salon',
  'GET /api/calendar-providers': 'public',
  'GET /api/salons/:id/calendars': 'salon',
  'PUT /api/salons/:id/calendars/:calendarId/writer': 'salon',
  'POST /api/salons/:id/calendars/:calendarId/sync': 'salon',
  'DELETE /api/salons/:id/calendars/:calendarId': 'salon',
  'POST /api/salons/:id/caldav/discover': 'salon',
  'POST /api/salons/:id/caldav/connect': 'salon',
  'GET /api/salons/:id/microsoft/auth-url': 'salon',
  'GET /api/microsoft/callback': 'public',
  'POST /api/microsoft/notifications': 'public',
  'POST /api/microsoft/lifecycle': 'public',
  'POST /api/google/calendar-notifications': 'public',
  'POST /api/telegram/webhook': 'public',
  'GET /api/salons/:id/instagram/auth': 'salon',
  'GET /api/instagram/callback': 'public',
  'POST /api/salons/:id/instagram/disconnect': 'salon',
  'GET /api/salons/:id/instagram/users': 'salon',
  'GET /api/salons/:id/instagram/stats': 'salon',
  'POST /api/instagram/users/:userId/whitelist': 'instagram_user',
  'POST /api/instagram/users/:userId/pause': 'instagram_user',
  'POST /api/instagram/users/:userId/unblock': 'instagram_user',
  'GET /api/instagram/webhook': 'public',
  'POST /api/instagram/webhook': 'public',
  'GET /api/salons/:id/whatsapp': 'salon',
  'GET /api/salons/:id/whatsapp/signup': 'salon',
  'POST /api/salons/:id/whatsapp/connect': 'salon',
  'POST /api/salons/:id/whatsapp/disconnect': 'salon',
  'GET /api/whatsapp/webhook': 'public',
  'POST /api/whatsapp/webhook': 'public',
  'GET /api/salons/:id/stripe': 'salon',
  'POST /api/salons/:id/stripe/onboarding': 'salon',
  'GET /api/salons/:id/stripe/onboarding': 'salon',
  'POST /api/salons/:id/stripe/refresh': 'salon',
  'POST /api/salons/:id/stripe/disconnect': 'salon',
  'POST /api/stripe/webhook': 'public',
  'GET /api/salons/:id/payment-policies': 'salon',
  'PUT /api/salons/:id/services/:serviceId/payment-policy': 'salon',
  'GET /api/salons/:id/payment-figures': 'salon',
  'GET /api/bookings/:bookingId/payment': 'booking',
  'POST /api/bookings/:bookingId/payment/paid-at-salon': 'booking',
  'POST /api/bookings/:bookingId/payment/waive': 'booking',
  'POST /api/bookings/:bookingId/payment/refund': 'booking',
  'GET /api/r/:token/payment': 'booking_link',
  'GET /api/r/:token/pay': 'booking_link',
  'GET /api/salons/:id/mcp-token': 'salon',
  'POST /api/salons/:id/mcp-token': 'salon',
  'DELETE /api/salons/:id/mcp-token': 'salon',
  'GET /api/bookings/:bookingId': 'booking',
  'POST /api/bookings/:bookingId/cancel': 'booking',
  'POST /api/bookings/:bookingId/reschedule': 'booking',
  'POST /api/bookings/:bookingId/undo-move': 'booking',
  'POST /api/bookings/:bookingId/status': 'booking',
  'PUT /api/bookings/:bookingId/note': 'booking',
  'GET /api/salons': 'admin',
  'GET /api/services': 'admin',
  'GET /api/admin/waitlist': 'admin',
  'GET /api/admin/overview': 'admin',
  'POST /api/admin/salons': 'admin',
  'GET /api/admin/salons/:id': 'admin',
  'PATCH /api/admin/salons/:id': 'admin',
  'GET /api/admin/access-codes': 'admin',
  'POST /api/admin/access-codes': 'admin',
  'POST /api/admin/access-codes/:codeId/revoke': 'admin',
  'POST /api/admin/salons/:id/resend-activation-email': 'admin',
  'PATCH /api/admin/waitlist/:id': 'admin',
  'POST /api/admin/waitlist/:id/activate': 'admin',
  'POST /api/admin/waitlist/:id/link': 'admin',
  'DELETE /api/admin/waitlist/:id': 'admin',
  'GET /api/admin/ambassadors': 'admin',
  'POST /api/admin/ambassadors/:id/deactivate': 'admin',
  'POST /api/admin/ambassadors/:id/reactivate': 'admin',
  'GET /api/admin/jobs/failed': 'admin',
  'POST /api/admin/jobs/:id/retry': 'admin',
  'POST /api/ambassador/validate-code': 'public',
  'GET /api/ambassador/google-auth': 'public',
  'POST /api/ambassador/logout': 'public',
  'GET /api/ambassador/session': 'public',
  'GET /api/ambassador/dashboard': 'ambassador',
  'GET /api/ambassador/referrals': 'ambassador',
  'POST /api/ambassador/activate-referral': 'ambassador',
  'PUT /api/ambassador/update-authorized-email': 'ambassador',
  'POST /api/ambassador/resend-activation-email': 'ambassador',
  'POST /api/ambassador/qrcode': 'ambassador',
  'GET /api/ambassador/qrcode': 'ambassador',
  'GET /api/ambassador/kit-pdf': 'ambassador',
  'POST /api/waitlist': 'public',
  'GET /api/session': 'public',
  'POST /api/logout': 'public',
  'GET /api/google/auth-url/:salonId': 'public',
  'GET /api/google/admin-auth-url': 'public',
  'GET /api/google/callback': 'public',
  'GET /api/auth/demo': 'public',
  'POST /api/auth/demo': 'public',
  'POST /api/ics/download': 'public',
  'POST /api/mcp/chat': 'public',
  'POST /api/ai/chat': 'public',
  'GET /api/chat/salon-messages': 'public',
  'GET /api/r/:token': 'booking_link',
  'GET /api/r/:token/times': 'booking_link',
  'POST /api/r/:token/cancel': 'booking_link',
  'POST /api/r/:token/move': 'booking_link',
  // The offer link's signed token is checked by its use case (rate-limited per client).
  'GET /api/waiting-list/offers/:token': 'public',
  'POST /api/waiting-list/offers/:token/accept': 'public',
  'GET /api/r/:token/calendar.ics': 'booking_link',
  'POST /mcp': 'salon_token',
  'GET /mcp': 'salon_token',
  'DELETE /mcp': 'salon_token',
}

let t: TestApp
let owner: string
let otherOwner: string
let admin: string
let ambassador: string
let bookingId: string
let serviceId: string
/** A sender who wrote to the demo salon's Instagram account. */
const INSTAGRAM_USER = '17841455500000001'

beforeAll(async () => {
  t = await startTestApp()
  const other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  owner = await ownerCookie(t, 'SAL001')
  otherOwner = await ownerCookie(t, other.publicId)
  admin = await adminCookie(t)
  ambassador = await ambassadorCookie(t)
  const [service] = (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie: owner } })).json()
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/bookings',
    headers: { cookie: owner },
    payload: { serviceId: service.id, startsAt: '2026-12-02T10:00', customer: { name: 'Léa' } },
  })
  expect(booked.statusCode).toBe(201)
  bookingId = booked.json().id
  serviceId = service.id
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')
  const now = t.clock.now()
  await saveAccount(t.database.db, {
    salonId: salon.id,
    igUserId: '17841400000000001',
    appScopedId: null,
    username: 'salon.elegance',
    accessToken: 'sealed',
    tokenIssuedAt: now,
    tokenExpiresAt: now,
    subscribedAt: now,
    connectedAt: now,
  })
  await countMessage(
    t.database.db,
    { salonId: salon.id, igAccountId: '17841400000000001', userId: INSTAGRAM_USER },
    now,
    now,
  )
})
afterAll(() => t.close())

/** A concrete URL for a route pattern: the demo salon, the demo booking, a well-formed unknown id. */
function urlOf(pattern: string): string {
  return pattern
    .replace(':idOrHash', 'SAL001')
    .replace(':salonId', 'SAL001')
    .replace(':id', 'SAL001')
    .replace(':bookingId', bookingId)
    .replace(':serviceId', serviceId)
    .replace(':timeOffId', '00000000-0000-4000-8000-000000000000')
    .replace(':customerId', '00000000-0000-4000-8000-000000000000')
    .replace(':codeId', '00000000-0000-4000-8000-000000000000')
    .replace(':userId', INSTAGRAM_USER)
    .replace(':token', bookingLinkToken(t.config.appSecret, bookingId))
}

const routesWith = (rule: AccessRule) =>
  Object.entries(EXPECTED)
    .filter(([, r]) => r === rule)
    .map(([key]) => key.split(' ') as [string, string])

async function call(method: string, pattern: string, cookie?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: urlOf(pattern),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  })
}

describe('access rules', () => {
  it('every route of the server declares the rule this table expects', () => {
    const declared = Object.fromEntries([...t.app.accessTable].filter(([key]) => !key.startsWith('HEAD ')))
    expect(declared).toEqual(EXPECTED)
  })

  it('salon data is never public, except free slots and the connect-screen lookup', () => {
    const publicSalonRoutes = Object.entries(EXPECTED).filter(
      ([key, rule]) => key.includes('/api/salons/') && rule === 'public',
    )
    expect(publicSalonRoutes.map(([key]) => key)).toEqual([
      'GET /api/salons/by-id/:id',
      'GET /api/salons/:id/availability',
    ])
  })

  it('refuses to start with a route that declares no rule', async () => {
    const { default: Fastify } = await import('fastify')
    const { registerAccessRules } = await import('./access')
    const app = Fastify()
    registerAccessRules(app, { db: t.database.db, clock: t.clock, config: t.config, jobs: t.jobs })
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access rule/)
    await app.close()
  })
})

describe('enforcement, route by route', () => {
  it.each(routesWith('salon'))(
    '%s %s: 401 signed out, 403 for another salon, allowed for its own',
    async (method, path) => {
      const anonymous = await call(method, path)
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json().code).toBe('auth.required')
      const other = await call(method, path, otherOwner)
      expect(other.statusCode).toBe(403)
      expect(other.json().code).toBe('auth.forbidden')
      // An administrator is not a salon's professional, nor is an ambassador.
      expect((await call(method, path, admin)).statusCode).toBe(403)
      expect((await call(method, path, ambassador)).statusCode).toBe(401)
      if (path.endsWith('/disconnect')) return // would end the owner's session used by the other cases
      const own = await call(method, path, owner)
      expect([401, 403]).not.toContain(own.statusCode)
    },
  )

  it.each(routesWith('booking'))(
    '%s %s: 401 signed out, 404 for another salon (as for no booking), allowed for its own',
    async (method, path) => {
      expect((await call(method, path)).statusCode).toBe(401)
      // Another salon's booking answers exactly as an unknown or malformed id: the id is no oracle.
      const others = await call(method, path, otherOwner)
      expect(others.statusCode).toBe(404)
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-booking-id']) {
        const unknown = await call(method, path.replace(':bookingId', id), otherOwner)
        expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
          status: others.statusCode,
          body: others.json(),
        })
      }
      expect(others.json()).toEqual({ code: 'bookings.not_found', message: 'This booking does not exist.' })
      expect([401, 403, 404]).not.toContain((await call(method, path, owner)).statusCode)
    },
  )

  it.each(routesWith('instagram_user'))(
    '%s %s: 401 signed out, 404 for another salon (as for an unknown sender), allowed for its own',
    async (method, path) => {
      expect((await call(method, path)).statusCode).toBe(401)
      const others = await call(method, path, otherOwner)
      expect(others.json()).toEqual({ code: 'instagram.user_not_found', message: expect.any(String) })
      const unknown = await call(method, path.replace(':userId', '12345'), owner)
      expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: others.json() })
      expect((await call(method, path, admin)).statusCode).toBe(404)
      expect([401, 403, 404]).not.toContain((await call(method, path, owner)).statusCode)
    },
  )

  it.each(routesWith('admin'))(
    '%s %s: 401 signed out, 403 for a professional, allowed for an administrator',
    async (method, path) => {
      expect((await call(method, path)).statusCode).toBe(401)
      const professional = await call(method, path, owner)
      expect(professional.statusCode).toBe(403)
      expect(professional.json().code).toBe('auth.admin_required')
      expect((await call(method, path, ambassador)).statusCode).toBe(401)
      expect([401, 403]).not.toContain((await call(method, path, admin)).statusCode)
    },
  )

  it.each(routesWith('ambassador'))(
    '%s %s: 401 without an ambassador session, allowed with one',
    async (method, path) => {
      expect((await call(method, path)).statusCode).toBe(401)
      // A salon's or an administrator's session is not an ambassador's.
      expect((await call(method, path, owner)).statusCode).toBe(401)
      expect((await call(method, path, admin)).statusCode).toBe(401)
      expect([401, 403]).not.toContain((await call(method, path, ambassador)).statusCode)
    },
  )

  it.each(routesWith('public'))('%s %s: needs no session', async (method, path) => {
    expect([401, 403]).not.toContain((await call(method, path)).statusCode)
  })

  it.each(routesWith('booking_link'))(
    '%s %s: needs the booking’s personal link, not a session: a forged one is "not found"',
    async (method, path) => {
      const forged = await call(method, path.replace(':token', 'A'.repeat(44)), owner)
      expect(forged.statusCode).toBe(404)
      expect(forged.json().code).toBe('booking_page.not_found')
      expect([401, 403, 404]).not.toContain((await call(method, path)).statusCode)
    },
  )

  it.each(routesWith('salon_token'))('%s %s: needs the salon MCP token, not a session', async (method, path) => {
    expect((await call(method, path, owner)).statusCode).toBe(401)
  })

  it('says 404 for a booking that does not exist, to a signed-in professional only', async () => {
    const path = '/api/bookings/00000000-0000-4000-8000-000000000000/cancel'
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: path, headers: { cookie: owner } })).statusCode).toBe(404)
  })

  it('checks access before reading the body: an anonymous caller learns nothing of a route', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/salons/SAL001', payload: { nonsense: true } })
    expect(res.statusCode).toBe(401)
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services/import',
      headers: { 'content-type': 'application/json' },
      payload: '{"csvData": ',
    })
    expect(broken.statusCode).toBe(401)
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services/import',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ csvData: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(huge.statusCode).toBe(401)
  })
})
