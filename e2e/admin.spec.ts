import { signInAsAdmin } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/** The administration panel, signed in the demo way as the demo administrator. */
const fr = TEXTS.fr
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

test('shows real figures and the demo salon, and creates a salon with "Nouveau Salon"', async ({ page }, testInfo) => {
  await signInAsAdmin(page)
  for (const tile of [
    fr.admin.overview.activeSalons.label,
    fr.admin.overview.bookingsToday.label,
    fr.admin.overview.successRate.label,
    fr.admin.overview.botUsers.label,
  ]) {
    await expect(page.getByText(tile, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('SAL001').filter({ visible: true }).first()).toBeVisible()

  const name = `Salon Admin ${testInfo.project.name}`
  await page.getByRole('button', { name: fr.admin.newSalon }).click()
  const dialog = page.getByRole('dialog', { name: fr.admin.salonForm.createTitle })
  await dialog.getByRole('button', { name: fr.admin.salonForm.create }).click()
  await expect(dialog.getByText(fr.admin.salonForm.errors.name)).toBeVisible()
  await dialog.getByLabel(fr.admin.salonForm.name).fill(name)
  await dialog.getByLabel(fr.admin.salonForm.address).fill('3 quai Saint-Antoine, 69002 Lyon')
  await dialog.getByLabel(fr.admin.salonForm.contactEmail).fill('contact@salon-admin.fr')
  await dialog.getByRole('button', { name: fr.admin.salonForm.create }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page)).toContainText(fr.admin.salonForm.created)
  await expect(page.getByText(name).filter({ visible: true }).first()).toBeVisible()
})
