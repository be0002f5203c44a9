import { fill, noHorizontalOverflow, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * An absence over a booking (issue 14, point 5): a customer is booked with Hugo; the owner opens
 * Hugo's schedule in the Horaires tab and adds an absence over that day; the dialog lists the
 * booking and the owner chooses to cancel it and tell the customer; the booking is cancelled.
 * Desktop and phone share one server: each books its own day and removes its absence afterwards.
 */
const fr = TEXTS.fr
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

test('an absence over a booking: listed in the dialog, cancelled and the customer told', async ({ page }, testInfo) => {
  // The dashboard's bundle and a booking's cancellation in the same request: slow on a busy machine.
  test.setTimeout(180_000)
  const phone = testInfo.project.name === 'phone'
  const [day, nextDay] = phone ? ['2027-01-21', '2027-01-22'] : ['2027-01-20', '2027-01-21']
  // The screenshots' sizes: a Pixel 7 (412×915) and a laptop (1280×800).
  if (!phone) await page.setViewportSize({ width: 1280, height: 800 })
  const customer = phone ? 'Romane Absence-Téléphone' : 'Romane Absence-Bureau'
  await signIn(page)

  const services = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
  }[]
  const team = (await (await page.request.get('/api/salons/SAL001/team')).json()) as {
    members: { id: string; name: string }[]
  }
  const hugo = team.members.find((m) => m.name === 'Hugo')
  const booked = await page.request.post('/api/salons/SAL001/bookings', {
    data: {
      serviceId: services.find((s) => s.name === 'Brushing')?.id,
      startsAt: `${day}T10:00`,
      memberId: hugo?.id,
      customer: { name: customer, phone: phone ? '06 55 44 11 02' : '06 55 44 11 01' },
      channel: 'dashboard',
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const bookingId = ((await booked.json()) as { id: string }).id

  await page.getByRole('tab', { name: fr.dashboard.tabs.schedule }).click({ timeout: 60_000 })
  const whose = page.getByRole('radiogroup', { name: fr.schedule.whose.label })
  await whose.getByRole('radio', { name: 'Hugo' }).click()
  await expect(
    page.getByRole('heading', { name: fill(fr.schedule.memberHours.heading, { name: 'Hugo' }) }),
  ).toBeVisible()
  await page.getByRole('button', { name: fr.schedule.timeOff.add }).click()

  const dialog = page.getByRole('dialog', { name: fr.schedule.timeOff.dialogTitle })
  await expect(dialog.getByLabel(fr.schedule.timeOff.whose)).toHaveValue(hugo?.id ?? '')
  await dialog.getByLabel(fr.schedule.timeOff.startDate).fill(day)
  await dialog.getByLabel(fr.schedule.timeOff.endDate).fill(day)
  await dialog.getByLabel(fr.schedule.timeOff.reason).fill('Formation')
  await dialog.getByRole('button', { name: fr.schedule.timeOff.save }).click()

  // The server refused the silent change: the booking is listed with its time, customer, service and member.
  const listed = dialog.getByRole('list', { name: fr.schedule.affected.listLabel })
  await expect(listed).toContainText(customer, { timeout: 30_000 })
  await expect(listed).toContainText('10:00')
  await expect(listed).toContainText('Brushing')
  await expect(listed).toContainText('Hugo')
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath(`affected-${testInfo.project.name}.png`) })

  await dialog.getByRole('button', { name: fr.schedule.affected.cancel }).click()
  await expect(dialog).toBeHidden({ timeout: 30_000 })
  await expect(toast(page).first()).toContainText(fr.schedule.timeOff.added)

  const bookings = (await (await page.request.get(`/api/salons/SAL001/bookings?from=${day}&to=${nextDay}`)).json()) as {
    id: string
    status: string
  }[]
  expect(bookings.find((b) => b.id === bookingId)?.status).toBe('cancelled')

  // Hugo's absence shows in his list, marked as his; removed so the other project finds the day as it was.
  const list = page.getByRole('list', { name: fr.schedule.timeOff.listLabel })
  const shown = phone ? 'Le 21 janv. 2027 (1\u00a0jour)' : 'Le 20 janv. 2027 (1\u00a0jour)'
  await expect(list.getByRole('listitem').filter({ hasText: shown })).toContainText('Hugo')
  await page.screenshot({ path: testInfo.outputPath(`schedule-${testInfo.project.name}.png`), fullPage: true })
  const absences = (await (await page.request.get('/api/salons/SAL001/time-off')).json()) as {
    id: string
    memberId: string | null
  }[]
  for (const absence of absences.filter((a) => a.memberId === hugo?.id)) {
    expect((await page.request.delete(`/api/salons/SAL001/time-off/${absence.id}`)).status()).toBe(204)
  }
})
