import { ICS_MAX_LENGTH } from '@common/schemas/chat'
import { BODY_LIMIT_BYTES } from '@server/app'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentIcs } from './ics'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp({ seed: false })
})
afterAll(() => t.close())

const { content: calendar, filename } = appointmentIcs({
  bookingId: 'b7a3c1d2-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
  start: new Date('2026-12-05T09:00:00Z'),
  end: new Date('2026-12-05T09:45:00Z'),
  serviceName: 'Coupe femme',
  salon: { name: 'Salon Lumière', address: '12 rue des Lilas, 75011 Paris', timeZone: 'Europe/Paris' },
  customerName: 'Marie',
  language: 'fr',
  now: new Date('2026-12-01T07:30:00Z'),
})

const download = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/ics/download', payload: payload as object })

const dispositionOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-disposition'])

describe('POST /api/ics/download', () => {
  it('answers the calendar file as a download under its name', async () => {
    const res = await download({ icsContent: calendar, filename })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(dispositionOf(res)).toBe('attachment; filename="rendez-vous-salon-lumiere-2026-12-05.ics"')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).toBe(calendar)
    expect(res.rawPayload.toString('utf8')).toContain('SUMMARY:Coupe femme — Salon Lumière')
  })

  it('names the file rendez-vous.ics when no name is given', async () => {
    const res = await download({ icsContent: calendar })
    expect(res.statusCode).toBe(200)
    expect(dispositionOf(res)).toBe('attachment; filename="rendez-vous.ics"')
  })

  it('restores CRLF line ends when the client sent bare LF', async () => {
    const res = await download({ icsContent: calendar.replace(/\r\n/g, '\n'), filename })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(calendar)
  })

  it.each([
    ['a\r\nSet-Cookie: x', 'a-Set-Cookie-x.ics'],
    ['../../etc/passwd', 'passwd.ics'],
    ['..\\..\\windows\\win.ini', 'win.ini.ics'],
    ['rendez-vous chez Zoé.ICS', 'rendez-vous-chez-Zoe.ics'],
    ["\"; filename*=UTF-8''evil.exe", 'filename-UTF-8-evil.exe.ics'],
    ['.hidden', 'hidden.ics'],
    ['...', 'rendez-vous.ics'],
    ['   ', 'rendez-vous.ics'],
    ['日本語.ics', 'rendez-vous.ics'],
  ])('sanitises the file name %j to %s', async (requested, expected) => {
    const res = await download({ icsContent: calendar, filename: requested })
    expect(res.statusCode).toBe(200)
    expect(dispositionOf(res)).toBe(`attachment; filename="${expected}"`)
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('keeps a long file name to 100 characters ending in .ics', async () => {
    const res = await download({ icsContent: calendar, filename: `${'x'.repeat(112)}.ics` })
    expect(res.statusCode).toBe(200)
    const served = /filename="([^"]+)"/.exec(dispositionOf(res))?.[1] ?? ''
    expect(served).toMatch(/^[A-Za-z0-9._-]+\.ics$/)
    expect(served.length).toBe(100)
  })

  it('refuses content that is not a calendar', async () => {
    for (const icsContent of [
      '<script>alert(1)</script>',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n',
      'hello END:VCALENDAR',
    ]) {
      const res = await download({ icsContent, filename })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'calendar_files.not_a_calendar' })
      expect(res.json().message).toMatch(/BEGIN:VCALENDAR/)
    }
  })

  it('refuses a missing or empty calendar with the field named', async () => {
    const missing = await download({ filename })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ code: 'request.invalid' })
    expect(missing.json().issues.map((i: { path: string }) => i.path)).toContain('body.icsContent')

    const empty = await download({ icsContent: '', filename })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain('The calendar file is empty')

    const noBody = await t.app.inject({ method: 'POST', url: '/api/ics/download' })
    expect(noBody.statusCode).toBe(400)
  })

  it('refuses a 25 KB calendar as too large', async () => {
    const padding = `DESCRIPTION:${'x'.repeat(25 * 1024)}\r\n`
    const icsContent = calendar.replace('END:VEVENT', `${padding}END:VEVENT`)
    expect(icsContent.length).toBeGreaterThan(ICS_MAX_LENGTH)
    const res = await download({ icsContent, filename })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'request.invalid' })
    expect(res.json().message).toContain('The calendar file is too large')
  })

  it('refuses a body over the request limit with 413', async () => {
    const res = await download({ icsContent: 'x'.repeat(BODY_LIMIT_BYTES + 1), filename })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ code: 'request.too_large', message: 'The request is too large.' })
  })
})
