import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { type Browser, expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The dashboard's Team tab (issue 14, points 1 and 4) on the demo server: the owner adds a third
 * stylist who performs every service, customers then book the same time in parallel with different
 * members until the time is full; and a service added in the editor with a price in euros and one
 * member ticked is booked through the chat, with that member. Desktop and phone share one server:
 * each project adds its own member and service, and books its own times.
 */
const fr = TEXTS.fr

type Member = { id: string; name: string; isActive: boolean; serviceIds: string[] }
type Booking = { id: string; clientName: string; localDate: string; localTime: string; member: { name: string } }

const teamList = (page: Page) => page.getByRole('list', { name: fr.team.listLabel })
const memberRow = (page: Page, name: string) =>
  teamList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })

/** A customer's chat, with their name given: returns what to type into and where answers come. */
async function openChat(browser: Browser, name: string) {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const chat = await context.newPage()
  await chat.goto('/chat/SAL001')
  await chat.getByLabel(fr.chat.profile.name).fill(name)
  await chat.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
  const log = chat.getByRole('log', { name: fr.chat.messages.label })
  await expect(log.getByRole('listitem')).toHaveCount(1)
  const say = async (text: string, answers: number) => {
    await field.fill(text)
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(answers, { timeout: 30_000 })
    return log.getByRole('listitem').last()
  }
  return { chat, context, say }
}

/** Asks for a service at a time, says yes, and expects the booking confirmed (the calendar file offered). */
async function bookThroughChat(browser: Browser, customer: string, request: string, expected: string) {
  const { chat, context, say } = await openChat(browser, customer)
  await expect(await say(request, 3)).toContainText(expected)
  await expect(await say('oui', 5)).toContainText(expected)
  await expect(chat.getByRole('button', { name: new RegExp(fr.chat.ics.add) })).toBeVisible()
  await context.close()
}

test('a third stylist added from the Team tab: customers booked in parallel with different members, until full', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const phone = testInfo.project.name === 'phone'
  const name = phone ? 'Sami' : 'Sam'
  const [day, hour, time] = phone ? ['jeudi 10 décembre', '16h', '16:00'] : ['jeudi 10 décembre', '14h', '14:00']
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)

  await page.getByRole('tab', { name: fr.team.tab }).click()
  await expect(page.getByRole('heading', { name: fr.team.title, level: 2 })).toBeVisible()
  await expect(memberRow(page, 'Léa')).toContainText(fr.team.owner)
  await expect(memberRow(page, 'Hugo')).toContainText(fr.team.performsAll)

  await page.getByRole('button', { name: fr.team.add }).click()
  const dialog = page.getByRole('dialog', { name: fr.team.dialog.addTitle })
  await dialog.getByLabel(fr.team.dialog.name).fill(name)
  // The swatch is what one clicks; the radio under it carries the colour's name.
  await dialog.getByTitle(fr.team.colours.blue, { exact: true }).click()
  await expect(dialog.getByRole('radio', { name: fr.team.colours.blue, exact: true })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: 'Brushing' })).toBeChecked()
  await dialog.screenshot({ path: testInfo.outputPath('add-member.png') })
  await dialog.getByRole('button', { name: fr.team.dialog.add }).click()
  await expect(dialog).toBeHidden()
  const row = memberRow(page, name)
  await expect(row).toContainText(fr.team.performsAll)
  await expect(row).toContainText(fr.team.active)
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('team-tab.png'), fullPage: true })

  // Two customers ask for the same time at once through the chat: both are booked, with different members.
  const customers = [`Alix ${testInfo.project.name}`, `Basile ${testInfo.project.name}`]
  await Promise.all(
    customers.map((customer) => bookThroughChat(browser, customer, `Bonjour, un brushing ${day} à ${hour}`, time)),
  )
  const dayBookings = async () =>
    (
      (await (await page.request.get('/api/salons/SAL001/bookings?from=2026-12-10&to=2026-12-10')).json()) as Booking[]
    ).filter((b) => b.localTime === time && b.localDate === '2026-12-10')
  const chatBooked = (await dayBookings()).filter((b) => customers.includes(b.clientName))
  expect(chatBooked).toHaveLength(2)
  expect(new Set(chatBooked.map((b) => b.member.name)).size).toBe(2)

  // The other members are booked at that time through the API, each by name; then the time is full.
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
  }[]
  const brushing = services.find((s) => s.name === 'Brushing')?.id ?? ''
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()).members as Member[]
  const taken = new Set(chatBooked.map((b) => b.member.name))
  const others = team.filter((m) => m.isActive && m.serviceIds.includes(brushing) && !taken.has(m.name))
  const booking = (customer: string, memberId?: string) =>
    page.request.post('/api/salons/SAL001/bookings', {
      data: {
        serviceId: brushing,
        startsAt: `2026-12-10T${time}`,
        customer: { name: customer, phone: '06 11 22 33 44' },
        ...(memberId && { memberId }),
      },
    })
  for (const member of others) {
    const res = await booking(`Client de ${member.name}`, member.id)
    expect(res.status(), await res.text()).toBe(201)
    expect(((await res.json()) as Booking).member.name).toBe(member.name)
  }
  // Whoever the rule gave the chat's two customers to, the new stylist now has one of that time's appointments.
  expect((await dayBookings()).map((b) => b.member.name)).toContain(name)
  const full = await booking('Camille en trop')
  expect(full.status()).toBe(409)
  expect((await full.json()).code).toBe('bookings.slot_taken')
  const slots = await (
    await page.request.get(`/api/salons/SAL001/availability?serviceId=${brushing}&from=2026-12-10&to=2026-12-10`)
  ).json()
  expect(slots.slots.map((s: { local: string }) => s.local.slice(11))).not.toContain(time)

  // Deactivated: the question says their appointment is kept; they stay listed, inactive; then back.
  await page.getByRole('button', { name: fill(fr.team.deactivateLabel, { name }) }).click()
  const question = page.getByRole('alertdialog', { name: fill(fr.team.deactivateTitle, { name }) })
  await expect(question).toContainText(fill(fr.team.deactivateBookingsOne, { name }))
  await question.screenshot({ path: testInfo.outputPath('deactivate.png') })
  await question.getByRole('button', { name: fr.team.deactivateConfirm }).click()
  await expect(question).toBeHidden()
  await expect(memberRow(page, name)).toContainText(fr.team.inactive)
  const kept = (
    (await (await page.request.get('/api/salons/SAL001/bookings?from=2026-12-10&to=2026-12-10')).json()) as Booking[]
  ).filter((b) => b.member.name === name)
  expect(kept).toHaveLength(1)
  await page.getByRole('button', { name: fill(fr.team.reactivateLabel, { name }) }).click()
  await expect(memberRow(page, name)).toContainText(fr.team.active)
})

