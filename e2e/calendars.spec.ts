import frCalendars from '@app/locales/areas/calendars/fr.json' with { type: 'json' }
import type { Locator } from '@playwright/test'
import {
  eventIcs,
  listObjects,
  newCalendar,
  putEvent,
  type RadicaleCalendar,
  radicaleUrl,
} from '@tests/helpers/radicale'
import { noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * Outlook and CalDAV calendars (issue 42) on the Meta server (scripts/e2e-instagram-server.mjs),
 * whose Microsoft is the local fake (tests/fakes/microsoft-server.ts) and whose CalDAV server is
 * the real Radicale of TEST_RADICALE_URL (scripts/ci/radicale.sh; .ci/run starts it). The owner
 * adds an iCloud / CalDAV calendar from the dashboard; a booking made in the chat appears in it; an
 * event the owner adds there takes its time out of the offers. Outlook connects through
 * Microsoft's consent. Both projects share the server: each test starts by removing the calendars
 * the one before added, and each books a time of its own.
 */

const PORT = Number(process.env.E2E_PORT ?? 3999)
const META_APP = `http://127.0.0.1:${PORT - 4}`
const SALON = 'SAL001'
const fr = TEXTS.fr
const cal = frCalendars.calendars

interface Listed {
  calendars: {
    id: string
    provider: string
    account: string
    calendarName: string | null
    writesBookings: boolean
    updates: 'push' | 'polling'
  }[]
}

async function calendars(page: Page): Promise<Listed> {
  const res = await page.request.get(`/api/salons/${SALON}/calendars`)
  expect(res.ok(), await res.text()).toBe(true)
  return res.json()
}

/** The salon back to no calendar but Google's (none here: the demo sign-in connects none). */
async function removeCalendars(page: Page) {
  for (const calendar of (await calendars(page)).calendars) {
    if (calendar.provider === 'google') continue
    const res = await page.request.delete(`/api/salons/${SALON}/calendars/${calendar.id}`)
    expect(res.ok(), await res.text()).toBe(true)
  }
}

async function serviceId(page: Page, name: string): Promise<string> {
  const services = (await (await page.request.get(`/api/salons/${SALON}/services`)).json()) as {
    id: string
    name: string
  }[]
  return services.find((s) => s.name === name)?.id ?? ''
}

async function freeTimes(page: Page, day: string): Promise<string[]> {
  const brushing = await serviceId(page, 'Brushing')
  const res = await page.request.get(`/api/salons/${SALON}/availability?serviceId=${brushing}&from=${day}&to=${day}`)
  return ((await res.json()).slots as { local: string }[]).map((slot) => slot.local.slice(11, 16))
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A calendar's row title: its provider's name, alone on its line. */
const providerName = (card: Locator, name: string) =>
  card.locator('p').filter({ hasText: new RegExp(`^${escaped(name)}$`) })

/** Adds the Radicale calendar through the dashboard's dialog, as an owner would with Nextcloud. */
async function addCaldav(page: Page, calendar: RadicaleCalendar, name: string) {
  await page.getByRole('button', { name: cal.add.button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: new RegExp(escaped(cal.providers.caldav)) }).click()
  await dialog.getByLabel(cal.caldav.preset).selectOption('custom')
  await dialog.getByLabel(cal.caldav.serverUrl).fill(calendar.serverUrl)
  await dialog.getByLabel(cal.caldav.username).fill(calendar.username)
  await dialog.getByLabel(cal.caldav.password, { exact: true }).fill(calendar.password)
  await dialog.getByRole('button', { name: cal.caldav.search }).click()
  await dialog.getByRole('radio', { name: new RegExp(name) }).check()
  await dialog.getByRole('button', { name: cal.caldav.connect, exact: true }).click()
  await expect(dialog).toBeHidden()
}

test.describe('on the Meta server, Microsoft being the local fake and CalDAV the real Radicale', () => {
  test.use({ baseURL: META_APP })
  test.skip(!radicaleUrl(), 'needs Radicale: scripts/ci/radicale.sh start, then export the TEST_RADICALE_URL line')

  test('a CalDAV calendar receives a chat booking, and an event added there leaves the offers @wide', async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page)
    await removeCalendars(page)
    const name = `Salon ${testInfo.project.name} ${Date.now()}`
    const calendar = await newCalendar(undefined, { displayName: name })
    await addCaldav(page, calendar, name)
    const card = page.getByRole('region', { name: fr.dashboard.connection.title })
    await expect(providerName(card, cal.providers.caldav)).toBeVisible()
    await expect(card.getByRole('radio', { name: new RegExp(escaped(cal.providers.caldav)) })).toBeChecked()

    // A customer books in the chat: Thursday 10 December at 11:00 (the demo clock starts on the 1st).
    const customer = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
    const chat = await customer.newPage()
    await chat.goto('/chat/SAL001')
    await chat.getByLabel(fr.chat.profile.name).fill('Camille Calendrier')
    await chat.getByRole('button', { name: fr.chat.profile.start }).click()
    const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
    const log = chat.getByRole('log', { name: fr.chat.messages.label })
    await field.fill('Bonjour, je voudrais un brushing jeudi 10 décembre à 11h')
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 })
    await field.fill('oui')
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(5, { timeout: 20_000 })
    await customer.close()

    // Seconds later the booking is an event of the owner's calendar, read straight from Radicale.
    await expect
      .poll(async () => (await listObjects(calendar.url)).find((o) => o.ics.includes('UID:salonia-'))?.ics ?? '', {
        timeout: 15_000,
      })
      .toContain('DTSTART:20261210T100000Z')

    // The owner adds a meeting there (14:00–15:00 in Paris), then "Synchroniser": no longer offered.
    expect(await freeTimes(page, '2026-12-10')).toContain('14:00')
    await putEvent(
      calendar.url,
      'accountant',
      eventIcs({ uid: 'accountant', start: '2026-12-10T13:00:00Z', end: '2026-12-10T14:00:00Z', summary: 'Comptable' }),
    )
    await page.getByRole('button', { name: fr.dashboard.actions.sync }).first().click()
    await expect.poll(async () => freeTimes(page, '2026-12-10'), { timeout: 15_000 }).not.toContain('14:00')
    expect(await freeTimes(page, '2026-12-10')).toContain('15:00')
    await card.screenshot({ path: testInfo.outputPath('caldav-connected.png') })
  })

  test('Outlook connects through Microsoft’s consent and takes its place beside the CalDAV calendar', async ({
    page,
  }, testInfo) => {
    await signIn(page)
    await removeCalendars(page)
    const name = `iPhone ${testInfo.project.name} ${Date.now()}`
    const calendar = await newCalendar(undefined, { displayName: name })
    await addCaldav(page, calendar, name)

    await page.getByRole('button', { name: cal.add.button }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(cal.providers.microsoft) })
      .click()
    await expect(page).toHaveURL(/\/common\/oauth2\/v2\.0\/authorize/)
    await page.getByRole('button', { name: 'Accept' }).click()
    await expect(page).toHaveURL(`${META_APP}/professional`, { timeout: 20_000 })
    await expect(page.getByText(cal.microsoftReturn.connected).first()).toBeVisible()

    const card = page.getByRole('region', { name: fr.dashboard.connection.title })
    await expect(providerName(card, cal.providers.microsoft)).toBeVisible()
    await expect(providerName(card, cal.providers.caldav)).toBeVisible()
    const listed = await calendars(page)
    expect(listed.calendars.map((c) => [c.provider, c.writesBookings])).toEqual([
      ['caldav', true],
      ['microsoft', false],
    ])
    // A subscription lets Outlook's changes reach us: the row says so once the first read made it.
    await expect
      .poll(async () => (await calendars(page)).calendars.find((c) => c.provider === 'microsoft')?.updates, {
        timeout: 15_000,
      })
      .toBe('push')

    // Bookings go to Outlook from now on, chosen with the keyboard.
    const outlook = card.getByRole('radio', { name: new RegExp(cal.providers.microsoft) })
    await outlook.focus()
    await page.keyboard.press('Space')
    await expect(outlook).toBeChecked()
    await expect
      .poll(async () => (await calendars(page)).calendars.find((c) => c.writesBookings)?.provider)
      .toBe('microsoft')

    expect(await seriousViolations(page)).toEqual([])
    expect(await noHorizontalOverflow(page)).toBe(true)
    await card.screenshot({ path: testInfo.outputPath('two-calendars.png') })
    await removeCalendars(page)
  })
})
