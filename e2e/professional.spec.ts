import { readFileSync } from 'node:fs'
import { maskEmail } from '@common/privacy'
import {
  fill,
  noHorizontalOverflow,
  OWNER,
  signIn,
  signInThroughTheDemo,
  seriousViolations as violationsOnceSettled,
} from './helpers'
import { expect, type Page, test, waitForHydration } from './test'
import { TEXTS } from './texts'

/**
 * The professional area on the demo server (no Google configured: the demo sign-in stands in for
 * Google's consent). Desktop and phone share one server and one database, so each test leaves the
 * salon as it found it, or names what it adds after its project.
 */
const fr = TEXTS.fr

const tab = (page: Page, name: string) => page.getByRole('tab', { name })
/** The toast on screen (at most one at a time). */
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

test('signed out: the connect form and the waitlist, side by side on a wide screen @wide', async ({ page }) => {
  await page.goto('/professional')
  await expect(page.getByRole('heading', { level: 1, name: fr.professional.title })).toBeVisible()
  await expect(page.getByText(fr.calendarConnect.steps.id)).toBeVisible()
  await expect(page.getByRole('button', { name: fr.calendarConnect.form.connect })).toBeDisabled()
  await expect(page.getByRole('heading', { name: fr.professional.waitlist.title })).toBeVisible()
  await page.getByLabel(fr.calendarConnect.form.salonId).fill('SAL001')
  await expect(page.getByText('Salon Lumière')).toBeVisible()
  await page.getByRole('button', { name: fr.calendarConnect.form.otherCalendars }).click()
  await expect(page.getByRole('heading', { name: fr.calendarConnect.picker.title })).toBeVisible()
  // Every provider can be chosen: the former "Bientôt disponible" badges are gone.
  await expect(page.getByText('Bientôt disponible')).toHaveCount(0)
})

test('signs in with the demo sign-in, says so, and clears the address @once', async ({ page }) => {
  await signInThroughTheDemo(page)
  await expect(
    page.getByRole('heading', { name: fill(fr.professional.signedIn.greeting, { name: 'Salon Lumière' }) }),
  ).toBeVisible()
  await expect(toast(page)).toContainText(fr.professional.connected.title)
  await expect(toast(page)).toContainText(fill(fr.professional.connected.descriptionDemo, { email: OWNER }))
  await expect(page).toHaveURL(/\/professional$/)
  await expect(page.getByText('SAL001').first()).toBeVisible()
  await expect(tab(page, fr.dashboard.tabs.overview).or(tab(page, fr.dashboard.tabs.overviewShort))).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.getByText(fr.dashboard.stats.title)).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
})

test('every tab of the dashboard, and the demo sign-in page, pass axe', async ({ page }) => {
  // Five axe analyses of whole pages: 30 s on a busy 2-core machine, at the default limit.
  test.slow()
  // The same WCAG 2.1 A/AA rules as every spec, measured once the tab's panel has faded in
  // (e2e/helpers.ts): half-way through the fade its text has a contrast nobody reads it at.
  const seriousViolations = () => violationsOnceSettled(page)
  await page.goto('/professional')
  await page.getByLabel(fr.calendarConnect.form.salonId).first().fill('SAL001')
  await page.getByRole('button', { name: fr.calendarConnect.form.connect }).first().click()
  await expect(page.getByRole('heading', { name: fr.demoSignIn.title })).toBeVisible()
  expect(await seriousViolations()).toEqual([])
  await page.getByRole('button', { name: fill(fr.demoSignIn.continueAs, { email: maskEmail(OWNER) }) }).click()
  await expect(page).toHaveURL(/\/professional$/)
  await waitForHydration(page)
  const tabs = fr.dashboard.tabs
  for (const [name, short] of [
    [tabs.overview, tabs.overviewShort],
    [tabs.instagram, tabs.instagramShort],
    [fr.agenda.tab, fr.agenda.tabShort],
    [tabs.schedule, tabs.scheduleShort],
  ] as const) {
    await tab(page, name).or(tab(page, short)).click()
    await expect(page.getByRole('tabpanel')).toBeVisible()
    expect(await seriousViolations(), name).toEqual([])
  }
})

