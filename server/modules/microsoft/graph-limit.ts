/**
 * At most N calls at once per key, the rest waiting their turn in order. Outlook allows four
 * concurrent requests per app and mailbox ("Outlook service limits",
 * https://learn.microsoft.com/graph/throttling-limits) and answers the fifth 429
 * `MailboxConcurrency`; a burst of bookings pushed at once would meet it. The caller wraps each
 * Graph call of one connection in `limitPerKey(connectionId, () => api.createEvent(…))`: two in
 * flight per connection in this process leaves room for a second instance (or the owner's own
 * apps) before the limit, and any instance that still meets it waits out Retry-After
 * (GraphError `throttled`).
 *
 * A helper the caller applies rather than something built into the API: the API's calls know a
 * token, not which connection (or mailbox) it belongs to, and a whole delta read should hold one
 * slot for its pages, which only the caller sees.
 */

export const GRAPH_CALLS_PER_CONNECTION = 2

interface Slots {
  running: number
  waiting: Array<() => void>
}

export type KeyedLimiter = <T>(key: string, run: () => Promise<T>) => Promise<T>

/** A limiter of `limit` calls at once per key; keys with nothing running or waiting are forgotten. */
export function createKeyedLimiter(limit: number): KeyedLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a limiter needs a positive limit, not ${limit}`)
  const byKey = new Map<string, Slots>()

  function release(key: string, slots: Slots) {
    const next = slots.waiting.shift()
    // The slot passes straight to the next in line: `running` stays, so no newcomer can jump the queue.
    if (next) return next()
    slots.running -= 1
    if (slots.running === 0) byKey.delete(key)
  }

  return async function limited<T>(key: string, run: () => Promise<T>): Promise<T> {
    let slots = byKey.get(key)
    if (!slots) {
      slots = { running: 0, waiting: [] }
      byKey.set(key, slots)
    }
    const mine = slots
    if (mine.running < limit) mine.running += 1
    else await new Promise<void>((resolve) => mine.waiting.push(resolve))
    try {
      return await run()
    } finally {
      release(key, mine)
    }
  }
}

/** The process's limiter of Graph calls: GRAPH_CALLS_PER_CONNECTION per key (a connection's id). */
export const limitPerKey: KeyedLimiter = createKeyedLimiter(GRAPH_CALLS_PER_CONNECTION)
