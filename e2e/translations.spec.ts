import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Page, test } from './test'
import { TEXTS } from './texts'

/**
 * Translations (issue 39, point 7): the owner opens the Services area's translations, takes the
 * glossary's German name of a service in one tap, writes its German description and the practical
 * information in another language; a German-speaking customer then books that service by its German
 * name in the chat and reads name, description and practical information in German on their page.
 * Desktop and phone share one server: each adds its own service (named after a glossary entry no
 * other spec uses), books its own day, cancels that booking, and puts back the practical
 * information it changed (desktop the Italian, phone the English).
 */
const fr = TEXTS.fr
const de = TEXTS.de
const editor = fr.translationsEditor

const OWN = {
  desktop: {
    name: 'Manucure',
    german: 'Maniküre',
    description: 'Feilen, Nagelhaut pflegen und lackieren',
    request: 'Ich möchte eine Maniküre am 19. Februar um 11 Uhr',
    practical: 'it',
  },
  phone: {
    name: 'Pédicure',
    german: 'Pediküre',
    description: 'Fußbad, Nagelpflege und Lack',
    request: 'Ich möchte eine Pediküre am 18. Februar um 11 Uhr',
    practical: 'en',
  },
} as const

/** The project's own service, active and untranslated (again, on a retry against the same server). */
async function ownService(page: Page, name: string): Promise<string> {
  const listed = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
    id: string
    name: string
  }[]
  const existing = listed.find((s) => s.name === name)
  if (existing) {
    const reset = await page.request.patch(`/api/salons/SAL001/services/${existing.id}`, {
      data: { isActive: true, translations: { de: null }, descriptionTranslations: { de: null } },
    })
    expect(reset.status(), await reset.text()).toBe(200)
    return existing.id
  }
  const created = await page.request.post('/api/salons/SAL001/services', {
    data: { name, description: 'Limage, cuticules et vernis', duration: 30, priceAmount: '30' },
  })
  expect(created.status(), await created.text()).toBe(201)
  return ((await created.json()) as { id: string }).id
}

