import type { SalonRow } from '@server/db/schema'
import { listUpcomingBookingsOfCustomer } from '@server/modules/bookings/bookings.usecases'
import { findCustomerByIdentity } from '@server/modules/customers/customers.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { type AppointmentsOf, DIALOGUE_FILES, playCase, readCases } from '@tests/helpers/dialogues'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** How many test files share the dialogues: each is a process of its own, so they play in parallel. */
export const DIALOGUE_PARTS = 4

/**
 * The shared example dialogues, played through the chat API with the checks of the eval runner
 * (tests/fixtures/assistant-dialogues). Each dialogue file runs on its own fresh database at its
 * clock. The files are dealt round the parts (the `part`-th of every DIALOGUE_PARTS), so a file
 * added to DIALOGUE_FILES is always played by one part.
 */
export function describeDialogues(part: number) {
  const files = DIALOGUE_FILES.filter((_, index) => index % DIALOGUE_PARTS === part - 1)
  describe.each(files)('dialogues of $file', ({ file, now }) => {
    let t: TestApp
    let appointmentsOf: AppointmentsOf
    beforeAll(async () => {
      // On PostgreSQL when the run has one: a thousand conversations are the suite's largest
      // share of CPU, and PGlite's engine runs inside this process (measured: a part's tests 24 s
      // on PGlite, 15–17 s on PostgreSQL). The assistant's other HTTP tests keep PGlite.
      t = await startTestApp({ now, driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' })
      const { db } = t.database
      const salon = (await findSalonByPublicId(db, 'SAL001')) as SalonRow
      // What the salon sees of a chat's customer: their appointments still to come.
      appointmentsOf = async (userId) => {
        const customer = await findCustomerByIdentity(db, salon.id, { channel: 'web', externalId: userId })
        if (!customer) return []
        const deps = { db, clock: t.clock, jobs: t.jobs }
        const upcoming = await listUpcomingBookingsOfCustomer(deps, salon, customer.id)
        return upcoming.map((b) => ({ service: b.service, local: `${b.localDate}T${b.localTime}` }))
      }
    })
    afterAll(() => t.close())

    const cases = readCases(new URL(`../fixtures/assistant-dialogues/${file}`, import.meta.url))
    it.each(cases.map((c) => [c.id, c] as const))('%s', async (_, dialogue) => {
      expect(await playCase(t.app, dialogue, 'Europe/Paris', undefined, appointmentsOf)).toEqual([])
    })
  })
}
