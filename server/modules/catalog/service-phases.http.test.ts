import { startTestApp, type TestApp } from '@tests/helpers/app'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * A service's processing pause and clean-up, as the services editor sets them (issue 39, point 2):
 * kept and shown, judged whole with the duration, and refused with a clear message otherwise.
 */
let t: TestApp
let cookie: string

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) })
const create = (payload: object) =>
  call('POST', '/api/salons/SAL001/services', { description: '', priceAmount: 60, ...payload })
const edit = (id: string, payload: object) => call('PATCH', `/api/salons/SAL001/services/${id}`, payload)

beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
})
afterAll(() => t.close())

describe('processing and clean-up of a service', () => {
  it('keeps them, lists them, and takes them off again', async () => {
    const res = await create({ name: 'Couleur', duration: 90, processing: { after: 30, minutes: 40 }, cleanup: 10 })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ duration: 90, processing: { after: 30, minutes: 40 }, cleanup: 10 })
    const listed = (await call('GET', '/api/salons/SAL001/services')).json() as { name: string }[]
    expect(listed.find((s) => s.name === 'Couleur')).toMatchObject({
      processing: { after: 30, minutes: 40 },
      cleanup: 10,
    })

    const id = res.json().id as string
    const plain = await edit(id, { processing: null, cleanup: 0 })
    expect(plain.statusCode, plain.body).toBe(200)
    expect(plain.json()).toMatchObject({ processing: null, cleanup: 0 })
    // The processing alone can change; the clean-up stays as it was.
    await edit(id, { cleanup: 15 })
    expect((await edit(id, { processing: { after: 20, minutes: 50 } })).json()).toMatchObject({
      processing: { after: 20, minutes: 50 },
      cleanup: 15,
    })
  })

  it('refuses a processing that leaves no work after it, or a clean-up out of bounds, and says why', async () => {
    const outside = await create({ name: 'Mèches', duration: 60, processing: { after: 30, minutes: 30 } })
    expect(outside.statusCode).toBe(400)
    expect(outside.body).toContain('The processing must end at least 5 minutes before the service does')
    const long = await create({ name: 'Mèches', duration: 60, cleanup: 121 })
    expect(long.statusCode).toBe(400)
    expect(long.body).toContain('The clean-up lasts at most 120 minutes')
    const early = await create({ name: 'Mèches', duration: 60, processing: { after: 0, minutes: 20 } })
    expect(early.statusCode).toBe(400)

    // Shortening a service with a processing must keep the processing inside it.
    const made = await create({ name: 'Gloss', duration: 60, processing: { after: 15, minutes: 30 } })
    const shorter = await edit(made.json().id, { duration: 45 })
    expect(shorter.statusCode).toBe(422)
    expect(shorter.json().code).toBe('catalog.phases_invalid')
    expect((await edit(made.json().id, { duration: 50 })).statusCode).toBe(200)
  })
})
