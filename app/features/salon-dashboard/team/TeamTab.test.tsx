// @vitest-environment happy-dom

import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { OwnerService } from '@common/schemas/catalog'
import type { Team, TeamMember } from '@common/schemas/team'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ServiceDialog } from '../services/ServiceDialog'
import { TeamTab } from './TeamTab'

const COUPE = '00000000-0000-4000-8000-000000000001'
const BARBE = '00000000-0000-4000-8000-000000000002'
const OLD = '00000000-0000-4000-8000-000000000003'
const LEA = '11111111-1111-4111-8111-111111111111'
const HUGO = '22222222-2222-4222-8222-222222222222'

const service = (id: string, name: string, isActive = true): OwnerService => ({
  id,
  salonId: 'SAL001',
  name,
  description: '',
  duration: 30,
  processing: null,
  cleanup: 0,
  price: 2500,
  priceAmount: '25.00',
  currency: 'EUR',
  isActive,
  position: 1,
  translations: {},
  descriptionTranslations: {},
  nameLanguage: 'fr',
  ownerTranslations: {},
  suggestedTranslations: {},
})
const SERVICES = [service(COUPE, 'Coupe femme'), service(BARBE, 'Taille de barbe'), service(OLD, 'Mise en plis', false)]
const member = (id: string, name: string, extra: Partial<TeamMember> = {}): TeamMember => ({
  id,
  name,
  colour: '#7c3aed',
  isOwner: false,
  isActive: true,
  position: 0,
  serviceIds: [COUPE, BARBE],
  followsSalonHours: true,
  workingHours: null,
  ...extra,
})
const TEAM: Team = {
  calendarBlocks: 'salon',
  members: [
    member(LEA, 'Léa', { isOwner: true }),
    member(HUGO, 'Hugo', { colour: '#0d9488', position: 1, serviceIds: [COUPE], followsSalonHours: false }),
  ],
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function serve(routes: Record<string, (body: unknown) => Response> = {}) {
  const calls: { method: string; url: string; body: unknown }[] = []
  const all: Record<string, (body: unknown) => Response> = {
    'GET /api/salons/SAL001/team': () => json(TEAM),
    'GET /api/salons/SAL001/services': () => json(SERVICES),
    ...routes,
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      const body = init?.body ? JSON.parse(String(init.body)) : undefined
      calls.push({ method, url: String(input), body })
      const route = all[`${method} ${String(input)}`]
      return route ? route(body) : json({ code: 'not_found', message: 'Not found' }, 404)
    }),
  )
  return calls
}

