import { fill, noHorizontalOverflow, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The services editor of the dashboard (issue 14, point 4): a service added with a price in euros
 * appears in the list, is offered by the availability API and is booked through the chat; it can be
 * moved with the arrows (keyboard too), edited, deactivated (still listed, no longer offered) and
 * reactivated. Desktop and phone share one server: each project adds its own service, named
 * after it, and books its own time.
 */
const fr = TEXTS.fr

const servicesList = (page: Page) => page.getByRole('list', { name: fr.services.listLabel })
const rowOf = (page: Page, name: string) => servicesList(page).getByRole('listitem').filter({ hasText: name })

test('a service added with a price in euros is listed, offered, and booked through the chat', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const phone = testInfo.project.name === 'phone'
  const name = phone ? 'Lissage brésilien' : 'Soin kératine'
  const hour = phone ? '15h' : '11h'
  await signIn(page)

  await page.getByRole('button', { name: fr.services.add }).click()
  const dialog = page.getByRole('dialog', { name: fr.services.addTitle })
  await dialog.getByLabel(fr.services.fields.name).fill(name)
  await dialog.getByLabel(fr.services.fields.duration).fill('60')
  const price = dialog.getByLabel(fill(fr.services.fields.price, { currency: 'EUR' }))
  // Three decimals and a negative amount are refused, in words, before anything is sent.
  await price.fill('49,999')
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(dialog.getByText(fr.services.problems.price.too_many_decimals)).toBeVisible()
  await price.fill('-5')
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(dialog.getByText(fr.services.problems.price.negative)).toBeVisible()
  await price.fill('49,90')
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(dialog).toBeHidden()

  const row = rowOf(page, name)
  await expect(row).toContainText('60 min')
  await expect(row).toContainText('49,90 EUR')
  await expect(row).toContainText(fr.dashboard.services.active)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await row.screenshot({ path: testInfo.outputPath('added-row.png') })

  // Offered by the availability API.
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
    price: number
  }[]
  const added = services.find((s) => s.name === name)
  expect(added?.price).toBe(4990)
  const availability = await page.request.get(
    `/api/salons/SAL001/availability?serviceId=${added?.id}&from=2026-12-04&to=2026-12-05`,
  )
  expect(availability.status()).toBe(200)
  expect((await availability.json()).slots.length).toBeGreaterThan(0)

  // Booked by a customer through the chat.
  const customer = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const chat = await customer.newPage()
  await chat.goto('/chat/SAL001')
  await chat.getByLabel(fr.chat.profile.name).fill(`Chloé ${testInfo.project.name}`)
  await chat.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
  const log = chat.getByRole('log', { name: fr.chat.messages.label })
  await field.fill(`Bonjour, je voudrais un ${name.toLowerCase()} vendredi à ${hour}`)
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 })
  await expect(log.getByRole('listitem').last()).toContainText(name)
  await expect(log.getByRole('listitem').last()).toContainText('49,90')
  await field.fill('oui')
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(5, { timeout: 20_000 })
  await expect(log.getByRole('listitem').last()).toContainText(name)
  await expect(log.getByRole('listitem').last()).toContainText(hour.replace('h', ':00'))
  await expect(chat.getByRole('button', { name: new RegExp(fr.chat.ics.add) })).toBeVisible()
  await customer.close()
})

test('moves a service with the arrows and the keyboard, edits it, deactivates and reactivates it', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  const name = phone ? 'Soin express téléphone' : 'Soin express bureau'
  await signIn(page)
  await page.getByRole('button', { name: fr.services.add }).click()
  const dialog = page.getByRole('dialog', { name: fr.services.addTitle })
  await dialog.getByLabel(fr.services.fields.name).fill(name)
  await dialog.getByLabel(fr.services.fields.duration).fill('20')
  await dialog.getByLabel(fill(fr.services.fields.price, { currency: 'EUR' })).fill('18')
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(rowOf(page, name)).toContainText('18,00 EUR')

  // Last of the list: its arrow up moves it above its neighbour, and keeps the focus for the next press.
  const names = async () =>
    (await servicesList(page).getByRole('listitem').all()).length > 0
      ? await servicesList(page)
          .getByRole('listitem')
          .evaluateAll((items) => items.map((li) => li.textContent ?? ''))
      : []
  const indexOf = async () => (await names()).findIndex((text) => text.includes(name))
  const start = await indexOf()
  const up = page.getByRole('button', { name: fill(fr.services.moveUp, { name }) })
  await up.click()
  await expect.poll(indexOf).toBe(start - 1)
  await expect(up).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(indexOf).toBe(start - 2)
  await page.reload()
  await expect.poll(indexOf).toBe(start - 2)

  // Edited: a price with a decimal comma, and a German name for the assistant.
  await page.getByRole('button', { name: fill(fr.services.editLabel, { name }) }).click()
  const edit = page.getByRole('dialog', { name: fill(fr.services.editTitle, { name }) })
  await edit.getByLabel(fill(fr.services.fields.price, { currency: 'EUR' })).fill('19,50')
  await edit.getByLabel(fill(fr.services.translations.label, { language: 'allemand' })).fill('Express-Pflege')
  await edit.getByRole('button', { name: fr.services.save }).click()
  await expect(edit).toBeHidden()
  await expect(rowOf(page, name)).toContainText('19,50 EUR')
  await expect(rowOf(page, name)).toContainText('Express-Pflege')

  // Deactivated: still listed, greyed and marked, no longer offered; then reactivated.
  await page.getByRole('button', { name: fill(fr.services.deactivateLabel, { name }) }).click()
  await expect(rowOf(page, name)).toContainText(fr.dashboard.services.inactive)
  await expect(rowOf(page, name)).toContainText(fr.services.inactiveHint)
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
  }[]
  const id = services.find((s) => s.name === name)?.id
  const refused = await page.request.get(`/api/salons/SAL001/availability?serviceId=${id}`)
  expect(refused.status()).toBe(422)
  await page.getByRole('button', { name: fill(fr.services.reactivateLabel, { name }) }).click()
  await expect(rowOf(page, name)).toContainText(fr.dashboard.services.active)
  expect((await page.request.get(`/api/salons/SAL001/availability?serviceId=${id}`)).status()).toBe(200)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await servicesList(page).screenshot({ path: testInfo.outputPath('services-list.png') })
})
