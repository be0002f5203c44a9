import { offerLinkToken } from '@server/modules/waiting-list/offer-link'
import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The waiting list for full days (issue 39, point 6) as the owner runs it from the Agenda (demo
 * clock: Tuesday 1 December 2026, 08:30 in Paris), on a desktop and on a phone: a day with no free
 * time, the desk's "put on the waiting list for this day", the day's list, a time offered once the
 * day's only booking is cancelled, and the customer taken off the list. Then the customer's page of
 * a time offered (/w/<token>) in each of its states. Desktop and phone share one server: each
 * works on its own day.
 */
const fr = TEXTS.fr
const wl = fr.waitingList
const offer = fr.waitOffer

interface Named {
  id: string
  name: string
}

const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

/** French typography's no-break spaces, as a visitor reads them: spaces. */
const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

async function demo(page: Page) {
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()) as { members: Named[] }
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Named[]
  const find = (list: Named[], name: string) => {
    const found = list.find((item) => item.name === name)
    if (!found) throw new Error(`No ${name} in the demo data`)
    return found
  }
  const lea = find(team.members, 'Léa')
  return { lea, others: team.members.filter((member) => member.id !== lea.id), coupe: find(services, 'Coupe homme') }
}

/**
 * Everyone else away all day (Hugo, and the stylists other specs add to the team), Léa free from
 * 10:00 to 10:30 only and that half-hour booked: nothing is free.
 */