test('edits the salon, with the validation messages @once', async ({ page }) => {
  await signIn(page)
  await page.getByRole('button', { name: fr.dashboard.info.edit, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: fr.dashboard.edit.title })
  await dialog.getByLabel(fr.dashboard.edit.name).fill('')
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog.getByText(fr.dashboard.edit.nameRequired)).toBeVisible()
  await dialog.getByLabel(fr.dashboard.edit.name).fill('Salon Lumière & Co')
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page)).toContainText(fr.dashboard.edit.success)
  await expect(page.getByText('Salon Lumière & Co').first()).toBeVisible()
  // Back as it was, through the same dialog.
  await page.getByRole('button', { name: fr.dashboard.info.edit, exact: true }).click()
  await dialog.getByLabel(fr.dashboard.edit.name).fill('Salon Lumière')
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog).toBeHidden()
})

test('gives the public phone and the practical information the assistant quotes', async ({ page }) => {
  await signIn(page)
  const card = page
    .getByRole('heading', { name: fr.dashboard.info.title })
    .locator('xpath=ancestor::div[contains(@class, "shadow-soft")][1]')
  await expect(card).toContainText('01 43 55 20 20')
  await page.getByRole('button', { name: fr.dashboard.info.edit, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: fr.dashboard.edit.title })
  const phone = dialog.getByRole('textbox', { name: fr.dashboard.edit.publicPhone })
  await expect(phone).toHaveAttribute('type', 'tel')
  await phone.fill('01 43')
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog.getByText(fr.dashboard.edit.phoneProblems.digits)).toBeVisible()
  await phone.fill('+33 1 43 55 20 21')
  const info = dialog.getByRole('textbox', { name: fr.dashboard.edit.practicalInfo })
  await info.fill('Carte ou espèces.\nParking rue des Lilas.')
  await expect(dialog.getByText(fill(fr.dashboard.edit.practicalInfoCount, { count: 40, max: 600 }))).toBeVisible()
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('+33 1 43 55 20 21')
  await expect(card).toContainText('Parking rue des Lilas.')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  // Back as the demo has them.
  await page.getByRole('button', { name: fr.dashboard.info.edit, exact: true }).click()
  await phone.fill('01 43 55 20 20')
  await info.fill(
    'Paiement par carte bancaire ou en espèces. Parking public à 50 m, rue des Lilas. Salon de plain-pied, accessible en fauteuil roulant.',
  )
  await dialog.getByRole('button', { name: fr.dashboard.edit.save }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('01 43 55 20 20')
})

test('imports a CSV in the spec’s format once its preview is confirmed, then exports the list @once', async ({
  page,
}, testInfo) => {
  await signIn(page)
  const name = `Soin express ${testInfo.project.name}`
  // The specification's format: prices in minor units (2850 = 28,50 €).
  const csv = `id,name,description,duration,price\n,${name},Soin rapide,25,2850\n,Ligne cassée,,pas-un-nombre,1000\n`
  await page.getByLabel(fr.dashboard.services.import).setInputFiles({
    name: 'services.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })
  const preview = page.getByRole('dialog', { name: fr.services.importPreview.title })
  await expect(preview.getByRole('listitem').filter({ hasText: name })).toContainText('28,50 EUR')
  // The reason in French, from its code.
  await expect(
    preview.getByText(fill(fr.services.importLine.duration_invalid, { value: 'pas-un-nombre' })),
  ).toBeVisible()
  const row = page.getByTestId('service-row').filter({ hasText: name })
  await expect(row).toHaveCount(0)
  await preview.getByRole('button', { name: fr.services.importPreview.confirmOne }).click()
  await expect(preview).toBeHidden()
  await expect(row).toContainText('28,50 EUR')
  await expect(page.getByText(fr.dashboard.services.ignoredOne)).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: fr.dashboard.services.export }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('services-SAL001-2026-12-01.csv')
  const exported = readFileSync(await file.path(), 'utf8')
  // A byte-order mark first, so that spreadsheet programs read the accents right; then the spec's
  // columns, prices in minor units.
  expect(exported.startsWith('\uFEFF')).toBe(true)
  expect(exported.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('id,name,description,duration,price,active')
  expect(exported).toContain(`,${name},Soin rapide,25,2850,oui`)
  await expect(toast(page)).toContainText(fr.dashboard.services.exportSuccess)
})

test('refuses a file that is not a CSV @once', async ({ page }) => {
  await signIn(page)
  await page.getByLabel(fr.dashboard.services.import).setInputFiles({
    name: 'services.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  })
  await expect(toast(page)).toContainText(fr.dashboard.services.invalidFormat)
})

test('copies the secure chat link and downloads the QR code @once', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page)
  const link = page.getByLabel(fr.dashboard.access.linkLabel)
  await expect(link).toHaveValue(/\/chat\/[A-Za-z0-9_-]{24}$/)
  await page.getByRole('button', { name: fr.dashboard.access.copy }).click()
  await expect(toast(page)).toContainText(fr.dashboard.access.copied)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue())

  await expect(page.getByRole('img', { name: fr.dashboard.access.qrAlt })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: fr.dashboard.access.downloadQr }).click()
  const png = readFileSync(await (await download).path())
  expect(png.subarray(1, 4).toString()).toBe('PNG')
})

