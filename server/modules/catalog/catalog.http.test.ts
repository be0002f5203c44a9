import { startTestApp, type TestApp } from '@tests/helpers/app'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

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

  it('exports a CSV named after the salon and the day, for a French Excel by default', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/services/export', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    expect(res.headers['content-disposition']).toBe('attachment; filename="services-SAL001-2026-12-01.csv"')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('id;name;description;duration;price;active')
    expect(lines).toHaveLength(8)
    expect(lines[1]).toMatch(/;Coupe femme;Shampooing, coupe et coiffage;45;45,00;oui$/)
    expect(lines[7]).toMatch(/;Permanente;.*;120;80,00;non$/)
  })

  it('exports for an English spreadsheet when asked, and refuses an unknown language', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/services/export?language=en', headers: { cookie } })
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toMatch(
      /,Coupe femme,"Shampooing, coupe et coiffage",45,45.00,yes$/,
    )
    const bad = await t.app.inject({ url: '/api/salons/SAL001/services/export?language=xx', headers: { cookie } })
    expect(bad.statusCode).toBe(400)
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
      '\uFEFFid;name;description;duration;price\r\n;Coupe femme;Nouvelle description;50;48\r\n\r\n;Soin;"Masque; hydratant";30;20,50\r\n;Soin cassé;;trente;20\r\n00000000-0000-4000-8000-000000000000;Fantôme;;30;1\r\n',
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ created: 1, updated: 1 })
    expect(body.errors).toMatchObject([
      { line: 5, code: 'csv.duration_invalid', field: 'duration', value: 'trente' },
      { line: 6, code: 'csv.id_unknown', field: 'id' },
    ])
    expect(body.message).toMatch(/2 line/)
    const services = await servicesNow()
    expect(services.find((s) => s.name === 'Coupe femme')?.price).toBe(4800)
    expect(services.find((s) => s.name === 'Soin')?.price).toBe(2050)
    expect(services.find((s) => s.name === 'Soin cassé')).toBeUndefined()
  })

  it.each([
    ['an empty file', '', { code: 'catalog.csv_empty' }],
    ['only blank lines', '\n\n\r\n', { code: 'catalog.csv_empty' }],
    [
      'only bad lines',
      'name,duration,price\nX,abc,1\n',
      { code: 'catalog.csv_no_valid_line', errors: [{ line: 2, code: 'csv.duration_invalid', value: 'abc' }] },
    ],
    ['broken quotes', 'name,duration,price\n"Unclosed,30,100\n', { code: 'catalog.csv_unreadable', line: 2 }],
  ])(
    'refuses %s with a 400, a stable code and its parameters, and changes nothing',
    async (_label, csvData, refusal) => {
      const before = await servicesNow()
      const res = await importCsv(csvData)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/\w/)
      expect(res.json()).toMatchObject(refusal)
      expect(await servicesNow()).toEqual(before)
    },
  )

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
