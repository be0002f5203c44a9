import AxeBuilder from '@axe-core/playwright'
import { fill, noHorizontalOverflow, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The dashboard's Agenda on the demo server (its clock: Tuesday 1 December 2026, 08:30 in Paris):
 * the two demo stylists booked at the same time, side by side (one at a time on a phone), another
 * day reached, the customer's phone a link that calls; on a desktop, a booking dragged to the
 * other stylist. Desktop and phone share one server and one database: each books its own times.
 */
const fr = TEXTS.fr

interface Member {
  id: string
  name: string
}
interface Booking {
  id: string
  localDate: string
  localTime: string
  member: Member
}

async function demoTeam(page: Page): Promise<{ lea: Member; hugo: Member }> {
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()) as { members: Member[] }
  const lea = team.members.find((m) => m.name === 'Léa')
  const hugo = team.members.find((m) => m.name === 'Hugo')
  if (!lea || !hugo) throw new Error('The demo team is Léa and Hugo')
  return { lea, hugo }
}

async function serviceId(page: Page, name: string): Promise<string> {
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Member[]
  const service = services.find((s) => s.name === name)
  if (!service) throw new Error(`No demo service ${name}`)
  return service.id
}

async function book(page: Page, body: Record<string, unknown>): Promise<Booking> {
  const answer = await page.request.post('/api/salons/SAL001/bookings', { data: { channel: 'dashboard', ...body } })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as Booking
}

/** One finger on the page at x, through the browser's own touch input: a type, and where it is (none: lifted). */
async function finger(page: Page, x: number) {
  const cdp = await page.context().newCDPSession(page)
  return (type: string, y?: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x, y, id: 1 }] } as never)
}

async function openAgenda(page: Page) {
  await page.getByRole('tab', { name: fr.agenda.tab }).click()
  await expect(page.getByRole('heading', { name: fr.agenda.title, level: 2 })).toBeVisible()
}