test('changes the opening hours: a closed day switched open starts at 09:00–18:00 @once', async ({ page }) => {
  await signIn(page)
  await tab(page, fr.dashboard.tabs.schedule).click()
  await expect(page.getByRole('heading', { name: fr.schedule.title })).toBeVisible()
  await page.getByRole('button', { name: fr.schedule.hours.edit }).click()
  const dialog = page.getByRole('dialog', { name: fr.schedule.hours.title })
  const monday = dialog.getByRole('switch', { name: fill(fr.schedule.hours.openOn, { day: 'lundi' }) })
  await expect(monday).not.toBeChecked()
  await monday.click()
  await expect(dialog.getByLabel(fr.schedule.hours.opens).first()).toHaveValue('09:00')
  await expect(dialog.getByLabel(fr.schedule.hours.closes).first()).toHaveValue('18:00')
  await dialog.getByRole('button', { name: fr.schedule.hours.save }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page)).toContainText(fr.schedule.hours.success)
  const week = page.getByRole('table', { name: fr.schedule.week.caption })
  await expect(week.getByRole('row').nth(1)).toContainText('09:00')

  // Closed again on Mondays, as the demo salon is.
  await page.getByRole('button', { name: fr.schedule.hours.edit }).click()
  await monday.click()
  await dialog.getByRole('button', { name: fr.schedule.hours.save }).click()
  await expect(dialog).toBeHidden()
  await expect(week.getByRole('row').nth(1)).toContainText(fr.schedule.week.closed)
})

test('adds an absence, refusing an end before the start, then deletes it', async ({ page }, testInfo) => {
  await signIn(page)
  await tab(page, fr.dashboard.tabs.schedule).click()
  await page.getByRole('button', { name: fr.schedule.timeOff.add }).click()
  const dialog = page.getByRole('dialog', { name: fr.schedule.timeOff.dialogTitle })
  await dialog.getByRole('button', { name: fr.schedule.timeOff.save }).click()
  await expect(dialog.getByText(fr.schedule.timeOff.missingDates)).toBeVisible()
  const [start, end] = testInfo.project.name === 'phone' ? ['2027-03-15', '2027-03-17'] : ['2027-01-11', '2027-01-13']
  await dialog.getByLabel(fr.schedule.timeOff.startDate).fill(end)
  await dialog.getByLabel(fr.schedule.timeOff.endDate).fill(start)
  await dialog.getByRole('button', { name: fr.schedule.timeOff.save }).click()
  await expect(dialog.getByText(fr.schedule.timeOff.endBeforeStart)).toBeVisible()
  await dialog.getByLabel(fr.schedule.timeOff.startDate).fill(start)
  await dialog.getByLabel(fr.schedule.timeOff.endDate).fill(end)
  await dialog.getByLabel(fr.schedule.timeOff.reason).fill('Formation')
  await dialog.getByRole('button', { name: fr.schedule.timeOff.save }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page)).toContainText(fr.schedule.timeOff.added)

  const shown = (date: string) => date.split('-').reverse().join('/')
  const list = page.getByRole('list', { name: fr.schedule.timeOff.listLabel })
  // In words: the last day off (the end date, issue 39), inclusive, and the day back.
  const [period, back] =
    testInfo.project.name === 'phone'
      ? ['Du 15 mars au 17 mars 2027 inclus (3\u00a0jours)', 'Formation · De retour le 18 mars']
      : ['Du 11 janv. au 13 janv. 2027 inclus (3\u00a0jours)', 'Formation · De retour le 14 janv.']
  await expect(list).toContainText(period)
  await expect(list).toContainText(back)
  await page
    .getByRole('button', { name: fill(fr.schedule.timeOff.deleteLabel, { start: shown(start), end: shown(end) }) })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: fr.schedule.timeOff.delete }).click()
  await expect(toast(page)).toContainText(fr.schedule.timeOff.deleted)
  await expect(list).not.toContainText(period)
})

