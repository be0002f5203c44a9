// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { CustomerList } from '@common/schemas/customers'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRUSHING, json, LEA, MARIE, SALON, type Served, serve, slots, TOM } from '../desk/desk-test-harness'
import { NewBookingDialog } from '../desk/NewBookingDialog'
import { AddWaitingDialog, type WaitingDraft } from './AddWaitingDialog'
import { COLOUR, entry, salonRoutes } from './waiting-list-test-harness'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const asRead = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

const found: CustomerList = {
  customers: [
    {
      id: LEA,
      name: 'Léa Dupont',
      phone: '+33 6 12 34 56 78',
      lastVisit: null,
      nextVisit: null,
      bookingCount: 2,
      noShowCount: 0,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
}

/** The salon's server; `added` answers the POST to the waiting list (an entry, or a refusal). */
function serveSalon(added: (body: unknown) => Response, freeTimes: string[] = []) {
  return serve({
    ...salonRoutes,
    [`GET /api/salons/${SALON}/customers`]: () => json(found),
    [`GET /api/salons/${SALON}/availability`]: () => json(slots('2099-12-02', freeTimes)),
    [`POST /api/salons/${SALON}/waiting-list`]: (_url, body) => added(body),
  })
}

const posted = (calls: Served[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body)

async function openDialog(initial: WaitingDraft = { day: '2099-12-02' }, onOpenChange = vi.fn()) {
  renderWithQueries(<AddWaitingDialog salonId={SALON} open onOpenChange={onOpenChange} initial={initial} />)
  const dialog = within(await screen.findByRole('dialog', { name: "Ajouter à la liste d'attente" }))
  await dialog.findByRole('checkbox', { name: /Brushing/ })
  return dialog
}

describe('putting a customer on the waiting list from the desk', () => {
  it('asks for what is missing before sending anything', async () => {
    const calls = serveSalon(() => json(entry(), 201))
    const dialog = await openDialog()
    await userEvent.click(dialog.getByRole('button', { name: "Mettre sur liste d'attente" }))
    expect(await dialog.findByText('Choisissez au moins une prestation')).toBeTruthy()
    expect(dialog.getByText('Choisissez un client dans les résultats, ou créez-en un nouveau')).toBeTruthy()
    // A day gone by is refused here, before the server says so.
    await userEvent.clear(dialog.getByLabelText(/Jour/))
    await userEvent.type(dialog.getByLabelText(/Jour/), '2099-11-30')
    await userEvent.click(dialog.getByRole('button', { name: "Mettre sur liste d'attente" }))
    expect(asRead((await dialog.findByText(/Ce jour est passé/)).textContent)).toBe(
      "Ce jour est passé : choisissez aujourd'hui ou plus tard",
    )
    expect(posted(calls)).toEqual([])
  })

  it('puts a new customer on the list for an afternoon, with the member who does every service chosen', async () => {
    const onOpenChange = vi.fn()
    const calls = serveSalon(() =>
      json(entry({ customer: { id: 'new', name: 'Paul Martin', phone: null }, part: 'afternoon' }), 201),
    )
    const dialog = await openDialog({ day: '2099-12-02' }, onOpenChange)
    // Only the active services are offered.
    expect(dialog.queryByRole('checkbox', { name: /Permanente/ })).toBeNull()
    await userEvent.click(dialog.getByRole('checkbox', { name: /Brushing/ }))
    const member = dialog.getByRole('combobox', { name: /Avec/ })
    expect(
      within(member)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(["N'importe qui", 'Marie', 'Tom'])
    await userEvent.selectOptions(member, TOM)
    // Tom does no colours: with one chosen, only Marie is left, and "anyone" replaces Tom.
    await userEvent.click(dialog.getByRole('checkbox', { name: /Coloration/ }))
    await waitFor(() => expect((member as HTMLSelectElement).value).toBe(''))
    expect(within(member).queryByRole('option', { name: 'Tom' })).toBeNull()
    await userEvent.selectOptions(member, MARIE)
    await userEvent.click(dialog.getByRole('radio', { name: "L'après-midi" }))
    await userEvent.click(dialog.getByRole('radio', { name: 'Nouveau client' }))
    await userEvent.type(dialog.getByLabelText(/Nom/), 'Paul Martin')
    await userEvent.click(dialog.getByRole('button', { name: "Mettre sur liste d'attente" }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(posted(calls)).toEqual([
      {
        customer: { name: 'Paul Martin', language: 'fr' },
        serviceIds: [BRUSHING, COLOUR],
        day: '2099-12-02',
        part: 'afternoon',
        memberId: MARIE,
      },
    ])
    expect(asRead((await screen.findByText(/attend un créneau/)).textContent)).toBe(
      'Paul Martin attend un créneau le mercredi 2 décembre.',
    )
  })

  it('shows the server’s refusal in words, and keeps what was typed', async () => {
    const onOpenChange = vi.fn()
    serveSalon(() =>
      json({ code: 'waiting_list.already_waiting', message: 'This customer already waits for that day' }, 409),
    )
    const dialog = await openDialog({ day: '2099-12-02', serviceIds: [BRUSHING] }, onOpenChange)
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Trouver un client' }), 'léa')
    await userEvent.click(
      within(await dialog.findByRole('list', { name: 'Clients trouvés' })).getByRole('button', { name: /Léa Dupont/ }),
    )
    await userEvent.click(dialog.getByRole('button', { name: "Mettre sur liste d'attente" }))
    expect((await dialog.findByRole('alert')).textContent).toBe('Ce client attend déjà un créneau ce jour-là.')
    expect(dialog.queryByText(/already waits/)).toBeNull()
    expect(onOpenChange).not.toHaveBeenCalled()
    expect((dialog.getByRole('checkbox', { name: /Brushing/ }) as HTMLInputElement).checked).toBe(true)
    expect(dialog.getByText('Léa Dupont')).toBeTruthy()
  })
})

/** The agenda's desk as AgendaDesk wires it: "new booking" hands over to the waiting list. */
function DeskWithWaitingList() {
  const [booking, setBooking] = useState(true)
  const [waiting, setWaiting] = useState<WaitingDraft>()
  return (
    <>
      <NewBookingDialog
        salonId={SALON}
        open={booking}
        onOpenChange={setBooking}
        initial={{ localDate: '2099-12-02', memberId: MARIE }}
        onWaitingList={(draft) => {
          setBooking(false)
          setWaiting(draft)
        }}
      />
      <AddWaitingDialog
        salonId={SALON}
        open={waiting !== undefined}
        onOpenChange={(open) => !open && setWaiting(undefined)}
        initial={waiting}
      />
    </>
  )
}

describe('a new booking on a day with no time that fits', () => {
  it('offers the waiting list for that day, with the customer, service, member and day already chosen', async () => {
    const calls = serveSalon(() => json(entry(), 201))
    renderWithQueries(<DeskWithWaitingList />)
    const booking = within(await screen.findByRole('dialog', { name: 'Nouveau rendez-vous' }))
    expect(await booking.findByText(/Aucun horaire libre ce jour-là/)).toBeTruthy()
    await userEvent.type(booking.getByRole('searchbox', { name: 'Trouver un client' }), 'léa')
    await userEvent.click(
      within(await booking.findByRole('list', { name: 'Clients trouvés' })).getByRole('button', { name: /Léa Dupont/ }),
    )
    await userEvent.click(booking.getByRole('button', { name: "Mettre sur liste d'attente pour ce jour" }))

    const waiting = within(await screen.findByRole('dialog', { name: "Ajouter à la liste d'attente" }))
    expect(screen.queryByRole('dialog', { name: 'Nouveau rendez-vous' })).toBeNull()
    expect((waiting.getByRole('checkbox', { name: /Brushing/ }) as HTMLInputElement).checked).toBe(true)
    expect((waiting.getByLabelText(/Jour/) as HTMLInputElement).value).toBe('2099-12-02')
    await waitFor(() =>
      expect((waiting.getByRole('combobox', { name: /Avec/ }) as HTMLSelectElement).value).toBe(MARIE),
    )
    expect(waiting.getByText('Léa Dupont')).toBeTruthy()
    await userEvent.click(waiting.getByRole('button', { name: "Mettre sur liste d'attente" }))
    await waitFor(() =>
      expect(posted(calls)).toEqual([
        { customerId: LEA, serviceIds: [BRUSHING], day: '2099-12-02', part: 'day', memberId: MARIE },
      ]),
    )
  })

  it('does not offer it while the day has free times', async () => {
    serveSalon(() => json(entry(), 201), ['10:00'])
    renderWithQueries(<DeskWithWaitingList />)
    const booking = within(await screen.findByRole('dialog', { name: 'Nouveau rendez-vous' }))
    await booking.findByRole('radio', { name: '10:00' })
    expect(booking.queryByRole('button', { name: /liste d'attente/ })).toBeNull()
  })
})