test('Léa and Hugo booked at the same time show side by side (one at a time on a phone), on another day, with a phone that calls', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo } = await demoTeam(page)
  const coupe = await serviceId(page, 'Coupe femme')
  const startsAt = phone ? '2026-12-03T15:00' : '2026-12-03T11:00'
  const tag = phone ? 'Téléphone' : 'Bureau'
  // A customer is known by their phone number: each project has its own customers.
  const [anaisPhone, brunoPhone] = phone ? ['06 11 22 33 45', '06 55 66 77 89'] : ['06 11 22 33 44', '06 55 66 77 88']
  const [withLea, withHugo] = await Promise.all([
    book(page, {
      serviceId: coupe,
      startsAt,
      memberId: lea.id,
      customer: { name: `Anaïs ${tag}`, phone: anaisPhone },
    }),
    book(page, {
      serviceId: coupe,
      startsAt,
      memberId: hugo.id,
      customer: { name: `Bruno ${tag}`, phone: brunoPhone },
    }),
  ])
  expect([withLea.member.id, withHugo.member.id]).toEqual([lea.id, hugo.id])

  await openAgenda(page)
  await expect(page.getByText('mardi 1 décembre 2026')).toBeVisible()
  // Two days ahead with "next", then back and forth with the date picker.
  await page.getByRole('button', { name: fr.agenda.nextDay }).click()
  await page.getByRole('button', { name: fr.agenda.nextDay }).click()
  await expect(page.getByText('jeudi 3 décembre 2026')).toBeVisible()
  await page.getByLabel(fr.agenda.date).fill('2026-12-02')
  await expect(page.getByText('mercredi 2 décembre 2026')).toBeVisible()
  await page.getByLabel(fr.agenda.date).fill('2026-12-03')
  await expect(page.getByText('jeudi 3 décembre 2026')).toBeVisible()

  const leaColumn = page.locator(`[data-agenda-column="${lea.id}"]`)
  const hugoColumn = page.locator(`[data-agenda-column="${hugo.id}"]`)
  const time = phone ? '15:00–15:45' : '11:00–11:45'
  if (phone) {
    // One stylist at a time: Léa first, Hugo a tap away; the page never scrolls sideways.
    await expect(leaColumn.locator('[data-booking]').filter({ hasText: `Anaïs ${tag}` })).toContainText(time)
    await expect(hugoColumn).toHaveCount(0)
    expect(await noHorizontalOverflow(page)).toBe(true)
    await page.screenshot({ path: testInfo.outputPath('agenda-phone-lea.png'), fullPage: true })
    await page.getByRole('button', { name: 'Hugo', exact: true }).click()
    await expect(hugoColumn.locator('[data-booking]').filter({ hasText: `Bruno ${tag}` })).toContainText(time)
    await expect(leaColumn).toHaveCount(0)
    expect(await noHorizontalOverflow(page)).toBe(true)
  } else {
    await expect(page.getByText('Léa', { exact: true }).first()).toBeVisible()
    await expect(leaColumn.locator('[data-booking]').filter({ hasText: `Anaïs ${tag}` })).toContainText(time)
    await expect(hugoColumn.locator('[data-booking]').filter({ hasText: `Bruno ${tag}` })).toContainText(time)
  }
  const block = page.locator(`[data-booking="${withHugo.id}"]`)
  await expect(block).toContainText('Coupe femme')
  await expect(block).toContainText('45,00 EUR')
  await expect(block).toContainText(fr.agenda.channels.dashboard)
  await expect(block).toContainText(fr.dashboard.bookingStatus.confirmed)
  await expect(block.getByRole('link', { name: brunoPhone })).toHaveAttribute(
    'href',
    `tel:${brunoPhone.replaceAll(' ', '')}`,
  )
  await block.evaluate((element) => {
    element.scrollIntoView({ block: 'center' })
  })
  await page.screenshot({
    path: testInfo.outputPath(phone ? 'agenda-phone-day.png' : 'agenda-desktop-day.png'),
    fullPage: true,
  })
  const violations = (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  ).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(violations).toEqual([])

  // The week: both bookings, whoever performs them.
  await page.getByRole('button', { name: fr.agenda.weekView }).click()
  // A phone kept Hugo, picked for the day: the week of the whole team is one choice away.
  if (phone) await page.getByLabel(fr.agenda.member).selectOption({ label: fr.agenda.wholeTeam })
  await expect(page.getByText(fill(fr.agenda.weekOf, { from: '30 nov.', to: '6 déc. 2026' }))).toBeVisible()
  await expect(page.locator(`[data-booking="${withLea.id}"]`)).toBeVisible()
  await expect(page.locator(`[data-booking="${withHugo.id}"]`)).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({
    path: testInfo.outputPath(phone ? 'agenda-phone-week.png' : 'agenda-desktop-week.png'),
    fullPage: true,
  })
})

