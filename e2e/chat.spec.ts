import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { fill, noHorizontalOverflow } from './helpers'
import { type BrowserContext, expect, type Page, type Request, test } from './test'
import { TEXTS } from './texts'

const fr = TEXTS.fr
const SALON = 'Salon Lumière'
const ADDRESS = '12 rue des Lilas, 75011 Paris'
const PROFILE_COOKIE = 'salonia_user_info'

const conversation = (page: Page) => page.getByRole('log', { name: fr.chat.messages.label })
const messageField = (page: Page) => page.getByRole('textbox', { name: fr.chat.composer.label })
const sendButton = (page: Page) => page.getByRole('button', { name: fr.chat.composer.send })
const profileDialog = (page: Page) => page.getByRole('dialog')

/** Opens a salon's chat on a first visit and answers the profile dialog. */
async function startChat(page: Page, path = '/chat/SAL001', name = 'Marie', phone?: string) {
  await page.goto(path)
  await expect(profileDialog(page)).toBeVisible()
  await page.getByLabel(fr.chat.profile.name).fill(name)
  if (phone !== undefined) await page.getByLabel(fr.chat.profile.phone).fill(phone)
  await page.getByRole('button', { name: fr.chat.profile.start }).click()
  await expect(profileDialog(page)).toBeHidden()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
}

async function storedProfile(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === PROFILE_COOKIE)
  expect(cookie, 'the profile cookie').toBeDefined()
  return { cookie, profile: JSON.parse(decodeURIComponent(cookie?.value ?? '')) }
}

/** Holds the chat requests until released (a slow network), then lets them reach the server. */
async function holdChat(page: Page, endpoint = '**/api/mcp/chat') {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(endpoint, async (route) => {
    await held
    await route.continue()
  })
  return release
}

async function expectNoSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

