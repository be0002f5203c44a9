import { fill, noHorizontalOverflow, seriousViolations } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The customer's own booking page (issue 15), as a customer meets it (demo clock: Tuesday
 * 1 December 2026, 08:30 in Paris): the link comes with the chat's confirmation; the page moves the
 * appointment to a free time and cancels it; inside the salon's notice it only gives the salon's
 * phone; a forged link opens nothing. Desktop and phone share one server: each works on its own day.
 */
const fr = TEXTS.fr
const page_ = fr.bookingPage

async function bookThroughChat(page: Page, name: string, request: string): Promise<string> {
  await page.goto('/chat/SAL001')
  await page.getByLabel(fr.chat.profile.name).fill(name)
  await page.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = page.getByRole('textbox', { name: fr.chat.composer.label })
  const log = page.getByRole('log', { name: fr.chat.messages.label })
  for (const [text, count] of [
    [request, 3],
    ['oui', 5],
  ] as const) {
    await field.fill(text)
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(count, { timeout: 30_000 })
  }
  const card = page.getByRole('link', { name: new RegExp(fr.chat.bookingLink.title) })
  await expect(card).toBeVisible()
  const href = (await card.getAttribute('href')) ?? ''
  expect(href).toMatch(/\/r\/[\w-]{44}$/)
  return new URL(href).pathname
}

test('a customer moves, then cancels, their appointment from the link of the chat’s confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const phone = testInfo.project.name === 'phone'
  const [dayWord, name] = phone ? ['mercredi 9 décembre', 'Maëlle Lien'] : ['jeudi 10 décembre', 'Basile Lien']
  const path = await bookThroughChat(page, name, `Une coupe femme ${dayWord} à 10h`)

  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dayWord.replace(/^./, (c) => c.toUpperCase()))
  await expect(page.getByText('10:00 – 10:45')).toBeVisible()
  await expect(page.getByText(page_.map)).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('booking-page.png'), fullPage: true })

  // Move: the engine's free times of the week, one picked, one button that says what happens.
  await page.getByRole('button', { name: page_.move.open }).click()
  await page.getByRole('button', { name: page_.move.nextWeek }).click()
  const days = page.getByRole('group', { name: page_.move.days })
  await days.getByRole('button', { name: phone ? 'vendredi 11 décembre' : 'samedi 12 décembre' }).click()
  await page.getByRole('group', { name: page_.move.times }).getByRole('button', { name: '14:30', exact: true }).click()
  const newDay = phone ? 'vendredi 11 décembre' : 'samedi 12 décembre'
  const confirm = page.getByRole('button', { name: fill(page_.move.confirm, { day: newDay, time: '14:30' }) })
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('booking-page-move.png'), fullPage: true })
  await confirm.click()
  await expect(page.getByRole('status')).toContainText(fill(page_.moved, { day: newDay, time: '14:30' }))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newDay.replace(/^./, (c) => c.toUpperCase()))

  // Cancel, after saying which appointment it is.
  await page.getByRole('button', { name: page_.cancel }).click()
  const dialog = page.getByRole('alertdialog', { name: page_.cancelDialog.title })
  await expect(dialog).toContainText(`Coupe femme, ${newDay} à 14:30`)
  await dialog.getByRole('button', { name: page_.cancelDialog.confirm }).click()
  await expect(page.getByRole('status')).toContainText(page_.cancelled)
  await expect(page.getByText(page_.isCancelled)).toBeVisible()
  await expect(page.getByRole('link', { name: page_.bookAgain })).toHaveAttribute('href', '/chat/SAL001')
  await expect(page.getByRole('button', { name: page_.move.open })).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('booking-page-cancelled.png'), fullPage: true })
})

test('inside the salon’s notice the page gives the salon’s phone instead of cancel and move', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const phone = testInfo.project.name === 'phone'
  // Today at 10:00 or 10:15: within two hours of the demo clock's 08:30.
  const path = await bookThroughChat(
    page,
    phone ? 'Tao Tard' : 'Iris Tard',
    `Un brushing aujourd'hui à ${phone ? '10h15' : '10h'}`,
  )
  await page.goto(path)
  await expect(page.getByRole('link', { name: '01 43 55 20 20' }).last()).toHaveAttribute('href', 'tel:0143552020')
  await expect(page.getByText(fill(page_.tooLate, { notice: '2 heures' }))).toBeVisible()
  await expect(page.getByRole('button', { name: page_.cancel })).toHaveCount(0)
  await expect(page.getByRole('button', { name: page_.move.open })).toHaveCount(0)
  await expect(page.getByRole('link', { name: page_.addToCalendar })).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('booking-page-too-late.png'), fullPage: true })
})

test('a forged link opens no booking @once', async ({ page }) => {
  // Answered 404 with the page's refusal in its HTML, kept out of search engines like every link.
  const answer = await page.goto(`/r/${'A'.repeat(44)}`)
  expect(answer?.status()).toBe(404)
  expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(await answer?.text()).toContain(page_.notFound.title)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  await expect(page.getByRole('heading', { name: page_.notFound.title })).toBeVisible()
  await expect(page.getByText(page_.notFound.description)).toBeVisible()
})

test('a link whose appointment is over says so, and offers nothing to change @once', async ({ page }) => {
  // A real link (the server refuses a forged one before any page is made), whose appointment no test
  // can wait to see end: the page gets the server's own answer for such a link (410
  // `booking_page.expired`, given as booking-page.http.test.ts shows).
  const link = await bookThroughChat(page, 'Octave Passé', 'une coupe homme samedi 19 décembre à 11h')
  await page.route('**/api/r/*', (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'booking_page.expired',
        message: 'This appointment is over: its link has expired.',
      }),
    }),
  )
  await page.goto(link)
  await expect(page.getByRole('heading', { name: page_.expired.title })).toBeVisible()
  await expect(page.getByText(page_.expired.description)).toBeVisible()
  await expect(page.getByRole('button', { name: page_.cancel })).toHaveCount(0)
  expect(await noHorizontalOverflow(page)).toBe(true)
})