test("a booking made through the chat appears in today's agenda", async ({ page, browser }, testInfo) => {
  const client = `Inès ${testInfo.project.name}`
  const time = testInfo.project.name === 'phone' ? '18h15' : '17h45'
  const customer = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const chat = await customer.newPage()
  await chat.goto('/chat/SAL001')
  await chat.getByLabel(fr.chat.profile.name).fill(client)
  await chat.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
  const log = chat.getByRole('log', { name: fr.chat.messages.label })
  await field.fill(`Je voudrais un brushing aujourd'hui à ${time}`)
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(3)
  await field.fill('oui')
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(5)
  await expect(log.getByRole('listitem').last()).toContainText(time.replace('h', ':'))
  await customer.close()

  await signIn(page)
  await tab(page, fr.agenda.tab).or(tab(page, fr.agenda.tabShort)).click()
  // The week of the whole team: a phone lists it by day and time, whoever performs the booking.
  await page.getByRole('button', { name: fr.agenda.weekView }).click()
  const start = time.replace('h', ':')
  const [h, m] = start.split(':').map(Number) as [number, number]
  const end = `${String(h + Math.floor((m + 30) / 60)).padStart(2, '0')}:${String((m + 30) % 60).padStart(2, '0')}`
  const row = page.locator('[data-booking]').filter({ hasText: client })
  await expect(row).toContainText('Brushing')
  await expect(row).toContainText(`${start}–${end}`)
  await expect(row).toContainText('30,00 EUR')
  await expect(row).toContainText(fr.dashboard.bookingStatus.confirmed)
})

test('the Instagram tab says Instagram is not configured on a server without a Meta app @once', async ({ page }) => {
  await signIn(page)
  await tab(page, fr.dashboard.tabs.instagram).or(tab(page, fr.dashboard.tabs.instagramShort)).click()
  await expect(page.getByText(fr.dashboard.instagram.notConnected).first()).toBeVisible()
  await expect(page.getByText(fr.dashboard.instagram.notConfigured).first()).toBeVisible()
  await expect(page.getByRole('button', { name: fr.dashboard.instagram.connect })).toBeDisabled()
})

test('signs out and lands home, signed out for good @once', async ({ page }) => {
  // A session of its own: the one kept for the other tests stays signed in.
  await signInThroughTheDemo(page)
  await page.getByRole('main').getByRole('button', { name: fr.professional.signedIn.logout }).click()
  await expect(page).toHaveURL(/\/$/)
  const session = await page.request.get('/api/session')
  expect(await session.json()).toEqual({ isAuthenticated: false })
  await page.goto('/professional')
  await expect(page.getByRole('button', { name: fr.calendarConnect.form.connect }).first()).toBeVisible()
})

test.describe('on a 375 px phone @phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('connect and waitlist are two tabs, connect first', async ({ page }) => {
    await page.goto('/professional')
    const tabs = page.getByRole('tablist', { name: fr.professional.tabs.label })
    await expect(tabs.getByRole('tab', { name: fr.professional.tabs.connect })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: fr.calendarConnect.form.connect })).toBeVisible()
    await tabs.getByRole('tab', { name: fr.professional.tabs.waitlist }).click()
    await expect(page.getByRole('heading', { name: fr.professional.waitlist.title })).toBeVisible()
    await expect(page.getByRole('button', { name: fr.calendarConnect.form.connect })).toBeHidden()
    expect(await noHorizontalOverflow(page)).toBe(true)
  })
})
