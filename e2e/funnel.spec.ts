import { fill, signInAsAdmin } from './helpers'
import { test } from './own-client'
import { expect, type Page } from './test'
import { TEXTS } from './texts'

/**
 * The funnel (issue 18) as an administrator runs it in the panel — a waitlist entry marked
 * contacted, credited to the demo ambassador, activated (its salon created, its e-mail sent),
 * another deleted; the ambassadors' list, deactivating and reactivating one — and the ambassador
 * resending the activation e-mail of the salon credited to her.
 */
const fr = TEXTS.fr
const w = fr.admin.waitlist.actions
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
/** Texts as Playwright reads them: no-break spaces of French typography are spaces there too. */
const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

async function signUp(page: Page, salonName: string) {
  const res = await page.request.post('/api/waitlist', {
    data: {
      salonName,
      contactEmail: `${salonName.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
      address: '5 rue Neuve, 69001 Lyon',
      country: 'FR',
      language: 'fr',
    },
  })
  expect(res.status()).toBe(201)
}

/** An entry's actions: the group named after its salon. */
const actionsOf = (page: Page, salonName: string) =>
  page.getByRole('group', { name: fill(w.label, { salon: salonName }) })

test('an administrator marks an entry contacted, credits it, activates it, and deletes another', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`
  const kept = `Salon Funnel ${stamp}`
  const dropped = `Salon Doublon ${stamp}`
  await signUp(page, kept)
  await signUp(page, dropped)
  await signInAsAdmin(page)
  // The newest sign-ups come first: both are among those shown.

  const actions = actionsOf(page, kept)
  await actions.getByRole('button', { name: w.markContacted }).click()
  await expect(toast(page).filter({ hasText: w.contacted })).toBeVisible()
  await expect(actions.getByRole('button', { name: w.markPending })).toBeVisible()

  await actions.getByRole('button', { name: w.assign }).click()
  const assign = page.getByRole('dialog', { name: fill(w.assignTitle, { salon: kept }) })
  await assign.getByLabel(w.ambassador).selectOption({ label: 'Camille Martin (AMBDEMO1)' })
  await assign.getByRole('button', { name: w.assign }).click()
  await expect(assign).toBeHidden()
  await expect(toast(page).filter({ hasText: w.assigned })).toBeVisible()
  const row = page.getByRole('listitem').filter({ has: actions })
  await expect(
    row.getByText(fill(fr.admin.waitlist.referredBy, { who: 'Camille Martin' }), { exact: false }),
  ).toBeVisible()

  await actions.getByRole('button', { name: w.activate }).click()
  const activate = page.getByRole('dialog', { name: fill(w.activateTitle, { salon: kept }) })
  await activate.getByLabel(w.emailLabel).fill('funnel.owner@gmail.com')
  await activate.getByRole('button', { name: w.activateSubmit }).click()
  await expect(activate).toBeHidden()
  const activated = toast(page).filter({ hasText: w.activated })
  await expect(activated).toContainText('funnel.owner@gmail.com')
  // The entry now names its salon, and no longer offers to activate or delete it.
  await expect(actions.getByText(/^Salon SAL\d{3}$/)).toBeVisible()
  await expect(actions.getByRole('button', { name: w.activate })).toHaveCount(0)

  const other = actionsOf(page, dropped)
  await other.getByRole('button', { name: `${w.delete} ${dropped}` }).click()
  const confirm = page.getByRole('alertdialog', { name: asRead(w.deleteTitle) })
  await confirm.getByRole('button', { name: w.delete }).click()
  await expect(confirm).toBeHidden()
  await expect(toast(page).filter({ hasText: w.deleted })).toBeVisible()
  await expect(actionsOf(page, dropped)).toHaveCount(0)
})

test('a salon made with "Nouveau Salon" is linked to its waitlist entry', async ({ page }, testInfo) => {
  const salon = `Salon Lié ${testInfo.project.name} ${Date.now()}`
  await signUp(page, salon)
  await signInAsAdmin(page)
  await page.getByRole('button', { name: fr.admin.newSalon }).click()
  const dialog = page.getByRole('dialog', { name: fr.admin.salonForm.createTitle })
  const entry = dialog.getByLabel(fr.admin.salonForm.link.entry)
  await entry.selectOption({ label: `${salon} — ${salon.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com` })
  // The entry's details fill the form.
  await expect(dialog.getByLabel(fr.admin.salonForm.name)).toHaveValue(salon)
  await dialog.getByRole('button', { name: fr.admin.salonForm.create }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page).filter({ hasText: fr.admin.salonForm.created })).toBeVisible()
  await expect(actionsOf(page, salon).getByText(/^Salon SAL\d{3}$/)).toBeVisible()
})

test('an administrator sees the ambassadors with their figures, deactivates one and reactivates her', async ({
  page,
}) => {
  const a = fr.admin.ambassadors
  await signInAsAdmin(page)
  const section = page.getByRole('list', { name: a.title })
  const camille = section.getByRole('listitem').filter({ hasText: 'AMBDEMO1' })
  await expect(camille.getByText(a.referrals)).toBeVisible()
  await expect(camille.getByText(a.conversionRate)).toBeVisible()
  await camille.getByRole('button', { name: fill(a.deactivateFor, { name: 'Camille Martin' }) }).click()
  const confirm = page.getByRole('alertdialog', { name: asRead(fill(a.deactivateTitle, { name: 'Camille Martin' })) })
  await confirm.getByRole('button', { name: a.deactivate }).click()
  await expect(confirm).toBeHidden()
  await expect(camille.getByText(a.deactivated, { exact: true })).toBeVisible()
  // Reactivated at once: the other specs sign in as her.
  await camille.getByRole('button', { name: fill(a.reactivateFor, { name: 'Camille Martin' }) }).click()
  await expect(toast(page).filter({ hasText: a.reactivatedToast })).toBeVisible()
  await expect(camille.getByRole('button', { name: fill(a.deactivateFor, { name: 'Camille Martin' }) })).toBeVisible()
})

test('the ambassador resends the activation e-mail of a salon credited to her, and is told where it went', async ({
  page,
}, testInfo) => {
  const salon = `Salon Relance ${testInfo.project.name} ${Date.now()}`
  await signUp(page, salon)
  // The administrator credits the entry to Camille and activates it.
  await signInAsAdmin(page)
  const entries = (await (await page.request.get('/api/admin/waitlist')).json()) as { id: string; salonName: string }[]
  const entry = entries.find((e) => e.salonName === salon)
  const ambassadors = (await (await page.request.get('/api/admin/ambassadors')).json()) as {
    id: string
    referralCode: string
  }[]
  const camille = ambassadors.find((x) => x.referralCode === 'AMBDEMO1')
  expect(
    (await page.request.patch(`/api/admin/waitlist/${entry?.id}`, { data: { ambassadorId: camille?.id } })).ok(),
  ).toBe(true)
  const activated = await page.request.post(`/api/admin/waitlist/${entry?.id}/activate`, {
    data: { authorizedEmail: 'relance.owner@gmail.com' },
  })
  const { salonId, sentTo } = (await activated.json()) as { salonId: string; sentTo: string }

  const a = fr.ambassador
  const login = fr.ambassadorSignIn
  await page.goto('/ambassador')
  await page.getByLabel(login.codeLabel).fill('demo-ambassador-2026')
  await page.getByRole('button', { name: login.validate }).click()
  await page
    .getByRole('link', { name: login.google })
    .or(page.getByRole('button', { name: login.google }))
    .click()
  await page.getByRole('button', { name: /camille\.ambassadrice\.demo@gmail\.com/ }).click()
  await expect(page).toHaveURL(/\/ambassador\/dashboard$/)
  await page.getByRole('tab', { name: a.tabs.referrals }).click()
  await page.getByRole('button', { name: fill(fr.activation.resendFor, { salon }) }).click()
  const told = toast(page).filter({ hasText: fr.activation.resent })
  await expect(told).toContainText(
    asRead(fill(fr.activation.resentText, { sentTo, salonId, email: 'relance.owner@gmail.com' })),
  )
})
