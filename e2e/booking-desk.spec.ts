import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The owner runs the day from the Agenda (demo clock: Tuesday 1 December 2026, 08:30 in Paris), on
 * a desktop and on a phone: a walk-in booked at a forced time after closing, a booking moved to the
 * other stylist through its panel, a booking cancelled with a reason, walk-ins seated before opening
 * marked no-show or completed — each checked through the API. Desktop and phone share one server:
 * each works on its own days (or its own member, today).
 */
const fr = TEXTS.fr

interface Named {
  id: string
  name: string
}
interface Booking {
  id: string
  status: string
  localDate: string
  localTime: string
  clientName: string
  member: Named
  cancelReason: string | null
}

async function demo(page: Page) {
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()) as { members: Named[] }
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Named[]
  const find = (list: Named[], name: string) => {
    const found = list.find((item) => item.name === name)
    if (!found) throw new Error(`No ${name} in the demo data`)
    return found
  }
  return {
    lea: find(team.members, 'Léa'),
    hugo: find(team.members, 'Hugo'),
    brushing: find(services, 'Brushing'),
    coupe: find(services, 'Coupe femme'),
  }
}

async function book(page: Page, body: Record<string, unknown>): Promise<Booking> {
  const answer = await page.request.post('/api/salons/SAL001/bookings', { data: { channel: 'dashboard', ...body } })
  expect(answer.status(), await answer.text()).toBe(201)
  return (await answer.json()) as Booking
}

async function bookingsOn(page: Page, day: string): Promise<Booking[]> {
  const answer = await page.request.get(`/api/salons/SAL001/bookings?from=${day}&to=${day}`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as Booking[]
}

async function openAgendaOn(page: Page, day: string) {
  await page.getByRole('tab', { name: fr.agenda.tab }).click()
  await expect(page.getByRole('heading', { name: fr.agenda.title, level: 2 })).toBeVisible()
  await page.getByLabel(fr.agenda.date).fill(day)
}

test('a walk-in booked at a forced time after closing, with a new customer', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { hugo, brushing } = await demo(page)
  // Saturdays close at 17:00: a walk-in sat down at 17:10 all the same.
  const day = phone ? '2026-12-19' : '2026-12-12'
  const name = phone ? 'Inès Passage' : 'Ines Walkin'
  await openAgendaOn(page, day)
  await page.getByRole('button', { name: fr.agenda.newBooking }).click()

  const dialog = page.getByRole('dialog', { name: fr.desk.create.title })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(fr.desk.create.service).selectOption(brushing.id)
  await dialog.getByLabel(fr.desk.slot.day).fill(day)
  await dialog.getByLabel(fr.desk.slot.member).selectOption(hugo.id)
  await dialog.getByText(fr.desk.slot.force, { exact: true }).click()
  await dialog.getByLabel(fr.desk.slot.forcedTime).fill('17:10')
  await dialog.getByRole('radio', { name: fr.desk.customer.mode.new }).check()
  await dialog.getByLabel(fr.desk.customer.name).fill(name)
  expect(await noHorizontalOverflow(page)).toBe(true)
  if (phone) {
    // On a phone "Annuler" and the action share one row instead of stacking (StickyActions).
    const cancel = await dialog.getByRole('button', { name: fr.common.cancel }).boundingBox()
    const submit = await dialog.getByRole('button', { name: fr.desk.create.submit }).boundingBox()
    expect(cancel && submit && Math.abs(cancel.y - submit.y)).toBeLessThan(1)
  }
  await dialog.getByRole('button', { name: fr.desk.create.submit }).click()
  // The dialog becomes the summary of what was booked.
  await expect(page.getByRole('dialog', { name: fr.desk.create.doneTitle })).toContainText(name)

  const booked = (await bookingsOn(page, day)).find((b) => b.clientName === name)
  expect(booked).toMatchObject({ localTime: '17:10', status: 'confirmed', member: { id: hugo.id } })
})

