import type { TelegramConfig } from '@server/config'
import { Api, GrammyError, HttpError } from 'grammy'

/**
 * The Bot API through grammY's client, on TELEGRAM_API_BASE_URL (paths kept: `/bot<token>/<method>`),
 * and what its failures mean for us. The token is part of every URL: no message built here repeats
 * a URL or grammY's underlying error, so a job's stored failure or a log line never carries it.
 */

/** How long one call may take (grammY waits 500 s by default); long polls add their own wait. */
const CALL_TIMEOUT_SECONDS = 20

export function telegramApi(config: TelegramConfig, options: { timeoutSeconds?: number } = {}): Api {
  return new Api(config.token, {
    apiRoot: config.apiBaseUrl,
    timeoutSeconds: options.timeoutSeconds ?? CALL_TIMEOUT_SECONDS,
    // Never the request's parameters in grammY's errors: they hold customers' words.
    sensitiveLogs: false,
  })
}

/** The platform's AbortSignal as grammY's shim types it (the same object at run time). */
export const grammySignal = (signal: AbortSignal) => signal as unknown as Parameters<Api['getMe']>[0]

/** The customer blocked the bot (or deleted their account): nothing reaches them until they write again. */
export class TelegramBlocked extends Error {
  override name = 'TelegramBlocked'
}

/** Telegram's flood control: the same call may be made again after `retryAfter` seconds. */
export class TelegramFlood extends Error {
  override name = 'TelegramFlood'
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message)
  }
}

/** Telegram or the network failed; the same call may succeed later (5xx, a connection refused). */
export class TelegramUnavailable extends Error {
  override name = 'TelegramUnavailable'
}

/**
 * The request may have reached Telegram and no answer said whether it was taken (a time-out, the
 * connection cut): a chat message is sent again, a reminder never (it must not arrive twice).
 */
export class TelegramOutcomeUnknown extends Error {
  override name = 'TelegramOutcomeUnknown'
}

/** Failures after the request may have left; others (refused, unknown host) happen before. */
const MAYBE_SENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])

/** Telegram refused this call for good (a 400: a chat not found, a text it will not take). */
export class TelegramRefused extends Error {
  override name = 'TelegramRefused'
}

/** Telegram refuses our token (401, 404): an administrator must fix TELEGRAM_BOT_TOKEN. */
export class TelegramMisconfigured extends Error {
  override name = 'TelegramMisconfigured'
}

export type TelegramFailure =
  | TelegramBlocked
  | TelegramFlood
  | TelegramUnavailable
  | TelegramRefused
  | TelegramMisconfigured

/** What a failed call means, in words that never include the token or the request. */
export function telegramFailure(error: unknown, token: string): TelegramFailure | undefined {
  if (error instanceof GrammyError) {
    const words = `Telegram refused ${error.method} (${error.error_code}): ${redact(error.description, token)}`
    if (error.error_code === 429) return new TelegramFlood(words, Math.max(1, error.parameters.retry_after ?? 5))
    if (error.error_code === 403) return new TelegramBlocked(words)
    if (error.error_code === 401 || error.error_code === 404) return new TelegramMisconfigured(words)
    if (error.error_code >= 500) return new TelegramUnavailable(words)
    return new TelegramRefused(words)
  }
  if (error instanceof HttpError) {
    // grammY's message names the method only; the cause (node-fetch's) may quote the URL.
    const cause = error.error as { code?: unknown; name?: unknown } | undefined
    const code = typeof cause?.code === 'string' ? cause.code : undefined
    const words = `${redact(error.message, token)}${code ? ` (${code})` : ''}`
    const timedOut = cause?.name === 'AbortError' || cause?.name === 'TimeoutError'
    if (timedOut || (code && MAYBE_SENT_CODES.has(code))) return new TelegramOutcomeUnknown(words)
    return new TelegramUnavailable(words)
  }
  return undefined
}

/** Calls Telegram and turns its failures into ours. */
export async function callTelegram<T>(token: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw telegramFailure(error, token) ?? new TelegramUnavailable(redact(String(error), token))
  }
}

/** Removes the token, and its secret half alone, from a text. */
export function redact(text: string, token: string): string {
  const secret = token.split(':')[1] ?? token
  return text.split(token).join('<token>').split(secret).join('<token>')
}