// The services editor and the chat have phone tests of their own (services-editor, chat): this flow runs once.
test('a service added in euros with one member ticked is offered through the chat, with that member @once', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const phone = testInfo.project.name === 'phone'
  const name = phone ? 'Massage crânien' : 'Masque argan'
  const hour = phone ? '12h' : '11h'
  await signIn(page)

  await page.getByRole('button', { name: fr.services.add }).click()
  const dialog = page.getByRole('dialog', { name: fr.services.addTitle })
  await dialog.getByLabel(fr.services.fields.name).fill(name)
  await dialog.getByLabel(fr.services.fields.duration).fill('45')
  await dialog.getByLabel(fill(fr.services.fields.price, { currency: 'EUR' })).fill('39,90')
  const performers = dialog.getByRole('group', { name: fr.team.servicesField.legend })
  await expect(performers.getByRole('checkbox', { name: 'Léa' })).toBeChecked()
  await expect(performers.getByRole('checkbox', { name: 'Hugo' })).toBeChecked()
  // Nobody ticked: refused in words before anything is sent; then Hugo alone.
  await performers.getByRole('checkbox', { name: 'Léa' }).uncheck()
  await performers.getByRole('checkbox', { name: 'Hugo' }).uncheck()
  // Members added by other tests are ticked too; each uncheck changes which boxes match, so take the first each time.
  const ticked = performers.getByRole('checkbox', { checked: true })
  while ((await ticked.count()) > 0) await ticked.first().uncheck()
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(performers.getByText(fr.team.servicesField.noneChecked)).toBeVisible()
  await performers.getByRole('checkbox', { name: 'Hugo' }).check()
  await dialog.screenshot({ path: testInfo.outputPath('service-performers.png') })
  await dialog.getByRole('button', { name: fr.services.create }).click()
  await expect(dialog).toBeHidden()

  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
    price: number
  }[]
  const added = services.find((s) => s.name === name)
  expect(added?.price).toBe(3990)
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()).members as Member[]
  expect(team.filter((m) => m.serviceIds.includes(added?.id ?? '')).map((m) => m.name)).toEqual(['Hugo'])

  const customer = `Dana ${testInfo.project.name}`
  await bookThroughChat(
    browser,
    customer,
    `Bonjour, je voudrais un ${name.toLowerCase()} vendredi 11 décembre à ${hour}`,
    name,
  )
  const booked = (
    (await (await page.request.get('/api/salons/SAL001/bookings?from=2026-12-11&to=2026-12-11')).json()) as Booking[]
  ).find((b) => b.clientName === customer)
  expect(booked?.member.name).toBe('Hugo')
  expect(booked?.localTime).toBe(hour.replace('h', ':00'))
})