test('a booking moved to the other stylist through its panel, then cancelled with a reason', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo, coupe } = await demo(page)
  const day = phone ? '2026-12-17' : '2026-12-10'
  const moving = await book(page, {
    serviceId: coupe.id,
    startsAt: `${day}T10:00`,
    memberId: lea.id,
    customer: { name: phone ? 'Paul Panneau' : 'Pauline Panneau', phone: phone ? '06 70 80 90 01' : '06 70 80 90 02' },
  })

  await openAgendaOn(page, day)
  await page.locator(`[data-booking="${moving.id}"]`).click()
  const panel = page.getByRole('dialog').filter({ hasText: fr.desk.history.title })
  await expect(panel).toBeVisible()
  await expect(
    panel.getByText(fill(fr.desk.history.created.salon, { channel: fr.desk.channels.dashboard })),
  ).toBeVisible()
  await panel.getByRole('button', { name: fr.desk.actions.move, exact: true }).click()

  const move = page.getByRole('dialog', { name: fr.desk.move.title })
  await expect(move).toBeVisible()
  await move.getByLabel(fr.desk.slot.member).selectOption(hugo.id)
  await move.getByRole('radio', { name: '11:00' }).check()
  expect(await noHorizontalOverflow(page)).toBe(true)
  await move.getByRole('button', { name: fr.desk.move.submit, exact: true }).click()
  await expect(page.getByText(fr.desk.move.done).first()).toBeVisible()

  const details = async () =>
    (await (await page.request.get(`/api/bookings/${moving.id}`)).json()) as {
      booking: Booking
      history: { kind: string; actor: string }[]
    }
  await expect.poll(async () => (await details()).booking.member.id).toBe(hugo.id)
  const afterMove = await details()
  expect(afterMove.booking.localTime).toBe('11:00')
  expect(afterMove.history.map((event) => `${event.kind}:${event.actor}`)).toEqual(['created:salon', 'moved:salon'])

  // The panel again (it may have stayed open behind the move): cancel, with a reason for the customer.
  if (!(await panel.isVisible())) await page.locator(`[data-booking="${moving.id}"]`).click()
  await panel.getByRole('button', { name: fr.desk.actions.cancel }).click()
  const cancel = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: fr.desk.cancel.title }))
  await cancel.getByLabel(fr.desk.cancel.reason).fill('La coiffeuse est malade')
  await cancel.getByRole('button', { name: fr.desk.cancel.submit }).click()
  await expect(page.getByText(fr.desk.cancel.done).first()).toBeVisible()
  await expect
    .poll(async () => (await details()).booking)
    .toMatchObject({ status: 'cancelled', cancelReason: 'La coiffeuse est malade' })
  await page.screenshot({ path: testInfo.outputPath(phone ? 'desk-phone.png' : 'desk-desktop.png'), fullPage: true })
})

test('walk-ins seated before opening today: one marked completed, one a no-show and back, from the panel', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { lea, hugo, brushing } = await demo(page)
  // The demo clock says 08:30: a walk-in seated at 08:00 has begun, so what happened can be marked.
  const member = phone ? hugo : lea
  const seated = await book(page, {
    serviceId: brushing.id,
    startsAt: '2026-12-01T08:00',
    memberId: member.id,
    force: true,
    customer: { name: phone ? 'Romy Matin' : 'Rémi Matin', phone: phone ? '06 70 80 90 11' : '06 70 80 90 12' },
  })
  const status = async () =>
    ((await (await page.request.get(`/api/bookings/${seated.id}`)).json()) as { booking: Booking }).booking.status

  await page.getByRole('tab', { name: fr.agenda.tab }).click()
  await expect(page.getByRole('heading', { name: fr.agenda.title, level: 2 })).toBeVisible()
  if (phone) await page.getByRole('button', { name: 'Hugo', exact: true }).click()
  await page.locator(`[data-booking="${seated.id}"]`).click()
  const panel = page.getByRole('dialog').filter({ hasText: fr.desk.history.title })
  await expect(panel).toBeVisible()

  await panel.getByRole('button', { name: fr.desk.actions.noShow }).click()
  await expect(page.getByText(fr.desk.actions.statusDone.no_show).first()).toBeVisible()
  await expect.poll(status).toBe('no_show')
  await expect(panel.getByText(fr.desk.status.no_show).first()).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath(phone ? 'no-show-phone.png' : 'no-show-desktop.png') })

  await panel.getByRole('button', { name: fr.desk.actions.undo }).click()
  await expect.poll(status).toBe('confirmed')
  await panel.getByRole('button', { name: fr.desk.actions.completed }).click()
  await expect.poll(status).toBe('completed')
  const history = (await (await page.request.get(`/api/bookings/${seated.id}`)).json()) as {
    history: { kind: string; status: string | null }[]
  }
  expect(history.history.filter((e) => e.kind === 'status').map((e) => e.status)).toEqual([
    'no_show',
    'confirmed',
    'completed',
  ])
})

