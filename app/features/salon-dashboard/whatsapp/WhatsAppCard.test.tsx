// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { WhatsAppCard as Card } from '@common/schemas/whatsapp'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SIGNUP_RETURN_TYPE, SIGNUP_WINDOW_FEATURES, SIGNUP_WINDOW_NAME } from './embedded-signup'
import { WhatsAppCard } from './WhatsAppCard'
import { WHATSAPP_SETUP_POLL_MS } from './whatsapp-api'

// The QR encoder draws on a canvas, which happy-dom does not have.
vi.mock('qrcode', () => ({ toDataURL: async () => 'data:image/png;base64,iVBORw0KGgo=' }))

const META = 'https://meta-fake.test'
const SIGNUP = { appId: '4242', configId: '777', dialogUrl: `${META}/v25.0/dialog/oauth`, messageOrigin: META }
const NO_DELIVERY = { sent: 0, delivered: 0, read: 0, failed: 0 }

const NOT_CONFIGURED: Card = {
  state: 'not_configured',
  signup: null,
  number: null,
  templates: [],
  delivery: NO_DELIVERY,
  error: null,
  connectedAt: null,
}
const NOT_CONNECTED: Card = { ...NOT_CONFIGURED, state: 'not_connected', signup: SIGNUP }
const CONNECTING: Card = { ...NOT_CONNECTED, state: 'connecting' }
const NUMBER: NonNullable<Card['number']> = {
  display: '+33 6 12 34 56 78',
  verifiedName: 'Salon Lumière',
  quality: 'GREEN',
  messagingLimit: 'TIER_1K',
  waLink: 'https://wa.me/33612345678',
}
const CONNECTED: Card = {
  ...NOT_CONNECTED,
  state: 'connected',
  number: NUMBER,
  templates: [
    { purpose: 'reminder', language: 'fr', status: 'APPROVED' },
    { purpose: 'reminder', language: 'de', status: 'PENDING' },
    { purpose: 'reminder', language: 'it', status: 'REJECTED' },
    { purpose: 'reminder', language: 'en', status: 'PAUSED' },
    { purpose: 'change', language: 'fr', status: 'DISABLED' },
    { purpose: 'change', language: 'de', status: 'APPROVED' },
    { purpose: 'change', language: 'it', status: 'APPROVED' },
    // English's change notice not created yet: missing from the list.
  ],
  delivery: { sent: 1234, delivered: 1200, read: 980, failed: 3 },
  connectedAt: '2026-03-01T09:00:00.000Z',
}
const FAILED: Card = { ...NOT_CONNECTED, state: 'failed', error: 'number_in_use' }
const RECONNECT: Card = { ...CONNECTED, state: 'reconnect' }

const CARD_URL = 'GET /api/salons/SAL001/whatsapp'
const SIGNUP_URL = 'GET /api/salons/SAL001/whatsapp/signup'
const CONNECT_URL = 'POST /api/salons/SAL001/whatsapp/connect'
const DISCONNECT_URL = 'POST /api/salons/SAL001/whatsapp/disconnect'
const DIALOG = `${META}/v25.0/dialog/oauth?client_id=4242&config_id=777&state=st4te`

type Route = (body: unknown) => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch answering by "METHOD path", recording each call with its body; anything else is a 404. */
function serve(routes: Record<string, Route>) {
  const calls: { call: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ call, body })
      const route = routes[call]
      return route ? route(body) : json({ code: 'route.not_found', message: 'Not found' }, 404)
    }),
  )
  return {
    count: (call: string) => calls.filter((each) => each.call === call).length,
    bodyOf: (call: string) => calls.find((each) => each.call === call)?.body,
  }
}

/** The card's answers in turn: each read gets the next one, the last one stays. */
function inTurn(...cards: Card[]): Route {
  let read = 0
  return () => json(cards[Math.min(read++, cards.length - 1)])
}

