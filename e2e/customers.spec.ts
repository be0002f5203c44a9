import { readFileSync } from 'node:fs'
import { fill, seriousViolations, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The dashboard's Clients tab on the demo server: a customer found by search, their file, the export
 * of their data and their erasure (GDPR). Desktop and phone share one server and one database: each
 * project books its own customer, on its own time, and erases it.
 */
const fr = TEXTS.fr

interface Named {
  id: string
  name: string
}

const totalBookings = async (page: Page) =>
  ((await (await page.request.get('/api/salons/SAL001/dashboard')).json()) as { stats: { totalBookings: number } })
    .stats.totalBookings

test('a customer erased: found by search, opened, exported, erased, gone from the list; the figures unchanged', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  const name = phone ? 'Inès Lefèvre-Téléphone' : 'Inès Lefèvre-Bureau'
  const phoneNumber = phone ? '06 55 44 33 23' : '06 55 44 33 22'
  await signIn(page)

  // The customer books by phone with the salon, tomorrow.
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
  }[]
  const booked = await page.request.post('/api/salons/SAL001/bookings', {
    data: {
      serviceId: services.find((s) => s.name === 'Taille de barbe')?.id,
      startsAt: phone ? '2026-12-02T17:30' : '2026-12-02T17:00',
      customer: { name, phone: phoneNumber },
      channel: 'dashboard',
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const bookingId = ((await booked.json()) as { id: string }).id

  await page.getByRole('tab', { name: fr.customers.tab }).click()
  await expect(page.getByRole('heading', { name: fr.customers.title, level: 2 })).toBeVisible()
  await page.getByLabel(fr.customers.searchLabel).fill(phone ? 'ines lefevre-tel' : 'INES LEFEVRE-BUR')
  const list = page.getByRole('list', { name: fr.customers.listLabel })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  const row = list.getByRole('listitem').first()
  await expect(row.getByRole('link', { name: phoneNumber })).toHaveAttribute(
    'href',
    `tel:${phoneNumber.replaceAll(' ', '')}`,
  )
  await expect(row).toContainText(fill(fr.customers.bookingsOne, {}))
  // By phone number too, spaces or not.
  await page.getByLabel(fr.customers.searchLabel).fill(phoneNumber.replaceAll(' ', ''))
  await expect(list.getByRole('button', { name })).toBeVisible()
  // The answer to this search (typing waits a moment before searching), not the previous one
  // dimmed while it loads.
  await expect(page.getByText(fill(fr.customers.foundOne, { search: phoneNumber.replaceAll(' ', '') }))).toBeVisible()
  await expect(list).not.toHaveAttribute('aria-busy', 'true')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  // The file: the booking, and a private note saved.
  await list.getByRole('button', { name }).click()
  const file = page.getByRole('dialog', { name })
  await expect(file).toBeVisible()
  await expect(file).toContainText('Taille de barbe')
  expect(await seriousViolations(page)).toEqual([])
  await file.getByLabel(fr.customers.panel.notesLabel).fill('Préfère le mardi.')
  await file.getByRole('button', { name: fr.customers.panel.saveNotes }).click()
  await expect(page.getByText(fr.customers.panel.notesSaved, { exact: true })).toBeVisible()

  // Export: one JSON file with what we hold.
  const download = page.waitForEvent('download')
  await file.getByRole('link', { name: fr.customers.panel.export }).click()
  const exported = await download
  expect(exported.suggestedFilename()).toMatch(/^client-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(readFileSync((await exported.path()) as string, 'utf8'))
  expect(data.customer).toMatchObject({ name, phone: phoneNumber, salonNotes: 'Préfère le mardi.' })
  expect(data.bookings).toEqual([expect.objectContaining({ id: bookingId, service: 'Taille de barbe' })])

  // Erasure is refused while the appointment is to come, and says which one.
  await file.getByRole('button', { name: fr.customers.panel.erase }).click()
  const confirm = page.getByRole('alertdialog', { name: fill(fr.customers.erase.title, { name }) })
  await expect(confirm).toContainText(fr.customers.erase.description)
  await confirm.getByRole('button', { name: fr.customers.erase.confirm }).click()
  await expect(file.getByRole('alert')).toContainText(fr.customers.erase.upcomingOne)
  await expect(file.getByRole('alert')).toContainText('Taille de barbe')

  // Once the appointment is cancelled, the customer is erased; the salon's figures do not move.
  expect((await page.request.post(`/api/bookings/${bookingId}/cancel`)).status()).toBe(200)
  const before = await totalBookings(page)
  await file.getByRole('button', { name: fr.customers.panel.erase }).click()
  await confirm.getByRole('button', { name: fr.customers.erase.confirm }).click()
  await expect(page.getByText(fr.customers.erase.done, { exact: true })).toBeVisible()
  await expect(file).toBeHidden()
  await expect(page.getByText(fill(fr.customers.noResults, { search: phoneNumber.replaceAll(' ', '') }))).toBeVisible()
  await page.getByLabel(fr.customers.searchLabel).fill(name)
  await expect(page.getByText(fill(fr.customers.noResults, { search: name }))).toBeVisible()
  expect(await totalBookings(page)).toBe(before)
  // The booking stays, under the anonymised customer.
  const day = (await (await page.request.get('/api/salons/SAL001/bookings?from=2026-12-02&to=2026-12-03')).json()) as {
    id: string
    clientName: string
    clientPhone: string | null
  }[]
  expect(day.find((b) => b.id === bookingId)).toMatchObject({ clientName: 'Client anonymisé', clientPhone: null })
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
})

test('a duplicate merged into a customer’s file: its booking joins it, the duplicate goes', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  const [kept, duplicate] = phone ? ['Noémie Fusion-Tel', 'Noé Fusion-Tel'] : ['Noémie Fusion-Bur', 'Noé Fusion-Bur']
  await signIn(page)
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Named[]
  const brushing = services.find((s) => s.name === 'Brushing')?.id
  for (const [name, startsAt] of [
    // Days no other test books (specs share one server).
    [kept, phone ? '2027-01-05T16:00' : '2026-12-29T16:00'],
    [duplicate, phone ? '2027-01-06T16:00' : '2026-12-30T16:00'],
  ]) {
    const booked = await page.request.post('/api/salons/SAL001/bookings', {
      data: { serviceId: brushing, startsAt, customer: { name }, channel: 'dashboard' },
    })
    expect(booked.status(), await booked.text()).toBe(201)
  }

  await page.getByRole('tab', { name: fr.customers.tab }).click()
  await page.getByLabel(fr.customers.searchLabel).fill(kept)
  await page.getByRole('list', { name: fr.customers.listLabel }).getByRole('button', { name: kept }).click()
  const file = page.getByRole('dialog', { name: kept })
  await file.getByRole('button', { name: fr.customers.panel.merge }).click()
  const merge = page.getByRole('dialog', { name: fill(fr.customers.merge.title, { name: kept }) })
  await merge.getByLabel(fr.customers.merge.search).fill(duplicate.slice(0, 8))
  await merge.getByRole('radio', { name: new RegExp(duplicate) }).check()
  expect(await seriousViolations(page)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await merge.getByRole('button', { name: fr.customers.merge.submit, exact: true }).click()
  await expect(page.getByText(fill(fr.customers.merge.done, { name: kept }), { exact: true })).toBeVisible()
  await expect(merge).toBeHidden()
  await expect(file.getByText('Brushing', { exact: false })).toHaveCount(2)
  // The duplicate's file is gone.
  const search = async (q: string) =>
    (
      (await (await page.request.get(`/api/salons/SAL001/customers?q=${encodeURIComponent(q)}`)).json()) as {
        customers: Named[]
      }
    ).customers.map((c) => c.name)
  expect(await search('Fusion')).toContain(kept)
  expect(await search('Fusion')).not.toContain(duplicate)
})