const renderUi = (ui: ReactNode = <TeamTab salonId="SAL001" />) => renderWithQueries(ui)
const rows = async () =>
  within(await screen.findByRole('list', { name: "Membres de l'équipe" })).getAllByRole('listitem')

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the Team tab', () => {
  it('lists the team in its order: colour by name, the owner, active, what each performs, whose hours', async () => {
    serve()
    renderUi()
    const [lea, hugo] = await rows()
    expect(within(lea as HTMLElement).getByRole('img', { name: 'Couleur\u00a0: Violet' })).toBeTruthy()
    expect(lea?.textContent).toContain('Propriétaire')
    expect(lea?.textContent).toContain('Tous les services')
    expect(lea?.textContent).toContain('Horaires du salon')
    // The owner stays active: no button to deactivate her.
    expect(screen.queryByRole('button', { name: 'Désactiver Léa' })).toBeNull()
    expect(within(hugo as HTMLElement).getByRole('img', { name: 'Couleur\u00a0: Bleu canard' })).toBeTruthy()
    expect(hugo?.textContent).toContain('Actif')
    expect(hugo?.textContent).toContain('Services\u00a0: Coupe femme')
    expect(hugo?.textContent).toContain('Horaires personnels')
    expect(screen.getByText("Horaires et absences de chacun : voir l'onglet Horaires.")).toBeTruthy()
  })

  it('adds a member with a colour picked by name, performing every active service unless unticked', async () => {
    const calls = serve({
      'POST /api/salons/SAL001/team': (body) =>
        json(member('33333333-3333-4333-8333-333333333333', 'Sam', body as object), 201),
    })
    renderUi()
    await rows()
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un membre' }))
    const dialog = await screen.findByRole('dialog', { name: "Ajouter un membre de l'équipe" })
    const inDialog = within(dialog)
    // The first colour nobody wears is chosen; the active services are ticked, the inactive one not.
    expect((inDialog.getByRole('radio', { name: 'Framboise' }) as HTMLInputElement).checked).toBe(true)
    expect((inDialog.getByRole('checkbox', { name: 'Coupe femme' }) as HTMLInputElement).checked).toBe(true)
    expect((inDialog.getByRole('checkbox', { name: 'Mise en plis (désactivé)' }) as HTMLInputElement).checked).toBe(
      false,
    )
    await userEvent.click(inDialog.getByRole('button', { name: 'Ajouter' }))
    expect(await inDialog.findByText('Indiquez un nom.')).toBeTruthy()
    await userEvent.type(inDialog.getByLabelText(/Prénom ou nom/), 'Sam')
    await userEvent.click(inDialog.getByRole('radio', { name: 'Bleu' }))
    await userEvent.click(inDialog.getByRole('checkbox', { name: 'Taille de barbe' }))
    await userEvent.click(inDialog.getByRole('button', { name: 'Ajouter' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Sam',
      colour: '#2563eb',
      serviceIds: [COUPE],
    })
    expect(await screen.findByText("Sam a rejoint l'équipe")).toBeTruthy()
  })

  it('says a taken name under the field, in words', async () => {
    serve({
      'POST /api/salons/SAL001/team': () =>
        json({ code: 'team.name_taken', message: 'A team member already has this name' }, 409),
    })
    renderUi()
    await rows()
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter un membre' }))
    const dialog = within(await screen.findByRole('dialog'))
    await userEvent.type(dialog.getByLabelText(/Prénom ou nom/), 'hugo')
    await userEvent.click(dialog.getByRole('button', { name: 'Ajouter' }))
    expect(await dialog.findByText("Un membre de l'équipe porte déjà ce nom.")).toBeTruthy()
    expect(document.activeElement).toBe(dialog.getByLabelText(/Prénom ou nom/))
  })

  it('asks before deactivating, saying their appointments to come are kept and how many', async () => {
    const booking = (memberId: string, status: string) => ({ member: { id: memberId, name: '' }, status })
    const calls = serve({
      'GET /api/salons/SAL001/bookings': () =>
        json([
          booking(HUGO, 'confirmed'),
          booking(HUGO, 'cancelled'),
          booking(HUGO, 'pending'),
          booking(LEA, 'confirmed'),
        ]),
      [`PATCH /api/salons/SAL001/team/${HUGO}`]: () => json(member(HUGO, 'Hugo', { isActive: false })),
    })
    renderUi()
    await rows()
    await userEvent.click(screen.getByRole('button', { name: 'Désactiver Hugo' }))
    const question = await screen.findByRole('alertdialog', { name: 'Désactiver Hugo\u202f?' })
    await waitFor(() => expect(question.textContent).toContain("Hugo a 2 rendez-vous à partir d'aujourd'hui"))
    expect(question.textContent).toContain('ni par le chat')
    expect(question.textContent).toContain('ils sont conservés, toujours à son nom')
    expect(question.textContent).not.toContain("Personne d'autre")
    await userEvent.click(within(question).getByRole('button', { name: 'Désactiver' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false })
  })

  it('says which services nobody else performs, which stop being offered with them', async () => {
    serve({
      'GET /api/salons/SAL001/team': () =>
        json({
          ...TEAM,
          members: [
            member(LEA, 'Léa', { isOwner: true, serviceIds: [COUPE] }),
            member(HUGO, 'Hugo', { position: 1, serviceIds: [COUPE, BARBE, OLD] }),
          ],
        }),
      'GET /api/salons/SAL001/bookings': () => json([]),
    })
    renderUi()
    await rows()
    await userEvent.click(screen.getByRole('button', { name: 'Désactiver Hugo' }))
    const question = await screen.findByRole('alertdialog', { name: 'Désactiver Hugo\u202f?' })
    // Mise en plis is not offered anyway (inactive): only Taille de barbe is lost.
    await waitFor(() =>
      expect(question.textContent).toContain(
        "Personne d'autre ne réalise Taille de barbe\u00a0: ces prestations ne seront plus proposées",
      ),
    )
    expect(question.textContent).not.toContain('Mise en plis')
  })

  it('moves a member with the arrows, keeping the focus on the arrow, and saves the order', async () => {
    let members = TEAM.members
    const calls = serve({
      'GET /api/salons/SAL001/team': () => json({ ...TEAM, members }),
      'PUT /api/salons/SAL001/team-order': () => {
        members = [...TEAM.members].reverse()
        return json(members)
      },
    })
    renderUi()
    await rows()
    const down = screen.getByRole('button', { name: 'Descendre Léa' })
    await userEvent.click(down)
    await waitFor(async () => expect((await rows())[0]?.textContent).toContain('Hugo'))
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ memberIds: [HUGO, LEA] })
    // Léa is last now: her arrow down is disabled, so the focus went to her arrow up.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter Léa' }))
  })

  it('lets the salon say its Google Calendar’s own events block only the owner', async () => {
    const calls = serve({
      'PUT /api/salons/SAL001/calendar-blocks': (body) => json(body),
    })
    renderUi()
    await rows()
    expect((screen.getByRole('radio', { name: /Tout le salon/ }) as HTMLInputElement).checked).toBe(true)
    await userEvent.click(screen.getByRole('radio', { name: /Seulement Léa/ }))
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ calendarBlocks: 'owner' }))
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Seulement Léa/ }) as HTMLInputElement).checked).toBe(true),
    )
  })
})