/** The signup window the card opens, standing in for the browser's popup. */
function catchPopup() {
  const popup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
  return { popup, open }
}

/** A `message` event as the browser delivers it, from `origin`. */
function post(origin: string, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }))
  })
}

const FINISH = { type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: { phone_number_id: '1055', waba_id: '2077' } }
const notifications = () => screen.getByRole('region', { name: /Notifications/ })
/**
 * The toast saying `words` (a toast of an earlier test may still be on screen): its title, text and
 * tone, with French's no-break spaces as plain ones.
 */
async function toastSaying(words: string) {
  const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ')
  const description = await within(notifications()).findByText((_, element) =>
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
})

describe('the WhatsApp card', () => {
  it('says WhatsApp is not configured on this server, with nothing to press', async () => {
    serve({ [CARD_URL]: () => json(NOT_CONFIGURED) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText(/WhatsApp n’est pas configuré sur ce serveur/)).toBeTruthy()
    expect(screen.getByText('Indisponible')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('says what WhatsApp brings and offers to connect it', async () => {
    serve({ [CARD_URL]: () => json(NOT_CONNECTED) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    const gains = (await screen.findByText('En connectant WhatsApp :')).parentElement as HTMLElement
    const items = within(gains)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toHaveLength(4)
    expect(items[0]).toContain('écrivent déjà aux salons sur WhatsApp')
    expect(items[1]).toContain('24 h/24')
    expect(items[3]).toContain('l’assistant s’efface')
    expect(screen.getByText('Non connecté')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connecter WhatsApp' })).toBeTruthy()
  })

  it('shows the setting up, reads the card every 2 s until it is connected, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = serve({ [CARD_URL]: inTurn(CONNECTING, CONNECTING, CONNECTED) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText('Configuration de votre numéro…')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(WHATSAPP_SETUP_POLL_MS))
    await waitFor(() => expect(server.count(CARD_URL)).toBe(2))
    expect(screen.getByText('Configuration de votre numéro…')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(WHATSAPP_SETUP_POLL_MS))
    expect(await screen.findByText('+33 6 12 34 56 78')).toBeTruthy()
    expect((await toastSaying('L’assistant répond désormais à vos clients sur WhatsApp.')).text).toContain(
      'WhatsApp connecté',
    )
    // Connected, the card is no longer polled.
    await act(() => vi.advanceTimersByTimeAsync(3 * WHATSAPP_SETUP_POLL_MS))
    expect(server.count(CARD_URL)).toBe(3)
  })

  it('shows the connected number: its name, quality, daily limit, link, templates and week', async () => {
    serve({ [CARD_URL]: () => json(CONNECTED) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText('+33 6 12 34 56 78')).toBeTruthy()
    expect(screen.getByText('Salon Lumière')).toBeTruthy()
    expect(screen.getByText('Connecté').className).toContain('bg-success-soft')
    expect(screen.getByText('Élevée').className).toContain('bg-success-soft')
    // French groups thousands with a narrow no-break space.
    expect(screen.getByText(/^1\s000 clients par jour$/)).toBeTruthy()

    const link = screen.getByLabelText('Lien WhatsApp') as HTMLInputElement
    expect(link.value).toBe('https://wa.me/33612345678')
    expect(screen.getByRole('button', { name: 'Copier le lien WhatsApp' })).toBeTruthy()
    expect(await screen.findByAltText('QR code du lien WhatsApp')).toBeTruthy()
    const download = screen.getByRole('link', { name: 'Télécharger PNG' })
    expect(download.getAttribute('download')).toBe('QR-SAL001-whatsapp.png')

    const reminder = screen.getByText('Rappel de rendez-vous').parentElement as HTMLElement
    /** Each language's name (as screen readers hear it) and its template's status. */
    const statuses = (element: HTMLElement) =>
      [...element.querySelectorAll('dt')].map(
        (term) => `${term.querySelector('.sr-only')?.textContent} ${term.nextElementSibling?.textContent}`,
      )
    expect(statuses(reminder)).toEqual([
      'français Approuvé',
      'allemand En cours de validation',
      'italien Refusé',
      'anglais En pause',
    ])
    const change = screen.getByText('Avis de changement de rendez-vous').parentElement as HTMLElement
    expect(statuses(change)).toEqual([
      'français Désactivé',
      'allemand Approuvé',
      'italien Approuvé',
      'anglais Pas encore créé',
    ])
    expect(within(reminder).getByText('Refusé').className).toContain('bg-danger-soft')
    expect(screen.getByText(/Tant qu’un modèle n’est pas approuvé/).textContent).toContain('canal suivant')

    const week = screen.getByText('Messages des 7 derniers jours').parentElement as HTMLElement
    const figure = (label: string) => within(week).getByText(label).nextElementSibling?.textContent
    expect(figure('Envoyés')).toMatch(/^1\s234$/)
    expect(figure('Distribués')).toMatch(/^1\s200$/)
    expect(figure('Lus')).toBe('980')
    expect(figure('En échec')).toBe('3')
    expect(screen.getByRole('button', { name: 'Déconnecter WhatsApp' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Connecter WhatsApp/ })).toBeNull()
  })

  it.each([
    ['TIER_250', '250 clients par jour'],
    ['TIER_10K', /^10\s000 clients par jour$/],
    ['TIER_100K', /^100\s000 clients par jour$/],
    ['TIER_UNLIMITED', 'Illimitée'],
    [null, 'Pas encore connue'],
  ])('says the messaging limit %s in words', async (messagingLimit, words) => {
    serve({ [CARD_URL]: () => json({ ...CONNECTED, number: { ...NUMBER, messagingLimit } }) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText(words)).toBeTruthy()
  })

  it.each([
    ['YELLOW', 'Moyenne', 'bg-warning-soft'],
    ['RED', 'Faible', 'bg-danger-soft'],
    ['UNKNOWN', 'Pas encore évaluée', 'bg-sand'],
    [null, 'Pas encore évaluée', 'bg-sand'],
  ] as const)('shows the quality %s as a coloured badge', async (quality, words, colour) => {
    serve({ [CARD_URL]: () => json({ ...CONNECTED, number: { ...NUMBER, quality } }) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect((await screen.findByText(words)).className).toContain(colour)
  })

  it('says why setting the number up failed, and lets the owner try again', async () => {
    serve({ [CARD_URL]: () => json(FAILED) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Ce numéro est déjà connecté à un autre salon.')
    expect(screen.getByText('Échec').className).toContain('bg-danger-soft')
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })

  it.each([
    ['code_refused', 'Meta n’a pas confirmé l’inscription'],
    ['register_failed', 'l’enregistrement du numéro'],
    ['subscribe_failed', 'n’a pas transmis les messages'],
    ['token_refused', 'Meta a refusé l’accès'],
    ['unavailable', 'injoignable'],
    [null, 'WhatsApp n’a pas pu être connecté'],
  ] as const)('translates the failure %s', async (error, words) => {
    serve({ [CARD_URL]: () => json({ ...FAILED, error }) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect((await screen.findByRole('alert')).textContent).toContain(words)
  })

  it('asks for a reconnection when WhatsApp no longer accepts the connection', async () => {
    serve({ [CARD_URL]: () => json(RECONNECT) })
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText(/WhatsApp n’accepte plus cette connexion/)).toBeTruthy()
    expect(screen.getByText('À reconnecter')).toBeTruthy()
    expect(screen.getByText('+33 6 12 34 56 78')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reconnecter WhatsApp' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Déconnecter WhatsApp' })).toBeTruthy()
  })

  it('is not shown on a server without WhatsApp at all', async () => {
    const server = serve({})
    const { container } = renderWithQueries(<WhatsAppCard salonId="SAL001" />)
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
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    expect(await screen.findByText('Impossible de charger les informations WhatsApp du salon.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: 'Connecter WhatsApp' })).toBeTruthy()
    expect(reads).toBe(2)
  })
})

describe('connecting through Embedded Signup', () => {
  it('opens the window at once, leads it to Meta, and posts what the signup gave', async () => {
    const { popup, open } = catchPopup()
    const server = serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
      [CONNECT_URL]: () => json(CONNECTING),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    expect(open).toHaveBeenCalledWith('about:blank', SIGNUP_WINDOW_NAME, SIGNUP_WINDOW_FEATURES)
    await waitFor(() => expect(popup.location.href).toBe(DIALOG))
    expect(screen.getByRole('button', { name: 'En attente de Meta…' })).toBeTruthy()
    expect(screen.getByText(/Terminez l’inscription dans la fenêtre Meta/)).toBeTruthy()

    // Strangers are ignored: another origin posting ids or a code, Meta posting a code.
    post('https://evil.test', { ...FINISH, data: { phone_number_id: '666', waba_id: '666' } })
    post('https://evil.test', { type: SIGNUP_RETURN_TYPE, code: 'forged', state: 'st4te' })
    post(META, { type: SIGNUP_RETURN_TYPE, code: 'forged', state: 'st4te' })
    post(META, JSON.stringify(FINISH))
    expect(server.count(CONNECT_URL)).toBe(0)
    post(window.location.origin, { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' })

    await waitFor(() => expect(server.count(CONNECT_URL)).toBe(1))
    expect(server.bodyOf(CONNECT_URL)).toEqual({
      code: 'AQD-code',
      state: 'st4te',
      wabaId: '2077',
      phoneNumberId: '1055',
    })
    expect(await screen.findByText('Configuration de votre numéro…')).toBeTruthy()
    expect((await toastSaying('cette carte vous indique quand c’est prêt')).text).toContain(
      'Configuration de votre numéro',
    )
    expect(popup.close).toHaveBeenCalled()
  })

  it('posts nothing when the owner cancels in Meta’s window, and says so', async () => {
    const { popup } = catchPopup()
    const server = serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    await waitFor(() => expect(popup.location.href).toBe(DIALOG))
    post(META, { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: 'PHONE_NUMBER_SETUP' } })

    const toast = await toastSaying('L’inscription a été annulée : rien n’a été connecté.')
    expect(toast.text).toContain('WhatsApp non connecté')
    expect(toast.tone).not.toBe('destructive')
    expect(server.count(CONNECT_URL)).toBe(0)
    expect(popup.closed).toBe(true)
    expect(((await screen.findByRole('button', { name: 'Connecter WhatsApp' })) as HTMLButtonElement).disabled).toBe(
      false,
    )
  })

  it('says Meta’s error in its words, and posts nothing', async () => {
    catchPopup()
    const server = serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    await waitFor(() => expect(server.count(SIGNUP_URL)).toBe(1))
    await waitFor(() => post(META, { type: 'WA_EMBEDDED_SIGNUP', event: 'ERROR', data: { error_message: 'Oups' } }))
    const toast = await toastSaying('Meta a interrompu l’inscription (Oups) : veuillez réessayer.')
    expect(toast.text).toContain('WhatsApp n’a pas pu être connecté')
    expect(toast.tone).toBe('destructive')
    expect(server.count(CONNECT_URL)).toBe(0)
  })

  it('says the browser blocked the window, without starting a signup', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null)
    const server = serve({ [CARD_URL]: () => json(NOT_CONNECTED) })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    const toast = await toastSaying('autorisez les fenêtres pop-up pour ce site')
    expect(toast.text).toContain('WhatsApp n’a pas pu être connecté')
    expect(server.count(SIGNUP_URL)).toBe(0)
  })

  it('closes the window and says why when the server refuses the number', async () => {
    const { popup } = catchPopup()
    serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
      [CONNECT_URL]: () => json({ code: 'whatsapp.number_in_use', message: 'Number in use' }, 409),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    await waitFor(() => expect(popup.location.href).toBe(DIALOG))
    post(META, FINISH)
    post(window.location.origin, { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' })
    const toast = await toastSaying('Ce numéro est déjà connecté à un autre salon.')
    expect(toast.text).toContain('WhatsApp n’a pas pu être connecté')
    expect(popup.closed).toBe(true)
  })

  it('asks to start again when the server no longer knows the signup', async () => {
    const { popup } = catchPopup()
    serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
      [CONNECT_URL]: () => json({ code: 'whatsapp.signup_expired', message: 'Expired' }, 400),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    await waitFor(() => expect(popup.location.href).toBe(DIALOG))
    post(window.location.origin, { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' })
    post(META, FINISH)
    const toast = await toastSaying('Cette inscription a expiré ou a été commencée dans un autre navigateur')
    expect(toast.tone).toBe('destructive')
  })

  it('closes the window when the signup cannot start', async () => {
    const { popup } = catchPopup()
    serve({
      [CARD_URL]: () => json(NOT_CONNECTED),
      [SIGNUP_URL]: () => json({ code: 'whatsapp.not_configured', message: 'Not configured' }, 409),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter WhatsApp' }))
    const toast = await toastSaying('WhatsApp n’est pas configuré sur ce serveur')
    expect(toast.text).toContain('WhatsApp n’a pas pu être connecté')
    expect(popup.closed).toBe(true)
  })

  it('reconnects through the same signup', async () => {
    const { popup } = catchPopup()
    const server = serve({
      [CARD_URL]: () => json(RECONNECT),
      [SIGNUP_URL]: () => json({ url: DIALOG, state: 'st4te' }),
      [CONNECT_URL]: () => json(CONNECTING),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Reconnecter WhatsApp' }))
    await waitFor(() => expect(popup.location.href).toBe(DIALOG))
    post(window.location.origin, { type: SIGNUP_RETURN_TYPE, code: 'AQD-code', state: 'st4te' })
    post(META, FINISH)
    await waitFor(() => expect(server.count(CONNECT_URL)).toBe(1))
  })
})

describe('disconnecting', () => {
  it('asks first, then disconnects and shows the card not connected', async () => {
    const server = serve({
      [CARD_URL]: inTurn(CONNECTED, NOT_CONNECTED),
      [DISCONNECT_URL]: () => json({ success: true }),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter WhatsApp' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Déconnecter WhatsApp ?')).toBeTruthy()
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('L’assistant ne répondra plus sur +33 6 12 34 56 78')
    expect(server.count(DISCONNECT_URL)).toBe(0)

    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter' }))
    await waitFor(() => expect(server.count(DISCONNECT_URL)).toBe(1))
    expect((await toastSaying('L’assistant ne répond plus sur WhatsApp.')).text).toContain('WhatsApp déconnecté')
    expect(await screen.findByRole('button', { name: 'Connecter WhatsApp' })).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('changes nothing when the owner keeps the number', async () => {
    const server = serve({ [CARD_URL]: () => json(CONNECTED), [DISCONNECT_URL]: () => json({ success: true }) })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter WhatsApp' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(server.count(DISCONNECT_URL)).toBe(0)
    expect(screen.getByText('+33 6 12 34 56 78')).toBeTruthy()
  })

  it('says when the disconnection failed', async () => {
    serve({
      [CARD_URL]: () => json(CONNECTED),
      [DISCONNECT_URL]: () => json({ code: 'internal', message: 'Internal error' }, 500),
    })
    const user = userEvent.setup()
    renderWithQueries(<WhatsAppCard salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter WhatsApp' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }))
    const toast = await toastSaying('Impossible de déconnecter WhatsApp.')
    expect(toast.tone).toBe('destructive')
  })
})