/** Waits for the finite animations (a dialog popping in) and any smooth scroll to end before a screenshot. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  // A smooth scroll is not an animation: the page is still when no scroll position moves in a frame.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const positions = () =>
          [window.scrollY, ...[...document.querySelectorAll('*')].map((element) => element.scrollTop)].join()
        const before = positions()
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(positions() === before)))
      }),
  )
}

test('without a salon in the link: restricted access, and a way home @once', async ({ page }) => {
  await page.goto('/chat')
  await expect(page.getByRole('heading', { level: 1, name: fr.chat.restricted.title })).toBeVisible()
  await expect(page.getByText(fr.chat.restricted.description)).toBeVisible()
  await page.getByRole('link', { name: fr.common.backHome }).click()
  await expect(page.getByRole('heading', { level: 1, name: fr.home.hero.title })).toBeVisible()
})

test('an unknown salon: "salon not found" in the visitor\'s language, with a link home @once', async ({ page }) => {
  await page.goto('/chat/SAL999')
  await expect(page.getByRole('heading', { level: 1, name: fr.chat.notFound.title })).toBeVisible()
  await expect(profileDialog(page)).toHaveCount(0)
  await expect(messageField(page)).toHaveCount(0)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('salon-not-found.png') })

  await page.evaluate(() => localStorage.setItem('salonia-language', 'it'))
  await page.goto('/chat/no-such-hash')
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.it.chat.notFound.title })).toBeVisible()
  await page.getByRole('link', { name: TEXTS.it.common.backHome }).click()
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.it.home.hero.title })).toBeVisible()
})

test('first visit: the profile dialog asks for a first name and cannot be put aside', async ({ page, context }) => {
  await page.goto('/chat/SAL001')
  const dialog = profileDialog(page)
  await expect(dialog.getByRole('heading', { level: 1, name: fr.chat.title })).toBeVisible()
  await expect(dialog.getByText(SALON)).toBeVisible()
  // The first name is where typing goes (focused once the dialog has painted).
  await expect(dialog.getByLabel(fr.chat.profile.name)).toBeFocused()
  await expectNoSeriousAxeViolation(page)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('profile-dialog.png') })

  const start = dialog.getByRole('button', { name: fr.chat.profile.start })
  await expect(start).toBeDisabled()
  await dialog.getByLabel(fr.chat.profile.name).fill('   ')
  await expect(start).toBeDisabled()

  // Neither a click outside nor Escape closes it.
  await page.mouse.click(5, 5)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: fr.common.close })).toHaveCount(0)

  await dialog.getByLabel(fr.chat.profile.name).fill('  Marie  ')
  await dialog.getByLabel(fr.chat.profile.phone).fill('  06 12 34 56 78 ')
  await start.click()
  await expect(dialog).toBeHidden()

  // The salon's greeting, the customer's name and the salon's address in the header.
  await expect(conversation(page).getByRole('listitem')).toHaveText([
    new RegExp(escapeRegExp(fill(fr.chat.welcome.new, { salon: SALON }))),
  ])
  await expect(page.getByRole('heading', { level: 1, name: SALON })).toBeVisible()
  await expect(page.getByRole('banner').getByText(`Marie · ${ADDRESS}`)).toBeVisible()
  await expect(page.getByRole('button', { name: fr.chat.header.profile })).toBeVisible()
  await expect(messageField(page)).toBeFocused()
  await expectNoSeriousAxeViolation(page)

  const { cookie, profile } = await storedProfile(context)
  expect(profile).toMatchObject({ name: 'Marie', phone: '06 12 34 56 78', language: 'fr', salonId: 'SAL001' })
  expect(profile.sessionId).toMatch(/^user-\d+-[a-z0-9]+$/)
  expect(Date.parse(profile.lastActive.SAL001)).not.toBeNaN()
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' })
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30)

  // A reload keeps the profile and the conversation: no dialog, the same greeting.
  await page.reload()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  await expect(profileDialog(page)).toHaveCount(0)
})

test('a phone left empty is not kept @once', async ({ page, context }) => {
  await startChat(page, '/chat/SAL001', 'Léa', '   ')
  const { profile } = await storedProfile(context)
  expect(profile.name).toBe('Léa')
  expect(profile).not.toHaveProperty('phone')
  await expect(page.getByRole('banner').getByText(`Léa · ${ADDRESS}`)).toBeVisible()
})

test('Profil opens the edit dialog; saving says "Profil mis à jour"', async ({ page, context }) => {
  await startChat(page, '/chat/SAL001', 'Marie', '0612345678')
  await page.getByRole('button', { name: fr.chat.header.profile }).click()
  const dialog = profileDialog(page)
  await expect(dialog.getByRole('heading', { name: fr.chat.profile.editTitle })).toBeVisible()
  await expect(dialog.getByLabel(fr.chat.profile.name)).toHaveValue('Marie')
  await expect(dialog.getByLabel(fr.chat.profile.name)).toBeFocused()
  await expect(dialog.getByLabel(fr.chat.profile.phone)).toHaveValue('0612345678')
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('profile-edit.png') })

  // A click outside does not close it; its close button does, changing nothing.
  await page.mouse.click(5, 5)
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: fr.common.close }).click()
  await expect(dialog).toBeHidden()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)

  await page.getByRole('button', { name: fr.chat.header.profile }).click()
  await dialog.getByLabel(fr.chat.profile.name).fill('')
  await expect(dialog.getByRole('button', { name: fr.chat.profile.save })).toBeDisabled()
  await dialog.getByLabel(fr.chat.profile.name).fill(' Marion ')
  await dialog.getByLabel(fr.chat.profile.phone).fill('')
  await dialog.getByRole('button', { name: fr.chat.profile.save }).click()
  await expect(dialog).toBeHidden()

  await expect(conversation(page).getByRole('listitem').last()).toContainText(
    fill(fr.chat.profile.updated, { name: 'Marion' }),
  )
  await expect(page.getByRole('banner').getByText(`Marion · ${ADDRESS}`)).toBeVisible()
  const { profile } = await storedProfile(context)
  expect(profile.name).toBe('Marion')
  expect(profile).not.toHaveProperty('phone')

  // In English, the confirmation is in English.
  await page.getByRole('button', { name: /^EN\b/ }).click()
  await page.getByRole('button', { name: TEXTS.en.chat.header.profile }).click()
  await dialog.getByLabel(TEXTS.en.chat.profile.name).fill('Marie')
  await dialog.getByRole('button', { name: TEXTS.en.chat.profile.save }).click()
  await expect(
    page.getByRole('log', { name: TEXTS.en.chat.messages.label }).getByRole('listitem').last(),
  ).toContainText('Profile updated! Hello Marie')
})

test.describe('a customer with a saved profile @once', () => {
  const DAY = 86_400_000
  const profileActive = (daysAgo: number) => {
    const at = new Date(Date.now() - daysAgo * DAY).toISOString()
    return {
      name: 'Camille',
      language: 'fr',
      sessionId: `user-${Date.now()}-abc123`,
      lastActive: { SAL001: at },
      timestamp: at,
      salonId: 'SAL001',
    }
  }
  const setProfile = (context: BrowserContext, value: string) =>
    context.addCookies([
      { name: PROFILE_COOKIE, value, url: test.info().project.use.baseURL ?? '', sameSite: 'Strict' },
    ])

  test('seen here within 30 days: welcomed back by name, no dialog', async ({ page, context }) => {
    await setProfile(context, encodeURIComponent(JSON.stringify(profileActive(2))))
    await page.goto('/chat/SAL001')
    await expect(conversation(page).getByRole('listitem')).toContainText([
      fill(fr.chat.welcome.returning, { salon: SALON, name: 'Camille' }),
    ])
    await expect(profileDialog(page)).toHaveCount(0)
    // This visit counts: the last activity moves to now.
    const { profile } = await storedProfile(context)
    expect(Date.now() - Date.parse(profile.lastActive.SAL001)).toBeLessThan(60_000)
  })

  test('seen here more than 30 days ago: the generic greeting', async ({ page }) => {
    await setProfile(page.context(), encodeURIComponent(JSON.stringify(profileActive(40))))
    await page.goto('/chat/SAL001')
    await expect(conversation(page).getByRole('listitem')).toContainText([fill(fr.chat.welcome.new, { salon: SALON })])
    await expect(page.getByRole('banner').getByText(`Camille · ${ADDRESS}`)).toBeVisible()
  })

  test('an unreadable profile cookie counts as none, with a warning', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await setProfile(page.context(), encodeURIComponent('{"name": "Camille"'))
    await page.goto('/chat/SAL001')
    await expect(profileDialog(page)).toBeVisible()
    expect(warnings.some((w) => w.includes('profile cookie'))).toBe(true)
  })
})

test('the language badges switch the texts, and the language sent with the messages', async ({ page, context }) => {
  await startChat(page)
  const de = TEXTS.de
  await page.getByRole('button', { name: /^DE\b/ }).click()
  await expect(page.getByRole('button', { name: /^DE\b/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('log', { name: de.chat.messages.label }).getByRole('listitem')).toContainText([
    fill(de.chat.welcome.new, { salon: SALON }),
  ])
  await expect(page.getByRole('textbox', { name: de.chat.composer.label })).toHaveAttribute(
    'placeholder',
    de.chat.composer.placeholder,
  )
  await expect(page.getByRole('button', { name: de.chat.header.profile })).toBeVisible()
  await expect(page.getByText(de.chat.header.mcpMode)).toBeVisible()
  expect((await storedProfile(context)).profile.language).toBe('de')

  const request = page.waitForRequest('**/api/mcp/chat')
  await page.getByRole('textbox', { name: de.chat.composer.label }).fill('Guten Tag')
  await page.keyboard.press('Enter')
  expect((await request).postDataJSON().context.language).toBe('de')

  for (const language of ['it', 'en', 'fr'] as const) {
    await page.getByRole('button', { name: new RegExp(`^${language.toUpperCase()}\\b`) }).click()
    await expect(page.getByRole('textbox', { name: TEXTS[language].chat.composer.label })).toBeVisible()
    await expect(page.getByRole('log').getByRole('listitem').first()).toContainText(
      fill(TEXTS[language].chat.welcome.new, { salon: SALON }),
    )
  }
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
})

