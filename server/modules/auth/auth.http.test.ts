import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../tests/helpers/app'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('session', () => {
  it('says nobody is signed in until professional sign-in exists, and is never cached', async () => {
    const res = await t.app.inject({ url: '/api/session' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ isAuthenticated: false })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})
