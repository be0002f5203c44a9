// @vitest-environment happy-dom

import { de } from '@app/locales/all'
import { frenchTexts, renderWithQueries } from '@app/test-harness'
import type { RecurringBlock, TimeOff, WorkingDay, WorkingHours } from '@common/schemas/schedule'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SchedulePanel } from './SchedulePanel'

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const closed: WorkingDay = { isOpen: false, openTime: null, closeTime: null, intervals: [] }
const open = (openTime: string, closeTime: string): WorkingDay => ({
  isOpen: true,
  openTime,
  closeTime,
  intervals: [{ openTime, closeTime }],
})
/** The demo salon's week: closed Monday and Sunday. */
const WEEK: WorkingHours = {
  '0': closed,
  '1': open('09:00', '19:00'),
  '2': open('09:00', '19:00'),
  '3': open('09:00', '19:00'),
  '4': open('09:00', '19:00'),
  '5': open('09:00', '17:00'),
  '6': closed,
}
const CHRISTMAS: TimeOff = {
  id: 't1',
  startDate: '2026-12-23T23:00:00.000Z',
  endDate: '2026-12-26T23:00:00.000Z',
  reason: 'Fermeture de Noël',
  memberId: null,
}

interface Call {
  method: string
  url: string
  body: unknown
}

/** A fake of the salon's schedule API; `answers` overrides a "METHOD url" with a status and body. */
function serveSchedule(timeOff: TimeOff[] = [], answers: Record<string, [number, unknown]> = {}): { calls: Call[] } {
  const calls: Call[] = []
  const json = (status: number, body: unknown) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const answer = answers[`${method} ${url}`]
      if (answer) return json(...answer)
      if (url === '/api/salons/SAL001/working-hours') return json(200, WEEK)
      if (url === '/api/salons/SAL001/time-off') return json(200, timeOff)
      if (url === '/api/salons/SAL001/blocks') return json(200, [])
      if (url === '/api/salons/SAL001') return json(200, { salonId: 'SAL001', timeZone: 'Europe/Paris' })
      return json(404, { code: 'route.not_found', message: `No route ${method} ${url}` })
    }),
  )
  return { calls }
}

function renderPanel() {
  return renderWithQueries(<SchedulePanel salonId="SAL001" />)
}

describe('Planning du Salon: the week', () => {
  it('starts on Monday in French and shows each day open or closed', async () => {
    serveSchedule()
    renderPanel()
    const table = await screen.findByRole('table', { name: "Horaires d'ouverture de la semaine" })
    const days = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
    expect(days).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]?.textContent).toContain('Fermé')
    expect(rows[1]?.textContent).toContain('09:00–19:00')
    expect(rows[1]?.textContent).toContain('Ouvert')
  })

  it('says it is loading the hours', async () => {
    serveSchedule()
    renderPanel()
    expect(screen.getAllByText('Chargement des horaires...').length).toBeGreaterThan(0)
    await screen.findByRole('table')
  })
})

