import type { Api } from 'grammy'
import * as repo from './telegram.repository'
import { grammySignal, TelegramMisconfigured, TelegramRefused, telegramFailure } from './telegram-api'
import type { TelegramDeps } from './telegram-deps'
import { ALLOWED_UPDATES, acceptUpdates } from './telegram-updates'

/** How long Telegram holds a long poll open when nothing happens. */
export const POLL_TIMEOUT_SECONDS = 25

/**
 * Long polling (PUBLIC_URL not HTTPS, as on a laptop): asks Telegram for updates after the stored
 * offset, stores them and moves the offset in one transaction (acceptUpdates), and asks again.
 * One poller per bot: Telegram answers 409 to a second one (another instance, or production
 * using the same bot), said once in the log and retried calmly.
 */
export async function pollUpdates(
  deps: Omit<TelegramDeps, 'api'>,
  api: Api,
  signal: AbortSignal,
  pause: (ms: number) => Promise<void>,
): Promise<void> {
  let failures = 0
  let conflictSaid = false
  while (!signal.aborted) {
    try {
      const offset = (await repo.findBot(deps.db))?.pollOffset ?? undefined
      const updates = await api.getUpdates(
        { offset, timeout: POLL_TIMEOUT_SECONDS, limit: 100, allowed_updates: [...ALLOWED_UPDATES] },
        grammySignal(signal),
      )
      const last = updates.at(-1)
      if (last) await acceptUpdates(deps, updates, { offset: last.update_id + 1 })
      failures = 0
    } catch (error) {
      if (signal.aborted) return
      const failure = telegramFailure(error, deps.telegram.token)
      if (failure instanceof TelegramMisconfigured) {
        deps.log.error({ err: failure.message }, 'Telegram refuses TELEGRAM_BOT_TOKEN: polling stopped')
        return
      }
      if (failure instanceof TelegramRefused && failure.message.includes('(409)')) {
        if (!conflictSaid) deps.log.warn({ err: failure.message }, 'another process polls this Telegram bot')
        conflictSaid = true
      } else {
        deps.log.warn({ err: failure?.message ?? 'database' }, 'Telegram polling failed; trying again')
      }
      failures += 1
      await pause(Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)))
    }
  }
}