test('@wide a booking dragged to the other stylist: asked first, refused where he is busy, moved where he is free, then undone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo } = await demoTeam(page)
  const brushing = await serviceId(page, 'Brushing')
  const moving = await book(page, {
    serviceId: brushing,
    startsAt: '2026-12-04T10:00',
    memberId: lea.id,
    customer: { name: 'Chloé Glisser', phone: '06 10 20 30 40' },
  })
  await book(page, {
    serviceId: brushing,
    startsAt: '2026-12-04T14:00',
    memberId: hugo.id,
    customer: { name: 'Denis Occupé' },
  })

  await openAgenda(page)
  await page.getByLabel(fr.agenda.date).fill('2026-12-04')
  await expect(page.getByText('vendredi 4 décembre 2026')).toBeVisible()
  const block = page.locator(`[data-booking="${moving.id}"]`)
  const hugoColumn = page.locator(`[data-agenda-column="${hugo.id}"]`)
  const leaColumn = page.locator(`[data-agenda-column="${lea.id}"]`)
  await expect(leaColumn.locator(`[data-booking="${moving.id}"]`)).toBeVisible()

  /** Drags the block by its top edge to a time of Hugo's column (the demo grid runs 08:00–20:00). */
  const dragTo = async (hours: number) => {
    // The block near the top of the window (under the sticky bar), so the afternoon is on screen too.
    await block.evaluate((element) => {
      element.scrollIntoView({ block: 'start', behavior: 'instant' })
      window.scrollBy({ top: -90, behavior: 'instant' })
    })
    const from = await block.boundingBox()
    const column = await hugoColumn.boundingBox()
    if (!from || !column) throw new Error('The block and the column are on screen')
    await page.mouse.move(from.x + 30, from.y + 6)
    await page.mouse.down()
    const y = column.y + ((hours - 8) / 12) * column.height + 6
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 })
    await page.mouse.move(column.x + column.width / 2, y, { steps: 8 })
    await expect(page.locator('[data-drop-preview]')).toBeVisible()
    await page.mouse.up()
  }
  const question = page.getByRole('alertdialog', { name: fill(fr.agenda.confirmMove.title, { name: 'Chloé Glisser' }) })
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
  const dayOf = async () =>
    (await (await page.request.get('/api/salons/SAL001/bookings?from=2026-12-04&to=2026-12-04')).json()) as Booking[]

  // Dropped, nothing moves until the salon says so: the question shows both times; "Annuler" keeps it.
  await dragTo(11.5)
  await expect(question).toContainText('Vendredi 4 décembre, 10:00–10:30 · Léa')
  await expect(question).toContainText('Vendredi 4 décembre, 11:30–12:00 · Hugo')
  await expect(
    question.getByRole('checkbox', { name: fill(fr.desk.move.tell, { name: 'Chloé Glisser' }) }),
  ).toBeChecked()
  await page.screenshot({ path: testInfo.outputPath('move-question.png') })
  const scrolled = await page.evaluate(() => window.scrollY)
  await question.getByRole('button', { name: fr.common.cancel }).click()
  await expect(question).toBeHidden()
  // The focus goes back to the dragged block, so the page stays where the salon was looking.
  await expect(block.getByRole('button')).toBeFocused()
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  await expect(leaColumn.locator(`[data-booking="${moving.id}"]`)).toContainText('10:00–10:30')

  // 14:00 is Denis's with Hugo: refused, said in French, and the block goes back to Léa.
  await dragTo(14)
  await question.getByRole('button', { name: fr.desk.move.submit }).click()
  await expect(toast).toContainText(fr.agenda.moveRefused)
  await expect(toast).toContainText(fr.agenda.refusals.slotTaken)
  await expect(leaColumn.locator(`[data-booking="${moving.id}"]`)).toContainText('10:00–10:30')

  // 11:30 with Hugo is free: moved once confirmed, and the server agrees.
  await dragTo(11.5)
  await question.getByRole('button', { name: fr.desk.move.submit }).click()
  await expect(hugoColumn.locator(`[data-booking="${moving.id}"]`)).toContainText('11:30–12:00')
  await expect(toast).toContainText(fr.desk.move.done)
  await expect(toast).toContainText(fill(fr.desk.move.willTell, { name: 'Chloé Glisser' }))
  await page.screenshot({ path: testInfo.outputPath('moved-with-undo.png') })
  expect((await dayOf()).find((b) => b.id === moving.id)).toMatchObject({ localTime: '11:30', member: { id: hugo.id } })

  // "Annuler" in the toast takes it back: with Léa at 10:00 again, and both moves in its history.
  await toast.getByRole('button', { name: fr.desk.undo.action }).click()
  await expect(toast).toContainText(fr.desk.undo.done)
  await expect(leaColumn.locator(`[data-booking="${moving.id}"]`)).toContainText('10:00–10:30')
  expect((await dayOf()).find((b) => b.id === moving.id)).toMatchObject({ localTime: '10:00', member: { id: lea.id } })
  const history = (await (await page.request.get(`/api/bookings/${moving.id}`)).json()).history as {
    kind: string
    undo: boolean
    quiet: boolean
  }[]
  expect(history.map((e) => `${e.kind}${e.undo ? ':undo' : ''}${e.quiet ? ':quiet' : ''}`)).toEqual([
    'created',
    'moved',
    'moved:undo:quiet',
  ])
})