describe('the services editor, with a team', () => {
  const dialog = (serviceToEdit?: OwnerService) =>
    renderUi(
      <ServiceDialog
        open
        onOpenChange={() => {}}
        salonId="SAL001"
        currency="EUR"
        salonLanguage="fr"
        service={serviceToEdit}
      />,
    )

  it('ticks the whole team for a new service, refuses nobody, and sends who performs it', async () => {
    const calls = serve({
      'POST /api/salons/SAL001/services': () => json(service('x', 'Balayage'), 201),
    })
    dialog()
    const members = await screen.findByRole('group', { name: 'Qui réalise ce service' })
    expect((within(members).getByRole('checkbox', { name: 'Léa' }) as HTMLInputElement).checked).toBe(true)
    expect((within(members).getByRole('checkbox', { name: 'Hugo' }) as HTMLInputElement).checked).toBe(true)
    await userEvent.type(screen.getByLabelText(/^Nom/), 'Balayage')
    await userEvent.type(screen.getByLabelText(/^Durée/), '60')
    await userEvent.type(screen.getByLabelText(/^Prix/), '95')
    await userEvent.click(within(members).getByRole('checkbox', { name: 'Léa' }))
    await userEvent.click(within(members).getByRole('checkbox', { name: 'Hugo' }))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le service' }))
    expect(await within(members).findByText('Cochez au moins une personne, ou désactivez le service.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await userEvent.click(within(members).getByRole('checkbox', { name: 'Hugo' }))
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter le service' }))
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ memberIds: [HUGO] }))
  })

  it('shows who performs a service being edited, and words the server’s refusal', async () => {
    serve({
      [`PATCH /api/salons/SAL001/services/${BARBE}`]: () =>
        json({ code: 'catalog.no_active_member', message: 'An active service needs…', field: 'memberIds' }, 422),
    })
    dialog(SERVICES[1])
    const members = await screen.findByRole('group', { name: 'Qui réalise ce service' })
    expect((within(members).getByRole('checkbox', { name: 'Léa' }) as HTMLInputElement).checked).toBe(true)
    expect((within(members).getByRole('checkbox', { name: 'Hugo' }) as HTMLInputElement).checked).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(
      await within(members).findByText(
        "Un service actif doit être réalisé par au moins un membre actif de l'équipe : cochez-en un, ou désactivez le service.",
      ),
    ).toBeTruthy()
  })
})
