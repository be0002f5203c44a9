import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../tests/helpers/app'
import type { AccessRule } from './access'

/**
 * Walks every route of the server: each declares an access rule, and the rule matches what the
 * route exposes. A new route without a rule fails here (and the server refuses to start).
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
  'GET /api/salons/:id/services/export': 'salon',
  'POST /api/salons/:id/services/import': 'salon',
  'GET /api/salons/:id/working-hours': 'salon',
  'PUT /api/salons/:id/working-hours': 'salon',
  'GET /api/salons/:id/time-off': 'salon',
  'POST /api/salons/:id/time-off': 'salon',
  'DELETE /api/salons/:id/time-off/:timeOffId': 'salon',
  'GET /api/salons/:id/bookings': 'salon',
  'POST /api/salons/:id/bookings': 'salon',
  'POST /api/bookings/:bookingId/cancel': 'booking',
  'POST /api/bookings/:bookingId/reschedule': 'booking',
  'GET /api/salons': 'admin',
  'GET /api/services': 'admin',
  'POST /api/waitlist': 'public',
  'GET /api/admin/waitlist': 'admin',
  'GET /api/session': 'public',
  'POST /api/ics/download': 'public',
  'POST /api/mcp/chat': 'public',
  'POST /api/ai/chat': 'public',
  'POST /mcp': 'salon_token',
  'GET /mcp': 'salon_token',
  'DELETE /mcp': 'salon_token',
}

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

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
    registerAccessRules(app)
    expect(() => app.get('/api/forgotten', async () => 'oops')).toThrow(/declares no access rule/)
    await app.close()
  })
})
