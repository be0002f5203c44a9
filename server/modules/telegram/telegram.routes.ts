import { text } from '@common/schemas/primitives'
import { notFound } from '@server/errors'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'
import { acceptUpdates, isWebhookSecret, webhookRefused, webhookSecret } from './telegram-updates'

/** An update: only its id is required here; the job reads the rest, whatever Telegram adds. */
const updateSchema = z.looseObject({ update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })

/**
 * Telegram's webhook (webhook mode only: PUBLIC_URL is HTTPS). The secret header authenticates the
 * call; the update is stored and its chat's job queued, and Telegram has its answer at once —
 * nothing here waits on the assistant or on Telegram.
 */
export function telegramRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/api/telegram/webhook',
    {
      config: { access: 'public' },
      bodyLimit: 256 * 1024,
      schema: {
        headers: z.object({ 'x-telegram-bot-api-secret-token': text().max(256).optional() }),
        body: updateSchema,
      },
    },
    async (request, reply) => {
      const telegram = deps.config.telegram
      if (telegram?.mode !== 'webhook')
        throw notFound('telegram.no_webhook', 'This server receives no Telegram webhook.')
      const given = request.headers['x-telegram-bot-api-secret-token']
      if (
        !isWebhookSecret(typeof given === 'string' ? given : undefined, webhookSecret(deps.config.appSecret, telegram))
      ) {
        throw webhookRefused()
      }
      await acceptUpdates(deps, [request.body])
      return reply.code(200).send({})
    },
  )
}
