// @vitest-environment happy-dom

import { frenchTexts } from '@app/test-harness'
import type { Booking } from '@common/schemas/booking'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingPanel } from './BookingPanel'
import { BOOKING, booking, details, json, MARIE, renderDesk, SALON, serve, slots, TOM, team } from './desk-test-harness'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The salon's server for one booking: its panel, the team, each member's free times, and the actions. */
function serveBooking(changes: Partial<Booking> = {}) {
  return serve({
    [`GET /api/bookings/${BOOKING}`]: () => json(details(changes)),
    [`GET /api/salons/${SALON}/team`]: () => json(team),
    [`GET /api/salons/${SALON}/availability`]: (url) =>
      json(
        slots(
          url.searchParams.get('from') ?? '',
          url.searchParams.get('memberId') === TOM ? ['14:30', '15:00'] : ['11:00'],
        ),
      ),
    [`POST /api/bookings/${BOOKING}/cancel`]: () => json(booking({ ...changes, status: 'cancelled' })),
    [`POST /api/bookings/${BOOKING}/status`]: (_url, body) =>
      json(booking({ ...changes, status: (body as { status: Booking['status'] }).status })),
    [`POST /api/bookings/${BOOKING}/reschedule`]: () => json(booking({ member: { id: TOM, name: 'Tom' } })),
  })
}

function renderPanel() {
  return renderDesk(<BookingPanel salonId={SALON} bookingId={BOOKING} open onOpenChange={() => {}} />)
}

async function openPanel() {
  renderPanel()
  return within(await screen.findByRole('dialog', { name: 'Léa Dupont' }))
}