test('a visit at the desk: two people, a colour then a blow-dry for one, back in three weeks — checked, then booked', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone'
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page)
  const { brushing, coupe, lea } = await demo(page)
  const coloration = (await (await page.request.get('/api/salons/SAL001/services')).json()).find(
    (s: Named) => s.name === 'Coloration',
  ) as Named
  // Fridays of their own: the first visit, and the same Friday three weeks on.
  const [day, back] = phone ? ['2027-01-15', '2027-02-05'] : ['2027-01-08', '2027-01-29']
  const [mother, daughter] = phone ? ['Anne Visite', 'Lou Visite'] : ['Anna Visit', 'Lu Visit']
  await openAgendaOn(page, day)
  await page.getByRole('button', { name: fr.agenda.newBooking }).click()
  const dialog = page.getByRole('dialog', { name: fr.desk.create.title })
  await dialog.getByLabel(fr.desk.create.service).selectOption(coloration.id)
  await dialog.getByLabel(fr.desk.slot.day).fill(day)
  await dialog.getByLabel(fr.desk.slot.member).selectOption(lea.id)
  await dialog.getByRole('radio', { name: '10:00' }).check()
  await dialog.getByRole('button', { name: fr.desk.visit.addService }).click()
  await dialog.getByLabel(fr.desk.visit.nextService).selectOption(brushing.id)
  await dialog.getByRole('radio', { name: fr.desk.customer.mode.new }).check()
  await dialog.getByLabel(fr.desk.customer.name).fill(mother)
  await dialog.getByRole('button', { name: fr.desk.visit.addPerson }).click()
  const second = dialog.getByRole('region', { name: fill(fr.desk.visit.person, { n: 2 }) })
  await second.getByLabel(fr.desk.create.service).selectOption(coupe.id)
  await second.getByRole('radio', { name: fr.desk.customer.mode.new }).check()
  await second.getByLabel(fr.desk.customer.name).fill(daughter)
  await dialog.getByText(fr.desk.visit.repeat, { exact: true }).click()
  await dialog.getByLabel(fr.desk.visit.everyWeeks).fill('3')
  await dialog.getByLabel(fr.desk.visit.times).fill('2')
  await dialog.getByRole('button', { name: fr.desk.visit.check }).click()

  // The colour is Léa's 10:00–11:30 (its processing free for others), the blow-dry follows it
  // with her, the daughter's cut is Hugo's at 10:00: on both Fridays.
  const plan = dialog.getByRole('region', { name: fr.desk.visit.planTitle })
  await expect(plan.getByText('11:30–12:00', { exact: true })).toHaveCount(2)
  expect(await noHorizontalOverflow(page)).toBe(true)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('visit-checked.png') })
  await dialog.getByRole('button', { name: fill(fr.desk.visit.book, { count: 6 }) }).click()
  await expect(page.getByRole('dialog', { name: fill(fr.desk.visit.doneTitle, { count: 6 }) })).toBeVisible()

  for (const date of [day, back]) {
    const booked = (await bookingsOn(page, date)).filter((b) => b.clientName.endsWith(phone ? 'Visite' : 'Visit'))
    expect(booked.map((b) => [b.clientName, b.localTime, b.member.name]).sort()).toEqual(
      [
        [mother, '10:00', 'Léa'],
        [mother, '11:30', 'Léa'],
        [daughter, '10:00', 'Hugo'],
      ].sort(),
    )
  }
})

test('@phone a colour booked at the desk, then a cut slipped into its processing time with the same stylist', async ({
  page,
}, testInfo) => {
  await signIn(page)
  const { lea } = await demo(page)
  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as Named[]
  const serviceNamed = (name: string) => services.find((s) => s.name === name)?.id ?? ''
  // A Wednesday of its own. The demo's Coloration: 30 minutes of work, 40 of processing, 20 of work.
  const day = '2027-02-17'
  await openAgendaOn(page, day)
  const deskBooking = async (service: string, time: string, name: string) => {
    await page.getByRole('button', { name: fr.agenda.newBooking }).click()
    const dialog = page.getByRole('dialog', { name: fr.desk.create.title })
    await dialog.getByLabel(fr.desk.create.service).selectOption(serviceNamed(service))
    await dialog.getByLabel(fr.desk.slot.day).fill(day)
    await dialog.getByLabel(fr.desk.slot.member).selectOption(lea.id)
    await dialog.getByRole('radio', { name: time }).check()
    await dialog.getByRole('radio', { name: fr.desk.customer.mode.new }).check()
    await dialog.getByLabel(fr.desk.customer.name).fill(name)
    return dialog
  }
  const done = page.getByRole('dialog', { name: fr.desk.create.doneTitle })

  await (await deskBooking('Coloration', '10:00', 'Inès Couleur'))
    .getByRole('button', { name: fr.desk.create.submit })
    .click()
  await expect(done).toContainText('Inès Couleur')
  await page.keyboard.press('Escape')
  await expect(done).toBeHidden()

  // Léa is free while the colour develops: 10:30 is offered for a men's cut, 10:45 (into her
  // work again at 11:10) is not.
  const cut = await deskBooking('Coupe homme', '10:30', 'Jules Pause')
  await expect(cut.getByRole('radio', { name: '10:45' })).toHaveCount(0)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('cut-in-processing.png') })
  await cut.getByRole('button', { name: fr.desk.create.submit }).click()
  await expect(done).toContainText('Jules Pause')
  await page.keyboard.press('Escape')

  const booked = (await bookingsOn(page, day)).map((b) => [b.clientName, b.localTime, b.member.name])
  expect(booked.sort()).toEqual([
    ['Inès Couleur', '10:00', 'Léa'],
    ['Jules Pause', '10:30', 'Léa'],
  ])
  const column = page.locator(`[data-agenda-column="${lea.id}"]`)
  await expect(column.locator('[data-booking]')).toHaveCount(2)
  await column.locator('[data-booking]').first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('agenda-cut-in-processing.png') })
})
