import type { FailedJob, FailedJobs } from '@common/schemas/admin'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { bookThroughApi } from '@tests/helpers/calendar'
import { eventually } from '@tests/helpers/jobs'
import { adminCookie, ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Jobs that failed for good reach the administrators with what they were about and why they
 * failed (never their payload: a release carries the grant's token), and can be run again.
 */

let t: TestApp
let admin: string
let owner: string
/** Whether the release handler still fails, and what it saw when it did not. */
let googleDown = true
const released: string[] = []
const ids: Record<'push' | 'sync' | 'release', string> = { push: '', sync: '', release: '' }

const SEALED_TOKEN = 'sealed.token-that-must-never-leave-the-server'

beforeAll(async () => {
  t = await startTestApp()
  admin = await adminCookie(t)
  owner = await ownerCookie(t)
  const bookingId = await bookThroughApi(t, owner, '2026-12-02T10:00')
  const salon = await findSalonByPublicId(t.database.db, 'SAL001')
  if (!salon) throw new Error('no demo salon')

  // Each sent with no retry left, so its first failure is its last.
  const once = { retryLimit: 0 }
  const { db } = t.database
  ids.push = (await t.jobs.send(db, 'calendar.push-booking', { bookingId }, once)) ?? ''
  ids.sync = (await t.jobs.send(db, 'calendar.sync-salon', { salonId: salon.id, reason: 'manual' }, once)) ?? ''
  ids.release =
    (await t.jobs.send(
      db,
      'calendar.release',
      { sealedToken: SEALED_TOKEN, tokenKind: 'refresh', channel: { id: 'channel-42', resourceId: 'resource-42' } },
      once,
    )) ?? ''
  await t.jobs.work({
    'calendar.push-booking': async () => {
      throw new Error('Google answered 403: the calendar is not shared with this account')
    },
    'calendar.sync-salon': async () => {
      throw new Error(`Google answered 400:\n${'a very long explanation '.repeat(40)}`)
    },
    'calendar.release': async ({ sealedToken }) => {
      if (googleDown) throw new Error('Google answered 503')
      released.push(sealedToken)
    },
  })
  await eventually(async () => ((await failed()).total === 3 ? true : undefined))
})
afterAll(() => t.close())

async function failed(cookie = admin): Promise<FailedJobs> {
  const res = await t.app.inject({ url: '/api/admin/jobs/failed', headers: { cookie } })
  expect(res.statusCode).toBe(200)
  return res.json()
}

const retry = (id: string, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: { cookie } })

const jobOf = (list: FailedJobs, id: string) => list.jobs.find((job) => job.id === id) as FailedJob

describe('failed jobs', () => {
  it('are for administrators only', async () => {
    for (const request of [
      { url: '/api/admin/jobs/failed' },
      { method: 'POST' as const, url: `/api/admin/jobs/${ids.release}/retry` },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401)
      const professional = await t.app.inject({ ...request, headers: { cookie: owner } })
      expect(professional.statusCode).toBe(403)
      expect(professional.json().code).toBe('auth.admin_required')
    }
    // The refused retry did not put the job back.
    expect(jobOf(await failed(), ids.release)).toBeDefined()
  })

  it('say what each job was about and why it failed, newest first, without its payload', async () => {
    const list = await failed()
    expect(list.total).toBe(3)
    expect(jobOf(list, ids.push)).toMatchObject({
      queue: 'calendar.push-booking',
      about: 'SAL001 · 2026-12-02 10:00',
      error: 'Google answered 403: the calendar is not shared with this account',
      attempts: 1,
    })
    expect(jobOf(list, ids.sync)).toMatchObject({ queue: 'calendar.sync-salon', about: 'SAL001', attempts: 1 })
    expect(jobOf(list, ids.release)).toMatchObject({
      queue: 'calendar.release',
      about: null,
      error: 'Google answered 503',
    })

    // A long error is cut short, on one line.
    const longError = jobOf(list, ids.sync).error ?? ''
    expect(longError.startsWith('Google answered 400: a very long explanation')).toBe(true)
    expect(longError.length).toBeLessThanOrEqual(300)
    expect(longError).not.toContain('\n')

    const failedAt = list.jobs.map((job) => job.failedAt)
    expect(failedAt).toEqual([...failedAt].sort().reverse())
    for (const job of list.jobs) expect(Date.parse(job.createdAt)).toBeLessThanOrEqual(Date.parse(job.failedAt))

    const body = JSON.stringify(list)
    for (const secret of [SEALED_TOKEN, 'channel-42', 'resource-42', 'sealedToken', 'refresh']) {
      expect(body).not.toContain(secret)
    }
  })

  it('run again on retry, and leave the list once they succeed', async () => {
    googleDown = false
    const res = await retry(ids.release)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })

    await eventually(() => (released.length > 0 ? true : undefined))
    expect(released).toEqual([SEALED_TOKEN])
    const list = await eventually(async () => {
      const now = await failed()
      return now.total === 2 ? now : undefined
    })
    expect(list.jobs.map((job) => job.id).sort()).toEqual([ids.push, ids.sync].sort())

    // It is no longer a failed job: retrying it again finds nothing to retry.
    const again = await retry(ids.release)
    expect(again.statusCode).toBe(404)
    expect(again.json().code).toBe('jobs.not_found')
  })

  it('cannot retry a job that does not exist, nor with an id that is no job id', async () => {
    const unknown = await retry('00000000-0000-4000-8000-000000000000')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ code: 'jobs.not_found', message: 'No failed job with this id' })
    expect((await retry('not-a-job')).statusCode).toBe(400)
  })

  it('count every failed job, beyond the 50 shown', async () => {
    const { db } = t.database
    for (let n = 0; n < 50; n++) {
      const bookingId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
      await t.jobs.send(db, 'calendar.push-booking', { bookingId }, { singletonKey: bookingId, retryLimit: 0 })
    }
    const list = await eventually(async () => {
      const now = await failed()
      return now.total === 52 ? now : undefined
    }, 30_000)
    expect(list.jobs).toHaveLength(50)
    // A booking that is not (or no longer) there: no reference, rather than a guess.
    expect(list.jobs[0]).toMatchObject({ queue: 'calendar.push-booking', about: null })
  })
})
