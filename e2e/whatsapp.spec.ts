import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { LANGUAGES } from '@common/languages'
import { fill, noHorizontalOverflow, signIn } from './helpers'
import { expect, type Locator, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * The dashboard's WhatsApp card in each of its states, on a desktop and on a phone: on the main
 * server (no WhatsApp app) it says so; on the Meta server (scripts/e2e-instagram-server.mjs, the
 * Cloud API and Embedded Signup being the local fake, tests/fakes/whatsapp-server.ts) the owner
 * connects through Meta's signup window, sees the number set up, its templates approved, its link
 * and QR code, a customer's messages counted; then Meta revokes the token and the card asks to
 * reconnect, and disconnecting asks first. The fake's control port plays Meta and the customers.
 * Both projects share the Meta server and the demo salon: each test starts from a disconnected
 * salon and a Meta that knows nothing of it. Nothing is booked.
 */

const PORT = Number(process.env.E2E_PORT ?? 3999)
const META_APP = `http://127.0.0.1:${PORT - 4}`
/** The WhatsApp fake's control port (its Cloud API is on the port above). */
const CONTROL = `http://127.0.0.1:${PORT - 8}`
const SALON = 'SAL001'

const fr = TEXTS.fr
const wa = fr.dashboard.whatsapp
/** The demo salon's number and name as Meta has them (tests/fakes/whatsapp-server.ts). */
const NUMBER = '+33 6 12 34 56 78'
const NAME = 'Salon Lumière'
const WA_LINK = 'https://wa.me/33612345678'
/** Two templates (reminder, change), one per language. */
const TEMPLATES = 2 * LANGUAGES.length

/** The card (a Card's box, around its "WhatsApp" title). */
const whatsappCard = (page: Page) =>
  page
    .getByRole('heading', { name: wa.title, exact: true })
    .locator('xpath=ancestor::div[contains(@class, "shadow-soft")][1]')

/** Asks the fake's control port; returns its JSON. */
async function control(page: Page, path: string, data?: unknown) {
  const res =
    data === undefined
      ? await page.request.get(`${CONTROL}${path}`)
      : await page.request.post(`${CONTROL}${path}`, { data })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

/** A customer writes to the salon's number (a new one without waId); returns their WhatsApp id. */
async function customerSays(page: Page, text: string, waId?: string): Promise<string> {
  const said = await control(page, '/say', { text, ...(waId ? { waId } : {}) })
  expect(said.status).toBe(200)
  return said.waId
}

const cardState = async (page: Page) =>
  (await (await page.request.get(`/api/salons/${SALON}/whatsapp`)).json()).state as string

/** Signed in, the salon's WhatsApp disconnected and Meta new: the card says what WhatsApp brings. */
async function startDisconnected(page: Page): Promise<Locator> {
  await signIn(page)
  await page.request.post(`/api/salons/${SALON}/whatsapp/disconnect`)
  await control(page, '/reset', {})
  await page.reload()
  const card = whatsappCard(page)
  await expect(card.getByText(wa.badge.not_connected, { exact: true })).toBeVisible()
  return card
}

/**
 * Connect, as the owner does: Meta's signup window opens on the fake's dialog, the owner continues
 * with the salon's number, the window posts the session info, comes back to
 * /whatsapp/signup-return?code&state, hands the code to the dashboard and closes; the card says
 * the number is being set up, then connected.
 */
async function connectThroughMeta(page: Page, card: Locator) {
  // What the dashboard receives from the window (Meta's session info, then the return page's code).
  await page.evaluate(() => {
    const w = window as unknown as { signupMessages: { origin: string; data: unknown }[] }
    w.signupMessages = []
    window.addEventListener('message', (event) => w.signupMessages.push({ origin: event.origin, data: event.data }))
  })
  const opened = page.waitForEvent('popup')
  await card.getByRole('button', { name: wa.connect }).click()
  const popup = await opened
  await expect(popup).toHaveURL(/\/v\d+\.\d+\/dialog\/oauth\?/)
  await expect(popup.getByRole('heading', { name: 'Connect your WhatsApp Business account' })).toBeVisible()
  await expect(card.getByText(wa.waitingHint)).toBeVisible()

  const returned = popup.waitForRequest(/\/whatsapp\/signup-return\?/)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: `Continue with ${NAME} (${NUMBER})` }).click()
  const back = new URL((await returned).url())
  expect(back.origin).toBe(META_APP)
  expect(back.searchParams.get('code')).toBeTruthy()
  expect(back.searchParams.get('state')).toBeTruthy()
  await closed

  await expect(card.getByText(wa.connecting, { exact: true })).toBeVisible()
  await expect(card.getByText(wa.badge.connecting, { exact: true })).toBeVisible()
  const messages = await page.evaluate(
    () => (window as unknown as { signupMessages: { origin: string; data: unknown }[] }).signupMessages,
  )
  const metaOrigin = `http://127.0.0.1:${PORT - 7}`
  expect(messages).toContainEqual({ origin: metaOrigin, data: expect.stringContaining('"event":"FINISH"') })
  expect(messages).toContainEqual({
    origin: META_APP,
    data: {
      type: 'salonia-whatsapp-signup',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    },
  })

  // Read again every 2 s while the number is set up: connected, and said so.
  await expect(card.getByText(wa.badge.connected, { exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(wa.toasts.connected).first()).toBeVisible()
}

/** The week's messages on the card: sent, delivered, read and failed together. */
async function deliveryTotal(card: Locator): Promise<number> {
  await expect(card.getByText(wa.delivery.title)).toBeVisible()
  const figures = await card.getByRole('definition').filter({ hasText: /^\d+$/ }).allTextContents()
  expect(figures).toHaveLength(4)
  return figures.reduce((sum, figure) => sum + Number(figure), 0)
}

/** The serious and critical WCAG 2.1 A/AA violations inside the card. */
async function cardViolations(page: Page, card: Locator): Promise<string[]> {
  await card.evaluate((element) => element.setAttribute('data-axe', 'whatsapp'))
  const { violations } = await new AxeBuilder({ page })
    .include('[data-axe="whatsapp"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('says WhatsApp is not configured on a server without it @once', async ({ page }) => {
  await signIn(page)
  const card = whatsappCard(page)
  await expect(card.getByText(wa.notConfigured)).toBeVisible()
  await expect(card.getByText(wa.badge.not_configured, { exact: true })).toBeVisible()
  await expect(card.getByRole('button')).toHaveCount(0)
})

test.describe('on the Meta server', () => {
  test.use({ baseURL: META_APP })
  test.describe.configure({ timeout: 90_000 })

  // One salon's life with WhatsApp, in order: each step needs the one before (a connection costs
  // Meta's window and the setup), and the test starts disconnected whatever came before it.
  test('connects through Meta, shows the number and its templates approved, counts messages, asks to reconnect once Meta refused the token, and disconnects behind a confirmation', async ({
    page,
  }) => {
    const card = await startDisconnected(page)
    for (const gain of Object.values(wa.gains)) await expect(card.getByText(gain)).toBeVisible()
    await expect(card.getByText(wa.connectHint)).toBeVisible()

    await connectThroughMeta(page, card)
    await expect(card.getByText(NUMBER, { exact: true })).toBeVisible()
    await expect(card.getByText(NAME, { exact: true })).toBeVisible()
    await expect(card.getByText(wa.quality.GREEN, { exact: true })).toBeVisible()
    await expect(card.getByText(fill(wa.limit.perDay, { limit: 250 }))).toBeVisible()
    await expect(card.getByText(wa.templates.status.PENDING, { exact: true })).toHaveCount(TEMPLATES)

    // A customer writes; the assistant answers them (the figures count the salon's week: another
    // project's run may be in them already).
    const sentBefore = await deliveryTotal(card)
    const waId = await customerSays(page, 'Bonjour !')
    await expect
      .poll(async () => (await control(page, `/messages?waId=${waId}`)).messages.length, { timeout: 15_000 })
      .toBeGreaterThan(0)
    // Meta approves both templates in every language. Read again, the card shows them approved,
    // and the week's figures count what the assistant sent.
    await control(page, '/approve', {})
    await page.reload()
    await expect(card.getByText(wa.templates.status.APPROVED, { exact: true })).toHaveCount(TEMPLATES)
    await expect(card.getByText(wa.templates.status.PENDING, { exact: true })).toHaveCount(0)
    expect(await deliveryTotal(card)).toBeGreaterThan(sentBefore)

    // The link customers open a chat with, its QR code, and the code as a PNG file.
    await expect(card.getByRole('textbox', { name: wa.link.label })).toHaveValue(WA_LINK)
    await expect(card.getByRole('link', { name: wa.link.open })).toHaveAttribute('href', WA_LINK)
    await expect(card.getByRole('img', { name: wa.link.qrAlt })).toHaveAttribute('src', /^data:image\/png;base64,/)
    const download = page.waitForEvent('download')
    await card.getByRole('link', { name: fr.dashboard.access.downloadQr }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`QR-${SALON}-whatsapp.png`)
    const png = await readFile(await file.path())
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    expect(await cardViolations(page, card)).toEqual([])
    expect(await noHorizontalOverflow(page)).toBe(true)

    // Meta revokes the token; the next answer to a customer is refused, and the card, read again,
    // asks to reconnect.
    await control(page, '/revoke', {})
    await customerSays(page, 'Vous êtes ouverts samedi ?', waId)
    await expect.poll(() => cardState(page), { timeout: 15_000 }).toBe('reconnect')
    await page.reload()
    await expect(card.getByText(wa.badge.reconnect, { exact: true })).toBeVisible()
    await expect(card.getByText(wa.reconnectText)).toBeVisible()
    await expect(card.getByRole('button', { name: wa.reconnect })).toBeEnabled()
    await expect(card.getByText(NUMBER, { exact: true })).toBeVisible()
    expect(await noHorizontalOverflow(page)).toBe(true)

    await card.getByRole('button', { name: wa.disconnect }).click()
    const dialog = page.getByRole('alertdialog', { name: wa.confirm.title })
    await expect(dialog).toContainText(fill(wa.confirm.text, { number: NUMBER.replace(/ /g, '\u00a0') }))
    await dialog.getByRole('button', { name: wa.confirm.button, exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText(wa.toasts.disconnected).first()).toBeVisible()
    await expect(card.getByText(wa.badge.not_connected, { exact: true })).toBeVisible()
    await expect(card.getByRole('button', { name: wa.connect })).toBeEnabled()
    await expect(card.getByText(wa.gainsTitle)).toBeVisible()
  })
})
