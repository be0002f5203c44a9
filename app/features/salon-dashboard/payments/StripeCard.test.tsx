// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { PaymentAccountCard as Card } from '@common/schemas/payments'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { StripeCard } from './StripeCard'
import { missingTopics, STRIPE_RETURN_POLL_MS, STRIPE_RETURN_WATCH_MS } from './stripe-api'

const NOT_CONFIGURED: Card = {
  state: 'not_configured',
  accountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  missing: [],
  currency: null,
  figures: null,
}
const NOT_CONNECTED: Card = { ...NOT_CONFIGURED, state: 'not_connected' }
const ONBOARDING: Card = {
  state: 'onboarding',
  accountId: 'acct_1Nv0FGQ9RKHgCVdK',
  chargesEnabled: false,
  payoutsEnabled: false,
  missing: [
    'external_account',
    'business_profile.url',
    'individual.verification.document',
    'tos_acceptance.date',
    'tos_acceptance.ip',
    'representative.first_name',
    'company.tax_id',
    'settings.payments.statement_descriptor',
  ],
  currency: 'EUR',
  figures: { deposits: 0, refunded: 0, kept: 0, fees: 0 },
}
const RESTRICTED: Card = { ...ONBOARDING, state: 'restricted', chargesEnabled: true, missing: [] }
const READY: Card = {
  ...ONBOARDING,
  state: 'ready',
  chargesEnabled: true,
  payoutsEnabled: true,
  missing: [],
  figures: { deposits: 123450, refunded: 2000, kept: 1500, fees: 3000 },
}

const CARD_URL = 'GET /api/salons/SAL001/stripe'
const ONBOARDING_URL = 'POST /api/salons/SAL001/stripe/onboarding'
const REFRESH_URL = 'POST /api/salons/SAL001/stripe/refresh'
const DISCONNECT_URL = 'POST /api/salons/SAL001/stripe/disconnect'
const STRIPE_LINK = 'https://connect.stripe.test/setup/s/acct_1Nv0FGQ9RKHgCVdK/Xyz'

