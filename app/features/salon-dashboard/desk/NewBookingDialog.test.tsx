// @vitest-environment happy-dom

import { frenchTexts } from '@app/test-harness'
import type { CustomerList } from '@common/schemas/customers'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BRUSHING,
  booking,
  json,
  LEA,
  renderDesk,
  SALON,
  type Served,
  serve,
  slots,
  TOM,
  team,
} from './desk-test-harness'
import { NewBookingDialog, type NewBookingInitial } from './NewBookingDialog'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

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

/** The salon's server for a new booking; `created` answers the POST (a booking, or a refusal). */
function serveSalon(
  created: (body: unknown) => Response,
  visits: Record<string, (url: URL, body: unknown) => Response> = {},
) {
  return serve({
    ...visits,
    [`GET /api/salons/${SALON}`]: () => json({ id: SALON, timeZone: 'Europe/Paris', country: 'FR', currency: 'EUR' }),
    [`GET /api/salons/${SALON}/services`]: () =>
      json([{ id: BRUSHING, name: 'Brushing', duration: 30, price: 3000, currency: 'EUR', isActive: true }]),
    [`GET /api/salons/${SALON}/team`]: () => json(team),
    [`GET /api/salons/${SALON}/availability`]: (url) =>
      json(slots('2099-12-02', url.searchParams.get('memberId') === TOM ? ['16:00'] : ['10:00', '10:30'])),
    [`GET /api/salons/${SALON}/customers`]: () => json(found),
    [`POST /api/salons/${SALON}/bookings`]: (_url, body) => created(body),
  })
}

async function openDialog(initial: NewBookingInitial = { localDate: '2099-12-02' }) {
  renderDesk(<NewBookingDialog salonId={SALON} open onOpenChange={() => {}} initial={initial} />)
  return within(await screen.findByRole('dialog', { name: 'Nouveau rendez-vous' }))
}

const posted = (calls: Served[]) => calls.find((call) => call.method === 'POST')?.body

