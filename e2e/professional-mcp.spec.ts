import { MCP_INITIALIZE, mcpHeaders } from '@tests/helpers/mcp'
import { noHorizontalOverflow, signIn } from './helpers'
import { type APIRequestContext, expect, test } from './test'
import { TEXTS } from './texts'

/**
 * The salon's MCP token from its dashboard, on the demo server: created and shown once, copied,
 * used by an agent for a real MCP call, replaced (the old one refused), revoked. Desktop and phone
 * share one server, so the test starts by revoking whatever token the other left.
 */
const fr = TEXTS.fr
const mcp = fr.dashboard.mcp

/** What the MCP server answers an agent's `initialize` with this bearer token. */
async function initialize(request: APIRequestContext, token: string) {
  return request.post('/mcp', { headers: mcpHeaders(token), data: MCP_INITIALIZE })
}

test('creates an MCP token shown once, an agent uses it, then it is replaced and revoked @once', async ({
  page,
  context,
  request,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) })
  await signIn(page)
  // Whatever the seed or the other project left: no token.
  expect((await page.request.delete('/api/salons/SAL001/mcp-token')).status()).toBe(200)
  await page.reload()

  const card = page.getByRole('region', { name: mcp.title })
  await expect(card.getByText(mcp.none)).toBeVisible()
  // The address the agent connects to: PUBLIC_URL/mcp.
  const serverUrl = new URL('/mcp', page.url()).href
  await expect(card.getByRole('textbox', { name: mcp.serverLabel })).toHaveValue(serverUrl)
  await expect(card.getByRole('button', { name: mcp.revoke })).toHaveCount(0)
  await card.scrollIntoViewIfNeeded()
  await shot('mcp-card-without-token')

  // The first token: no question asked, shown once.
  await card.getByRole('button', { name: mcp.newToken }).click()
  const shown = page.getByRole('dialog', { name: mcp.createdTitle })
  const tokenField = shown.getByRole('textbox', { name: mcp.tokenLabel })
  await expect(tokenField).toHaveValue(/^SAL001\.[A-Za-z0-9_-]{43}$/)
  const first = await tokenField.inputValue()
  await expect(shown.getByRole('note')).toContainText(mcp.shownOnce)
  await expect(shown.getByRole('textbox', { name: mcp.serverLabel })).toHaveValue(serverUrl)
  await shot('mcp-token-shown-once')
  await shown.getByRole('button', { name: mcp.copyToken }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
  await shown.getByRole('button', { name: mcp.done }).click()
  await expect(shown).toBeHidden()
  expect(await page.content()).not.toContain(first)
  await expect(card.getByText(mcp.active)).toBeVisible()
  await expect(card).toContainText(/Créé le \d+ \S+ \d{4} à \d\d:\d\d/)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await shot('mcp-card-with-token')

  // The salon's agent connects with it.
  const answer = await initialize(request, first)
  expect(answer.status()).toBe(200)
  expect((await answer.json()).result.serverInfo).toBeTruthy()

  // A new token, after a warning: the old one stops working at once.
  await card.getByRole('button', { name: mcp.newToken }).click()
  const replace = page.getByRole('alertdialog', { name: mcp.replaceTitle })
  await expect(replace).toContainText(mcp.replaceText)
  await shot('mcp-replace-confirmation')
  await replace.getByRole('button', { name: mcp.replaceConfirm }).click()
  const second = await shown.getByRole('textbox', { name: mcp.tokenLabel }).inputValue()
  expect(second).not.toBe(first)
  await shown.getByRole('button', { name: mcp.done }).click()
  expect((await initialize(request, first)).status()).toBe(401)
  expect((await initialize(request, second)).status()).toBe(200)

  // Revoked: no token works, and the card says so, also after a reload.
  await card.getByRole('button', { name: mcp.revoke }).click()
  const revoke = page.getByRole('alertdialog', { name: mcp.revokeTitle })
  await revoke.getByRole('button', { name: mcp.revokeConfirm }).click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(mcp.revoked)
  await expect(card.getByText(mcp.none)).toBeVisible()
  expect((await initialize(request, second)).status()).toBe(401)
  await page.reload()
  await expect(page.getByRole('region', { name: mcp.title }).getByText(mcp.none)).toBeVisible()
})

test('the card speaks German to a German owner, and fits the screen', async ({ page }, testInfo) => {
  const de = TEXTS.de
  await page.addInitScript(() => localStorage.setItem('salonia-language', 'de'))
  await signIn(page, de)
  expect((await page.request.delete('/api/salons/SAL001/mcp-token')).status()).toBe(200)
  await page.reload()
  const card = page.getByRole('region', { name: de.dashboard.mcp.title })
  await expect(card.getByText(de.dashboard.mcp.description)).toBeVisible()
  await expect(card.getByText(de.dashboard.mcp.none)).toBeVisible()
  await card.getByRole('button', { name: de.dashboard.mcp.newToken }).click()
  const shown = page.getByRole('dialog', { name: de.dashboard.mcp.createdTitle })
  await expect(shown.getByRole('note')).toContainText(de.dashboard.mcp.shownOnce)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('mcp-token-shown-once-de.png') })
  await shown.getByRole('button', { name: de.dashboard.mcp.done }).click()
  await card.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('mcp-card-de.png') })
})
