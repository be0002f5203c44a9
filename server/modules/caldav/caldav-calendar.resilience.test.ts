import { describeCalendarContract } from '@tests/helpers/calendar-contract'
import { caldavWorld } from '@tests/helpers/calendar-world'
import { radicaleUrl } from '@tests/helpers/radicale'
import { describe } from 'vitest'

/**
 * A CalDAV calendar keeps the guarantees Google's does (tests/helpers/calendar-contract.ts), against
 * Radicale through a proxy that fails on demand: a 503 outage, a PUT whose answer is cut after
 * Radicale stored it (the retry meets its own object: 412, then an overwrite), a 401 as a revoked
 * password until the owner connects again, and the model of any sequence of changes and failures.
 */

describe.skipIf(!radicaleUrl())('a CalDAV calendar (Radicale) under failures', () => {
  describeCalendarContract(caldavWorld, { modelRuns: 4, maxSteps: 8 })
})
