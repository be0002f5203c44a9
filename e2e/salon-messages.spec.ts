import { signIn } from './helpers'
import { expect, test } from './test'
import { TEXTS } from './texts'

/**
 * What the salon tells a web chat customer reaches their chat (demo clock: Tuesday 1 December
 * 2026, 08:30 in Paris): a customer books through the chat, the salon cancels with a reason, and
 * the customer's chat shows the salon's message once — not again in a chat opened later.
 * Desktop and phone share one server: each works on its own day.
 */
const fr = TEXTS.fr

test("a cancellation by the salon shows in the customer's chat, once", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000)
  const phone = testInfo.project.name === 'phone'
  const [day, date] = phone ? ['mercredi 16 décembre', '2026-12-16'] : ['mardi 15 décembre', '2026-12-15']
  const name = phone ? 'Mila Message' : 'Noé Message'

  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    ...(phone ? { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } : {}),
  })
  const chat = await context.newPage()
  await chat.goto('/chat/SAL001')
  await chat.getByLabel(fr.chat.profile.name).fill(name)
  await chat.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
  const log = chat.getByRole('log', { name: fr.chat.messages.label })
  const say = async (text: string, count: number) => {
    await field.fill(text)
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(count, { timeout: 30_000 })
  }
  await say(`Bonjour, un brushing ${day} à 15h`, 3)
  await say('oui', 5)
  await expect(chat.getByRole('button', { name: new RegExp(fr.chat.ics.add) })).toBeVisible()

  await signIn(page)
  const bookings = (await (await page.request.get(`/api/salons/SAL001/bookings?from=${date}&to=${date}`)).json()) as {
    id: string
    clientName: string
  }[]
  const booking = bookings.find((b) => b.clientName === name)
  expect(booking).toBeDefined()
  const cancelled = await page.request.post(`/api/bookings/${booking?.id}/cancel`, {
    data: { reason: 'Dégât des eaux au salon' },
  })
  expect(cancelled.status()).toBe(200)
  await expect
    .poll(async () => {
      const details = (await (await page.request.get(`/api/bookings/${booking?.id}`)).json()) as {
        history: { kind: string; toldBy: string[] }[]
      }
      return details.history.find((event) => event.kind === 'cancelled')?.toldBy
    })
    .toEqual(['web'])

  // The customer comes back to the chat: the salon's message follows the conversation, marked as the salon's.
  await chat.reload()
  const fromSalon = log.getByRole('listitem').last()
  await expect(fromSalon).toContainText(fr.chat.messages.fromSalon, { ignoreCase: true })
  await expect(fromSalon).toContainText('Dégât des eaux au salon')
  await expect(fromSalon).toContainText('a annulé votre rendez-vous')
  await expect(log.getByRole('listitem')).toHaveCount(6)
  expect(await chat.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await chat.screenshot({ path: testInfo.outputPath(phone ? 'salon-message-phone.png' : 'salon-message-desktop.png') })

  // A chat opened later on the same device greets the customer without showing it again.
  const later = await context.newPage()
  await later.goto('/chat/SAL001')
  const laterLog = later.getByRole('log', { name: fr.chat.messages.label })
  await expect(laterLog.getByRole('listitem')).toHaveCount(1)
  await later.waitForLoadState('networkidle')
  await expect(laterLog.getByRole('listitem')).toHaveCount(1)
  await context.close()
})
