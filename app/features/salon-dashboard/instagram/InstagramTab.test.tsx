// @vitest-environment happy-dom

import { en } from '@app/locales/all'
import ProfessionalPage from '@app/pages/ProfessionalPage'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { InstagramStats, InstagramUser } from '@common/schemas/instagram'
import type { Salon } from '@common/schemas/salon'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { InstagramTab } from './InstagramTab'
import { INSTAGRAM_STATS_POLL_MS, INSTAGRAM_USERS_POLL_MS } from './instagram-api'
import { formatSince, isPaused, pauseMinutesOf, shortUserId } from './instagram-format'
import { readInstagramReturn } from './instagram-return'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const NOT_CONNECTED: Salon = {
  id: '5d1e6a52-0000-4000-8000-000000000001',
  salonId: 'SAL001',
  name: 'Salon Lumière',
  email: 'salon.lumiere.demo@gmail.com',
  contactEmail: 'salon.lumiere.demo@gmail.com',
  authorizedGoogleEmail: 'salon.lumiere.demo@gmail.com',
  address: '12 rue des Lilas, 75011 Paris',
  country: 'FR',
  timeZone: 'Europe/Paris',
  currency: 'EUR',
  isActive: true,
  isGoogleCalendarConnected: true,
  googleConnectedEmail: 'salon.lumiere.demo@gmail.com',
  publicPhone: null,
  practicalInfo: null,
  practicalInfoTranslations: {},
  instagramConnected: false,
  instagramUsername: null,
  instagram: { available: true, reconnectRequired: false, replyToEveryone: false, pauseMinutes: 45 },
  bookingRules: { slotStepMinutes: 15, minimumNoticeMinutes: 60, horizonDays: 90 },
  reminders: { dayBefore: true, twoHours: true, bySms: true, cancellationNoticeMinutes: 120 },
  reminderChannels: ['booked', 'telegram', 'instagram', 'sms', 'email'],
  workingHours: {} as Salon['workingHours'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const UNAVAILABLE: Salon = { ...NOT_CONNECTED, instagram: { ...NOT_CONNECTED.instagram, available: false } }
const CONNECTED: Salon = { ...NOT_CONNECTED, instagramConnected: true, instagramUsername: 'salon.lumiere' }
const RECONNECT: Salon = { ...CONNECTED, instagram: { ...CONNECTED.instagram, reconnectRequired: true } }

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()

/** Instagram ids are long digit strings: the owner sees their last 8 characters. */
const CAMILLE: InstagramUser = {
  userId: '17841400000012345678',
  messageCount: 12,
  lastMessageAt: ago(5 * MINUTE),
  status: 'active',
  whitelisted: true,
  pausedUntil: null,
  cooldownUntil: null,
}
const LEA: InstagramUser = {
  userId: '17841400000087654321',
  messageCount: 3,
  lastMessageAt: ago(3 * HOUR),
  status: 'paused',
  whitelisted: true,
  pausedUntil: inFuture(20 * MINUTE),
  cooldownUntil: null,
}
const SPAMMER: InstagramUser = {
  userId: '17841400000011112222',
  messageCount: 40,
  lastMessageAt: ago(2 * 24 * HOUR),
  status: 'blocked',
  whitelisted: false,
  pausedUntil: null,
  cooldownUntil: null,
}
const HASTY: InstagramUser = {
  userId: '17841400000033334444',
  messageCount: 11,
  lastMessageAt: ago(20_000),
  status: 'cooldown',
  whitelisted: false,
  pausedUntil: null,
  cooldownUntil: inFuture(10 * MINUTE),
}
/** A status from a newer server, and a pause already over. */
const STRANGER = {
  userId: '17841400000055556666',
  messageCount: 1,
  lastMessageAt: ago(40 * MINUTE),
  status: 'archived',
  whitelisted: false,
  pausedUntil: ago(MINUTE),
  cooldownUntil: null,
} as unknown as InstagramUser

const STATS: InstagramStats = {
  totalUsers: 5,
  whitelistedUsers: 2,
  recentMessages: 17,
  statusBreakdown: [
    { _id: 'active', count: 1 },
    { _id: 'paused', count: 1 },
    { _id: 'cooldown', count: 1 },
    { _id: 'blocked', count: 1 },
  ],
}

type Route = (body: unknown) => Response | Promise<Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refused = () => json({ code: 'internal', message: 'Something went wrong' }, 500)

const SALON_URL = 'GET /api/salons/SAL001'
const USERS_URL = 'GET /api/salons/SAL001/instagram/users'
const STATS_URL = 'GET /api/salons/SAL001/instagram/stats'
const AUTH_URL = 'GET /api/salons/SAL001/instagram/auth'
const DISCONNECT_URL = 'POST /api/salons/SAL001/instagram/disconnect'
const PATCH_URL = 'PATCH /api/salons/SAL001'
const userUrl = (user: InstagramUser, action: string) => `POST /api/instagram/users/${user.userId}/${action}`

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
      return route ? route(body) : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return {
    calls,
    count: (call: string) => calls.filter((each) => each.call === call).length,
    bodyOf: (call: string) => calls.find((each) => each.call === call)?.body,
  }
}

/** The connected salon with its customers and figures; `overrides` replaces or adds routes. */
function serveConnected(users: InstagramUser[], overrides: Record<string, Route> = {}, salon: Salon = CONNECTED) {
  return serve({
    [SALON_URL]: () => json(salon),
    [USERS_URL]: () => json(users),
    [STATS_URL]: () => json(STATS),
    ...overrides,
  })
}

const notifications = () => screen.getByRole('region', { name: /Notifications/ })
/** The row of a customer, found by the end of their id (its controls repeat it for screen readers). */
const rowOf = async (user: InstagramUser) =>
  (await screen.findByText(shortUserId(user.userId), { selector: 'p' })).closest('li') as HTMLElement
/** Stands in for leaving the page: records where the browser was sent. */
const catchNavigation = () => vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the integration card', () => {
  it('says Instagram is not configured on this server, with Connect disabled', async () => {
    const server = serve({ [SALON_URL]: () => json(UNAVAILABLE) })
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const connect = (await screen.findByRole('button', { name: 'Connecter Instagram' })) as HTMLButtonElement
    expect(connect.disabled).toBe(true)
    const why = screen.getByText(/Instagram n’est pas configuré sur ce serveur/)
    expect(connect.getAttribute('aria-describedby')).toBe(why.id)
    expect(why.textContent).toContain('administrateur')
    expect(screen.getByText('Non connecté')).toBeTruthy()
    // The gains and how it works stay, so the owner knows what they would get.
    expect(screen.getByText('Réception automatique des DMs')).toBeTruthy()
    expect(screen.getByText('Une protection anti-spam est intégrée.')).toBeTruthy()
    expect(screen.getByText('Connectez d’abord votre compte Instagram')).toBeTruthy()
    expect(server.count(USERS_URL) + server.count(STATS_URL)).toBe(0)
  })

  it('lists the gains and sends the owner to Meta’s consent, still “Connecting…” as the page is left', async () => {
    const assign = catchNavigation()
    const server = serve({
      [SALON_URL]: () => json(NOT_CONNECTED),
      [AUTH_URL]: () => json({ authUrl: 'https://www.instagram.com/oauth/authorize?client_id=1&state=s' }),
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const gains = (await screen.findByText('En connectant Instagram :')).parentElement as HTMLElement
    expect(
      within(gains)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Réception automatique des DMs',
      'Réponses intelligentes par IA',
      'Gestion des rendez-vous via Instagram',
      'Contrôle total depuis le tableau de bord',
    ])
    expect(screen.getByText('Seuls les utilisateurs autorisés reçoivent des réponses de l’IA.')).toBeTruthy()
    expect(screen.queryByText(/pas configuré/)).toBeNull()
    expect(screen.getByText('Connectez d’abord votre compte Instagram')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Connecter Instagram' }))
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?client_id=1&state=s'),
    )
    const leaving = screen.getByRole('button', { name: 'Connexion…' }) as HTMLButtonElement
    expect(leaving.disabled).toBe(true)
    expect(server.count(AUTH_URL)).toBe(1)
  })

  it.each([
    ['the server refuses', () => json({ code: 'instagram.not_configured', message: 'Not configured' }, 409)],
    ['the answer has no authUrl', () => json({})],
  ])('says the connection failed and lets the owner try again when %s', async (_, answer) => {
    const assign = catchNavigation()
    serve({ [SALON_URL]: () => json(NOT_CONNECTED), [AUTH_URL]: answer })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Connecter Instagram' }))

    const toast = await within(notifications()).findByText('Erreur de connexion')
    const item = toast.closest('li') as HTMLElement
    expect(item.textContent).toContain('Impossible de se connecter à Instagram. Veuillez réessayer.')
    expect(item.getAttribute('data-tone')).toBe('destructive')
    expect((screen.getByRole('button', { name: 'Connecter Instagram' }) as HTMLButtonElement).disabled).toBe(false)
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows the connected account and its Disconnect button, without the gains', async () => {
    serveConnected([])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    expect(await screen.findByText('@salon.lumiere')).toBeTruthy()
    expect(screen.getByText('Connecté').className).toContain('bg-success-soft')
    expect(screen.getByRole('button', { name: 'Déconnecter Instagram' })).toBeTruthy()
    expect(screen.queryByText('En connectant Instagram :')).toBeNull()
    expect(screen.queryByRole('button', { name: /Connecter Instagram/ })).toBeNull()
    expect(screen.getByText('Comment ça marche')).toBeTruthy()
    expect(screen.queryByText('Connectez d’abord votre compte Instagram')).toBeNull()
  })

  it('asks for a reconnection when Meta refused the token, through the same consent', async () => {
    const assign = catchNavigation()
    serveConnected(
      [],
      { [AUTH_URL]: () => json({ authUrl: 'https://www.instagram.com/oauth/authorize?again' }) },
      RECONNECT,
    )
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const badge = await screen.findByText('À reconnecter')
    expect(badge.className).toContain('bg-warning-soft')
    expect(screen.getByText(/Instagram n’accepte plus la connexion de ce compte/)).toBeTruthy()
    expect(screen.getByText('@salon.lumiere')).toBeTruthy()
    // The customers stay listed: the owner keeps deciding who the assistant will answer.
    expect(await screen.findByText('Aucun utilisateur Instagram pour le moment')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Reconnecter Instagram' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?again'))
  })
})

