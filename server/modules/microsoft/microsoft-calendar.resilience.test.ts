import { describeCalendarContract } from '@tests/helpers/calendar-contract'
import { microsoftWorld } from '@tests/helpers/calendar-world'
import { describe } from 'vitest'

/**
 * An Outlook calendar keeps the guarantees Google's does (tests/helpers/calendar-contract.ts),
 * against the fake Microsoft: Graph down (503), throttled (429 with Retry-After), a create whose
 * answer is lost after Graph made the event (the retry carries the same transactionId), a revoked
 * grant until the next consent, and the model of any sequence of changes and failures.
 */

describe('an Outlook calendar under failures', () => {
  describeCalendarContract(microsoftWorld, { modelRuns: 4, maxSteps: 8 })
})
