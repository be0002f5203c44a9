import { test } from './own-client'
import { expect, type Page } from './test'
import { TEXTS } from './texts'

const fr = TEXTS.fr

interface StoredEntry {
  salonName: string
  contactEmail: string
  phone: string | null
  address: string
  country: string | null
  referralCode: string | null
  ambassadorName: string | null
  status: string
}

/** What the server stored, read as an administrator (signed in the demo way, as on `npm start`). */
async function storedEntries(page: Page): Promise<StoredEntry[]> {
  const start = await page.request.get('/api/google/admin-auth-url')
  const state = new URL((await start.json()).authUrl).searchParams.get('state')
  expect((await page.request.post('/api/auth/demo', { data: { state } })).ok()).toBe(true)
  const response = await page.request.get('/api/admin/waitlist')
  expect(response.ok()).toBe(true)
  return response.json()
}

/** A salon name no other test run uses (the waitlist refuses exact duplicates). */
const uniqueSalon = (label: string) => `${label} ${test.info().project.name} ${Date.now()}`

async function fillRequired(page: Page, salonName: string, email: string) {
  await page.getByLabel(fr.waitlist.form.salonName).fill(salonName)
  await page.getByLabel(fr.waitlist.form.contactEmail).fill(email)
  await page.getByLabel(fr.waitlist.form.address).fill('8 place du Marché, 69002 Lyon')
}

test('a salon joins the waitlist: the entry is stored and the form clears', async ({ page }) => {
  const salonName = uniqueSalon('Salon Écume')
  await page.goto('/waitlist')
  await fillRequired(page, salonName, 'Contact@Ecume-Lyon.fr')
  await page.getByLabel(fr.waitlist.form.phone).fill('+33 4 72 00 00 00')

  // The country picker lists countries with flags, searchable in the visitor's language.
  await page.getByRole('button', { name: fr.waitlist.form.country }).click()
  await page.getByRole('combobox', { name: fr.waitlist.form.countrySearch }).fill('suis')
  const options = page.getByRole('option')
  await expect(options).toHaveCount(1)
  await expect(options.first()).toHaveText('Suisse')
  await expect(options.first().locator('img')).toHaveAttribute('src', '/flags/CH.svg')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: fr.waitlist.form.country })).toHaveText(/Suisse/)
  // Opened again, the list shows the chosen country, not the top of the alphabet.
  await page.getByRole('button', { name: fr.waitlist.form.country }).click()
  await expect(page.getByRole('option', { name: 'Suisse', selected: true })).toBeInViewport()
  await expect(page.getByRole('option', { name: 'Afghanistan' })).not.toBeInViewport()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: fr.waitlist.form.country })).toHaveText(/Suisse/)

  // Hold the answer a moment to see the button while the request is on its way.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('/api/waitlist', async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(page.getByRole('button', { name: fr.waitlist.form.submitting })).toBeDisabled()
  release()

  await expect(page.getByRole('form', { name: fr.waitlist.form.label }).getByRole('status')).toContainText(
    'Inscription réussie',
  )
  await expect(page.getByLabel(fr.waitlist.form.salonName)).toHaveValue('')
  await expect(page.getByLabel(fr.waitlist.form.contactEmail)).toHaveValue('')
  await expect(page.getByRole('button', { name: fr.waitlist.form.country })).toHaveText(
    fr.waitlist.form.countryPlaceholder,
  )
  // The same news as a toast, which a swipe to the right dismisses.
  const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')
  await expect(toast).toContainText(fr.waitlist.successTitle)
  await page.screenshot({ path: test.info().outputPath('waitlist-success.png'), fullPage: true })

  const stored = (await storedEntries(page)).find((e) => e.salonName === salonName)
  expect(stored).toMatchObject({
    contactEmail: 'contact@ecume-lyon.fr',
    phone: '+33 4 72 00 00 00',
    address: '8 place du Marché, 69002 Lyon',
    country: 'CH',
    referralCode: null,
    ambassadorName: null,
    status: 'pending',
  })

  const box = await toast.boundingBox()
  if (box) {
    await page.mouse.move(box.x + 40, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 })
    await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 6 })
    await page.mouse.up()
  }
  await expect(toast).toHaveCount(0)

  // Signing up the same salon again is refused politely, in the visitor's language.
  await fillRequired(page, salonName, 'contact@ecume-lyon.fr')
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('déjà sur notre liste')
})

test('an ambassador link shows the recommendation and credits the ambassador @once', async ({ page }) => {
  const salonName = uniqueSalon('Salon Recommandé')
  await page.goto('/waitlist?ref=AMBDEMO1')
  await expect(page.getByText(fr.waitlist.referral)).toBeVisible()
  await expect(page.getByText('AMBDEMO1', { exact: true })).toBeVisible()
  await fillRequired(page, salonName, 'salon.recommande@example.fr')
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(page.getByRole('form', { name: fr.waitlist.form.label }).getByRole('status')).toContainText(
    'Inscription réussie',
  )

  const stored = (await storedEntries(page)).find((e) => e.salonName === salonName)
  expect(stored).toMatchObject({ referralCode: 'AMBDEMO1', ambassadorName: 'Camille Martin', status: 'pending' })
})

test('a bad e-mail is pointed out and nothing is sent @once', async ({ page }) => {
  const salonName = uniqueSalon('Salon Sans Mail')
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await page.goto('/waitlist')
  await fillRequired(page, salonName, 'pas-un-email@')
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()

  const email = page.getByLabel(fr.waitlist.form.contactEmail)
  await expect(page.getByRole('alert').filter({ hasText: fr.waitlist.errors.contactEmail })).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toBeFocused()
  await expect(page.getByLabel(fr.waitlist.form.salonName)).toHaveValue(salonName)
  expect(posts).toEqual([])
  expect((await storedEntries(page)).some((e) => e.salonName === salonName)).toBe(false)

  // Required fields left empty are named too.
  await page.getByLabel(fr.waitlist.form.salonName).fill('')
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(page.getByRole('alert').filter({ hasText: fr.waitlist.errors.salonName })).toBeVisible()
})

test('a network failure says the form could not be submitted and keeps what was typed @once', async ({ page }) => {
  await page.goto('/waitlist')
  const salonName = uniqueSalon('Salon Hors Ligne')
  await fillRequired(page, salonName, 'hors.ligne@example.fr')
  await page.route('/api/waitlist', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: fr.waitlist.form.submit }).click()
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(fr.waitlist.errors.network)
  await expect(page.getByLabel(fr.waitlist.form.salonName)).toHaveValue(salonName)

  // F8 takes the keyboard to the notification.
  await page.keyboard.press('F8')
  await expect(page.getByRole('region', { name: /Notifications/ }).locator(':focus')).toHaveCount(1)
})
