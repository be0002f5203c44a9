import { expect } from 'vitest'

/** An answer as the tests read it: status, headers, JSON body. */
interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  json(): unknown
}

/** The 503 of a database that cannot be reached: wait a few seconds (also in Retry-After). */
export function expectServiceUnavailable(res: Answer): void {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe('5')
  expect(res.json()).toEqual({
    code: 'service.unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  })
}

/** The 503 of a full disk: nothing can be saved; try again later (also in Retry-After). */
export function expectStorageFull(res: Answer): void {
  expect(res.statusCode).toBe(503)
  expect(res.headers['retry-after']).toBe('60')
  expect(res.json()).toEqual({
    code: 'service.storage_full',
    message: 'The service cannot save anything right now. Please try again later.',
    retryAfterSeconds: 60,
  })
}