test('Enter sends, Shift+Enter adds a line; a blank message is never sent @once', async ({ page }) => {
  await startChat(page)
  const sent: Request[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mcp/chat')) sent.push(request)
  })
  const field = messageField(page)

  await field.fill('   ')
  await expect(sendButton(page)).toBeDisabled()
  await field.press('Enter')

  await field.fill('')
  await field.pressSequentially('Bonjour')
  await field.press('Shift+Enter')
  await field.pressSequentially('une coupe, svp')
  await expect(field).toHaveValue('Bonjour\nune coupe, svp')
  expect(sent).toHaveLength(0)

  const request = page.waitForRequest('**/api/mcp/chat')
  await field.press('Enter')
  const body = (await request).postDataJSON()
  await expect(field).toHaveValue('')
  expect(body.message).toBe('Bonjour\nune coupe, svp')
  expect(body.context).toMatchObject({ clientName: 'Marie', language: 'fr', salonId: 'SAL001' })
  expect(body.context.userId).toMatch(/^user-\d+-/)
  expect(body.context.chatId).toMatch(/^web-session-SAL001-\d+-[a-z0-9]+$/)
  expect(body.context).not.toHaveProperty('clientPhone')

  // The message keeps its line break on screen.
  const mine = conversation(page).getByRole('listitem').nth(1)
  expect(await mine.locator('div').first().innerText()).toContain('Bonjour\nune coupe, svp')
  expect(sent).toHaveLength(1)
})