test('the owner translates a service and the practical information; a German-speaking customer reads them in the chat and on their page', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000)
  const own = OWN[testInfo.project.name === 'phone' ? 'phone' : 'desktop']
  await signIn(page)
  const serviceId = await ownService(page, own.name)
  const salonBefore = (await (await page.request.get('/api/salons/SAL001')).json()) as {
    practicalInfoTranslations: Record<string, string>
  }
  const practicalBefore = salonBefore.practicalInfoTranslations[own.practical] ?? null
  try {
    await page.reload()
    const opener = page.getByRole('button', { name: editor.open, exact: true })
    await opener.click()
    await expect(page.getByRole('button', { name: editor.close, exact: true })).toHaveAttribute('aria-expanded', 'true')
    const languages = page.getByRole('tablist', { name: editor.languagesLabel })
    await expect(languages.getByRole('tab')).toHaveText([/allemand/i, /italien/i, /anglais/i])

    // German: the glossary's name as the suggestion, taken in one tap; a description written.
    const block = page.getByRole('region', { name: own.name, exact: true })
    const nameField = block.getByLabel(fill(editor.nameLabel, { language: 'allemand' }))
    await expect(nameField).toHaveValue('')
    await expect(nameField).toHaveAttribute('placeholder', own.german)
    await block.getByRole('button', { name: fill(editor.useSuggestionLabel, { name: own.german }) }).click()
    await expect(nameField).toHaveValue(own.german)
    await expect(nameField).toBeFocused()
    await block.getByLabel(fill(editor.descriptionLabel, { language: 'allemand' })).fill(own.description)
    await expect(block.getByText(editor.unsaved)).toBeVisible()
    expect(await noHorizontalOverflow(page)).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await block.screenshot({ path: testInfo.outputPath('service-translation.png') })
    await block.getByRole('button', { name: fill(editor.saveService, { name: own.name }) }).click()
    await expect(block.getByText(editor.saved)).toBeVisible()
    const saved = (await (await page.request.get('/api/salons/SAL001/services')).json()) as {
      id: string
      ownerTranslations: Record<string, string>
      descriptionTranslations: Record<string, string>
    }[]
    expect(saved.find((s) => s.id === serviceId)).toMatchObject({
      ownerTranslations: { de: own.german },
      descriptionTranslations: { de: own.description },
    })

    // The keyboard moves between languages; the practical information of another one, saved.
    const selectedLanguage = languages.getByRole('tab', { selected: true })
    await selectedLanguage.focus()
    await page.keyboard.press('ArrowRight')
    await expect(selectedLanguage).toContainText(/italien/i)
    if (own.practical === 'en') {
      // Once Italian is shown (its texts drawn in the panel), the next arrow goes on from its tab.
      await selectedLanguage.focus()
      await page.keyboard.press('ArrowRight')
    }
    const languageName = own.practical === 'it' ? 'italien' : 'anglais'
    await expect(languages.getByRole('tab', { selected: true })).toContainText(new RegExp(languageName, 'i'))
    const practical = page.getByRole('region', { name: editor.practical.title, exact: true })
    await expect(practical).toContainText(fill(editor.reference, { language: 'français' }), { ignoreCase: true })
    const practicalField = practical.getByLabel(fill(editor.practical.label, { language: languageName }), {
      exact: true,
    })
    const written = own.practical === 'it' ? 'Carta o contanti. Parcheggio a 50 m.' : 'Card or cash. Parking 50 m away.'
    await practicalField.fill(written)
    await practical.getByRole('button', { name: fill(editor.practical.save, { language: languageName }) }).click()
    await expect(practical.getByText(editor.saved)).toBeVisible()
    expect(await noHorizontalOverflow(page)).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath('translations.png') })

    // A German-speaking customer books it by its German name in the chat…
    const link = await bookInGerman(page, own.request, own.german)
    // …and their page says it in German: name, description, practical information.
    await page.goto(link)
    const card = page.getByRole('main')
    await expect(card.getByText(own.german, { exact: true })).toBeVisible()
    await expect(card.getByText(own.description)).toBeVisible()
    await expect(card.getByText(de.bookingPage.practicalInfo)).toBeVisible()
    await expect(card).toContainText(/Zahlung/)
    expect(await noHorizontalOverflow(page)).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath('booking-page-de.png'), fullPage: true })
    // Given back: the appointment cancelled from the page.
    await page.getByRole('button', { name: de.bookingPage.cancel }).click()
    await page
      .getByRole('alertdialog', { name: de.bookingPage.cancelDialog.title })
      .getByRole('button', { name: de.bookingPage.cancelDialog.confirm })
      .click()
    await expect(page.getByRole('status')).toContainText(de.bookingPage.cancelled)
  } finally {
    // What other specs see stays as it was: the service no longer offered, the practical information back.
    await page.request.patch(`/api/salons/SAL001/services/${serviceId}`, { data: { isActive: false } })
    await page.request.patch('/api/salons/SAL001', {
      data: { practicalInfoTranslations: { [own.practical]: practicalBefore } },
    })
  }
})

/** The chat, written in German: the service asked for by its German name, proposed, booked; the link to the page. */
async function bookInGerman(page: Page, request: string, german: string): Promise<string> {
  await page.goto('/chat/SAL001')
  await page.getByLabel(fr.chat.profile.name).fill('Jana')
  await page.getByRole('button', { name: fr.chat.profile.start }).click()
  const field = page.getByRole('textbox', { name: fr.chat.composer.label })
  const log = page.getByRole('log', { name: fr.chat.messages.label })
  await field.fill(request)
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(3, { timeout: 30_000 })
  await expect(log.getByRole('listitem').last()).toContainText(german)
  await field.fill('ja')
  await field.press('Enter')
  await expect(log.getByRole('listitem')).toHaveCount(5, { timeout: 30_000 })
  await expect(log.getByRole('listitem').last()).toContainText(german)
  const href =
    (await page.getByRole('link', { name: new RegExp(fr.chat.bookingLink.title) }).getAttribute('href')) ?? ''
  expect(href).toMatch(/\/r\/[\w-]{44}$/)
  return new URL(href).pathname
}