async function fullDay(page: Page, day: string): Promise<string> {
  const { lea, others, coupe } = await demo(page)
  for (const [memberId, startDate, endDate] of [
    ...others.map((member) => [member.id, `${day}T00:00`, `${day}T23:59`]),
    [lea.id, `${day}T00:00`, `${day}T10:00`],
    [lea.id, `${day}T10:30`, `${day}T23:59`],
  ]) {
    const away = await page.request.post('/api/salons/SAL001/time-off', { data: { startDate, endDate, memberId } })
    expect(away.status(), await away.text()).toBe(201)
  }
  const booked = await page.request.post('/api/salons/SAL001/bookings', {
    data: {
      serviceId: coupe.id,
      startsAt: `${day}T10:00`,
      memberId: lea.id,
      customer: { name: 'Occupant Liste', email: 'occupant.liste@example.com' },
      channel: 'dashboard',
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  return ((await booked.json()) as { id: string }).id
}

async function openAgendaOn(page: Page, day: string) {
  await page.getByRole('tab', { name: fr.agenda.tab }).click()
  await expect(page.getByRole('heading', { name: fr.agenda.title, level: 2 })).toBeVisible()
  await page.getByLabel(fr.agenda.date).fill(day)
}

test('the desk puts a customer on a full day’s waiting list; the list shows them offered a freed time, then takes them off', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const phone = testInfo.project.name === 'phone'
  const [day, dayWords] = phone ? ['2027-02-24', 'mercredi 24 février'] : ['2027-02-16', 'mardi 16 février']
  const name = phone ? 'Zoé Attente-Téléphone' : 'Zoé Attente-Bureau'
  await signIn(page)
  const occupant = await fullDay(page, day)
  const { coupe } = await demo(page)
  await openAgendaOn(page, day)
  const section = page.getByRole('region', { name: /Liste d'attente/ })
  // Nobody waits yet: a phone keeps the room for the day's agenda, a desktop says so in a line.
  if (phone) await expect(section).toHaveCount(0)
  else await expect(section.getByRole('heading')).toHaveText(asRead(wl.headingEmpty))

  // A call for a men's cut that day: no time fits, so the desk offers the waiting list, prefilled.
  await page.getByRole('button', { name: fr.agenda.newBooking }).click()
  const booking = page.getByRole('dialog', { name: fr.desk.create.title })
  await booking.getByLabel(fr.desk.create.service).selectOption(coupe.id)
  await expect(booking.getByText(fr.desk.slot.noFreeTime)).toBeVisible()
  await booking.getByRole('button', { name: wl.desk.offer }).click()
  const add = page.getByRole('dialog', { name: wl.add.title })
  await expect(add.getByRole('checkbox', { name: /Coupe homme/ })).toBeChecked()
  await expect(add.getByLabel(new RegExp(`^${wl.add.day}`))).toHaveValue(day)
  await add.getByRole('radio', { name: wl.part.morning }).check()
  await add.getByRole('radio', { name: fr.desk.customer.mode.new }).check()
  await add.getByLabel(new RegExp(`^${fr.desk.customer.name}`)).fill(name)
  await add.getByLabel(new RegExp(`^${fr.desk.customer.email}`)).fill('zoe.attente@example.com')
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('waiting-list-add.png') })
  await add.getByRole('button', { name: wl.add.submit }).click()
  await expect(add).toHaveCount(0)
  await expect(toast(page).first()).toContainText(asRead(fill(wl.add.done, { name, day: dayWords })))

  // The day's list: a phone shows one closed line, opened on a tap.
  const toggle = section.getByRole('button', { name: /Liste d'attente/ })
  await expect(toggle).toHaveText(asRead(fill(wl.heading, { count: 1 })))
  if (phone) {
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
  }
  const row = section.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText(`Coupe homme · ${wl.part.morning}`)
  await expect(row).toContainText(wl.status.waiting)

  // The day's only booking is cancelled: 10:00 is offered to her, by e-mail, as a job.
  const cancelled = await page.request.post(`/api/bookings/${occupant}/cancel`, { data: {} })
  expect(cancelled.status()).toBe(200)
  await expect
    .poll(async () => {
      const list = (await (await page.request.get(`/api/salons/SAL001/waiting-list?from=${day}&to=${day}`)).json()) as {
        entries: { status: string; toldBy: string | null }[]
      }
      return list.entries.map((entry) => [entry.status, entry.toldBy])
    })
    .toEqual([['offered', 'email']])
  // The list is read every minute; the owner coming back to the page reads it at once.
  await page.reload()
  await openAgendaOn(page, day)
  if (phone) await toggle.click()
  await expect(row).toContainText(/Créneau proposé\s:\s10:00 — prévenu par e-mail à \d\d:\d\d/)
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await section.screenshot({ path: testInfo.outputPath('waiting-list-day.png') })

  // Taken off the list, once confirmed.
  await row.getByRole('button', { name: fill(wl.remove.label, { name }) }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(dayWords)
  await confirm.getByRole('button', { name: wl.remove.confirm, exact: true }).click()
  await expect(toast(page).first()).toContainText(asRead(fill(wl.remove.done, { name })))
  if (phone) await expect(section).toHaveCount(0)
  else await expect(section.getByRole('heading')).toHaveText(asRead(wl.headingEmpty))
})

/** The e2e server's APP_SECRET (scripts/e2e-server.mjs): the link is signed as the customer's message carries it. */
const E2E_APP_SECRET = 'e2e-browser-tests-only-secret-0123456789'

test('a waiting customer takes the freed time from the link in their message; the desk sees it booked', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const phone = testInfo.project.name === 'phone'
  // (Days no other spec books: chat.spec.ts books the 23rd and the 25th.)
  const day = phone ? '2027-02-26' : '2027-02-12'
  const name = phone ? 'Yann Attente-Téléphone' : 'Yann Attente-Bureau'
  await signIn(page)
  const occupant = await fullDay(page, day)
  const { coupe } = await demo(page)
  const joined = await page.request.post('/api/salons/SAL001/waiting-list', {
    data: { customer: { name, email: 'yann.attente@example.com', language: 'fr' }, serviceIds: [coupe.id], day },
  })
  expect(joined.status(), await joined.text()).toBe(201)
  const entryId = ((await joined.json()) as { id: string }).id
  expect((await page.request.post(`/api/bookings/${occupant}/cancel`, { data: {} })).status()).toBe(200)
  const listed = async () =>
    (
      (await (await page.request.get(`/api/salons/SAL001/waiting-list?from=${day}&to=${day}`)).json()) as {
        entries: { status: string; offeredStart: string | null }[]
      }
    ).entries.map((entry) => [entry.status, entry.offeredStart])
  await expect.poll(listed).toEqual([['offered', `${day}T10:00`]])

  // The customer, on their own device (no session), opens the link of their message.
  const customer = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'fr-FR' })
  const own = await customer.newPage()
  await own.goto(`/w/${offerLinkToken(E2E_APP_SECRET, entryId)}`)
  await expect(own.getByText('10:00', { exact: true })).toBeVisible()
  expect(await noHorizontalOverflow(own)).toBe(true)
  expect(await seriousViolations(own)).toEqual([])
  await own.getByRole('button', { name: offer.accept }).click()
  await expect(own.getByText(asRead(offer.booked.title))).toBeVisible()
  await expect(own.getByRole('link', { name: offer.booked.link })).toHaveAttribute('href', /\/r\/[A-Za-z0-9_-]{44}$/)
  await own.screenshot({ path: testInfo.outputPath('offer-taken.png'), fullPage: true })
  await customer.close()

  // The desk: the list says she booked, and the agenda has her at 10:00.
  await expect.poll(listed).toEqual([['booked', null]])
  await openAgendaOn(page, day)
  const section = page.getByRole('region', { name: /Liste d'attente/ })
  if (phone) await section.getByRole('button', { name: /Liste d'attente/ }).click()
  await expect(section.getByRole('listitem').filter({ hasText: name })).toContainText(wl.status.booked)
  const bookings = (await (
    await page.request.get(`/api/salons/SAL001/bookings?from=${day}T00:00&to=${day}T23:59`)
  ).json()) as { clientName: string; localTime: string; status: string }[]
  expect(bookings.filter((b) => b.clientName === name).map((b) => [b.localTime, b.status])).toEqual([
    ['10:00', 'confirmed'],
  ])
})

test('a time offered from the waiting list: taken in one tap, or already gone', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  // A real link comes only in the customer's message (e-mail, SMS, Telegram…), which no browser
  // test reads: the page gets the server's own answers for such a link (given as
  // server/modules/waiting-list/waiting-list.http.test.ts shows). An unknown link is the server's.
  const open = {
    state: 'open',
    salon: { name: 'Salon Lumière', publicId: 'SAL001' },
    services: ['Coupe homme'],
    day: '2027-02-23',
    part: 'day',
    start: '2027-02-23T10:00',
    member: 'Léa',
    timeZone: 'Europe/Paris',
    bookingLink: null,
  }
  let accept = { status: 200, body: { ...open, state: 'booked', bookingLink: '/r/link-of-the-booking' } as object }
  await page.route('**/api/waiting-list/offers/*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(open) }),
  )
  await page.route('**/api/waiting-list/offers/*/accept', (route) =>
    route.fulfill({ status: accept.status, contentType: 'application/json', body: JSON.stringify(accept.body) }),
  )
  const token = 'A'.repeat(44)

  const answer = await page.goto(`/w/${token}`)
  expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mardi 23 février')
  await expect(page.getByText('10:00', { exact: true })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath(phone ? 'offer-phone.png' : 'offer-desktop.png'), fullPage: true })
  await page.getByRole('button', { name: offer.accept }).click()
  await expect(page.getByText(asRead(offer.booked.title))).toBeVisible()
  await expect(page.getByRole('link', { name: offer.booked.link })).toHaveAttribute('href', '/r/link-of-the-booking')
  expect(await seriousViolations(page)).toEqual([])

  // Someone else was quicker: the customer keeps their place on the list.
  accept = {
    status: 409,
    body: { code: 'waiting_list.offer_taken', message: 'Someone else took this time first.' },
  }
  await page.reload()
  await page.getByRole('button', { name: offer.accept }).click()
  await expect(page.getByText(offer.taken.title)).toBeVisible()
  await expect(page.getByText(asRead(offer.taken.description))).toBeVisible()
  await expect(page.getByRole('button', { name: offer.accept })).toHaveCount(0)
  expect(await noHorizontalOverflow(page)).toBe(true)

  // A link the server does not know.
  await page.unrouteAll()
  await page.goto(`/w/${token}`)
  await expect(page.getByRole('heading', { level: 1, name: offer.notFound.title })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