test('a lunch blocked by picking its hours on the agenda: a mouse drag on a desktop, a long press then a drag on a phone', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo } = await demoTeam(page)
  // Each project its own day and stylist (a phone shows Léa first).
  const [date, heading, who] = phone
    ? ['2027-01-13', 'mercredi 13 janvier 2027', lea]
    : ['2027-01-12', 'mardi 12 janvier 2027', hugo]
  await openAgenda(page)
  await page.getByLabel(fr.agenda.date).fill(date)
  await expect(page.getByText(heading)).toBeVisible()
  const column = page.locator(`[data-agenda-column="${who.id}"]`)
  await column.evaluate((element) => {
    // 12:00 some way down the window (clear of the sign-in's toast): the demo grid runs 08:00–20:00.
    const rect = element.getBoundingClientRect()
    window.scrollTo({ top: window.scrollY + rect.top + (rect.height * 4) / 12 - 300, behavior: 'instant' })
  })
  const box = await column.boundingBox()
  if (!box) throw new Error('The column is on screen')
  const at = (hours: number) => box.y + ((hours - 8) / 12) * box.height
  const x = box.x + box.width / 2

  if (phone) {
    // A finger rests on 12:30, then drags to 13:15: the page does not scroll meanwhile.
    const touch = await finger(page, x)
    const scrolled = await page.evaluate(() => window.scrollY)
    await touch('touchStart', at(12.5) + 2)
    await page.waitForTimeout(700)
    for (const step of [12.75, 13, 13.2]) await touch('touchMove', at(step))
    await touch('touchEnd')
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  } else {
    await page.mouse.move(x, at(12.5) + 2)
    await page.mouse.down()
    await page.mouse.move(x, at(12.9), { steps: 4 })
    await page.mouse.move(x, at(13.2), { steps: 4 })
    await page.mouse.up()
  }
  await expect(column.locator('[data-picked-range]')).toHaveText('12:30–13:15')
  const blockIt = page.getByRole('button', { name: fill(fr.agenda.pick.block, { from: '12:30', to: '13:15' }) })
  await expect(page.getByRole('button', { name: fill(fr.agenda.pick.newBooking, { time: '12:30' }) })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath(phone ? 'pick-phone.png' : 'pick-desktop.png') })
  await blockIt.click()

  // The dialog starts from the pick: once, that day, those hours, for that stylist.
  const dialog = page.getByRole('dialog', { name: fr.schedule.blocks.dialogTitle })
  await expect(dialog.getByRole('radio', { name: fr.schedule.blocks.once })).toBeChecked()
  await expect(dialog.getByLabel(fr.schedule.blocks.day)).toHaveValue(date)
  await expect(dialog.getByLabel(new RegExp(`^${fr.schedule.blocks.startTime}`))).toHaveValue('12:30')
  await expect(dialog.getByLabel(new RegExp(`^${fr.schedule.blocks.endTime}`))).toHaveValue('13:15')
  await expect(dialog.getByLabel(fr.schedule.blocks.whose)).toHaveValue(who.id)
  await dialog.getByLabel(fr.schedule.blocks.reason).fill('Déjeuner')
  await page.screenshot({ path: testInfo.outputPath(phone ? 'block-dialog-phone.png' : 'block-dialog-desktop.png') })
  await dialog.getByRole('button', { name: fr.schedule.blocks.save }).click()
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText(
    fr.schedule.blocks.blocked,
  )

  // Shaded on that day, and never offered: 12:30 and 13:00 are gone for that stylist, 13:15 is not.
  await expect(column.locator('[data-shade="absence"]', { hasText: 'Déjeuner' })).toHaveAttribute(
    'title',
    fill(fr.agenda.blockedOnceWith, { reason: 'Déjeuner' }),
  )
  const brushing = await serviceId(page, 'Brushing')
  const offered = (await (
    await page.request.get(
      `/api/salons/SAL001/availability?serviceId=${brushing}&memberId=${who.id}&from=${date}&to=${date}`,
    )
  ).json()) as { slots: { local: string }[] }
  const times = offered.slots.map((slot) => slot.local.slice(11))
  expect(times).not.toContain('12:30')
  expect(times).not.toContain('13:00')
  expect(times).toContain('13:15')
  expect(times).toContain('12:00')
  await page.screenshot({ path: testInfo.outputPath(phone ? 'blocked-phone.png' : 'blocked-desktop.png') })
})

