import { Writable } from 'node:stream'
import { buildApp } from '@server/app'
import { startTestApp } from '@tests/helpers/app'
import { describe, expect, it } from 'vitest'
import { requestLogSerializers, urlForLog } from './logging'

describe('request logging', () => {
  it('masks the secrets a URL may carry and keeps the rest', () => {
    expect(urlForLog('/api/google/callback?state=abc.def&code=4%2Fsecret&scope=email')).toBe(
      '/api/google/callback?state=[redacted]&code=[redacted]&scope=email',
    )
    expect(urlForLog('/api/salons/SAL001')).toBe('/api/salons/SAL001')
    expect(urlForLog('/api/ambassador/google-auth?accessCode=XYZ')).toBe(
      '/api/ambassador/google-auth?accessCode=[redacted]',
    )
  })

  it("never writes Google's code, the state or the session cookie to the log", async () => {
    const t = await startTestApp()
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const app = await buildApp({
      config: t.config,
      db: t.database.db,
      clock: t.clock,
      jobs: t.jobs,
      logger: { level: 'info', stream, serializers: requestLogSerializers },
    })
    try {
      await app.inject({
        url: '/api/google/callback?state=SECRET-STATE&code=SECRET-CODE',
        headers: { cookie: 'salonia_session=SECRET-COOKIE' },
      })
      const log = lines.join('')
      expect(log).toContain('/api/google/callback')
      expect(log).not.toMatch(/SECRET-(STATE|CODE|COOKIE)/)
    } finally {
      await app.close()
      await t.close()
    }
  })
})
