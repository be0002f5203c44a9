// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRUSHING, json, MARIE, SALON, serve } from '../desk/desk-test-harness'
import { WaitingListSection } from './WaitingListSection'
import { COLOUR, entry, PAUL, salonRoutes, screenWidth } from './waiting-list-test-harness'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** French typography's no-break spaces read as spaces. */
const asRead = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

const OFFERED = entry({
  part: 'afternoon',
  status: 'offered',
  services: [
    { id: BRUSHING, name: 'Brushing' },
    { id: COLOUR, name: 'Coloration' },
  ],
  member: { id: MARIE, name: 'Marie' },
  offeredStart: '2099-12-02T14:00',
  toldBy: 'sms',
  // 14:02 in Paris, today on the salon's clock.
  toldAt: '2099-12-01T13:02:00.000Z',
})
const WAITING = entry({
  id: 'e0000000-2222-4222-8222-222222222222',
  customer: { id: PAUL, name: 'Paul Martin', phone: null },
  part: 'morning',
})
const BOOKED = entry({
  id: 'e0000000-3333-4333-8333-333333333333',
  customer: { id: 'c0000000-8888-4888-8888-888888888888', name: 'Zoé Bernard', phone: null },
  status: 'booked',
})

function serveList(entries: () => unknown[], extra: Parameters<typeof serve>[0] = {}) {
  return serve({
    ...salonRoutes,
    [`GET /api/salons/${SALON}/waiting-list`]: () => json({ entries: entries() }),
    ...extra,
  })
}

function renderSection(onAdd = vi.fn(), date = '2099-12-02') {
  renderWithQueries(<WaitingListSection salonId={SALON} date={date} onAdd={onAdd} />)
  return onAdd
}

