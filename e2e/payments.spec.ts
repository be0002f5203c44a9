import frAccount from '@app/locales/areas/payment-account/fr.json' with { type: 'json' }
import frDesk from '@app/locales/areas/payment-desk/fr.json' with { type: 'json' }
import frPolicy from '@app/locales/areas/payment-policy/fr.json' with { type: 'json' }
import { formatMoney } from '@common/money'
import { fill, noHorizontalOverflow, seriousViolations, signIn } from './helpers'
import { expect, type Page, type TestInfo, test } from './test'
import { TEXTS } from './texts'

/**
 * Deposits and card guarantees through Stripe (issue 41), on a desktop and on a phone, against the
 * Meta server (scripts/e2e-instagram-server.mjs), whose Stripe is the local fake
 * (tests/fakes/stripe-server.ts: its API and hosted pages on one port, its control port below).
 * The owner connects the salon's Stripe account through the fake's hosted onboarding and comes
 * back to a ready card; sets a deposit on a service in the services editor; a customer booking
 * that service in the chat is told the deposit before the yes, gets a link, pays on the fake's
 * checkout page, lands back on their page confirmed; the owner's booking panel shows the deposit
 * paid. Both projects share the server, its database and the fake: each test sets the state it
 * starts from, and each project books its own time.
 */

const PORT = Number(process.env.E2E_PORT ?? 3999)
const META_APP = `http://127.0.0.1:${PORT - 4}`
/** The fake Stripe's API and hosted pages, and its control port (scripts/e2e-instagram-server.mjs). */
const STRIPE = `http://127.0.0.1:${PORT - 9}`
const STRIPE_CONTROL = `http://127.0.0.1:${PORT - 10}`
const SALON = 'SAL001'

const fr = TEXTS.fr
const pa = frAccount.paymentAccount
const pp = frPolicy.paymentPolicy
const pd = frDesk.paymentDesk
const bp = fr.bookingPage.payment
const euros = (minor: number) => formatMoney(minor, 'EUR', 'fr')

const SERVICE = 'Balayage'
/** The deposit every test of a booking asks for Balayage (95 €): 30 € fixed, free cancellation up to 48 h before. */
const DEPOSIT = { kind: 'deposit', deposit: { type: 'fixed', amountMinor: 3000 }, freeCancelHours: 48 } as const

interface Card {
  state: string
  accountId: string | null
  payoutsEnabled: boolean
}

/** Plays Stripe through the fake's control port; returns its JSON. */
async function stripeControl(page: Page, path: string, data: unknown = {}) {
  const res = await page.request.post(`${STRIPE_CONTROL}${path}`, { data })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

async function stripeCard(page: Page): Promise<Card> {
  const res = await page.request.get(`/api/salons/${SALON}/stripe`)
  expect(res.ok(), await res.text()).toBe(true)
  return res.json()
}

async function serviceId(page: Page, name: string): Promise<string> {
  const services = (await (await page.request.get(`/api/salons/${SALON}/services`)).json()) as {
    id: string
    name: string
  }[]
  const found = services.find((s) => s.name === name)
  if (!found) throw new Error(`No ${name} in the demo data`)
  return found.id
}

async function setPolicy(page: Page, name: string, policy: unknown) {
  const res = await page.request.put(`/api/salons/${SALON}/services/${await serviceId(page, name)}/payment-policy`, {
    data: policy,
  })
  expect(res.ok(), await res.text()).toBe(true)
}

/**
 * The salon's Stripe account ready (charges and payouts on), through the API and the fake's control
 * port: an onboarding link asked (the account made if need be), onboarding completed on Stripe's
 * side, the account read again.
 */
async function stripeReady(page: Page) {
  if ((await stripeCard(page)).state === 'ready') return
  const res = await page.request.post(`/api/salons/${SALON}/stripe/onboarding`)
  expect(res.ok(), await res.text()).toBe(true)
  const { accountId } = await stripeCard(page)
  await stripeControl(page, '/complete-onboarding', { accountId })
  await page.request.post(`/api/salons/${SALON}/stripe/refresh`)
  await expect.poll(async () => (await stripeCard(page)).state, { timeout: 10_000 }).toBe('ready')
}

/**
 * Waits for the page to be still (a smooth scroll is not an animation: nothing moves in a frame),
 * before a screenshot: back from Stripe, the card scrolls itself into view.
 */
async function still(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const before = window.scrollY
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === before)))
      }),
  )
}