describe('a booking taken by the salon', () => {
  it('books an existing customer found by name, with any free member', async () => {
    const calls = serveSalon(() => json(booking({ clientName: 'Léa Dupont', channel: 'dashboard' }), 201))
    const dialog = await openDialog()
    await userEvent.click(await dialog.findByRole('radio', { name: '10:30' }))
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Trouver un client' }), 'léa')
    const results = await dialog.findByRole('list', { name: 'Clients trouvés' })
    expect(calls.map((call) => call.url)).toContain(`/api/salons/${SALON}/customers?q=l%C3%A9a`)
    await userEvent.click(within(results).getByRole('button', { name: /Léa Dupont/ }))
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    const done = within(await screen.findByRole('dialog', { name: 'Rendez-vous pris' }))
    expect(posted(calls)).toEqual({
      serviceId: BRUSHING,
      startsAt: '2099-12-02T09:30:00.000Z',
      customerId: LEA,
      channel: 'dashboard',
    })
    expect(done.getByText('mercredi 2 décembre, 10:00–10:30')).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Rendez-vous pris' }).textContent).toContain(
      'Brushing avec Marie · 30,00\u00a0EUR',
    )
    expect(done.getByText('Pour Léa Dupont')).toBeTruthy()
  })

  it('books a new customer with a member, starting from the agenda’s cell', async () => {
    const calls = serveSalon(() => json(booking({ clientName: 'Paul Martin', member: { id: TOM, name: 'Tom' } }), 201))
    const dialog = await openDialog({ memberId: TOM, localDate: '2099-12-02', localTime: '16:00' })
    // The clicked cell's time is chosen as soon as Tom's free times show it.
    await waitFor(() => expect((dialog.getByRole('radio', { name: '16:00' }) as HTMLInputElement).checked).toBe(true))
    await userEvent.click(dialog.getByRole('radio', { name: 'Nouveau client' }))
    await userEvent.type(dialog.getByLabelText(/Nom/), 'Paul Martin')
    await userEvent.type(dialog.getByLabelText(/Téléphone/), '+33 6 98 76 54 32')
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    await screen.findByRole('dialog', { name: 'Rendez-vous pris' })
    expect(posted(calls)).toEqual({
      serviceId: BRUSHING,
      startsAt: '2099-12-02T15:00:00.000Z',
      memberId: TOM,
      customer: { name: 'Paul Martin', phone: '+33 6 98 76 54 32', language: 'fr' },
      channel: 'dashboard',
    })
  })

  it('asks for what is missing before sending anything', async () => {
    const calls = serveSalon(() => json(booking(), 201))
    const dialog = await openDialog()
    await dialog.findByRole('radio', { name: '10:00' })
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    expect(await dialog.findByText('Choisissez un des horaires libres, ou forcez un horaire')).toBeTruthy()
    expect(dialog.getByText('Choisissez un client dans les résultats, ou créez-en un nouveau')).toBeTruthy()
    expect(posted(calls)).toBeUndefined()
  })

  it('keeps the form filled when the time was just taken (409), and reads the free times again', async () => {
    const calls = serveSalon(() =>
      json({ code: 'bookings.slot_taken', message: 'This time slot has just been taken' }, 409),
    )
    const dialog = await openDialog()
    await userEvent.click(await dialog.findByRole('radio', { name: '10:00' }))
    await userEvent.click(dialog.getByRole('radio', { name: 'Nouveau client' }))
    await userEvent.type(dialog.getByLabelText(/Nom/), 'Paul Martin')
    const freeTimesReads = () => calls.filter((call) => call.url.includes('/availability')).length
    const before = freeTimesReads()
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    expect((await dialog.findByRole('alert')).textContent).toContain('Cet horaire vient d’être pris')
    expect((dialog.getByLabelText(/Nom/) as HTMLInputElement).value).toBe('Paul Martin')
    expect(screen.getByRole('dialog', { name: 'Nouveau rendez-vous' })).toBeTruthy()
    await waitFor(() => expect(freeTimesReads()).toBeGreaterThan(before))
  })

  it('needs a member for a forced time, then sends it as the salon’s local time', async () => {
    const calls = serveSalon(() => json(booking({ member: { id: TOM, name: 'Tom' } }), 201))
    const dialog = await openDialog({ localDate: '2099-12-02', localTime: '18:50' })
    await userEvent.click(await dialog.findByRole('checkbox', { name: /Forcer un horaire/ }))
    expect((dialog.getByLabelText(/Heure/) as HTMLInputElement).value).toBe('18:50')
    await userEvent.click(dialog.getByRole('radio', { name: 'Client existant' }))
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Trouver un client' }), 'léa')
    await userEvent.click(
      within(await dialog.findByRole('list', { name: 'Clients trouvés' })).getByRole('button', { name: /Léa/ }),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    expect(await dialog.findByText(/Un horaire forcé demande un membre/)).toBeTruthy()
    await userEvent.selectOptions(dialog.getByLabelText('Qui s’en occupe'), 'Tom')
    await userEvent.click(dialog.getByRole('button', { name: 'Réserver' }))
    await screen.findByRole('dialog', { name: 'Rendez-vous pris' })
    expect(posted(calls)).toEqual({
      serviceId: BRUSHING,
      startsAt: '2099-12-02T18:50',
      force: true,
      memberId: TOM,
      customerId: LEA,
      channel: 'dashboard',
    })
  })

  it('books a visit: two people, one of them with two services, every six weeks; checked first, a date that does not fit left out', async () => {
    const appointment = (
      person: number,
      service: string,
      localDate: string,
      localTime: string,
      end: string,
      refusal: null | 'taken' = null,
    ) => ({
      person,
      serviceId: BRUSHING,
      service,
      localDate,
      localTime,
      endLocalTime: end,
      startsAt: `${localDate}T09:00:00.000Z`,
      member: refusal ? null : { id: TOM, name: 'Tom' },
      refusal,
    })
    const plan = {
      occurrences: [
        {
          index: 0,
          localDate: '2099-12-02',
          localTime: '10:00',
          fits: true,
          appointments: [
            appointment(0, 'Brushing', '2099-12-02', '10:00', '10:30'),
            appointment(0, 'Brushing', '2099-12-02', '10:30', '11:00'),
            appointment(1, 'Brushing', '2099-12-02', '10:00', '10:30'),
          ],
        },
        {
          index: 1,
          localDate: '2100-01-13',
          localTime: '10:00',
          fits: false,
          appointments: [
            appointment(0, 'Brushing', '2100-01-13', '10:00', '10:30', 'taken'),
            appointment(0, 'Brushing', '2100-01-13', '10:30', '11:00'),
            appointment(1, 'Brushing', '2100-01-13', '10:00', '10:30'),
          ],
        },
      ],
    }
    const calls = serveSalon(() => json(booking(), 201), {
      [`POST /api/salons/${SALON}/visits/check`]: () => json(plan),
      [`POST /api/salons/${SALON}/visits`]: () =>
        json(
          {
            bookings: [
              booking({ id: 'b1', clientName: 'Léa Dupont' }),
              booking({ id: 'b2', clientName: 'Léa Dupont', localTime: '10:30' }),
              booking({ id: 'b3', clientName: 'Zoé' }),
            ],
            skipped: [1],
          },
          201,
        ),
    })
    const dialog = await openDialog()
    await userEvent.click(await dialog.findByRole('radio', { name: '10:00' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Ajouter une prestation' }))
    await userEvent.selectOptions(dialog.getByLabelText('Par'), 'Tom')
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Trouver un client' }), 'léa')
    await userEvent.click(
      within(await dialog.findByRole('list', { name: 'Clients trouvés' })).getByRole('button', { name: /Léa Dupont/ }),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Ajouter une personne' }))
    const second = within(dialog.getByRole('region', { name: 'Personne 2' }))
    await userEvent.type(second.getByLabelText(/Nom/), 'Zoé')
    await userEvent.click(dialog.getByRole('checkbox', { name: /Répéter ce rendez-vous/ }))
    await userEvent.clear(dialog.getByLabelText(/Nombre de rendez-vous/))
    await userEvent.type(dialog.getByLabelText(/Nombre de rendez-vous/), '2')

    await userEvent.click(dialog.getByRole('button', { name: 'Vérifier les horaires' }))
    const checked = calls.find((call) => call.url.endsWith('/visits/check'))?.body
    expect(checked).toEqual({
      startsAt: '2099-12-02T09:00:00.000Z',
      people: [
        { customerId: LEA, services: [{ serviceId: BRUSHING }, { serviceId: BRUSHING, memberId: TOM }] },
        { customer: { name: 'Zoé', language: 'fr' }, services: [{ serviceId: BRUSHING }] },
      ],
      repeat: { everyWeeks: 6, times: 2 },
    })
    const shown = within(await dialog.findByRole('region', { name: 'Ce qui sera réservé' }))
    expect(shown.getByText('Laissé de côté')).toBeTruthy()
    expect(shown.getAllByText(/personne n’est libre/)).toHaveLength(1)
    expect(shown.getByText('Dates qui ne conviennent pas, laissées de côté : 1')).toBeTruthy()

    await userEvent.click(dialog.getByRole('button', { name: 'Réserver (3)' }))
    const done = within(await screen.findByRole('dialog', { name: 'Rendez-vous pris : 3' }))
    expect(calls.find((call) => call.url.endsWith('/visits'))?.body).toMatchObject({ skip: [1] })
    expect(done.getByText(/Laissés de côté : mercredi 13 janvier/)).toBeTruthy()
  })

  it('checks the visit again once anything in it changes', async () => {
    const calls = serveSalon(() => json(booking(), 201), {
      [`POST /api/salons/${SALON}/visits/check`]: () => json({ occurrences: [] }),
    })
    const dialog = await openDialog()
    await userEvent.click(await dialog.findByRole('radio', { name: '10:00' }))
    await userEvent.click(dialog.getByRole('radio', { name: 'Nouveau client' }))
    await userEvent.type(dialog.getByLabelText(/Nom/), 'Paul')
    await userEvent.click(dialog.getByRole('button', { name: 'Ajouter une prestation' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Vérifier les horaires' }))
    await dialog.findByRole('region', { name: 'Ce qui sera réservé' })
    await userEvent.click(dialog.getByRole('radio', { name: '10:30' }))
    expect(dialog.queryByRole('region', { name: 'Ce qui sera réservé' })).toBeNull()
    expect(dialog.getByRole('button', { name: 'Vérifier les horaires' })).toBeTruthy()
    expect(calls.filter((call) => call.url.endsWith('/visits')).length).toBe(0)
  })
})
