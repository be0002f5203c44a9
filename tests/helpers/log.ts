import { Writable } from 'node:stream'

/** A pino logger's options that keep every line it writes, parsed, for a test to read. */
export function capturedLog(level = 'info') {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: { stream, level }, lines }
}

/** pino's levels: 40 warn, 50 error, 60 fatal. */
export const WARN = 40
