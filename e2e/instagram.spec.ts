import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Locator, type Page, test, waitForHydration } from './test'
import { TEXTS } from './texts'

/**
 * The Instagram DMs tab against the product with Instagram configured, Meta being the local fake
 * (scripts/e2e-instagram-server.mjs): the owner connects through Meta's consent window, customers
 * write (the fake's control port plays them), the panel lists them by itself, the whitelist makes
 * the assistant answer, and the owner pauses and disconnects — on a desktop and on a phone.
 */

const PORT = Number(process.env.E2E_PORT ?? 3999)
const INSTAGRAM_APP = `http://127.0.0.1:${PORT - 4}`
const CONTROL = `http://127.0.0.1:${PORT - 6}`
test.use({ baseURL: INSTAGRAM_APP })
test.describe.configure({ timeout: 120_000 })
/**
 * The users list refreshes itself every 30 s (spec §7). The tests run the page's clock (Playwright's
 * fake timers, installed before the page loads, time flowing as usual) 30 s forward instead of
 * waiting for it: the refresh comes from the page's own timer, as it would half a minute later.
 */
const USERS_REFRESH_MS = 30_000

/** Runs the page's clock to the list's next refresh, again until `shown` is on screen. */
async function refreshUntilVisible(page: Page, shown: Locator) {
  await expect
    .poll(async () => {
      await page.clock.fastForward(USERS_REFRESH_MS)
      return shown.first().isVisible()
    })
    .toBe(true)
}

const fr = TEXTS.fr
const ig = fr.dashboard.instagram

/** A customer writes to the salon's account (a new one without igsid); returns their id. */
async function customerSays(page: Page, text: string, igsid?: string): Promise<string> {
  const res = await page.request.post(`${CONTROL}/say`, { data: { text, ...(igsid ? { igsid } : {}) } })
  expect(res.ok()).toBe(true)
  const body = await res.json()
  expect(body.status).toBe(200)
  return body.igsid
}

async function messagesTo(page: Page, igsid: string): Promise<string[]> {
  return (await (await page.request.get(`${CONTROL}/messages?igsid=${igsid}`)).json()).messages
}

async function openInstagramTab(page: Page) {
  const tabs = fr.dashboard.tabs
  await page
    .getByRole('tab', { name: tabs.instagram })
    .or(page.getByRole('tab', { name: tabs.instagramShort }))
    .click()
}

/** Signed in, the salon's Instagram disconnected, then connected again through Meta's window. */
async function connect(page: Page) {
  await page.clock.install()
  await signIn(page)
  await page.request.post('/api/salons/SAL001/instagram/disconnect')
  await page.reload()
  await openInstagramTab(page)
  await page.getByRole('button', { name: ig.connect }).click()
  await expect(page.getByRole('heading', { name: 'Allow this app to access your professional account?' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue as @salon.lumiere' }).click()
  await expect(page).toHaveURL(/\/professional$/)
  await waitForHydration(page)
  await expect(page.getByText(fr.instagramReturn.connected).first()).toBeVisible()
  await expect(page.getByText('@salon.lumiere').first()).toBeVisible()
}

test('connects the salon through Meta, lists who writes by itself, and the whitelist makes the assistant answer', async ({
  page,
}) => {
  await connect(page)
  const igsid = await customerSays(page, 'Bonjour, vous avez de la place vendredi ?')
  const last8 = `…${igsid.slice(-8)}`
  // The list refreshes itself: the new sender appears without a reload.
  await expect(page.getByText(last8, { exact: true })).toHaveCount(0)
  await refreshUntilVisible(page, page.getByText(last8, { exact: true }))
  expect(await messagesTo(page, igsid)).toEqual([])

  await page.getByRole('switch', { name: `${ig.users.whitelist} ${last8}` }).click()
  await expect(page.getByText(ig.toasts.statusUpdated).first()).toBeVisible()
  await customerSays(page, 'Une coupe femme vendredi', igsid)
  await expect.poll(() => messagesTo(page, igsid), { timeout: 20_000 }).toHaveLength(2)
  const [disclosure, offer] = await messagesTo(page, igsid)
  expect(disclosure).toContain('assistant automatique de Salon Lumière')
  expect(offer).toMatch(/vendredi/)

  expect(await seriousViolations(page)).toEqual([])
  expect(await noHorizontalOverflow(page)).toBe(true)
})

test('pauses a whitelisted customer, and disconnects behind a confirmation @once', async ({ page }) => {
  await connect(page)
  const igsid = await customerSays(page, 'Bonjour')
  const last8 = `…${igsid.slice(-8)}`
  await page.reload()
  await openInstagramTab(page)
  // Earlier tests' customers share the list (the same account): this customer's row only.
  const row = page.getByRole('listitem').filter({ hasText: last8 })
  await row.getByRole('switch', { name: `${ig.users.whitelist} ${last8}` }).click()
  await expect(page.getByText(ig.toasts.statusUpdated).first()).toBeVisible()

  await row.getByRole('button', { name: `${fill(ig.users.pause, { minutes: 30 })} ${last8}` }).click()
  await expect(page.getByText(ig.toasts.paused).first()).toBeVisible()
  await expect(row.getByText(ig.status.paused, { exact: true })).toBeVisible()
  await customerSays(page, 'Une coupe femme vendredi', igsid)
  // Paused: the message is counted (at the list's next refresh), not answered.
  await refreshUntilVisible(page, row.getByText(fill(ig.users.messages, { messages: 2 })))
  expect(await messagesTo(page, igsid)).toEqual([])

  await page.getByRole('button', { name: ig.disconnect }).click()
  const dialog = page.getByRole('alertdialog', { name: ig.confirm.title })
  await expect(dialog).toContainText('@salon.lumiere')
  await dialog.getByRole('button', { name: ig.confirm.button }).click()
  await expect(page.getByText(ig.toasts.disconnected).first()).toBeVisible()
  await expect(page.getByRole('button', { name: ig.connect })).toBeEnabled()
  await expect(page.getByText(ig.connectFirst)).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
})