describe('the waiting list of the day the agenda shows', () => {
  it('lists who waits, for what, when in the day, with whom, and where each stands', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    const calls = serveList(() => [OFFERED, WAITING, BOOKED])
    renderSection()
    const toggle = await screen.findByRole('button', { name: /Liste d'attente\s:\s3/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(calls.map((call) => call.url)).toContain(`/api/salons/${SALON}/waiting-list?from=2099-12-02&to=2099-12-02`)
    const rows = within(screen.getByRole('list', { name: /Liste d'attente/ })).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    const lea = within(rows[0] as HTMLElement)
    expect(lea.getByText('Léa Dupont')).toBeTruthy()
    expect(lea.getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678')
    expect(lea.getByText("Brushing + Coloration · L'après-midi · avec Marie")).toBeTruthy()
    expect(asRead(rows[0]?.textContent)).toContain('Créneau proposé : 14:00 — prévenu par SMS à 14:02')
    const paul = within(rows[1] as HTMLElement)
    expect(paul.getByText('Brushing · Le matin')).toBeTruthy()
    expect(paul.getByText('En attente')).toBeTruthy()
    expect(paul.queryByRole('link')).toBeNull()
    // A customer who booked is done: nothing to take off.
    expect(within(rows[2] as HTMLElement).getByText('A réservé')).toBeTruthy()
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull()
    // Closed and opened again from the keyboard.
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('list', { name: /Liste d'attente/ })).toBeNull()
  })

  it('says when a customer was told on an earlier day, or not yet', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    serveList(() => [
      { ...OFFERED, toldBy: 'telegram', toldAt: '2099-11-30T17:30:00.000Z' },
      { ...OFFERED, id: 'e2', toldBy: null, toldAt: null },
    ])
    renderSection()
    const rows = await screen.findAllByRole('listitem')
    expect(asRead(rows[0]?.textContent)).toContain('prévenu par Telegram le lun. 30 nov. à 18:30')
    expect(asRead(rows[1]?.textContent)).toContain('Créneau proposé : 14:00 — pas encore prévenu')
  })

  it('says nobody waits on a desktop, and offers to add someone for that day', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    serveList(() => [])
    const onAdd = renderSection()
    expect(asRead((await screen.findByRole('heading', { name: /personne ce jour/ })).textContent)).toBe(
      "Liste d'attente : personne ce jour",
    )
    await userEvent.click(screen.getByRole('button', { name: "Ajouter à la liste d'attente" }))
    expect(onAdd).toHaveBeenCalledWith({ day: '2099-12-02' })
  })

  it('offers no adding for a day that is over', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    serveList(() => [BOOKED])
    renderSection(vi.fn(), '2099-11-30')
    await screen.findByRole('button', { name: /Liste d'attente\s:\s1/ })
    expect(screen.queryByRole('button', { name: /Ajouter/ })).toBeNull()
  })

  it('on a phone, is not there when nobody waits, and starts closed when someone does', async () => {
    vi.stubGlobal('matchMedia', screenWidth(360))
    let entries: unknown[] = []
    const calls = serveList(() => entries)
    const { unmount } = renderWithQueries(<WaitingListSection salonId={SALON} date="2099-12-02" onAdd={vi.fn()} />)
    await waitFor(() => expect(calls.some((call) => call.url.includes('waiting-list'))).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('heading')).toBeNull()
    unmount()

    entries = [OFFERED, WAITING]
    renderSection()
    const toggle = await screen.findByRole('button', { name: /Liste d'attente\s:\s2/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('Léa Dupont')).toBeNull()
    // Its short "add" on a phone, named in full.
    expect(screen.getByRole('button', { name: "Ajouter à la liste d'attente" }).textContent).toContain('Ajouter')
    await userEvent.click(toggle)
    expect(screen.getByText('Léa Dupont')).toBeTruthy()
  })

  it('takes a customer off the list once the owner confirms', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    let entries = [OFFERED, WAITING]
    const calls = serveList(() => entries, {
      [`DELETE /api/salons/${SALON}/waiting-list/${WAITING.id}`]: () => {
        entries = [OFFERED]
        return new Response(null, { status: 204 })
      },
    })
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: "Retirer Paul Martin de la liste d'attente" }))
    const confirm = await screen.findByRole('alertdialog')
    expect(asRead(confirm.querySelector('h2')?.textContent)).toBe("Retirer Paul Martin de la liste d'attente ?")
    expect(asRead(confirm.textContent)).toContain('si un créneau se libère le mercredi 2 décembre')
    // "Garder sur la liste" changes nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Garder sur la liste' }))
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: "Retirer Paul Martin de la liste d'attente" }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirer' }))
    expect(asRead((await screen.findByText(/n'est plus sur la liste/)).textContent)).toBe(
      "Paul Martin n'est plus sur la liste d'attente.",
    )
    await waitFor(() => expect(screen.queryByText('Paul Martin')).toBeNull())
    expect(screen.getByRole('button', { name: /Liste d'attente\s:\s1/ })).toBeTruthy()
  })

  it('says why a removal was refused', async () => {
    vi.stubGlobal('matchMedia', screenWidth(1280))
    serveList(() => [WAITING], {
      [`DELETE /api/salons/${SALON}/waiting-list/${WAITING.id}`]: () =>
        json({ code: 'waiting_list.entry_not_found', message: 'Unknown waiting list entry' }, 404),
    })
    renderSection()
    await userEvent.click(await screen.findByRole('button', { name: "Retirer Paul Martin de la liste d'attente" }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retirer' }))
    expect(await screen.findByText("Ce client n'est plus sur la liste d'attente.")).toBeTruthy()
    expect(screen.queryByText(/Unknown waiting list entry/)).toBeNull()
  })

  it('says the list could not be read, and reads it again on demand', async () => {
    vi.stubGlobal('matchMedia', screenWidth(360))
    let fail = true
    serveList(() => [WAITING], {
      [`GET /api/salons/${SALON}/waiting-list`]: () =>
        fail ? json({ message: 'Internal error' }, 500) : json({ entries: [WAITING] }),
    })
    renderSection()
    expect(asRead((await screen.findByRole('heading')).textContent)).toBe("Liste d'attente : lecture impossible")
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: /Liste d'attente\s:\s1/ })).toBeTruthy()
  })
})
