// @vitest-environment happy-dom

import { type FakeAnswer, type FetchCall, fakeServer, renderAt } from '@app/features/professional/test-harness'
import { fr } from '@app/locales/all'
import { frenchTexts } from '@app/test-harness'
import type { FailedJob, FailedJobs } from '@common/schemas/admin'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatDateTime } from './admin-format'
import { FailedJobsSection } from './FailedJobsSection'

/** A text as getByText reads a node: its no-break spaces (French typography) become plain spaces. */
const asRead = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

const texts = fr.admin.jobs

const PUSH: FailedJob = {
  id: '8f6c2a10-0000-4000-8000-000000000001',
  queue: 'calendar.push-booking',
  about: 'SAL001 · 2026-12-02 10:00',
  error: 'Google answered 403: the calendar is not shared with this account',
  attempts: 11,
  failedAt: '2026-12-01T09:12:00.000Z',
  createdAt: '2026-12-01T07:00:00.000Z',
}
const RELEASE: FailedJob = {
  id: '8f6c2a10-0000-4000-8000-000000000002',
  queue: 'calendar.release',
  about: null,
  error: null,
  attempts: 1,
  failedAt: '2026-11-30T18:00:00.000Z',
  createdAt: '2026-11-30T17:59:00.000Z',
}
const RETRY_URL = `/api/admin/jobs/${PUSH.id}/retry`

type Routes = Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)>
const serve = (list: FailedJobs, extra: Routes = {}) =>
  fakeServer({ 'GET /api/admin/jobs/failed': { json: list }, ...extra })
const reads = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET').length

/** Holds every POST until `release()`, to see the button while the retry is on its way. */
function holdPosts() {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const answer = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') await gate
    return answer(input, init)
  })
  return () => release()
}

beforeAll(frenchTexts)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('failed background jobs', () => {
  it('name each job in words, with its reference, its error, its attempts and when it failed', async () => {
    serve({ jobs: [PUSH, RELEASE], total: 2 })
    renderAt('/admin', <FailedJobsSection />)
    const table = await screen.findByRole('table', { name: texts.title })
    const push = table.querySelector(`[data-job="${PUSH.id}"]`) as HTMLElement
    expect(within(push).getByText("Agenda : envoi d'un rendez-vous")).toBeTruthy()
    expect(within(push).getByText('SAL001 · 2026-12-02 10:00')).toBeTruthy()
    expect(within(push).getByText(PUSH.error as string)).toBeTruthy()
    expect(within(push).getByText('11')).toBeTruthy()
    expect(within(push).getByText(formatDateTime(PUSH.failedAt, 'fr')).getAttribute('datetime')).toBe(PUSH.failedAt)
    expect(formatDateTime(PUSH.failedAt, 'fr')).toMatch(/déc\.? 2026/)

    const release = table.querySelector(`[data-job="${RELEASE.id}"]`) as HTMLElement
    expect(within(release).getByText('Agenda : déconnexion')).toBeTruthy()
    expect(within(release).getByText(texts.noReference)).toBeTruthy()
    expect(within(release).getByText(texts.noError)).toBeTruthy()
    // The queue's own name is for the server, not for the administrator.
    expect(document.body.textContent).not.toContain('calendar.')

    // The same jobs as cards, for phones.
    const cards = screen.getByRole('list', { name: texts.title })
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2)
    expect(within(cards).getAllByRole('button', { name: /Relancer la tâche/ })).toHaveLength(2)
  })

  it('say so when there is none', async () => {
    serve({ jobs: [], total: 0 })
    renderAt('/admin', <FailedJobsSection />)
    expect(await screen.findByText(texts.empty)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('say how many there are when only the newest are shown', async () => {
    serve({ jobs: [PUSH, RELEASE], total: 73 })
    renderAt('/admin', <FailedJobsSection />)
    expect(await screen.findByText('Les 2 plus récentes sur 73 sont affichées.')).toBeTruthy()
  })

  it('retry a job: the button waits for the answer, a toast confirms, and the list is read again', async () => {
    let list: FailedJobs = { jobs: [PUSH, RELEASE], total: 2 }
    const calls = serve(list, {
      'GET /api/admin/jobs/failed': () => ({ json: list }),
      [`POST ${RETRY_URL}`]: () => {
        list = { jobs: [RELEASE], total: 1 }
        return { json: { success: true } }
      },
    })
    const release = holdPosts()
    const user = userEvent.setup()
    renderAt('/admin', <FailedJobsSection />)
    const table = await screen.findByRole('table', { name: texts.title })
    const row = table.querySelector(`[data-job="${PUSH.id}"]`) as HTMLElement
    const button = within(row).getByRole('button', {
      name: "Relancer la tâche «\u00a0Agenda\u00a0: envoi d'un rendez-vous\u00a0»",
    })
    await user.click(button)

    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'))
    expect((button as HTMLButtonElement).disabled).toBe(true)
    release()

    expect(await screen.findByText(texts.retried)).toBeTruthy()
    expect(
      screen.getByText("« Agenda : envoi d'un rendez-vous » va s'exécuter de nouveau dans un instant."),
    ).toBeTruthy()
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([RETRY_URL])
    await waitFor(() => expect(table.querySelector(`[data-job="${PUSH.id}"]`)).toBeNull())
    expect(reads(calls)).toBe(2)
  })

  it('tell when the job was already retried elsewhere, and read the list again', async () => {
    const calls = serve(
      { jobs: [PUSH], total: 1 },
      {
        [`POST ${RETRY_URL}`]: { status: 404, json: { code: 'jobs.not_found', message: 'No failed job with this id' } },
      },
    )
    const user = userEvent.setup()
    renderAt('/admin', <FailedJobsSection />)
    const table = await screen.findByRole('table', { name: texts.title })
    await user.click(within(table).getByRole('button', { name: /Relancer la tâche/ }))
    expect(await screen.findByText(texts.retryFailed)).toBeTruthy()
    expect(screen.getByText(asRead(texts.notFailedAnymore))).toBeTruthy()
    await waitFor(() => expect(reads(calls)).toBe(2))
  })

  it('say when the list cannot be read', async () => {
    serve({ jobs: [], total: 0 }, { 'GET /api/admin/jobs/failed': { status: 500, json: { code: 'internal' } } })
    renderAt('/admin', <FailedJobsSection />)
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy()
  })
})
