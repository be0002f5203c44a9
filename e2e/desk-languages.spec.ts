import { noHorizontalOverflow, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * Running the day in German, Italian and English on a desktop, and in German on a phone: the agenda
 * on a day, a booking's panel, a move to another time through it, the new-booking form — every word
 * in the owner's language, nothing wider than the screen. Each language and project has its own day.
 */

const DAYS = {
  desktop: { de: '2027-02-02', it: '2027-02-03', en: '2027-02-04' },
  phone: { de: '2027-02-09', it: '2027-02-10', en: '2027-02-11' },
} as const

interface Named {
  id: string
  name: string
}

async function inLanguage(page: Page, language: 'de' | 'it' | 'en') {
  await page.evaluate((chosen) => localStorage.setItem('salonia-language', chosen), language)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', language)
}

for (const language of ['de', 'it', 'en'] as const) {
  // A phone runs the day in German, the language of the longest words; Italian and English are run
  // on the desktop, and their 360 px layouts are checked page by page by small-screens.spec.ts.
  const tag = language === 'de' ? [] : ['@once']
  test(
    `the day run in ${language}: agenda, a booking's panel, a move, a new booking`,
    { tag },
    async ({ page }, testInfo) => {
      const texts = TEXTS[language]
      const phone = testInfo.project.name === 'phone'
      if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
      const day = DAYS[phone ? 'phone' : 'desktop'][language]
      await signIn(page)
      const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Named[]
      const team = (await (await page.request.get('/api/salons/SAL001/team')).json()) as { members: Named[] }
      const brushing = services.find((s) => s.name === 'Brushing')
      const lea = team.members.find((m) => m.name === 'Léa')
      const answer = await page.request.post('/api/salons/SAL001/bookings', {
        data: {
          channel: 'dashboard',
          serviceId: brushing?.id,
          startsAt: `${day}T10:00`,
          memberId: lea?.id,
          customer: {
            name: `Kim ${language} ${testInfo.project.name}`,
            phone: `06 71 81 91 ${phone ? 2 : 1}${'deit'.indexOf(language)}`,
          },
        },
      })
      expect(answer.status(), await answer.text()).toBe(201)
      const booking = (await answer.json()) as { id: string }

      await inLanguage(page, language)
      // A phone labels the tabs with their short names.
      await page.getByRole('tab', { name: phone ? texts.agenda.tabShort : texts.agenda.tab }).click()
      await expect(page.getByRole('heading', { name: texts.agenda.title, level: 2 })).toBeVisible()
      await page.getByLabel(texts.agenda.date).fill(day)
      const block = page.locator(`[data-booking="${booking.id}"]`)
      await expect(block).toContainText('10:00')
      await expect(block).toContainText(texts.dashboard.bookingStatus.confirmed)
      expect(await noHorizontalOverflow(page)).toBe(true)
      await page.screenshot({ path: testInfo.outputPath(`agenda-${language}.png`), fullPage: true })

      await block.click()
      const panel = page.getByRole('dialog').filter({ hasText: texts.desk.history.title })
      await expect(panel).toBeVisible()
      await expect(panel.getByRole('button', { name: texts.desk.actions.cancel })).toBeVisible()
      await expect(panel).not.toContainText('desk.')
      await page.screenshot({ path: testInfo.outputPath(`panel-${language}.png`) })
      await panel.getByRole('button', { name: texts.desk.actions.move, exact: true }).click()
      const move = page.getByRole('dialog', { name: texts.desk.move.title })
      await move.getByRole('radio', { name: '14:00' }).check()
      expect(await noHorizontalOverflow(page)).toBe(true)
      await move.getByRole('button', { name: texts.desk.move.submit, exact: true }).click()
      await expect(page.getByText(texts.desk.move.done).first()).toBeVisible()
      await expect
        .poll(
          async () =>
            (
              (await (await page.request.get(`/api/bookings/${booking.id}`)).json()) as {
                booking: { localTime: string }
              }
            ).booking.localTime,
        )
        .toBe('14:00')

      await panel.getByRole('button', { name: texts.common.close }).click()
      await expect(panel).toBeHidden()
      await page.getByRole('button', { name: texts.agenda.newBooking }).click()
      const create = page.getByRole('dialog', { name: texts.desk.create.title })
      await expect(create.getByLabel(texts.desk.create.service)).toBeVisible()
      // For the day on screen, not the device's today.
      await expect(create.getByLabel(texts.desk.slot.day)).toHaveValue(day)
      await expect(create).not.toContainText('desk.')
      expect(await noHorizontalOverflow(page)).toBe(true)
      await page.screenshot({ path: testInfo.outputPath(`new-booking-${language}.png`) })
    },
  )
}