describe('Planning du Salon: the opening-hours dialog', () => {
  it('opens a closed day at 09:00–18:00 and saves the whole week', async () => {
    const { calls } = serveSchedule()
    const user = userEvent.setup()
    renderPanel()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Modifier les horaires' }))
    const dialog = screen.getByRole('dialog', { name: "Horaires d'ouverture" })
    const monday = within(dialog).getByRole('switch', { name: 'Ouvert le lundi' })
    expect(monday.getAttribute('aria-checked')).toBe('false')
    await user.click(monday)
    expect((within(dialog).getByLabelText('Ouverture — lundi') as HTMLInputElement).value).toBe('09:00')
    expect((within(dialog).getByLabelText('Fermeture — lundi') as HTMLInputElement).value).toBe('18:00')

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Horaires mis à jour')).toBeTruthy()
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.url).toBe('/api/salons/SAL001/working-hours')
    expect(put?.body).toMatchObject({
      workingHours: {
        '0': { isOpen: true, openTime: '09:00', closeTime: '18:00' },
        '1': { isOpen: true, openTime: '09:00', closeTime: '19:00' },
        '6': { isOpen: false },
      },
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  /** The server's 400 for a week with two overlapping ranges on Tuesday ('1'), as the API words it. */
  const OVERLAP_REFUSAL = {
    code: 'request.invalid',
    message: 'Invalid request: body.workingHours.1: Intervals 09:00–13:00 and 12:00–18:00 overlap',
    issues: [
      {
        code: 'schedule.hours.overlap',
        day: '1',
        first: '09:00–13:00',
        second: '12:00–18:00',
        path: 'body.workingHours.1',
        message: 'Intervals 09:00–13:00 and 12:00–18:00 overlap',
      },
    ],
  }

  it("words the server's refusal of the hours by its code, and keeps the dialog open", async () => {
    serveSchedule([], { 'PUT /api/salons/SAL001/working-hours': [400, OVERLAP_REFUSAL] })
    const user = userEvent.setup()
    renderPanel()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Modifier les horaires' }))
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const dialog = screen.getByRole('dialog', { name: "Horaires d'ouverture" })
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toBe('Mardi\u00a0: les plages 09:00–13:00 et 12:00–18:00 se chevauchent.')
    expect(alert.textContent).not.toContain('overlap')
    expect(screen.getByText('Erreur')).toBeTruthy()
  })

  it("words the server's refusal in German, and a refusal it has no words for in a general sentence", async () => {
    i18next.addResourceBundle('de', 'translation', de, true, true)
    await i18next.changeLanguage('de')
    try {
      const unknown = {
        code: 'request.invalid',
        message: 'Invalid request: body.workingHours.2: Something new',
        issues: [{ code: 'schedule.hours.something_new', path: 'body.workingHours.2', message: 'Something new' }],
      }
      let answer: [number, unknown] = [400, OVERLAP_REFUSAL]
      serveSchedule([], {})
      const fetchStub = vi.mocked(fetch)
      const schedule = fetchStub.getMockImplementation()
      fetchStub.mockImplementation(async (url, init) =>
        init?.method === 'PUT'
          ? new Response(JSON.stringify(answer[1]), {
              status: answer[0],
              headers: { 'Content-Type': 'application/json' },
            })
          : (schedule?.(url, init) as Promise<Response>),
      )
      const user = userEvent.setup()
      renderPanel()
      await screen.findByRole('table')
      await user.click(screen.getByRole('button', { name: 'Zeiten bearbeiten' }))
      await user.click(screen.getByRole('button', { name: 'Speichern' }))
      const dialog = screen.getByRole('dialog', { name: 'Öffnungszeiten' })
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Dienstag: Die Zeiträume 09:00–13:00 und 12:00–18:00 überschneiden sich.',
      )

      answer = [400, unknown]
      await user.click(within(dialog).getByRole('button', { name: 'Speichern' }))
      await vi.waitFor(() =>
        expect(within(dialog).getByRole('alert').textContent).toBe(
          'Der Server hat diese Zeiten abgelehnt. Prüfen Sie jeden geöffneten Tag und seine Zeiten.',
        ),
      )
    } finally {
      await i18next.changeLanguage('fr')
    }
  })

  it('refuses a day whose closing time equals its opening time, before calling the server', async () => {
    const { calls } = serveSchedule()
    const user = userEvent.setup()
    renderPanel()
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Modifier les horaires' }))
    fireEvent.change(screen.getByLabelText('Fermeture — mardi'), { target: { value: '09:00' } })
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(screen.getByText("L'heure de fermeture doit être différente de l'heure d'ouverture.")).toBeTruthy()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })
})

describe('Planning du Salon: absences', () => {
  it('lists absences in words on the salon clock: the last day off, inclusive, and the day back', async () => {
    serveSchedule([CHRISTMAS])
    renderPanel()
    const list = await screen.findByRole('list', { name: 'Absences programmées' })
    // Off from the 24th's midnight to the 27th's: the 26th is the last day off, the 27th the day back.
    expect(list.textContent).toContain('Du 24 déc. au 26 déc. 2026 inclus (3\u00a0jours)')
    expect(list.textContent).toContain('Fermeture de Noël · De retour le 27 déc.')
    cleanup()

    serveSchedule([])
    renderPanel()
    expect(await screen.findByText("Aucune période d'absence programmée")).toBeTruthy()
  })

  it('asks for both dates, then for an end later than the start', async () => {
    const { calls } = serveSchedule()
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ajouter une absence' }))
    const dialog = screen.getByRole('dialog', { name: "Nouvelle période d'absence" })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(within(dialog).getByText('Veuillez sélectionner les dates de début et de fin.')).toBeTruthy()

    fireEvent.change(within(dialog).getByLabelText(/Date de début/), { target: { value: '2026-12-10' } })
    fireEvent.change(within(dialog).getByLabelText(/Dernier jour d'absence/), { target: { value: '2026-12-09' } })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(within(dialog).getByText('Le dernier jour ne peut pas précéder la date de début.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('adds an absence as two salon dates, without an empty reason', async () => {
    const { calls } = serveSchedule([], { 'POST /api/salons/SAL001/time-off': [201, CHRISTMAS] })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ajouter une absence' }))
    const dialog = screen.getByRole('dialog', { name: "Nouvelle période d'absence" })
    fireEvent.change(within(dialog).getByLabelText(/Date de début/), { target: { value: '2026-12-24' } })
    fireEvent.change(within(dialog).getByLabelText(/Dernier jour d'absence/), { target: { value: '2026-12-27' } })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText("Période d'absence ajoutée")).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ startDate: '2026-12-24', endDate: '2026-12-27' })
    // The list is read again after the change.
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/salons/SAL001/time-off')).toHaveLength(2)
  })

  it("explains the server's refusal of an overlapping absence", async () => {
    serveSchedule([CHRISTMAS], {
      'POST /api/salons/SAL001/time-off': [
        409,
        { code: 'schedule.time_off_overlaps', message: 'This absence overlaps another one', existing: CHRISTMAS },
      ],
    })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ajouter une absence' }))
    const dialog = screen.getByRole('dialog', { name: "Nouvelle période d'absence" })
    fireEvent.change(within(dialog).getByLabelText(/Date de début/), { target: { value: '2026-12-25' } })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Cette période chevauche une absence déjà programmée\u00a0: du 24 déc. au 26 déc. 2026 inclus (3\u00a0jours).',
    )
    expect(screen.getByText("Impossible d'ajouter la période d'absence.")).toBeTruthy()
  })

  it('deletes an absence after confirmation', async () => {
    const { calls } = serveSchedule([CHRISTMAS], { 'DELETE /api/salons/SAL001/time-off/t1': [204, null] })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: "Supprimer l'absence du 24/12/2026 au 26/12/2026" }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    const confirm = screen.getByRole('alertdialog', { name: 'Supprimer cette absence\u202f?' })
    expect(confirm.textContent).toContain('Du 24 déc. au 26 déc. 2026 inclus (3\u00a0jours). Les créneaux')
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText("Période d'absence supprimée")).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/salons/SAL001/time-off/t1')).toBe(true)
  })
})

/** The break's end time (its label, "À", also begins "À partir du"). */
const endTimeOf = (dialog: HTMLElement) => dialog.querySelector('#block-end') as HTMLInputElement

const LUNCH: RecurringBlock = {
  id: 'b1',
  memberId: null,
  weekdays: [1, 2],
  startTime: '12:30',
  endTime: '13:15',
  firstDay: '2026-12-01',
  lastDay: null,
  reason: 'Déjeuner',
}

describe('Planning du Salon: weekly breaks (issue 39)', () => {
  it('lists each break in words: its days, its hours, its reason and from when', async () => {
    serveSchedule([], {
      'GET /api/salons/SAL001/blocks': [
        200,
        [
          LUNCH,
          {
            ...LUNCH,
            id: 'b2',
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            startTime: '08:00',
            endTime: '09:00',
            reason: null,
            firstDay: '2026-12-08',
            lastDay: '2026-12-15',
          },
        ],
      ],
    })
    renderPanel()
    const list = await screen.findByRole('list', { name: 'Pauses et blocages de la semaine' })
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items[0]).toContain('mar., mer. · 12:30–13:15')
    expect(items[0]).toContain('Déjeuner · À partir du 1 déc. 2026')
    expect(items[1]).toContain('Tous les jours · 08:00–09:00')
    expect(items[1]).toContain('Du 8 déc. au 15 déc. 2026 inclus')
  })

  it('adds a lunch break on the days chosen, refusing none and an end before the start', async () => {
    const { calls } = serveSchedule([], { 'POST /api/salons/SAL001/blocks': [201, LUNCH] })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Ajouter une pause' }))
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle pause ou nouveau blocage' })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(within(dialog).getByText('Choisissez au moins un jour.')).toBeTruthy()

    await user.click(within(dialog).getByRole('checkbox', { name: 'mardi' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'mercredi' }))
    fireEvent.change(endTimeOf(dialog), { target: { value: '12:00' } })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(within(dialog).getByText('La fin doit venir après le début.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.change(endTimeOf(dialog), { target: { value: '13:15' } })
    fireEvent.change(within(dialog).getByLabelText(/Motif/), { target: { value: ' Déjeuner ' } })
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText('Pause ajoutée')).toBeTruthy()
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.url).toBe('/api/salons/SAL001/blocks')
    expect(post?.body).toMatchObject({ weekdays: [1, 2], startTime: '12:30', endTime: '13:15', reason: 'Déjeuner' })
    expect((post?.body as { firstDay?: string } | undefined)?.firstDay).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('deletes a break after confirmation', async () => {
    const { calls } = serveSchedule([], {
      'GET /api/salons/SAL001/blocks': [200, [LUNCH]],
      'DELETE /api/salons/SAL001/blocks/b1': [204, null],
    })
    const user = userEvent.setup()
    renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Supprimer la pause mar., mer., 12:30–13:15' }))
    const confirm = screen.getByRole('alertdialog')
    expect(confirm.textContent).toContain('Ces heures (mar., mer., 12:30–13:15) pourront de nouveau être réservées.')
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText('Pause supprimée')).toBeTruthy()
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/salons/SAL001/blocks/b1')).toBe(true)
  })
})