type Route = () => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch answering by "METHOD path", counting each call; anything else is a 404. */
function serve(routes: Record<string, Route>) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`
      calls.push(call)
      const route = routes[call]
      return route ? route() : json({ code: 'route.not_found', message: 'Not found' }, 404)
    }),
  )
  return { count: (call: string) => calls.filter((each) => each === call).length }
}

/** The card's answers in turn: each read gets the next one, the last one stays. */
function inTurn(...cards: Card[]): Route {
  let read = 0
  return () => json(cards[Math.min(read++, cards.length - 1)])
}

const catchNavigation = () => vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)
/** French writes amounts with no-break spaces: compared with plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ')

/** The toast saying `words`: its whole text and its tone. */
async function toastSaying(words: string) {
  const notifications = screen.getByRole('region', { name: /Notifications/ })
  const description = await within(notifications).findByText((_, element) =>
    Boolean(element?.matches('li *') && !element.children.length && plain(element.textContent).includes(words)),
  )
  const item = description.closest('li') as HTMLElement
  return { text: plain(item.textContent), tone: item.getAttribute('data-tone') }
}

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('the Payments card', () => {
  it('says payments are not set up on this server, names what to set, and offers nothing to press', async () => {
    serve({ [CARD_URL]: () => json(NOT_CONFIGURED) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Les paiements ne sont pas configurés sur ce serveur')).toBeTruthy()
    expect(screen.getByText('Indisponible')).toBeTruthy()
    expect(screen.getByText('STRIPE_SECRET_KEY')).toBeTruthy()
    expect(screen.getByText('STRIPE_WEBHOOK_SECRET')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('region', { name: 'Paiements' })).toBeTruthy()
  })

  it('says what Stripe brings and offers to connect it', async () => {
    serve({ [CARD_URL]: () => json(NOT_CONNECTED) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    const gains = (await screen.findByText('En connectant Stripe :')).parentElement as HTMLElement
    const items = within(gains)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toHaveLength(4)
    expect(items[0]).toContain('acompte ou une carte en garantie, service par service')
    expect(items[1]).toContain('rendez-vous manqués vous coûtent moins')
    expect(items[2]).toContain('directement sur le compte Stripe de votre salon')
    expect(items[3]).toContain('lien que l’assistant lui envoie dans le chat')
    expect(screen.getByText('Non connecté')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connecter Stripe' })).toBeTruthy()
  })

  it('says onboarding is incomplete, what Stripe still waits for in plain words, and offers to continue', async () => {
    serve({ [CARD_URL]: () => json(ONBOARDING) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Inscription Stripe incomplète')).toBeTruthy()
    expect(screen.getByText(/l’inscription n’est pas terminée/)).toBeTruthy()
    expect(screen.getByText('À finaliser').className).toContain('bg-warning-soft')
    const missing = (screen.getByText('Stripe attend encore :').parentElement as HTMLElement).querySelectorAll('li')
    expect([...missing].map((item) => item.textContent)).toEqual([
      'Le compte bancaire qui reçoit les virements',
      'Le site web du salon',
      'Une pièce d’identité',
      'L’acceptation des conditions d’utilisation de Stripe',
      'Les informations du représentant légal',
      'Les informations de l’entreprise',
      'D’autres informations',
    ])
    expect(screen.getByRole('button', { name: 'Continuer sur Stripe' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Déconnecter/ })).toBeNull()
  })

  it('says when Stripe has the details but has not turned payments and payouts on', async () => {
    serve({ [CARD_URL]: () => json(RESTRICTED) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Inscription Stripe incomplète')).toBeTruthy()
    expect(screen.getByText(/n’a pas encore activé à la fois les paiements et les virements/)).toBeTruthy()
    expect(screen.getByText(/Stripe vérifie vos informations/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Continuer sur Stripe' })).toBeTruthy()
  })

  it('shows a ready account: payouts on, its id and the last 30 days in the salon’s currency', async () => {
    serve({ [CARD_URL]: () => json(READY) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Prêt — virements activés')).toBeTruthy()
    expect(screen.getByText('Prêt').className).toContain('bg-success-soft')
    expect(screen.getByText('acct_1Nv0FGQ9RKHgCVdK')).toBeTruthy()
    const figure = (label: string) => plain(screen.getByText(label).nextElementSibling?.textContent)
    expect(figure('Acomptes encaissés')).toBe('1 234,50 €')
    expect(figure('Acomptes remboursés')).toBe('20 €')
    expect(figure('Acomptes conservés')).toBe('15 €')
    expect(figure('Frais prélevés')).toBe('30 €')
    const dashboard = screen.getByRole('link', { name: /Ouvrir le tableau de bord Stripe/ })
    expect(dashboard.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('button', { name: 'Déconnecter Stripe' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Connecter Stripe|Continuer/ })).toBeNull()
  })

  it('is not shown on a server without Stripe at all', async () => {
    const server = serve({})
    const { container } = renderWithQueries(<StripeCard salonId="SAL001" />)
    await waitFor(() => expect(server.count(CARD_URL)).toBe(1))
    await waitFor(() => expect(container.textContent).toBe(''))
  })

  it('says it could not read the card, and reads it again on request', async () => {
    let reads = 0
    serve({
      [CARD_URL]: () =>
        reads++ === 0 ? json({ code: 'internal', message: 'Internal error' }, 500) : json(NOT_CONNECTED),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Impossible de charger les informations de paiement du salon.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: 'Connecter Stripe' })).toBeTruthy()
  })
})

describe('what Stripe still needs', () => {
  it('groups requirement names by topic, in a fixed order, once each', () => {
    expect(
      missingTopics([
        'person_1AbC.verification.document',
        'external_account',
        'individual.first_name',
        'representative.verification.additional_document',
        'business_profile.mcc',
        'company.verification.document',
        'owners.email',
        'individual.dob.day',
      ]),
    ).toEqual(['bankAccount', 'identity', 'individual', 'company', 'business', 'other'])
    expect(missingTopics([])).toEqual([])
  })
})

describe('going to Stripe', () => {
  it('posts for an onboarding link and sends the browser there, busy meanwhile', async () => {
    const assign = catchNavigation()
    let answer: (response: Response) => void = () => undefined
    const server = serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [ONBOARDING_URL]: () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter Stripe' }))
    const busy = await screen.findByRole('button', { name: 'Ouverture de Stripe…' })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    answer(json({ url: STRIPE_LINK }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_LINK))
    expect(server.count(ONBOARDING_URL)).toBe(1)
    // The browser is leaving: the button stays busy.
    expect(screen.getByRole('button', { name: 'Ouverture de Stripe…' })).toBeTruthy()
  })

  it('continues an onboarding through the same link', async () => {
    const assign = catchNavigation()
    serve({ [CARD_URL]: () => json(ONBOARDING), [ONBOARDING_URL]: () => json({ url: STRIPE_LINK }) })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Continuer sur Stripe' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith(STRIPE_LINK))
  })

  it('says Stripe cannot be reached, and lets the owner try again', async () => {
    const assign = catchNavigation()
    serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [ONBOARDING_URL]: () => json({ code: 'stripe.unavailable', message: 'Stripe cannot be reached' }, 503),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter Stripe' }))
    const toast = await toastSaying('Stripe est injoignable pour le moment : réessayez dans un instant.')
    expect(toast.text).toContain('Stripe n’a pas pu être ouvert')
    expect(toast.tone).toBe('destructive')
    expect(assign).not.toHaveBeenCalled()
    const button = (await screen.findByRole('button', { name: 'Connecter Stripe' })) as HTMLButtonElement
    expect(button.disabled).toBe(false)
  })

  it('says payments are not set up when the server has lost Stripe meanwhile, and reads the card again', async () => {
    catchNavigation()
    const server = serve({
      [CARD_URL]: inTurn(NOT_CONNECTED, NOT_CONFIGURED),
      [ONBOARDING_URL]: () => json({ code: 'stripe.not_configured', message: 'Not configured' }, 409),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter Stripe' }))
    expect((await toastSaying('Les paiements ne sont pas configurés sur ce serveur')).tone).toBe('destructive')
    expect(await screen.findByText('STRIPE_SECRET_KEY')).toBeTruthy()
    expect(server.count(CARD_URL)).toBe(2)
  })
})

describe('coming back from Stripe', () => {
  it('asks the server to read the account again, follows the card every 2 s until ready, and clears the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    window.history.replaceState(null, '', '/professional?stripe=returned#payments')
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    const server = serve({
      [CARD_URL]: inTurn(ONBOARDING, ONBOARDING, RESTRICTED, READY),
      [REFRESH_URL]: () => json(ONBOARDING),
    })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await waitFor(() => expect(server.count(REFRESH_URL)).toBe(1))
    expect(window.location.pathname).toBe('/professional')
    expect(window.location.search).toBe('')
    expect(window.location.hash).toBe('#payments')
    expect(await screen.findByText('Bon retour de Stripe')).toBeTruthy()
    expect(screen.getByText('Nous vérifions votre compte auprès de Stripe…')).toBeTruthy()
    expect(scroll).toHaveBeenCalledTimes(1)

    for (let read = 0; read < 3; read++) await act(() => vi.advanceTimersByTimeAsync(STRIPE_RETURN_POLL_MS))
    expect(await screen.findByText('Prêt — virements activés')).toBeTruthy()
    expect(screen.getByText(/Votre compte Stripe est prêt/)).toBeTruthy()
    const reads = server.count(CARD_URL)
    // Ready: the card is no longer followed, and the return is not repeated.
    await act(() => vi.advanceTimersByTimeAsync(3 * STRIPE_RETURN_POLL_MS))
    expect(server.count(CARD_URL)).toBe(reads)
    expect(server.count(REFRESH_URL)).toBe(1)
    expect(scroll).toHaveBeenCalledTimes(1)
  })

  it('stops following the card after 20 s when Stripe has not turned it on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    window.history.replaceState(null, '', '/professional?stripe=returned')
    const server = serve({ [CARD_URL]: () => json(ONBOARDING), [REFRESH_URL]: () => json(ONBOARDING) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Nous vérifions votre compte auprès de Stripe…')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(STRIPE_RETURN_WATCH_MS + STRIPE_RETURN_POLL_MS))
    expect(await screen.findByText(/Stripe n’a pas encore activé votre compte/)).toBeTruthy()
    const reads = server.count(CARD_URL)
    // Read every 2 s meanwhile (the first read, then about ten more), then no more.
    expect(reads).toBeGreaterThan(STRIPE_RETURN_WATCH_MS / STRIPE_RETURN_POLL_MS - 2)
    expect(reads).toBeLessThanOrEqual(2 + STRIPE_RETURN_WATCH_MS / STRIPE_RETURN_POLL_MS)
    await act(() => vi.advanceTimersByTimeAsync(5 * STRIPE_RETURN_POLL_MS))
    expect(server.count(CARD_URL)).toBe(reads)
  })

  it('stops as soon as the account changed and then stayed the same', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    window.history.replaceState(null, '', '/professional?stripe=returned')
    const server = serve({
      [CARD_URL]: inTurn(ONBOARDING, ONBOARDING, RESTRICTED, RESTRICTED),
      [REFRESH_URL]: () => json(ONBOARDING),
    })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await waitFor(() => expect(server.count(REFRESH_URL)).toBe(1))
    for (let read = 0; read < 4; read++) await act(() => vi.advanceTimersByTimeAsync(STRIPE_RETURN_POLL_MS))
    expect(await screen.findByText(/Stripe vérifie vos informations/)).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Nous vérifions votre compte auprès de Stripe…')).toBeNull())
    const reads = server.count(CARD_URL)
    await act(() => vi.advanceTimersByTimeAsync(3 * STRIPE_RETURN_POLL_MS))
    expect(server.count(CARD_URL)).toBe(reads)
  })

  it('follows the card all the same when the server could not be asked to read the account again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    window.history.replaceState(null, '', '/professional?stripe=returned')
    const server = serve({
      [CARD_URL]: inTurn(ONBOARDING, READY),
      [REFRESH_URL]: () => json({ code: 'internal', message: 'Internal error' }, 500),
    })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await waitFor(() => expect(server.count(REFRESH_URL)).toBe(1))
    expect(await screen.findByText('Inscription Stripe incomplète')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(STRIPE_RETURN_POLL_MS))
    expect(await screen.findByText('Prêt — virements activés')).toBeTruthy()
    expect(window.location.search).toBe('')
  })

  it('does nothing of the sort on an ordinary visit', async () => {
    const server = serve({ [CARD_URL]: () => json(ONBOARDING), [REFRESH_URL]: () => json(ONBOARDING) })
    renderWithQueries(<StripeCard salonId="SAL001" />)
    expect(await screen.findByText('Inscription Stripe incomplète')).toBeTruthy()
    expect(screen.queryByText('Bon retour de Stripe')).toBeNull()
    expect(server.count(REFRESH_URL)).toBe(0)
  })
})

describe('disconnecting', () => {
  it('asks first, saying what paid bookings keep, then disconnects and reads the card again', async () => {
    const server = serve({
      [CARD_URL]: inTurn(READY, NOT_CONNECTED),
      [DISCONNECT_URL]: () => json({ success: true }),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter Stripe' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Déconnecter Stripe ?' })
    expect(dialog.textContent).toContain('Les réservations déjà payées gardent leur argent')
    expect(dialog.textContent).toContain('les remboursements restent possibles')
    expect(server.count(DISCONNECT_URL)).toBe(0)

    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter' }))
    await waitFor(() => expect(server.count(DISCONNECT_URL)).toBe(1))
    expect((await toastSaying('Plus aucun acompte')).text).toContain('Stripe déconnecté')
    expect(await screen.findByRole('button', { name: 'Connecter Stripe' })).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('changes nothing when the owner keeps the account', async () => {
    const server = serve({ [CARD_URL]: () => json(READY), [DISCONNECT_URL]: () => json({ success: true }) })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter Stripe' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.count(DISCONNECT_URL)).toBe(0)
    expect(screen.getByText('acct_1Nv0FGQ9RKHgCVdK')).toBeTruthy()
  })

  it('says when the disconnection failed', async () => {
    serve({
      [CARD_URL]: () => json(READY),
      [DISCONNECT_URL]: () => json({ code: 'internal', message: 'Internal error' }, 500),
    })
    const user = userEvent.setup()
    renderWithQueries(<StripeCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter Stripe' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }))
    expect((await toastSaying('Impossible de déconnecter Stripe.')).tone).toBe('destructive')
  })
})