test('the typing indicator shows exactly while the reply is on its way; nothing else leaves meanwhile @once', async ({
  page,
}) => {
  await startChat(page)
  const release = await holdChat(page)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/mcp/chat')) sent.push(request.postDataJSON().message)
  })
  const typing = page.getByText(fr.chat.messages.typing)

  await messageField(page).fill('Quels sont vos horaires ?')
  await sendButton(page).click()
  await expect(typing).toBeAttached()
  await expect(page.getByTestId('typing-indicator')).toBeVisible()
  // The indicator is not a message: the list holds the welcome and the question only.
  await expect(conversation(page).getByRole('listitem')).toHaveCount(2)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('typing.png') })

  // The field stays editable, but nothing is sent until the reply is in.
  await messageField(page).fill('Et le samedi ?')
  await expect(sendButton(page)).toBeDisabled()
  await messageField(page).press('Enter')
  await expect(messageField(page)).toHaveValue('Et le samedi ?')
  expect(sent).toEqual(['Quels sont vos horaires ?'])

  release()
  await expect(page.getByTestId('typing-indicator')).toHaveCount(0)
  await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
  await expect(sendButton(page)).toBeEnabled()
})

test('a failed send shows the apology with a cross, in the current language @once', async ({ page }) => {
  await startChat(page)
  await page.route('**/api/mcp/chat', (route) => route.abort('connectionreset'))
  await messageField(page).fill('Bonjour')
  await messageField(page).press('Enter')
  const apology = conversation(page).getByRole('listitem').last()
  await expect(apology).toContainText(fr.chat.errors.send)
  await expect(apology).toContainText(fr.chat.messages.failed)
  await expect(apology.locator('svg.lucide-x')).toBeVisible()
  await expect(sendButton(page)).toBeDisabled() // empty field
  await messageField(page).fill('Encore')
  await expect(sendButton(page)).toBeEnabled()
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('send-failed.png') })

  await page.unroute('**/api/mcp/chat')
  await page.route('**/api/mcp/chat', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal error', requestId: 'req-1' } }),
  )
  for (const language of ['en', 'de', 'it'] as const) {
    await page.getByRole('button', { name: new RegExp(`^${language.toUpperCase()}\\b`) }).click()
    const field = page.getByRole('textbox', { name: TEXTS[language].chat.composer.label })
    await field.fill('Hello')
    await field.press('Enter')
    await expect(page.getByRole('log').getByRole('listitem').last()).toContainText(TEXTS[language].chat.errors.send)
  }
  expect(TEXTS.en.chat.errors.send).toBe('Sorry, an error occurred. Please try again.')
})