test('@phone a booking held a moment then dragged to a later time: asked first, moved, then undone; a tap still opens it', async ({
  page,
}, testInfo) => {
  await signIn(page)
  const { lea } = await demoTeam(page)
  const moving = await book(page, {
    serviceId: await serviceId(page, 'Brushing'),
    startsAt: '2027-01-27T10:00',
    memberId: lea.id,
    customer: { name: 'Chloé Doigt', phone: '06 10 20 30 41' },
  })
  await openAgenda(page)
  await page.getByLabel(fr.agenda.date).fill('2027-01-27')
  await expect(page.getByText('mercredi 27 janvier 2027')).toBeVisible()
  const column = page.locator(`[data-agenda-column="${lea.id}"]`)
  const block = column.locator(`[data-booking="${moving.id}"]`)
  await block.evaluate((element) => {
    element.scrollIntoView({ block: 'start', behavior: 'instant' })
    window.scrollBy({ top: -120, behavior: 'instant' })
  })
  const from = await block.boundingBox()
  const box = await column.boundingBox()
  if (!from || !box) throw new Error('The block and its column are on screen')
  const at = (hours: number) => box.y + ((hours - 8) / 12) * box.height
  const x = from.x + from.width / 2
  const touch = await finger(page, x)
  const scrolled = await page.evaluate(() => window.scrollY)

  // A finger rests on the block, then carries it down to 11:00: the page does not scroll meanwhile.
  await touch('touchStart', from.y + 6)
  await page.waitForTimeout(700)
  for (const hours of [10.25, 10.5, 10.8, 11]) await touch('touchMove', at(hours) + 6)
  await expect(page.locator('[data-drop-preview]')).toBeVisible()
  await touch('touchEnd')
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  const question = page.getByRole('alertdialog', { name: fill(fr.agenda.confirmMove.title, { name: 'Chloé Doigt' }) })
  await expect(question).toContainText('Mercredi 27 janvier, 10:00–10:30 · Léa')
  await expect(question).toContainText('Mercredi 27 janvier, 11:00–11:30 · Léa')
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('move-question-phone.png') })
  await question.getByRole('button', { name: fr.desk.move.submit }).click()
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
  await expect(toast).toContainText(fr.desk.move.done)
  await expect(block).toContainText('11:00–11:30')
  await page.screenshot({ path: testInfo.outputPath('moved-with-undo-phone.png') })

  // "Annuler" takes it back to 10:00, telling nobody.
  await toast.getByRole('button', { name: fr.desk.undo.action }).click()
  await expect(toast).toContainText(fr.desk.undo.done)
  await expect(block).toContainText('10:00–10:30')
  const day = (await (
    await page.request.get('/api/salons/SAL001/bookings?from=2027-01-27&to=2027-01-27')
  ).json()) as Booking[]
  expect(day.find((b) => b.id === moving.id)).toMatchObject({ localTime: '10:00', member: { id: lea.id } })

  // A quick tap is no drag: it opens the booking.
  await block.getByRole('button').first().tap()
  await expect(page.getByRole('dialog').filter({ hasText: fr.desk.history.title })).toContainText('Chloé Doigt')
})