/** For a screenshot of a part taller than the window: the sticky header stays at the top of the page, off it. */
const HEADER_IN_PLACE = 'header.sticky { position: static !important; }'

/** The client-access area's Payments card. */
const paymentsCard = (page: Page) => page.getByRole('region', { name: pa.title, exact: true })

test.describe('on the Meta server, Stripe being the local fake', () => {
  test.use({ baseURL: META_APP })

  test('connects Stripe through its hosted onboarding and comes back to a ready card', async ({ page }, testInfo) => {
    await signIn(page)
    // A salon without Stripe. Stripe itself is not reset: the salon's account, once made, is kept
    // by the product (and by Stripe), and connecting again continues with it (the second project
    // reconnects the account the first one made). The test below plays a Stripe that lost it.
    await page.request.post(`/api/salons/${SALON}/stripe/disconnect`)
    await page.reload()
    const card = paymentsCard(page)
    await expect(card.getByText(pa.badge.not_connected, { exact: true })).toBeVisible()
    for (const gain of Object.values(pa.gains)) await expect(card.getByText(gain)).toBeVisible()

    // A real redirect to Stripe's hosted onboarding page, in this tab.
    await card.getByRole('button', { name: pa.connect }).click()
    await page.waitForURL(`${STRIPE}/setup/c/**`)
    await expect(page.getByRole('heading', { name: 'Set up payments with Stripe' })).toBeVisible()
    await page.getByRole('button', { name: 'Complete onboarding' }).click()

    // Back on the dashboard (?stripe=returned, taken out of the address bar), the card read again.
    await page.waitForURL(`${META_APP}/professional?stripe=returned`)
    await expect(page).toHaveURL(`${META_APP}/professional`)
    await expect(card.getByText(pa.badge.ready, { exact: true })).toBeVisible({ timeout: 15_000 })
    await expect(card.getByText(pa.ready.title)).toBeVisible()
    await expect(card.getByText(pa.back.ready)).toBeVisible()
    await expect(card.getByText(pa.ready.figuresTitle)).toBeVisible()
    expect(await stripeCard(page)).toMatchObject({ state: 'ready', payoutsEnabled: true })
    await expect(card.getByRole('button', { name: pa.disconnect })).toBeVisible()

    expect(await seriousViolations(page)).toEqual([])
    expect(await noHorizontalOverflow(page)).toBe(true)
    await still(page)
    // Its foot in the window (its scroll margin, kept for the sticky header, would push it below).
    await card.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    await card.screenshot({ path: testInfo.outputPath('stripe-card-ready.png'), style: HEADER_IN_PLACE })
  })

  // Stripe no longer knows the account the salon had (deleted, or the salon removed our platform;
  // the fake's /reset plays it): connecting again makes a new one.
  test('connects again when Stripe no longer knows the account the salon had @once', async ({ page }) => {
    await signIn(page)
    await stripeReady(page)
    const { accountId: lost } = await stripeCard(page)
    await page.request.post(`/api/salons/${SALON}/stripe/disconnect`)
    await stripeControl(page, '/reset')
    await page.reload()
    const card = paymentsCard(page)
    await expect(card.getByText(pa.badge.not_connected, { exact: true })).toBeVisible()
    await card.getByRole('button', { name: pa.connect }).click()
    await page.waitForURL(`${STRIPE}/setup/c/**`, { timeout: 10_000 })
    await page.getByRole('button', { name: 'Complete onboarding' }).click()
    await page.waitForURL(`${META_APP}/professional?stripe=returned`)
    await expect(card.getByText(pa.badge.ready, { exact: true })).toBeVisible({ timeout: 15_000 })
    const { accountId } = await stripeCard(page)
    expect(accountId).toMatch(/^acct_/)
    expect(accountId).not.toBe(lost)
  })

  test('sets a deposit on a service in the services editor, with the sentence the customer will read', async ({
    page,
  }, testInfo) => {
    await signIn(page)
    await stripeReady(page)
    await setPolicy(page, SERVICE, { kind: 'none' })
    await page.reload()

    await page.getByRole('button', { name: fill(fr.services.editLabel, { name: SERVICE }) }).click()
    const dialog = page.getByRole('dialog', { name: fill(fr.services.editTitle, { name: SERVICE }) })
    const section = dialog.getByRole('group', { name: pp.title })
    await expect(section.getByRole('radio', { name: pp.kinds.none, exact: true })).toBeChecked()
    await section.getByRole('radio', { name: pp.kinds.deposit, exact: true }).check()
    await expect(section.getByRole('radio', { name: pp.depositType.fixed })).toBeChecked()
    await section.getByLabel(fill(pp.fields.amount, { currency: 'EUR' })).fill('30')
    await section.getByLabel(pp.fields.hours).fill('48')
    await expect(section.getByTestId('payment-preview')).toHaveText(
      fill(pp.preview.deposit, { amount: euros(3000), hours: 48 }),
    )
    await expect(section.getByTestId('payment-readiness')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(await noHorizontalOverflow(page)).toBe(true)
    // What the owner sees with the sentence scrolled into view (the dialog's buttons stay at its foot).
    await section.getByTestId('payment-preview').scrollIntoViewIfNeeded()
    await dialog.screenshot({ path: testInfo.outputPath('policy-editor.png') })

    await dialog.getByRole('button', { name: fr.services.save }).click()
    await expect(dialog).toBeHidden()
    const row = page
      .getByRole('list', { name: fr.services.listLabel })
      .getByRole('listitem')
      .filter({ hasText: SERVICE })
    await expect(row.getByText(fill(pp.badge.deposit, { amount: euros(3000) }), { exact: true })).toBeVisible()
    const policies = await (await page.request.get(`/api/salons/${SALON}/payment-policies`)).json()
    expect(policies.policies[await serviceId(page, SERVICE)]).toEqual(DEPOSIT)
  })

  test('a customer told the deposit in the chat pays it on Stripe, and the salon sees it paid', async ({
    page,
    browser,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone'
    // Saturday 5 December (the demo clock starts on Tuesday the 1st): a time of each project's own.
    const hour = phone ? 14 : 10
    const day = '2026-12-05'
    const customerName = `Camille Acompte ${testInfo.project.name}`
    await signIn(page)
    await stripeReady(page)
    await setPolicy(page, SERVICE, DEPOSIT)

    const customer = await browser.newContext(customerContext(testInfo))
    const chat = await customer.newPage()
    await chat.goto('/chat/SAL001')
    await chat.getByLabel(fr.chat.profile.name).fill(customerName)
    await chat.getByRole('button', { name: fr.chat.profile.start }).click()
    const field = chat.getByRole('textbox', { name: fr.chat.composer.label })
    const log = chat.getByRole('log', { name: fr.chat.messages.label })
    await field.fill(`Bonjour, je voudrais un balayage samedi à ${hour}h`)
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 })
    // The deposit is said before the customer commits.
    const offer = log.getByRole('listitem').last()
    await expect(offer).toContainText(SERVICE)
    await expect(offer).toContainText(`acompte de ${euros(3000)}`)
    await field.fill('oui')
    await field.press('Enter')
    await expect(log.getByRole('listitem')).toHaveCount(5, { timeout: 20_000 })
    const held = log.getByRole('listitem').last()
    await expect(held).toContainText(`réglez l'acompte de ${euros(3000)}`)
    const payLink = ((await held.textContent()) ?? '').match(/https?:\/\/\S+\/api\/r\/[\w-]+\/pay/)?.[0]
    expect(payLink, 'the pay link in the reply').toBeTruthy()
    await chat.screenshot({ path: testInfo.outputPath('chat-held.png') })

    // The link in the reply opens in a tab of its own (the chat stays): our link goes on to
    // Stripe's checkout page, where the default test card pays.
    const [checkout] = await Promise.all([
      customer.waitForEvent('page'),
      held.getByRole('link', { name: payLink ?? '' }).click(),
    ])
    await expect(checkout).toHaveURL(new RegExp(`^${STRIPE}/c/pay/`))
    await expect(checkout.getByRole('heading', { name: 'Pay with card' })).toBeVisible()
    await expect(checkout.getByText('Pay 30.00 EUR')).toBeVisible()
    const back = checkout.waitForURL(/\/r\/[\w-]+\?paid=1$/)
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click()
    await back
    await expect(checkout.getByText(bp.received).or(checkout.getByText(bp.confirmed))).toBeVisible()
    await expect(checkout.getByText(bp.confirmed)).toBeVisible({ timeout: 15_000 })
    await expect(checkout.getByText(bp.states.paid)).toBeVisible()
    await expect(checkout.getByText(fill(bp.movements.deposit, { amount: euros(3000) }))).toBeVisible()
    // Free cancellation until 48 hours before — on the salon's clock (the demo's), not the device's.
    await expect(
      checkout.getByText(fill(bp.policy.until.deposit, { day: 'jeudi 3 décembre', time: `${hour}:00` })),
    ).toBeVisible()
    expect(await seriousViolations(checkout)).toEqual([])
    expect(await noHorizontalOverflow(checkout)).toBe(true)
    await checkout.screenshot({ path: testInfo.outputPath('booking-page-paid.png'), fullPage: true })
    await customer.close()

    // The owner's panel of that booking: the deposit paid, its line in the ledger.
    const bookings = (await (await page.request.get(`/api/salons/${SALON}/bookings?from=${day}&to=${day}`)).json()) as {
      id: string
      clientName: string
      status: string
      localTime: string
      member: { name: string }
    }[]
    const booked = bookings.find((b) => b.clientName === customerName)
    expect(booked).toMatchObject({ status: 'confirmed', localTime: `${hour}:00` })
    await page.getByRole('tab', { name: fr.agenda.tab }).click()
    await page.getByLabel(fr.agenda.date).fill(day)
    // A phone shows one stylist at a time (e2e/agenda.spec.ts): the one the assistant gave the booking to.
    if (phone) await page.getByRole('button', { name: booked?.member.name, exact: true }).click()
    await page.locator(`[data-booking="${booked?.id}"]`).click()
    const panel = page.getByRole('dialog').filter({ hasText: fr.desk.history.title })
    const payment = panel.getByRole('region', { name: pd.title, exact: true })
    await expect(payment.getByText(pd.states.paid, { exact: true })).toBeVisible()
    const line = payment.getByRole('listitem').filter({ hasText: pd.ledger.kinds.deposit })
    await expect(line).toContainText(euros(3000))
    await expect(line).toContainText(pd.ledger.by.customer)
    await expect(
      payment.getByText(fill(pd.freeCancel.until.deposit, { day: 'jeudi 3 décembre', time: `${hour}:00` })),
    ).toBeVisible()
    expect(await noHorizontalOverflow(page)).toBe(true)
    await panel.screenshot({ path: testInfo.outputPath('booking-panel-paid.png') })
  })
})

/** A customer's browser of the same kind as the project's (a phone on the phone), in France. */
function customerContext(testInfo: TestInfo) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use
  return {
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL: META_APP,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  }
}