test('the conversation survives a reload; the reset button starts a new one with the welcome @once', async ({
  page,
}) => {
  await startChat(page)
  await page.route('**/api/mcp/chat', (route) => route.abort('failed'))
  const firstRequest = page.waitForRequest('**/api/mcp/chat')
  await messageField(page).fill('Je voudrais un brushing')
  await messageField(page).press('Enter')
  const firstChatId = (await firstRequest).postDataJSON().context.chatId
  await expect(conversation(page).getByRole('listitem')).toHaveCount(3)

  await page.reload()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
  await expect(conversation(page)).toContainText('Je voudrais un brushing')

  await page.getByRole('button', { name: fr.chat.header.reset }).click()
  await expect(conversation(page).getByRole('listitem')).toHaveCount(1)
  await expect(conversation(page).getByRole('listitem')).toContainText([fill(fr.chat.welcome.new, { salon: SALON })])

  const nextRequest = page.waitForRequest('**/api/mcp/chat')
  await messageField(page).fill('Une coloration alors')
  await messageField(page).press('Enter')
  const nextChatId = (await nextRequest).postDataJSON().context.chatId
  expect(nextChatId).toMatch(/^web-session-SAL001-/)
  expect(nextChatId).not.toBe(firstChatId)

  // The reset conversation stays reset after a reload.
  await page.reload()
  await expect(conversation(page)).not.toContainText('Je voudrais un brushing')
  await expect(conversation(page)).toContainText('Une coloration alors')
})

test('MCP mode by default, with its badge; the legacy link talks to the legacy assistant @once', async ({ page }) => {
  await startChat(page, '/chat/SAL001')
  await expect(page.getByText(fr.chat.header.mcpMode, { exact: true })).toBeVisible()
  const mcp = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/'))
  await messageField(page).fill('Bonjour')
  await messageField(page).press('Enter')
  expect(new URL((await mcp).url()).pathname).toBe('/api/mcp/chat')

  await page.goto('/chat/SAL001/legacy')
  await expect(page.getByRole('heading', { level: 1, name: SALON })).toBeVisible()
  await expect(page.getByText(fr.chat.header.mcpMode, { exact: true })).toHaveCount(0)
  const legacy = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/'))
  await messageField(page).fill('Bonjour')
  await messageField(page).press('Enter')
  expect(new URL((await legacy).url()).pathname).toBe('/api/ai/chat')
})

test.describe('on a 360 px phone @phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('nothing overflows, the field stays at the bottom, targets are large, the newest message shows', async ({
    page,
  }) => {
    await page.goto('/chat/SAL001')
    await expect(profileDialog(page)).toBeVisible()
    expect(await noHorizontalOverflow(page)).toBe(true)
    await page.getByLabel(fr.chat.profile.name).fill('Marie')
    await page.getByRole('button', { name: fr.chat.profile.start }).click()
    await expect(profileDialog(page)).toBeHidden()

    await page.route('**/api/mcp/chat', (route) => route.abort('failed'))
    const long = `Bonjour, ${'x'.repeat(120)} et https://example.com/${'tres-long-lien-'.repeat(8)}`
    for (const text of [long, 'Deux', 'Trois', 'Quatre', 'Cinq']) {
      await messageField(page).fill(text)
      await messageField(page).press('Enter')
      await expect(sendButton(page)).toBeDisabled()
    }
    await expect(conversation(page).getByRole('listitem')).toHaveCount(11)
    await expect(conversation(page).getByRole('listitem').last()).toBeInViewport()
    expect(await noHorizontalOverflow(page)).toBe(true)

    const field = await messageField(page).boundingBox()
    expect(field && field.y + field.height).toBeGreaterThan(740 - 80)
    for (const target of [
      sendButton(page),
      page.getByRole('button', { name: fr.chat.header.profile }),
      page.getByRole('button', { name: fr.chat.header.reset }),
      page.getByRole('button', { name: /^FR\b/ }),
    ]) {
      const box = await target.boundingBox()
      expect(box?.height).toBeGreaterThanOrEqual(36)
      expect(box?.width).toBeGreaterThanOrEqual(40)
    }
  })
})

