import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { AppError, registerErrorHandling } from './errors'

function appWithLog() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const app = Fastify({ logger: { stream, level: 'error' } })
  registerErrorHandling(app)
  return { app, lines }
}

describe('the error handler', () => {
  it('turns a typed error into its status, code and message', async () => {
    const { app } = appWithLog()
    app.get('/x', async () => {
      throw new AppError('bookings.slot_taken', 409, 'Taken', { reason: 'taken' })
    })
    const res = await app.inject({ url: '/x' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ code: 'bookings.slot_taken', message: 'Taken', reason: 'taken' })
  })

  it('answers an unexpected failure with 500, the request id, and no details', async () => {
    const { app, lines } = appWithLog()
    app.get('/boom', async () => {
      throw new Error('database exploded')
    })
    const res = await app.inject({ url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: 'internal', message: 'Internal error', requestId: expect.any(String) })
    expect(res.body).not.toMatch(/exploded/)
    expect(lines.join('')).toMatch(/exploded/)
  })

  it('never logs the values of a failed query', async () => {
    const { app, lines } = appWithLog()
    app.get('/query', async () => {
      throw new DrizzleQueryError(
        'insert into customers (name, phone) values ($1, $2)',
        ['Camille Martin', '+33612345678'],
        new Error('boom'),
      )
    })
    await app.inject({ url: '/query' })
    const log = lines.join('')
    expect(log).toMatch(/insert into customers/)
    expect(log).not.toMatch(/Camille|33612345678/)
  })

  it('answers unknown routes with a JSON 404', async () => {
    const { app } = appWithLog()
    const res = await app.inject({ url: '/api/nope?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: 'route.not_found', message: 'No route GET /api/nope' })
  })
})
