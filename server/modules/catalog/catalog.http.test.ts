import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../tests/helpers/app'
import { adminCookie, ownerCookie } from '../../../tests/helpers/sign-in'

let t: TestApp
/** A professional of SAL001, and an administrator (for the list of every salon's services). */
let cookie: string
let admin: string
beforeAll(async () => {
  t = await startTestApp()
  cookie = await ownerCookie(t, 'SAL001')
  admin = await adminCookie(t)
})
afterAll(() => t.close())

const servicesNow = async () =>
  (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json() as {
    id: string
    name: string
    price: number
    isActive: boolean
  }[]
const importCsv = (csvData: string) =>
  t.app.inject({ method: 'POST', url: '/api/salons/SAL001/services/import', payload: { csvData }, headers: { cookie } })

describe('services', () => {
  it('lists the salon services, inactive ones included, with the currency', async () => {
    const services = await servicesNow()
    expect(services).toHaveLength(7)
    expect(services[0]).toMatchObject({
      name: 'Coupe femme',
      duration: 45,
      price: 4500,
      currency: 'EUR',
      isActive: true,
      salonId: 'SAL001',
    })
  })

  it('lists every salon service for administrators', async () => {
    const res = await t.app.inject({ url: '/api/services', headers: { cookie: admin } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toHaveLength(7)
  })

  it('exports a CSV named after the salon and the day', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/services/export', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    expect(res.headers['content-disposition']).toBe('attachment; filename="services-SAL001-2026-12-01.csv"')
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('id,name,description,duration,price')
    expect(lines).toHaveLength(8)
    expect(lines[1]).toMatch(/,Coupe femme,"?Shampooing, coupe et coiffage"?,45,4500$/)
  })

  it('re-importing the export changes nothing and adds nothing', async () => {
    const before = await servicesNow()
    const csv = (await t.app.inject({ url: '/api/salons/SAL001/services/export', headers: { cookie } })).body
    const res = await importCsv(csv)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ created: 0, updated: 7, errors: [] })
    expect(await servicesNow()).toEqual(before)
  })

  it('upserts valid lines, reports bad ones with line numbers, and writes nothing else', async () => {
    const res = await importCsv(
      '\uFEFFid;name;description;duration;price\r\n;Coupe femme;Nouvelle description;50;4800\r\n\r\n;Soin;"Masque; hydratant";30;2000\r\n;Soin cassé;;trente;2000\r\n00000000-0000-4000-8000-000000000000;Fantôme;;30;100\r\n',
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ created: 1, updated: 1 })
    expect(body.errors.map((e: { line: number }) => e.line)).toEqual([5, 6])
    expect(body.message).toMatch(/2 line/)
    const services = await servicesNow()
    expect(services.find((s) => s.name === 'Coupe femme')?.price).toBe(4800)
    expect(services.find((s) => s.name === 'Soin')).toBeTruthy()
    expect(services.find((s) => s.name === 'Soin cassé')).toBeUndefined()
  })

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\n\n\r\n'],
    ['only bad lines', 'name,duration,price\nX,abc,1\n'],
    ['broken quotes', 'name,duration,price\n"Unclosed,30,100\n'],
  ])('refuses %s with a 400 and changes nothing', async (_label, csvData) => {
    const before = await servicesNow()
    const res = await importCsv(csvData)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/\w/)
    expect(await servicesNow()).toEqual(before)
  })

  it('refuses a 5 MB file with 413 and a readable message', async () => {
    const big = `name,description,duration,price\n${`,${'x'.repeat(98)},30,100\n`.repeat(50_000)}`
    const res = await importCsv(big)
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toMatch(/too large/)
  })

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services/import',
      headers: { 'content-type': 'application/json', cookie },
      payload: '{"csvData": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('request.invalid_json')
  })
})