describe('the booking panel', () => {
  it('shows the booking, the customer to call or write to, and its history', async () => {
    serveBooking({ salonNote: 'Couleur 6.3' })
    const panel = await openPanel()
    const dialog = screen.getByRole('dialog', { name: 'Léa Dupont' })
    expect(dialog.textContent).toContain('mercredi 2 décembre · 10:00–10:30')
    expect(dialog.textContent).toContain('Brushing')
    expect(dialog.textContent).toContain('30,00\u00a0EUR')
    expect(dialog.textContent).toContain('Chat en ligne')
    expect(panel.getByText('Confirmé')).toBeTruthy()
    expect(await panel.findByText('Marie')).toBeTruthy()
    expect(panel.getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678')
    expect(panel.getByRole('link', { name: 'lea@example.com' }).getAttribute('href')).toBe('mailto:lea@example.com')
    expect(panel.getByText('Réservé par le client (Chat en ligne)')).toBeTruthy()
    expect(panel.getByText('Déplacé par le salon du mar. 1 déc. 14:00 (Tom) au mer. 2 déc. 10:00 (Marie)')).toBeTruthy()
    expect(panel.getByText('Client prévenu par e-mail ; message écrit dans sa conversation du chat')).toBeTruthy()
    // Its reminders: the day before sent by SMS, the two-hour one not sent, and why.
    const reminders = within(panel.getByRole('region', { name: 'Rappels' }))
    expect(reminders.getByText('Envoyé')).toBeTruthy()
    expect(reminders.getByText('par SMS, mar. 1 déc. 10:00')).toBeTruthy()
    expect(reminders.getByText('Non envoyé')).toBeTruthy()
    expect(reminders.getByText('ni téléphone ni e-mail pour joindre le client')).toBeTruthy()
    expect((panel.getByLabelText('Note privée') as HTMLTextAreaElement).value).toBe('Couleur 6.3')
    expect(dialog.textContent).toContain('jamais montrée au client')
  })

  it("shows the team what the customer's file says (allergies, colour formula)", async () => {
    serveBooking()
    const panel = await openPanel()
    expect(panel.getByText('Fiche client (jamais montrée au client)')).toBeTruthy()
    expect(panel.getByText(/Allergique à l’ammoniaque/).textContent).toBe(
      'Allergique à l’ammoniaque\nFormule : 6.3 + 20 vol',
    )
  })

  it('shows in the history when the customer said they would be late, and when their data was erased', async () => {
    const at = (localTime: string) => ({ startsAt: '2099-11-22T09:00:00.000Z', localDate: '2099-11-22', localTime })
    const plain = {
      from: null,
      to: null,
      status: null,
      reason: null,
      toldBy: [],
      quiet: false,
      undo: false,
      payment: null,
    }
    const shown = details()
    shown.history = [
      ...shown.history,
      { ...plain, kind: 'late', actor: 'customer', channel: 'telegram', at: at('09:40') },
      { ...plain, kind: 'erased', actor: 'salon', channel: 'dashboard', at: at('18:00') },
    ]
    serve({
      [`GET /api/bookings/${BOOKING}`]: () => json(shown),
      [`GET /api/salons/${SALON}/team`]: () => json(team),
    })
    const panel = await openPanel()
    expect(panel.getByText('Le client a prévenu d’un retard (Telegram)')).toBeTruthy()
    expect(panel.getByText('Données du client effacées (RGPD)')).toBeTruthy()
  })

  it('cancels with the reason given, telling the customer', async () => {
    const calls = serveBooking()
    const panel = await openPanel()
    await userEvent.click(panel.getByRole('button', { name: 'Annuler le rendez-vous' }))
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Annuler ce rendez-vous\u202f?' }))
    expect(confirm.getByText(/Léa Dupont sera prévenu par e-mail \(lea@example.com\)/)).toBeTruthy()
    await userEvent.type(confirm.getByLabelText(/Motif/), 'Marie est malade')
    await userEvent.click(confirm.getByRole('button', { name: 'Annuler le rendez-vous' }))
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/bookings/${BOOKING}/cancel`,
        method: 'POST',
        body: { reason: 'Marie est malade' },
      }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    // The panel reads the booking again once it changed.
    expect(calls.filter((call) => call.url === `/api/bookings/${BOOKING}`).length).toBeGreaterThan(1)
  })

  it('offers no-show and completed only once the appointment has begun, and undoes them', async () => {
    serveBooking()
    const later = await openPanel()
    expect(later.getByRole('button', { name: 'Déplacer' })).toBeTruthy()
    expect(later.queryByRole('button', { name: 'Marquer absent' })).toBeNull()
    expect(later.getByText(/une fois le rendez-vous commencé/)).toBeTruthy()
    cleanup()

    const calls = serveBooking({ appointmentDate: '2020-12-02T09:00:00.000Z', localDate: '2020-12-02' })
    const begun = await openPanel()
    expect(begun.getByRole('button', { name: 'Marquer terminé' })).toBeTruthy()
    await userEvent.click(begun.getByRole('button', { name: 'Marquer absent' }))
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/bookings/${BOOKING}/status`,
        method: 'POST',
        body: { status: 'no_show' },
      }),
    )
    cleanup()

    const undoCalls = serveBooking({ appointmentDate: '2020-12-02T09:00:00.000Z', status: 'no_show' })
    const noShow = await openPanel()
    expect(noShow.getByText('Absent')).toBeTruthy()
    expect(noShow.queryByRole('button', { name: 'Marquer absent' })).toBeNull()
    await userEvent.click(noShow.getByRole('button', { name: 'Revenir à confirmé' }))
    await waitFor(() =>
      expect(undoCalls).toContainEqual({
        url: `/api/bookings/${BOOKING}/status`,
        method: 'POST',
        body: { status: 'confirmed' },
      }),
    )
  })

  it('moves the booking to a free time of another member', async () => {
    const calls = serveBooking()
    const panel = await openPanel()
    await userEvent.click(panel.getByRole('button', { name: 'Déplacer' }))
    const move = within(await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous' }))
    // Marie's own free times first: the booking's member.
    expect(await move.findByRole('radio', { name: '11:00' })).toBeTruthy()
    await userEvent.selectOptions(move.getByLabelText('Qui s’en occupe'), 'Tom')
    await userEvent.click(await move.findByRole('radio', { name: '14:30' }))
    expect(move.queryByRole('radio', { name: '11:00' })).toBeNull()
    expect(calls.map((call) => call.url)).toContain(
      `/api/salons/${SALON}/availability?serviceId=${team.members[0]?.serviceIds[0]}&from=2099-12-02&to=2099-12-02&memberId=${TOM}`,
    )
    await userEvent.click(move.getByRole('button', { name: 'Déplacer' }))
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/bookings/${BOOKING}/reschedule`,
        method: 'POST',
        body: { startsAt: '2099-12-02T13:30:00.000Z', memberId: TOM, tellCustomer: true, undoable: true },
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Déplacer le rendez-vous' })).toBeNull())
  })

  it('moves to a forced time outside the offered ones, with its member', async () => {
    const calls = serveBooking()
    const panel = await openPanel()
    await userEvent.click(panel.getByRole('button', { name: 'Déplacer' }))
    const move = within(await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous' }))
    await userEvent.click(move.getByRole('checkbox', { name: /Forcer un horaire/ }))
    expect(move.getByText(/jamais par-dessus un autre rendez-vous/)).toBeTruthy()
    fireEvent.change(move.getByLabelText(/Heure/), { target: { value: '18:50' } })
    fireEvent.change(move.getByLabelText(/Jour/), { target: { value: '2099-12-03' } })
    // Already said at the desk: the customer is not sent the new time.
    await userEvent.click(move.getByRole('checkbox', { name: /^Prévenir .* du nouvel horaire/ }))
    expect(move.getByText(/Rien ne lui sera envoyé/)).toBeTruthy()
    await userEvent.click(move.getByRole('button', { name: 'Déplacer' }))
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/bookings/${BOOKING}/reschedule`,
        method: 'POST',
        body: { startsAt: '2099-12-03T18:50', force: true, memberId: MARIE, tellCustomer: false, undoable: true },
      }),
    )
  })

  it('keeps the move open and says the time was just taken on a 409', async () => {
    serve({
      [`GET /api/bookings/${BOOKING}`]: () => json(details()),
      [`GET /api/salons/${SALON}/team`]: () => json(team),
      [`GET /api/salons/${SALON}/availability`]: () => json(slots('2099-12-02', ['11:00'])),
      [`POST /api/bookings/${BOOKING}/reschedule`]: () =>
        json({ code: 'bookings.slot_taken', message: 'This time slot has just been taken' }, 409),
    })
    const panel = await openPanel()
    await userEvent.click(panel.getByRole('button', { name: 'Déplacer' }))
    const move = within(await screen.findByRole('dialog', { name: 'Déplacer le rendez-vous' }))
    await userEvent.click(await move.findByRole('radio', { name: '11:00' }))
    await userEvent.click(move.getByRole('button', { name: 'Déplacer' }))
    expect((await move.findByRole('alert')).textContent).toContain('Cet horaire vient d’être pris')
    expect(screen.getByRole('dialog', { name: 'Déplacer le rendez-vous' })).toBeTruthy()
  })
})