test.describe('screenshots', () => {
  test('phone, 375 × 740 @phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/chat/SAL001')
    await expect(profileDialog(page)).toBeVisible()
    await settle(page)
    await page.screenshot({ path: test.info().outputPath('phone-profile.png') })
    await page.getByLabel(fr.chat.profile.name).fill('Marie')
    await page.getByRole('button', { name: fr.chat.profile.start }).click()
    await page.route('**/api/mcp/chat', (route) => route.abort('failed'))
    await messageField(page).fill('Bonjour ! Auriez-vous un créneau samedi matin\npour une coupe femme ?')
    await messageField(page).press('Enter')
    await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
    await page.unroute('**/api/mcp/chat')
    const release = await holdChat(page)
    await messageField(page).fill('Merci')
    await messageField(page).press('Enter')
    await expect(page.getByTestId('typing-indicator')).toBeVisible()
    await settle(page)
    await page.screenshot({ path: test.info().outputPath('phone-chat.png') })
    release()
  })

  test('desktop, 1280 × 800: a centred column', { tag: '@wide' }, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/chat/SAL001')
    await expect(profileDialog(page)).toBeVisible()
    await settle(page)
    await page.screenshot({ path: test.info().outputPath('desktop-profile.png') })
    await page.getByLabel(fr.chat.profile.name).fill('Marie')
    await page.getByRole('button', { name: fr.chat.profile.start }).click()
    const log = await conversation(page).boundingBox()
    const column = await page.getByRole('main').boundingBox()
    expect(column?.width).toBeLessThanOrEqual(760)
    expect(Math.abs((column?.x ?? 0) + (column?.width ?? 0) / 2 - 640)).toBeLessThan(2)
    expect(log).not.toBeNull()
    await page.route('**/api/mcp/chat', (route) => route.abort('failed'))
    await messageField(page).fill('Bonjour ! Auriez-vous un créneau samedi matin pour une coupe femme ?')
    await messageField(page).press('Enter')
    await expect(conversation(page).getByRole('listitem')).toHaveCount(3)
    await settle(page)
    await page.screenshot({ path: test.info().outputPath('desktop-chat.png') })
  })
})

test('booking end to end: the reply carries a calendar file that downloads as .ics @once', async ({ page }) => {
  test.setTimeout(60_000)
  // Each project books its own time, on the same server.
  const hour = test.info().project.name === 'phone' ? '15h' : '14h'
  await startChat(page, '/chat/SAL001', 'Marie', '06 12 34 56 78')
  const assistantReplies = conversation(page).getByRole('listitem')

  await messageField(page).fill(`Je voudrais une coupe femme demain à ${hour}`)
  await messageField(page).press('Enter')
  // The typing indicator is an item of the list too: wait for the reply itself.
  await expect(page.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 20_000 })
  await expect(assistantReplies).toHaveCount(3)
  await expect(assistantReplies.last()).not.toContainText(fr.chat.errors.send)

  const attachment = page.getByRole('button', { name: new RegExp(fr.chat.ics.add) })
  if ((await attachment.count()) === 0) {
    // The assistant asks for a confirmation first.
    await messageField(page).fill('oui')
    await messageField(page).press('Enter')
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 20_000 })
    await expect(assistantReplies).toHaveCount(5)
  }
  await expect(attachment).toBeVisible()
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('booked.png') })

  const download = page.waitForEvent('download')
  await attachment.click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.ics$/)
  const path = await file.path()
  expect(readFileSync(path, 'utf8')).toContain('BEGIN:VCALENDAR')
})

