// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { WaitOffer } from '@common/schemas/waiting-list'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import WaitOfferPage from './WaitOfferPage'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const asRead = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const TOKEN = 'w.abc123'
const API = `/api/waiting-list/offers/${TOKEN}`

const offer = (changes: Partial<WaitOffer> = {}): WaitOffer => ({
  state: 'open',
  salon: { name: 'Salon Lumière', publicId: 'SAL001' },
  services: ['Brushing', 'Coloration'],
  day: '2099-12-02',
  part: 'afternoon',
  start: '2099-12-02T14:00',
  member: 'Marie',
  timeZone: 'Europe/Paris',
  language: 'fr',
  bookingLink: null,
  ...changes,
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The offer's two routes: what GET reads, and how POST …/accept answers. */
function serveOffer(read: () => Response, accept: () => Response = () => json({ message: 'unexpected' }, 500)) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      calls.push(`${method} ${input}`)
      if (method === 'GET' && input === API) return read()
      if (method === 'POST' && input === `${API}/accept`) return accept()
      return json({ code: 'test.unexpected' }, 404)
    }),
  )
  return calls
}

function renderPage() {
  const { hook } = memoryLocation({ path: `/w/${TOKEN}` })
  renderWithQueries(
    <Router hook={hook}>
      <Route path="/w/:token" component={WaitOfferPage} />
    </Router>,
  )
}

const takeButton = () => screen.findByRole('button', { name: 'Prendre ce créneau' })

describe('the page of a time offered from the waiting list', () => {
  it('shows the salon, the day, the time, the services and the member, and books on "Prendre ce créneau"', async () => {
    const calls = serveOffer(
      () => json(offer()),
      // A booked offer no longer says its time: the page keeps the one it showed.
      () => json(offer({ state: 'booked', start: null, bookingLink: 'https://salonia.test/r/b.xyz' })),
    )
    renderPage()
    await takeButton()
    expect(screen.getByText('Salon Lumière')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Mercredi 2 décembre' })).toBeTruthy()
    expect(screen.getByText('14:00')).toBeTruthy()
    expect(screen.getByText('Brushing, Coloration')).toBeTruthy()
    expect(screen.getByText('Marie')).toBeTruthy()
    expect(document.title).toBe("Un créneau s'est libéré chez Salon Lumière · Salonia")

    await userEvent.click(await takeButton())
    expect(asRead((await screen.findByText(/C'est réservé/)).textContent)).toBe("C'est réservé !")
    expect(screen.getByText('Votre rendez-vous chez Salon Lumière est confirmé.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href')).toBe(
      'https://salonia.test/r/b.xyz',
    )
    expect(screen.queryByRole('button', { name: 'Prendre ce créneau' })).toBeNull()
    expect(screen.getByText('14:00')).toBeTruthy()
    expect(calls).toContain(`POST ${API}/accept`)
  })

  it('says the time was just taken, and that the customer stays on the list', async () => {
    let state: WaitOffer['state'] = 'open'
    serveOffer(
      () => json(offer({ state, start: state === 'open' ? '2099-12-02T14:00' : null })),
      () => {
        state = 'taken'
        return json({ code: 'waiting_list.offer_taken', message: 'Someone else took it' }, 409)
      },
    )
    renderPage()
    await userEvent.click(await takeButton())
    expect(await screen.findByText("Ce créneau vient d'être pris.")).toBeTruthy()
    expect(asRead(screen.getByText(/Vous restez sur la liste d'attente/).textContent)).toBe(
      "Vous restez sur la liste d'attente : nous vous écrirons si un autre se libère.",
    )
    expect(screen.queryByRole('button', { name: 'Prendre ce créneau' })).toBeNull()
    // The time is no longer theirs: the part of the day they wait for shows instead.
    await waitFor(() => expect(screen.queryByText('14:00')).toBeNull())
    expect(screen.getByText("L'après-midi")).toBeTruthy()
    expect(screen.queryByText(/Someone else/)).toBeNull()
  })

  it('says the offer is closed, with a way to write to the salon', async () => {
    serveOffer(
      () => json(offer()),
      () => json({ code: 'waiting_list.offer_closed', message: 'No longer offered' }, 410),
    )
    renderPage()
    await userEvent.click(await takeButton())
    expect(await screen.findByText("Ce créneau n'est plus proposé")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Écrire au salon' }).getAttribute('href')).toBe('/chat/SAL001')
  })

  it('opens on what the offer already is: taken, booked or closed', async () => {
    serveOffer(() => json(offer({ state: 'taken', start: null })))
    renderPage()
    expect(await screen.findByText("Ce créneau vient d'être pris.")).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Prendre ce créneau' })).toBeNull()
    cleanup()

    serveOffer(() => json(offer({ state: 'booked', bookingLink: '/r/b.xyz' })))
    renderPage()
    expect((await screen.findByRole('link', { name: 'Voir mon rendez-vous' })).getAttribute('href')).toBe('/r/b.xyz')
    cleanup()

    serveOffer(() => json(offer({ state: 'closed', start: null, member: null })))
    renderPage()
    expect(await screen.findByText("Ce créneau n'est plus proposé")).toBeTruthy()
    expect(screen.queryByText('Marie')).toBeNull()
  })

  it('says a link it does not know opens nothing', async () => {
    serveOffer(() => json({ code: 'waiting_list.offer_not_found', message: 'Unknown offer' }, 404))
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Lien introuvable' })).toBeTruthy()
    expect(screen.queryByText(/Unknown offer/)).toBeNull()
  })

  it('keeps the offer and its button when the booking could not be made for another reason', async () => {
    serveOffer(
      () => json(offer()),
      () => json({ message: 'Internal error', requestId: 'r1' }, 500),
    )
    renderPage()
    await userEvent.click(await takeButton())
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Le créneau n'a pas pu être réservé. Réessayez dans un instant.",
    )
    expect(await takeButton()).toBeTruthy()
  })
})
