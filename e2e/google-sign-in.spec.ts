import { fill, OWNER } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The real Google sign-in in the browser: a second server of the product, configured with a Google
 * OAuth client whose Google is the local fake (tests/fakes/google-server.ts, started by
 * scripts/e2e-google-server.mjs). The product's own OAuth code runs; the consent screen is the fake's.
 */
const fr = TEXTS.fr
const GOOGLE_APP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) - 2}`
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')

test.use({ baseURL: GOOGLE_APP })

async function startSignIn(page: Page) {
  await page.goto('/professional')
  await page.getByLabel(fr.calendarConnect.form.salonId).first().fill('SAL001')
  await page.getByRole('button', { name: fr.calendarConnect.form.connect }).first().click()
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
}

test("signs in with the salon's Google account, connects the calendar, synchronises and disconnects", async ({
  page,
}) => {
  await startSignIn(page)
  await page.getByRole('button', { name: /Continue as Claire Dubois/ }).click()
  await expect(page).toHaveURL(`${GOOGLE_APP}/professional`)
  await expect(toast(page)).toContainText(fill(fr.professional.connected.description, { email: OWNER }))
  await expect(
    page.getByRole('heading', { name: fill(fr.professional.signedIn.greeting, { name: 'Claire Dubois' }) }),
  ).toBeVisible()
  await expect(page.getByText(fr.dashboard.calendar.state.connected, { exact: true })).toBeVisible()

  // The sync runs as a background job: the button says so until the calendar's status shows it done.
  await page.getByRole('button', { name: fr.dashboard.actions.sync }).click()
  await expect(toast(page)).toContainText(fill(fr.dashboard.calendar.syncDone, { changes: '' }).trim())
  await expect(page.getByRole('button', { name: fr.dashboard.actions.sync })).toBeEnabled()

  await page.getByRole('button', { name: fr.dashboard.actions.disconnect, exact: true }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: fr.dashboard.actions.confirmButton }).click()
  await expect(page).toHaveURL(`${GOOGLE_APP}/`)
  expect(await (await page.request.get('/api/session')).json()).toEqual({ isAuthenticated: false })
})

test('refuses another Google account and says which one is expected, masked', async ({ page }) => {
  await startSignIn(page)
  await page.getByRole('button', { name: /Continue as Someone Else/ }).click()
  await expect(page).toHaveURL(`${GOOGLE_APP}/professional`)
  await expect(page.getByRole('alert')).toContainText(
    fill(fr.calendarConnect.signInErrors.wrongAccountExpected, { expected: 's•••o@gmail.com' }),
  )
  expect(await (await page.request.get('/api/session')).json()).toEqual({ isAuthenticated: false })
})

test('comes back signed out when the owner cancels on Google', async ({ page }) => {
  await startSignIn(page)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toContainText(fr.calendarConnect.signInErrors.accessDenied)
})
