import { createServer } from 'node:net'
import { calendarConnections } from '@server/db/schema'
import { type FakeMicrosoft, startFakeMicrosoft } from '@tests/fakes/microsoft'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { startTestApp, type TestApp } from './app'
import { CALENDAR_QUEUES } from './calendar'
import { drainJobs } from './jobs'
import { cookiesFrom, ownerCookie } from './sign-in'

/**
 * The demo salon (no other calendar: no Google configured) whose owner connects Outlook through
 * the fake Microsoft, with the app's job workers running. The app listens on a real port
 * (PUBLIC_URL) so Graph's handshakes and notifications reach it.
 */

export interface MicrosoftCalendarTest {
  t: TestApp
  microsoft: FakeMicrosoft
  publicUrl: string
  /** The demo owner's session. */
  owner: string
  /** Connects Outlook through Microsoft's consent as `owner`; the callback's redirect. */
  connect(): Promise<string>
  /** Waits for every job to finish. */
  drain(timeoutMs?: number): Promise<void>
  /** The salon's Outlook connection as stored. */
  connection(): Promise<typeof calendarConnections.$inferSelect>
  /** Graph requests the fake has answered so far. */
  graphCalls(): number
  close(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function startMicrosoftCalendarTest(): Promise<MicrosoftCalendarTest> {
  const microsoft = await startFakeMicrosoft()
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const t = await startTestApp({ workers: true, env: { ...microsoft.env(), PUBLIC_URL: publicUrl } })
  await t.app.listen({ port, host: '127.0.0.1' })
  const owner = await ownerCookie(t)
  return {
    t,
    microsoft,
    publicUrl,
    owner,
    connect: async () => {
      const start = await t.app.inject({ url: '/api/salons/SAL001/microsoft/auth-url', headers: { cookie: owner } })
      expect(start.statusCode, start.body).toBe(200)
      const back = new URL(await microsoft.consent(start.json().authUrl))
      expect(`${back.origin}${back.pathname}`).toBe(`${publicUrl}/api/microsoft/callback`)
      const done = await t.app.inject({
        url: `${back.pathname}${back.search}`,
        headers: { cookie: cookiesFrom(start, owner) },
      })
      expect(done.statusCode).toBe(302)
      return String(done.headers.location)
    },
    drain: (timeoutMs) => drainJobs(t.database, CALENDAR_QUEUES, timeoutMs),
    connection: async () => {
      const [row] = await t.database.db
        .select()
        .from(calendarConnections)
        .where(eq(calendarConnections.provider, 'microsoft'))
      if (!row) throw new Error('no Outlook connection')
      return row
    },
    graphCalls: () => microsoft.requests().filter((r) => r.service === 'graph').length,
    close: async () => {
      await t.close()
      await microsoft.close()
    },
  }
}
