import { LANGUAGES } from '@common/languages'
import type { UserFromGetMe } from 'grammy/types'
import * as repo from './telegram.repository'
import { callTelegram, grammySignal, TelegramMisconfigured, telegramApi } from './telegram-api'
import type { TelegramDeps } from './telegram-deps'
import { POLL_TIMEOUT_SECONDS, pollUpdates } from './telegram-polling'
import { TELEGRAM_TEXTS } from './telegram-texts'
import { ALLOWED_UPDATES, webhookSecret } from './telegram-updates'

export interface RunningBot {
  /** Stops polling (webhook mode has nothing running) and waits for the poll under way. */
  stop(): Promise<void>
}

/**
 * Brings the bot up beside the server, never in its way: asks Telegram who the bot is (kept for
 * the salons' links), sets its commands and descriptions in the four languages, then has updates
 * come by webhook (PUBLIC_URL is HTTPS) or by long polling. Telegram unreachable: tried again every
 * half-minute while the server runs; a refused token: said in the log, the rest of Salonia runs.
 */
export function startTelegram(deps: Omit<TelegramDeps, 'api'>, options: { retryMs?: number } = {}): RunningBot {
  const controller = new AbortController()
  const signal = controller.signal
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  const running = (async () => {
    const api = telegramApi(deps.telegram)
    const token = deps.telegram.token
    for (;;) {
      try {
        const me = await callTelegram(token, () => api.getMe(grammySignal(signal)))
        await introduce(deps, me)
        break
      } catch (error) {
        if (signal.aborted) return
        const message = error instanceof Error ? error.message : String(error)
        if (error instanceof TelegramMisconfigured) {
          deps.log.error({ err: message }, 'Telegram refuses TELEGRAM_BOT_TOKEN: the bot does not run')
          return
        }
        deps.log.warn({ err: message }, 'Telegram not reachable; trying again')
        await pause(options.retryMs ?? 30_000)
        if (signal.aborted) return
      }
    }
    if (deps.telegram.mode === 'webhook') {
      await callTelegram(token, () =>
        api.setWebhook(deps.telegram.webhookUrl, {
          secret_token: webhookSecret(deps.config.appSecret, deps.telegram),
          allowed_updates: [...ALLOWED_UPDATES],
        }),
      ).catch((error: unknown) =>
        deps.log.error({ err: error instanceof Error ? error.message : String(error) }, 'Telegram webhook not set'),
      )
      return
    }
    await callTelegram(token, () => api.deleteWebhook({ drop_pending_updates: false })).catch(() => undefined)
    const polling = telegramApi(deps.telegram, { timeoutSeconds: POLL_TIMEOUT_SECONDS + 15 })
    await pollUpdates(deps, polling, signal, pause)
  })().catch((error: unknown) =>
    deps.log.error({ err: error instanceof Error ? error.message : String(error) }, 'Telegram bot stopped'),
  )
  return {
    async stop() {
      controller.abort()
      await running
    },
  }
}

/** Keeps who the bot is, and tells Telegram what it does in each language (failures only logged). */
async function introduce(deps: Omit<TelegramDeps, 'api'>, me: UserFromGetMe): Promise<void> {
  await repo.saveBot(deps.db, { botId: me.id, username: me.username, info: me })
  deps.log.info(
    { bot: `@${me.username}`, mode: deps.telegram.mode },
    deps.telegram.mode === 'webhook' ? 'Telegram bot receives updates by webhook' : 'Telegram bot polls for updates',
  )
  const api = telegramApi(deps.telegram)
  // Each language, and the default (English) for customers whose Telegram speaks another one.
  for (const language of [...LANGUAGES, undefined]) {
    const texts = TELEGRAM_TEXTS[language ?? 'en']
    const scope = language ? { language_code: language } : {}
    const commands = (['start', 'help', 'phone'] as const).map((command) => ({
      command,
      description: texts.commands[command],
    }))
    await Promise.all([
      api.setMyCommands(commands, scope),
      api.setMyDescription(texts.description, scope),
      api.setMyShortDescription(texts.shortDescription, scope),
    ]).catch((error: unknown) =>
      deps.log.warn(
        { err: error instanceof Error ? error.name : String(error), language },
        "Telegram did not take the bot's commands or description",
      ),
    )
  }
}