describe('disconnecting', () => {
  it('asks first, warning that automatic messages stop, then says it is done', async () => {
    let salon = CONNECTED
    const server = serveConnected([CAMILLE], {
      [SALON_URL]: () => json(salon),
      [DISCONNECT_URL]: () => {
        salon = NOT_CONNECTED
        return json({ success: true })
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter Instagram' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Déconnecter Instagram\u202f?' })
    expect(dialog.textContent).toContain('Les messages automatiques s’arrêteront')
    expect(dialog.textContent).toContain('@salon.lumiere')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(server.count(DISCONNECT_URL)).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Déconnecter Instagram' }))
    dialog = screen.getByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Déconnecter' }))
    const toast = await within(notifications()).findByText('Instagram déconnecté')
    expect(toast.closest('li')?.getAttribute('data-tone')).toBe('success')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    // The salon is read again: not connected, the prompt replaces the panel.
    expect(await screen.findByText('Connectez d’abord votre compte Instagram')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connecter Instagram' })).toBeTruthy()
    expect(server.count(DISCONNECT_URL)).toBe(1)
  })

  it('says so when the disconnection fails, the account still connected', async () => {
    serveConnected([], { [DISCONNECT_URL]: refused })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(await screen.findByRole('button', { name: 'Déconnecter Instagram' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }))
    const toast = await within(notifications()).findByText('Erreur')
    expect(toast.closest('li')?.textContent).toContain('Impossible de déconnecter Instagram. Veuillez réessayer.')
    expect(toast.closest('li')?.getAttribute('data-tone')).toBe('destructive')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(screen.getByText('@salon.lumiere')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Déconnecter Instagram' })).toBeTruthy()
  })
})

describe('the management panel', () => {
  it('shows the four tiles, with the customers by status', async () => {
    serveConnected([CAMILLE])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const tiles = await screen.findByRole('list', { name: 'Chiffres Instagram' })
    await within(tiles).findByText('5')
    const tile = (label: string) => within(tiles).getByText(label).closest('li') as HTMLElement
    expect(tile('Utilisateurs au total').textContent).toContain('5')
    expect(tile('Dans la liste blanche').textContent).toContain('2')
    expect(tile('Messages récents (24 h)').textContent).toContain('17')
    const statuses = tile('Statut des utilisateurs')
    expect(
      within(statuses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Actif1', 'En pause1', 'Ralenti1', 'Bloqué1'])
  })

  it('lists each customer: the end of their id, their messages, how long ago, their status', async () => {
    serveConnected([CAMILLE, LEA, SPAMMER, HASTY, STRANGER])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const camille = await rowOf(CAMILLE)
    expect(camille.textContent).not.toContain('178414000000')
    expect(camille.textContent).toContain('Messages\u00a0: 12')
    expect(camille.textContent).toContain('il y a 5 min')
    expect((await rowOf(LEA)).textContent).toContain('il y a 3 h')
    expect((await rowOf(SPAMMER)).textContent).toContain('il y a 2 j')
    expect((await rowOf(HASTY)).textContent).toContain('À l’instant')
    expect((await rowOf(STRANGER)).textContent).toContain('il y a 40 min')
  })

  it.each([
    [CAMILLE, 'Actif', 'bg-success-soft text-success'],
    [LEA, 'En pause', 'bg-warning-soft text-warning'],
    [HASTY, 'Ralenti', 'bg-info-soft text-info'],
    [SPAMMER, 'Bloqué', 'bg-danger-soft text-danger'],
    [STRANGER, 'archived', 'bg-sand text-ink-soft'],
  ])('colours the status of %#: %s', async (user, label, colours) => {
    serveConnected([user])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const badge = within(await rowOf(user)).getByText(label)
    for (const colour of colours.split(' ')) expect(badge.className).toContain(colour)
  })

  it('shows a Paused badge only while the pause lasts', async () => {
    // The server's clock ahead of the browser's: the end of the pause has its date.
    const later = { ...LEA, userId: '17841400000077778888', pausedUntil: inFuture(3 * 24 * HOUR) }
    serveConnected([LEA, later, STRANGER, CAMILLE])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const paused = within(await rowOf(LEA)).getByText(/^En pause jusqu’à (demain )?\d\d:\d\d$/)
    expect(paused.className).toContain('bg-warning-soft')
    expect(within(await rowOf(later)).getByText(/^En pause jusqu’au \d{1,2} \S+, \d\d:\d\d$/)).toBeTruthy()
    expect(within(await rowOf(STRANGER)).queryByText(/jusqu’à/)).toBeNull()
    expect(within(await rowOf(CAMILLE)).queryByText(/jusqu’à/)).toBeNull()
  })

  it('says when no customer has written yet', async () => {
    serveConnected([])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    expect(await screen.findByText('Aucun utilisateur Instagram pour le moment')).toBeTruthy()
    expect(screen.getByText(/Dès qu’un client écrit/)).toBeTruthy()
  })

  it('offers Pause to whitelisted customers only, and Unblock to blocked ones only', async () => {
    serveConnected([CAMILLE, LEA, SPAMMER, HASTY])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const buttons = async (user: InstagramUser) =>
      within(await rowOf(user))
        .queryAllByRole('button')
        .map((button) => button.textContent)
    expect(await buttons(CAMILLE)).toEqual(['Pause 45 min …12345678'])
    expect(await buttons(LEA)).toEqual(['Pause 45 min …87654321'])
    expect(await buttons(SPAMMER)).toEqual(['Débloquer …11112222'])
    expect(await buttons(HASTY)).toEqual([])
    // Each control names its customer, for a screen reader going through the list.
    const whitelisted = screen.getByRole('switch', { name: 'Liste blanche …12345678' })
    expect(whitelisted.getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('switch', { name: 'Liste blanche …33334444' }).getAttribute('aria-checked')).toBe('false')
    expect(screen.getByRole('button', { name: 'Pause 45 min …87654321' })).toBeTruthy()
  })
})

describe('what the owner decides for a customer', () => {
  it('whitelists a customer, says so, and then offers to pause them', async () => {
    let users = [HASTY]
    const server = serveConnected([], {
      [USERS_URL]: () => json(users),
      [userUrl(HASTY, 'whitelist')]: (body) => {
        users = [{ ...HASTY, whitelisted: (body as { whitelisted: boolean }).whitelisted }]
        return json(users[0])
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const row = await rowOf(HASTY)
    expect(within(row).queryByRole('button', { name: /Pause/ })).toBeNull()
    await user.click(within(row).getByRole('switch', { name: 'Liste blanche …33334444' }))

    const toast = await within(notifications()).findByText('Statut mis à jour')
    expect(toast.closest('li')?.textContent).toContain('L’assistant répondra à …33334444.')
    expect(server.bodyOf(userUrl(HASTY, 'whitelist'))).toEqual({ whitelisted: true })
    expect(await within(row).findByRole('button', { name: 'Pause 45 min …33334444' })).toBeTruthy()
    expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('true')
    // The list and the figures are read again.
    await waitFor(() => expect(server.count(USERS_URL)).toBe(2))
    await waitFor(() => expect(server.count(STATS_URL)).toBe(2))
  })

  it('takes a customer off the whitelist, and the Pause button goes', async () => {
    let users = [CAMILLE]
    serveConnected([], {
      [USERS_URL]: () => json(users),
      [userUrl(CAMILLE, 'whitelist')]: () => {
        users = [{ ...CAMILLE, whitelisted: false }]
        return json(users[0])
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const row = await rowOf(CAMILLE)
    await user.click(within(row).getByRole('switch'))
    expect(await within(notifications()).findByText('…12345678 n’est plus dans la liste blanche.')).toBeTruthy()
    await waitFor(() => expect(within(row).queryByRole('button', { name: /Pause/ })).toBeNull())
  })

  it('says the whitelist could not be changed, and the switch goes back', async () => {
    serveConnected([HASTY], { [userUrl(HASTY, 'whitelist')]: refused })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const row = await rowOf(HASTY)
    await user.click(within(row).getByRole('switch'))
    const toast = await within(notifications()).findByText('Erreur')
    expect(toast.closest('li')?.textContent).toContain(
      'Impossible de mettre à jour le statut de l’utilisateur. Veuillez réessayer.',
    )
    expect(toast.closest('li')?.getAttribute('data-tone')).toBe('destructive')
    await waitFor(() => expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('false'))
  })

  it('pauses a customer for the salon’s pause and says for how long', async () => {
    const pausedUntil = inFuture(45 * MINUTE)
    let users = [CAMILLE]
    const server = serveConnected([], {
      [USERS_URL]: () => json(users),
      [userUrl(CAMILLE, 'pause')]: () => {
        users = [{ ...CAMILLE, status: 'paused', pausedUntil }]
        return json(users[0])
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const row = await rowOf(CAMILLE)
    await user.click(within(row).getByRole('button', { name: 'Pause 45 min …12345678' }))

    const toast = await within(notifications()).findByText('Utilisateur en pause')
    expect(toast.closest('li')?.textContent).toContain('…12345678 est en pause pendant 45 min.')
    expect(server.bodyOf(userUrl(CAMILLE, 'pause'))).toEqual({ minutes: 45 })
    expect(await within(row).findByText(/^En pause jusqu’à/)).toBeTruthy()
    expect(within(row).getByText('En pause').className).toContain('bg-warning-soft')
  })

  it('says a pause failed', async () => {
    serveConnected([CAMILLE], { [userUrl(CAMILLE, 'pause')]: refused })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(within(await rowOf(CAMILLE)).getByRole('button', { name: /Pause/ }))
    const toast = await within(notifications()).findByText('Erreur')
    expect(toast.closest('li')?.textContent).toContain(
      'Impossible de mettre l’utilisateur en pause. Veuillez réessayer.',
    )
  })

  it('unblocks a customer the anti-spam blocked', async () => {
    let users = [SPAMMER]
    const server = serveConnected([], {
      [USERS_URL]: () => json(users),
      [userUrl(SPAMMER, 'unblock')]: () => {
        users = [{ ...SPAMMER, status: 'active' }]
        return json(users[0])
      },
    })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const row = await rowOf(SPAMMER)
    await user.click(within(row).getByRole('button', { name: 'Débloquer …11112222' }))
    expect(await within(notifications()).findByText('Utilisateur débloqué')).toBeTruthy()
    expect(await within(row).findByText('Actif')).toBeTruthy()
    expect(within(row).queryByRole('button', { name: /Débloquer/ })).toBeNull()
    expect(server.count(userUrl(SPAMMER, 'unblock'))).toBe(1)
  })

  it('says an unblock failed', async () => {
    serveConnected([SPAMMER], { [userUrl(SPAMMER, 'unblock')]: refused })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(within(await rowOf(SPAMMER)).getByRole('button', { name: /Débloquer/ }))
    const toast = await within(notifications()).findByText('Erreur')
    expect(toast.closest('li')?.textContent).toContain('Impossible de débloquer l’utilisateur. Veuillez réessayer.')
  })
})

describe('the pause settings', () => {
  /** Answers the PATCH with the salon as saved, and reads it back afterwards. */
  function serveSettings(overrides: Record<string, Route> = {}) {
    let salon = CONNECTED
    return serveConnected([], {
      [SALON_URL]: () => json(salon),
      [PATCH_URL]: (body) => {
        const change = body as { instagramPauseMinutes?: number; instagramReplyToEveryone?: boolean }
        salon = {
          ...salon,
          instagram: {
            ...salon.instagram,
            pauseMinutes: change.instagramPauseMinutes ?? salon.instagram.pauseMinutes,
            replyToEveryone: change.instagramReplyToEveryone ?? salon.instagram.replyToEveryone,
          },
        }
        return json(salon)
      },
      ...overrides,
    })
  }

  it('saves a new pause, and the Pause buttons give it', async () => {
    const server = serveSettings({ [USERS_URL]: () => json([CAMILLE]) })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const field = (await screen.findByLabelText('Durée de la pause (minutes)')) as HTMLInputElement
    expect(field.value).toBe('45')
    expect(field.min).toBe('1')
    expect(field.max).toBe('1440')
    await user.clear(field)
    await user.type(field, '90')
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await within(notifications()).findByText('Réglages Instagram enregistrés')).toBeTruthy()
    expect(server.bodyOf(PATCH_URL)).toEqual({ instagramPauseMinutes: 90 })
    expect((screen.getByLabelText('Durée de la pause (minutes)') as HTMLInputElement).value).toBe('90')
    expect(await screen.findByRole('button', { name: 'Pause 90 min …12345678' })).toBeTruthy()
  })

  it.each([
    ['', 30],
    ['0', 1],
    ['5000', 1440],
  ])('saves “%s” as %i minutes (1 to 1440, 30 when not a number)', async (typed, saved) => {
    const server = serveSettings()
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const field = (await screen.findByLabelText('Durée de la pause (minutes)')) as HTMLInputElement
    await user.clear(field)
    if (typed) await user.type(field, typed)
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(server.bodyOf(PATCH_URL)).toEqual({ instagramPauseMinutes: saved }))
    await waitFor(() =>
      expect((screen.getByLabelText('Durée de la pause (minutes)') as HTMLInputElement).value).toBe(String(saved)),
    )
  })

  it('answers everyone or only whitelisted customers, saved at once', async () => {
    const server = serveSettings()
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    const everyone = await screen.findByRole('switch', { name: 'Répondre à tout le monde' })
    expect(everyone.getAttribute('aria-checked')).toBe('false')
    expect(everyone.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText(/seuls les utilisateurs de la liste blanche reçoivent des réponses/)).toBeTruthy()
    await user.click(everyone)
    await waitFor(() => expect(server.bodyOf(PATCH_URL)).toEqual({ instagramReplyToEveryone: true }))
    await waitFor(() => expect(everyone.getAttribute('aria-checked')).toBe('true'))
  })

  it('says the settings could not be saved', async () => {
    serveSettings({ [PATCH_URL]: refused })
    const user = userEvent.setup()
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await user.click(await screen.findByRole('switch', { name: 'Répondre à tout le monde' }))
    const toast = await within(notifications()).findByText('Erreur')
    expect(toast.closest('li')?.textContent).toContain(
      'Impossible d’enregistrer les réglages Instagram. Veuillez réessayer.',
    )
  })
})

describe('polling', () => {
  it('reads the customers every 30 s and the figures every 60 s', async () => {
    expect(INSTAGRAM_USERS_POLL_MS).toBe(30_000)
    expect(INSTAGRAM_STATS_POLL_MS).toBe(60_000)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = serveConnected([CAMILLE])
    renderWithQueries(<InstagramTab salonId="SAL001" />)
    await rowOf(CAMILLE)
    await waitFor(() => expect(server.count(STATS_URL)).toBe(1))
    expect(server.count(USERS_URL)).toBe(1)

    await act(() => vi.advanceTimersByTimeAsync(INSTAGRAM_USERS_POLL_MS))
    await waitFor(() => expect(server.count(USERS_URL)).toBe(2))
    expect(server.count(STATS_URL)).toBe(1)

    await act(() => vi.advanceTimersByTimeAsync(INSTAGRAM_USERS_POLL_MS))
    await waitFor(() => expect(server.count(USERS_URL)).toBe(3))
    await waitFor(() => expect(server.count(STATS_URL)).toBe(2))
  })
})

describe('formatting', () => {
  const t = (...args: Parameters<typeof i18next.t>) => i18next.t(...args)
  const now = Date.parse('2026-12-01T10:00:00.000Z')
  const before = (ms: number) => new Date(now - ms).toISOString()

  it.each([
    [0, 'À l’instant'],
    [59_000, 'À l’instant'],
    [-30_000, 'À l’instant'],
    [MINUTE, 'il y a 1 min'],
    [59 * MINUTE, 'il y a 59 min'],
    [HOUR, 'il y a 1 h'],
    [23 * HOUR + 59 * MINUTE, 'il y a 23 h'],
    [24 * HOUR, 'il y a 1 j'],
    [9 * 24 * HOUR, 'il y a 9 j'],
  ])('writes %i ms ago as “%s”', (elapsed, text) => {
    expect(formatSince(before(elapsed), now, t as never)).toBe(text)
  })

  it('writes the spec’s English: Just now, Xm ago, Xh ago, Xd ago', () => {
    const users = en.dashboard.instagram.users
    expect(users.justNow).toBe('Just now')
    expect([users.minutesAgo, users.hoursAgo, users.daysAgo]).toEqual([
      '{{minutes}}m ago',
      '{{hours}}h ago',
      '{{days}}d ago',
    ])
    expect(users.empty).toBe('No Instagram users yet')
    const toasts = en.dashboard.instagram.toasts
    expect([toasts.statusUpdated, toasts.error, toasts.whitelistFailedText]).toEqual([
      'Status updated',
      'Error',
      'Failed to update user status. Please try again.',
    ])
    expect([toasts.paused, toasts.pauseFailedText]).toEqual(['User paused', 'Failed to pause user. Please try again.'])
  })

  it('keeps the last 8 characters of an id, and knows when a pause is over', () => {
    expect(shortUserId('17841400000012345678')).toBe('…12345678')
    expect(shortUserId('123')).toBe('…123')
    expect(isPaused(new Date(now + 1).toISOString(), now)).toBe(true)
    expect(isPaused(new Date(now).toISOString(), now)).toBe(false)
    expect(isPaused(null, now)).toBe(false)
  })

  it.each([
    ['45', 45],
    ['abc', 30],
    ['', 30],
    ['0', 1],
    ['-5', 1],
    ['1440', 1440],
    ['1441', 1440],
    ['12.7', 12],
  ])('reads the pause “%s” as %i minutes', (entry, minutes) => {
    expect(pauseMinutesOf(entry)).toBe(minutes)
  })
})

describe('coming back from Meta', () => {
  // The signed-in page's chunk (the whole dashboard) is compiled on its first import, which takes
  // longer than a wait on a busy machine: compiled beforehand, the waits are the page's own.
  beforeAll(() => import('@app/features/professional/SignedInArea').then(() => undefined), 60_000)

  it('reads the answer in the address', () => {
    expect(readInstagramReturn('?instagram=connected')).toEqual({ kind: 'connected' })
    expect(readInstagramReturn('?instagram=error&reason=account_in_use')).toEqual({
      kind: 'error',
      reason: 'account_in_use',
    })
    expect(readInstagramReturn('?instagram=error&reason=something_new')).toEqual({ kind: 'error', reason: 'unknown' })
    expect(readInstagramReturn('?instagram=error')).toEqual({ kind: 'error', reason: 'unknown' })
    expect(readInstagramReturn('?connected=true')).toBeUndefined()
    expect(readInstagramReturn('')).toBeUndefined()
  })

  /** The signed-in owner's page, as Meta sends the browser back to it. */
  function returnTo(search: string) {
    window.history.replaceState(null, '', `/professional${search}`)
    const server = serveConnected([], {
      'GET /api/session': () =>
        json({
          isAuthenticated: true,
          user: { salonId: 'SAL001', email: 'salon.lumiere.demo@gmail.com', name: 'Salon Lumière', isAdmin: false },
        }),
    })
    renderWithQueries(<ProfessionalPage />)
    return server
  }

  it('says the account is connected, opens the Instagram tab and clears the address', async () => {
    returnTo('?instagram=connected')
    const toast = await within(notifications()).findByText('Instagram connecté')
    expect(toast.closest('li')?.getAttribute('data-tone')).toBe('success')
    const tab = await screen.findByRole('tab', { selected: true })
    expect(tab.textContent).toContain('Instagram')
    expect(await screen.findByText('@salon.lumiere')).toBeTruthy()
    await waitFor(() => expect(window.location.search).toBe(''))
    expect(window.location.pathname).toBe('/professional')
  })

  it.each([
    ['denied', 'Vous avez refusé l’autorisation sur Instagram\u00a0: le compte n’est pas connecté.'],
    [
      'invalid_state',
      'La demande de connexion a expiré ou a été ouverte dans un autre navigateur. Veuillez réessayer.',
    ],
    ['exchange_failed', 'Instagram n’a pas confirmé la connexion. Veuillez réessayer.'],
    ['account_in_use', 'Ce compte Instagram est déjà connecté à un autre salon.'],
    ['not_configured', 'Instagram n’est pas configuré sur ce serveur\u00a0: demandez à l’administrateur de l’activer.'],
    ['from_the_future', 'Impossible de se connecter à Instagram. Veuillez réessayer.'],
  ])('says why the connection failed (%s), on the Instagram tab', async (reason, text) => {
    returnTo(`?instagram=error&reason=${reason}`)
    const toast = await within(notifications()).findByText('Erreur de connexion')
    expect(toast.closest('li')?.textContent).toContain(text)
    expect(toast.closest('li')?.getAttribute('data-tone')).toBe('destructive')
    expect((await screen.findByRole('tab', { selected: true })).textContent).toContain('Instagram')
    await waitFor(() => expect(window.location.search).toBe(''))
  })

  it('opens on the overview when there is no answer in the address', async () => {
    returnTo('')
    expect((await screen.findByRole('tab', { selected: true })).textContent).toContain('Aperçu')
  })
})
