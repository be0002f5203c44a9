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
const importCsv = (csvData: string, previewToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/services/import',
    payload: { csvData, ...(previewToken === undefined ? {} : { previewToken }) },
    headers: { cookie },
  })
const previewCsv = (csvData: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/salons/SAL001/services/import/preview',
    payload: { csvData },
    headers: { cookie },
  })

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

  it('exports the spec’s columns, prices in minor units, named after the salon and the day', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/services/export', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    expect(res.headers['content-disposition']).toBe('attachment; filename="services-SAL001-2026-12-01.csv"')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('id,name,description,duration,price,active')
    expect(lines).toHaveLength(8)
    expect(lines[1]).toMatch(/^[0-9a-f-]{36},Coupe femme,"Shampooing, coupe et coiffage",45,4500,oui$/)
    expect(lines[4]).toMatch(/,Coloration,Couleur racines et longueurs,90,6500,oui$/)
    expect(lines[7]).toMatch(/,Permanente,.*,120,8000,non$/)
  })

  it('writes the active column in the language asked for, and refuses an unknown language', async () => {
    const res = await t.app.inject({ url: '/api/salons/SAL001/services/export?language=en', headers: { cookie } })
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toMatch(
      /,Coupe femme,"Shampooing, coupe et coiffage",45,4500,yes$/,
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
      '\uFEFFid;name;description;duration;price\r\n;Coupe femme;Nouvelle description;50;4800\r\n\r\n;Soin;"Masque; hydratant";30;20,50\r\n;Soin cassé;;trente;2000\r\n00000000-0000-4000-8000-000000000000;Fantôme;;30;100\r\n',
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
      'name,duration,price\nX,abc,100\n',
      { code: 'catalog.csv_no_valid_line', errors: [{ line: 2, code: 'csv.duration_invalid', value: 'abc' }] },
    ],
    ['broken quotes', 'name,duration,price\n"Unclosed,30,10000\n', { code: 'catalog.csv_unreadable', line: 2 }],
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

  it('imports a file in the spec’s exact format with its prices in minor units, only once the owner confirms', async () => {
    const before = await servicesNow()
    const coupe = before.find((s) => s.name === 'Coupe homme')
    const csvData = [
      'id,name,description,duration,price',
      ',Soin visage,"Nettoyage, masque",60,6500',
      ',Coupe enfant,,20,1800',
      `${coupe?.id},Coupe homme,Coupe aux ciseaux ou à la tondeuse,30,2700`,
    ].join('\n')

    const preview = await previewCsv(csvData)
    expect(preview.statusCode, preview.body).toBe(200)
    const read = preview.json()
    expect(read).toMatchObject({
      currency: 'EUR',
      created: 2,
      updated: 1,
      errors: [],
      services: [
        { line: 2, action: 'create', serviceId: null, name: 'Soin visage', duration: 60, price: 6500, before: null },
        { line: 3, action: 'create', serviceId: null, name: 'Coupe enfant', duration: 20, price: 1800, isActive: true },
        {
          line: 4,
          action: 'update',
          serviceId: coupe?.id,
          name: 'Coupe homme',
          price: 2700,
          isActive: true,
          before: { name: 'Coupe homme', duration: 30, price: 2500, isActive: true },
        },
      ],
    })
    expect(read.previewToken).toMatch(/^[0-9a-f]{64}$/)
    // The preview saved nothing.
    expect(await servicesNow()).toEqual(before)

    const confirmed = await importCsv(csvData, read.previewToken)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toMatchObject({ created: 2, updated: 1, errors: [] })
    const after = await servicesNow()
    const price = (name: string) => after.find((s) => s.name === name)?.price
    expect([price('Soin visage'), price('Coupe enfant'), price('Coupe homme')]).toEqual([6500, 1800, 2700])
  })

  it('previews the lines it cannot read, with a 200, even when none is valid', async () => {
    const before = await servicesNow()
    const res = await previewCsv('name,duration,price\nCher,30,"1.234"\nLent,trente,100\n')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      services: [],
      created: 0,
      updated: 0,
      errors: [
        { line: 2, code: 'csv.price_ambiguous', field: 'price', value: '1.234' },
        { line: 3, code: 'csv.duration_invalid', value: 'trente' },
      ],
    })
    expect((await previewCsv('')).json()).toMatchObject({ code: 'catalog.csv_empty' })
    expect(await servicesNow()).toEqual(before)
  })

  it('refuses a confirmation whose preview no longer holds, and writes nothing', async () => {
    const csvData = 'name,duration,price\nBrushing,30,3200\nSoin express,25,2800\n'
    const { previewToken } = (await previewCsv(csvData)).json()
    const brushing = (await servicesNow()).find((s) => s.name === 'Brushing')
    // Meanwhile the owner renames Brushing: the file's line would now add a service, not update one.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/salons/SAL001/services/${brushing?.id}`,
      payload: { name: 'Brushing long' },
      headers: { cookie },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const before = await servicesNow()
    const res = await importCsv(csvData, previewToken)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'catalog.csv_preview_stale' })
    expect(await servicesNow()).toEqual(before)
    await t.app.inject({
      method: 'PATCH',
      url: `/api/salons/SAL001/services/${brushing?.id}`,
      payload: { name: 'Brushing' },
      headers: { cookie },
    })
  })

  it('refuses a 5 MB file with 413 and a readable message', async () => {
    const big = `name,description,duration,price\n${`,${'x'.repeat(98)},30,10000\n`.repeat(50_000)}`
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
