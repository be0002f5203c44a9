import { createHmac } from 'node:crypto'
import { text } from '@common/schemas/primitives'
import type { AppError } from '@server/errors'
import type { App } from '@server/http/types'
import { sameSecret } from '@server/security/secrets'
import { z } from 'zod'

/**
 * Meta's webhooks as Instagram and WhatsApp both receive them. The App Dashboard checks the
 * callback once with a GET (`hub.mode=subscribe`, our verify token, a numeric `hub.challenge` to
 * echo); every notification is a POST whose `X-Hub-Signature-256` is the HMAC-SHA256 of the body's
 * bytes as sent, keyed with the app secret — checked on the raw bytes before anything is parsed,
 * so a forged notification is refused (401) and nothing of it is stored.
 */

/** Meta batches many messages and statuses in one notification; a megabyte is far above that. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024

export function signatureOf(rawBody: Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`
}

export function isSignedByMeta(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  return sameSecret(header?.trim().toLowerCase(), signatureOf(rawBody, appSecret))
}

const metaVerifyQuerySchema = z.object({
  'hub.mode': text().max(32).optional(),
  'hub.verify_token': text().max(256).optional(),
  'hub.challenge': text().max(64).optional(),
})

export interface MetaWebhook {
  /** `/api/instagram/webhook`, `/api/whatsapp/webhook`. */
  path: string
  /** The app's secret and verify token; undefined when this server has no such app. */
  app: () => { appSecret: string; verifyToken: string } | undefined
  errors: {
    /** No app on this server (404). */
    unavailable: () => AppError
    /** A signature that is not ours (401). */
    forged: () => AppError
    /** The verify token or challenge is not what Meta sends (403). */
    verification: () => AppError
    /** Signed, but not JSON (400). */
    invalid: () => AppError
  }
  /** Where the log says which secret did not match. */
  secretName: string
  /** The notification, signed and parsed: stored and queued before Meta gets its 200. */
  accept: (body: unknown) => Promise<void>
}

export function registerMetaWebhook(app: App, webhook: MetaWebhook): void {
  app.get(
    webhook.path,
    { config: { access: 'public' }, schema: { querystring: metaVerifyQuerySchema } },
    async (request, reply) => {
      const settings = webhook.app()
      if (!settings) throw webhook.errors.unavailable()
      const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query
      if (mode !== 'subscribe' || !sameSecret(token, settings.verifyToken) || !challenge || !/^\d+$/.test(challenge)) {
        throw webhook.errors.verification()
      }
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(challenge)
    },
  )

  // In a scope of its own: the body's bytes are checked against the signature before they are parsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, raw, done) => {
        const settings = webhook.app()
        if (!settings) return done(webhook.errors.unavailable())
        const header = request.headers['x-hub-signature-256']
        if (!isSignedByMeta(raw as Buffer, typeof header === 'string' ? header : undefined, settings.appSecret)) {
          request.log.warn(`Meta notification refused: its signature does not match ${webhook.secretName}`)
          return done(webhook.errors.forged())
        }
        try {
          done(null, JSON.parse((raw as Buffer).toString('utf8')))
        } catch {
          done(webhook.errors.invalid())
        }
      },
    )
    scope.post(webhook.path, { config: { access: 'public' } }, async (request, reply) => {
      if (!webhook.app()) throw webhook.errors.unavailable()
      await webhook.accept(request.body)
      return reply.code(200).send({})
    })
  })
}