test('a phone opens on today’s agenda, swipes from one stylist to the other, and prints the day sheet on A4', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo } = await demoTeam(page)
  const coloration = await serviceId(page, 'Coloration')
  // Each project its own day: a colour with Léa, a cut with Hugo, with a note and a late notice.
  const date = phone ? '2027-01-21' : '2027-01-20'
  const colour = await book(page, {
    serviceId: coloration,
    startsAt: `${date}T10:00`,
    memberId: lea.id,
    customer: { name: 'Inès Feuille', phone: '06 44 55 66 77' },
  })
  await page.request.put(`/api/bookings/${colour.id}/note`, { data: { note: 'Allergie PPD : test fait' } })
  await book(page, {
    serviceId: await serviceId(page, 'Coupe homme'),
    startsAt: `${date}T11:00`,
    memberId: hugo.id,
    customer: { name: 'Jules Feuille', phone: '06 44 55 66 78' },
  })

  if (phone) {
    // The agenda comes first on a phone, today's, unless another tab was chosen in this session
    // (signIn chose the overview); the overview is one tap away.
    await page.evaluate(() => sessionStorage.clear())
    await page.goto('/professional')
    const agendaTab = page.getByRole('tab', { name: fr.agenda.tabShort })
    await expect(agendaTab).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText('mardi 1 décembre 2026')).toBeVisible()
  } else {
    await openAgenda(page)
  }
  await page.getByLabel(fr.agenda.date).fill(date)
  const leaColumn = page.locator(`[data-agenda-column="${lea.id}"]`)
  const hugoColumn = page.locator(`[data-agenda-column="${hugo.id}"]`)
  // The colour's processing shows in its booking.
  await expect(leaColumn.locator(`[data-booking="${colour.id}"] [data-processing]`)).toHaveCount(1)

  if (phone) {
    // A swipe to the left shows Hugo; to the right, Léa again.
    const cdp = await page.context().newCDPSession(page)
    const swipe = async (from: number, to: number) => {
      const column = page.locator('[data-agenda-column]')
      await column.evaluate((element) => {
        const rect = element.getBoundingClientRect()
        window.scrollTo({ top: window.scrollY + rect.top + 300 - window.innerHeight / 2, behavior: 'instant' })
      })
      const box = await column.boundingBox()
      if (!box) throw new Error('A column is on screen')
      const y = box.y + 300
      const send = (type: string, x?: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y, id: 2 }] } as never)
      await send('touchStart', from)
      for (const x of [from + (to - from) / 3, from + ((to - from) * 2) / 3, to]) await send('touchMove', x)
      await send('touchEnd')
    }
    await expect(leaColumn).toBeVisible()
    await swipe(340, 90)
    await expect(hugoColumn).toBeVisible()
    await expect(leaColumn).toHaveCount(0)
    await swipe(110, 370)
    await expect(leaColumn).toBeVisible()
  }

  // The day sheet of Léa: printed from the toolbar (the browser's dialog left out), one A4 page.
  await page.evaluate(() => {
    window.print = () => {}
  })
  await page.getByRole('button', { name: fr.agenda.sheet.print }).click()
  await page.getByRole('button', { name: 'Léa', exact: true }).last().click()
  const sheet = page.locator('[data-day-sheet]')
  await expect(sheet).toHaveCount(1)
  await expect(sheet).toContainText('Inès Feuille')
  await expect(sheet).toContainText('06 44 55 66 77')
  await expect(sheet).toContainText('10:00–11:30')
  await expect(sheet).toContainText(fill(fr.agenda.sheet.processing, { from: '10:30', to: '11:10' }))
  await expect(sheet).toContainText('Allergie PPD : test fait')
  await expect(sheet).not.toContainText('Jules Feuille')
  await page.emulateMedia({ media: 'print' })
  await expect(sheet).toBeVisible()
  await expect(page.locator('#root')).toBeHidden()
  await page.screenshot({ path: testInfo.outputPath(phone ? 'day-sheet-phone.png' : 'day-sheet-desktop.png') })
  if (!phone) {
    // Chromium's PDF of the page as printed: A4, one page for one member.
    const pdf = await page.pdf({ preferCSSPageSize: true })
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
    expect(pages).toHaveLength(1)
    // A4 is 595 × 842 points.
    const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString('latin1'))
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([595, 842])
  }
  await page.emulateMedia({ media: 'screen' })
})