test("tap instead of type: the offered times and yes/no are buttons that send the customer's words; a cancellation's card removes the appointment", async ({
  page,
}) => {
  test.setTimeout(60_000)
  // Each project books on its own day, on the same server.
  const day = test.info().project.name === 'phone' ? 'dans 9 jours' : 'dans 10 jours'
  await startChat(page, '/chat/SAL001', 'Inès')
  const messages = conversation(page).getByRole('listitem')
  const quickReplies = conversation(page).getByRole('group', { name: fr.chat.suggestions.label })
  const replyIn = async (count: number) => {
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 20_000 })
    await expect(messages).toHaveCount(count)
  }

  await messageField(page).fill(`Une coupe homme ${day}, l'après-midi`)
  await messageField(page).press('Enter')
  await replyIn(3)
  // The times offered, as buttons; one taken from the keyboard sends it and gives the field back.
  const first = quickReplies.getByRole('button').first()
  await expect(first).toBeVisible()
  expect(await noHorizontalOverflow(page)).toBe(true)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('times-offered.png') })
  await first.focus()
  await page.keyboard.press('Enter')
  await replyIn(5)
  await expect(messageField(page)).toBeFocused()
  // The customer's own words in the transcript, as if typed.
  await expect(messages.nth(3)).toHaveText(/\d{1,2}:\d{2}|\bà\b/)
  await expect(quickReplies.getByRole('button', { name: 'Oui, je réserve' })).toBeVisible()
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('proposal.png') })
  await quickReplies.getByRole('button', { name: 'Oui, je réserve' }).click()
  await replyIn(7)
  await expect(messages.nth(5)).toContainText(/^(?:Vous\s*:\s*)?oui/)
  await expect(page.getByRole('button', { name: new RegExp(fr.chat.ics.add) })).toBeVisible()
  // A booked reply asks nothing: no buttons left over from the question before.
  await expect(quickReplies).toHaveCount(0)

  await messageField(page).fill('je veux annuler mon rendez-vous')
  await messageField(page).press('Enter')
  await replyIn(9)
  await quickReplies.getByRole('button', { name: 'Oui, annuler' }).click()
  await replyIn(11)
  const removal = page.getByRole('button', { name: new RegExp(fr.chat.ics.remove) })
  await expect(removal).toBeVisible()
  await expect(removal).toContainText(fr.chat.ics.removeHint)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('cancelled.png') })
})

test('one conversation, as a newcomer has it: a booking, a question, a relative move, a correction and a cancellation all go right', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const phone = test.info().project.name === 'phone'
  // Days no other test books or closes (professional.spec.ts adds absences in January and February).
  const [cutDay, blowDryDay] = phone
    ? ['mardi 23 février', 'samedi 13 février']
    : ['jeudi 25 février', 'samedi 6 février']
  await startChat(page, '/chat/SAL001', 'Romane')
  const messages = conversation(page).getByRole('listitem')
  const quickReplies = conversation(page).getByRole('group', { name: fr.chat.suggestions.label })
  let count = 1
  const say = async (text: string) => {
    await messageField(page).fill(text)
    await messageField(page).press('Enter')
    count += 2
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 20_000 })
    await expect(messages).toHaveCount(count)
    return messages.nth(count - 1)
  }
  const tap = async (label: string) => {
    await quickReplies.getByRole('button', { name: label }).click()
    count += 2
    await expect(page.getByTestId('typing-indicator')).toHaveCount(0, { timeout: 20_000 })
    await expect(messages).toHaveCount(count)
    return messages.nth(count - 1)
  }

  await expect(await say(`une coupe homme ${cutDay} à 10h`)).toContainText('10:00')
  await expect(await tap('Oui, je réserve')).toContainText('réservé')
  // A question after a booking is answered, and offers to change nothing.
  const answer = await say("c'est où exactement ?")
  await expect(answer).toContainText('12 rue des Lilas')
  await expect(quickReplies).toHaveCount(0)
  // Moved relative to the appointment, not to today.
  await expect(await say('une heure plus tard, c’est possible ?')).toContainText('11:00')
  await expect(await tap('Oui, le déplacer')).toContainText(/déplacé.*11:00/)
  // A second booking with a correction: the later time wins, the rest is kept.
  await expect(await say(`et un brushing ${blowDryDay} à 14h… ah non, plutôt 15h`)).toContainText(/Brushing.*15:00/)
  await expect(await tap('Oui, je réserve')).toContainText('réservé')
  // The cancellation names the one meant, and the card says it removes it from the calendar.
  await expect(await say('finalement annulez le brushing')).toContainText(/Brushing.*15:00/)
  await expect(await tap('Oui, annuler')).toContainText('annulé')
  await expect(page.getByRole('button', { name: new RegExp(fr.chat.ics.remove) })).toBeVisible()
  await expect(await say('et il me reste quoi comme rendez-vous ?')).toContainText(/Coupe homme.*11:00/)
  expect(await noHorizontalOverflow(page)).toBe(true)
  await settle(page)
  await page.screenshot({ path: test.info().outputPath('one-conversation.png') })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
