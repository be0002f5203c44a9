import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { DEMO_NOW, startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { MCP_INITIALIZE, mcpHeaders } from '@tests/helpers/mcp'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mcpTokenFor } from './mcp-token'

/** A salon's MCP token from its dashboard: issued once, rotated, revoked — and refused when it should be. */

let t: TestApp
let owner: string
let admin: string

const tokenUrl = (salonId = 'SAL001') => `/api/salons/${salonId}/mcp-token`
const status = async (cookie = owner, salonId = 'SAL001') =>
  (await t.app.inject({ url: tokenUrl(salonId), headers: { cookie } })).json()
const issue = (cookie = owner, salonId = 'SAL001') =>
  t.app.inject({ method: 'POST', url: tokenUrl(salonId), headers: { cookie } })
const revoke = (cookie = owner, salonId = 'SAL001') =>
  t.app.inject({ method: 'DELETE', url: tokenUrl(salonId), headers: { cookie } })

/** The status code of an MCP `initialize` with this bearer token. */
async function mcpStatus(token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...mcpHeaders(token), 'content-type': 'application/json' },
    payload: MCP_INITIALIZE,
  })
  return res.statusCode
}

async function currentDemoToken(): Promise<string> {
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')
  return mcpTokenFor(t.config.appSecret, salon)
}

describe.each(testDrivers())('the MCP token of a salon, on %s', (driver) => {
  beforeAll(async () => {
    t = await startTestApp({ driver })
    owner = await ownerCookie(t)
    admin = await adminCookie(t)
  })
  afterAll(() => t.close())

  it('exists for the demo salon from the seed, and its status never carries the token', async () => {
    expect(await status()).toEqual({
      hasToken: true,
      issuedAt: new Date(DEMO_NOW).toISOString(),
      serverUrl: `${t.config.publicUrl}/mcp`,
    })
    expect(await mcpStatus(await currentDemoToken())).toBe(200)
  })

  it('issues a new token once, uncached, and the previous one stops working', async () => {
    const previous = await currentDemoToken()
    t.clock.advance(5 * 60 * 1000)
    const res = await issue()
    expect(res.statusCode).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const issued = res.json()
    expect(issued).toEqual({
      token: expect.stringMatching(/^SAL001\.[A-Za-z0-9_-]{43}$/),
      issuedAt: t.clock.now().toISOString(),
      serverUrl: `${t.config.publicUrl}/mcp`,
    })
    expect(issued.token).not.toBe(previous)
    expect(await mcpStatus(issued.token)).toBe(200)
    expect(await mcpStatus(previous)).toBe(401)
    expect(await status()).toMatchObject({ hasToken: true, issuedAt: issued.issuedAt })
  })

  it('revokes the token: it stops working and the salon has none until a new one', async () => {
    const token = (await issue()).json().token
    const res = await revoke()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ hasToken: false, issuedAt: null, serverUrl: `${t.config.publicUrl}/mcp` })
    expect(await mcpStatus(token)).toBe(401)
    // The token of the current version is not accepted either: none is issued.
    expect(await mcpStatus(await currentDemoToken())).toBe(401)

    const fresh = (await issue()).json().token
    expect(await mcpStatus(fresh)).toBe(200)
    expect(await mcpStatus(token)).toBe(401)
  })

  it('stops working while the salon is deactivated', async () => {
    const token = (await issue()).json().token
    const setActive = (isActive: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/salons/SAL001',
        headers: { cookie: admin },
        payload: { isActive },
      })
    expect((await setActive(false)).statusCode).toBe(200)
    expect(await mcpStatus(token)).toBe(401)
    expect((await setActive(true)).statusCode).toBe(200)
    owner = await ownerCookie(t) // the deactivation ended the owner's sessions
    expect(await mcpStatus(token)).toBe(200)
  })

  it('does not exist for a new salon until its owner issues one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/salons',
      headers: { cookie: admin },
      payload: { name: 'Salon Neuf', address: '1 rue Neuve, Lyon', country: 'FR', contactEmail: 'neuf@example.com' },
    })
    expect(created.statusCode).toBe(201)
    const salonId = created.json().salonId as string
    const newOwner = await ownerCookie(t, salonId)
    expect(await status(newOwner, salonId)).toMatchObject({ hasToken: false, issuedAt: null })
    // What its token would be, were one issued: refused.
    const row = await findSalonByPublicId(t.database.db, salonId)
    if (!row) throw new Error('no new salon')
    expect(await mcpStatus(mcpTokenFor(t.config.appSecret, row))).toBe(401)

    const issued = (await issue(newOwner, salonId)).json()
    expect(issued.token.startsWith(`${salonId}.`)).toBe(true)
    expect(await mcpStatus(issued.token)).toBe(200)
  })
})
