import { createServer } from 'node:net'
import { findBot } from '@server/modules/telegram/telegram.repository'
import type { TelegramLog } from '@server/modules/telegram/telegram-deps'
import { type RunningBot, startTelegram } from '@server/modules/telegram/telegram-start'
import {
  type FakeSentMessage,
  type FakeTelegram,
  type FakeTelegramUser,
  startFakeTelegram,
  telegramEnv,
} from '@tests/fakes/telegram'
import type { SQL } from 'drizzle-orm'
import type { FastifyServerOptions } from 'fastify'
import { startTestApp, type TestApp } from './app'
import type { TestDatabase } from './database'
import { eventually } from './jobs'

export interface TelegramTestApp extends TestApp {
  fake: FakeTelegram
  bot: RunningBot
  /** What the bot's start-up and polling logged (the workers' own logs go to the app's logger). */
  botLog: { level: string; obj: object; msg: string }[]
}

/**
 * A whole application with its Telegram bot running against the fake Bot API, its workers on:
 * by long polling (the default, as on a laptop), or by webhook (PUBLIC_URL HTTPS, the app listening
 * on a local port the fake posts to).
 */
export async function startTelegramApp(
  options: {
    mode?: 'polling' | 'webhook'
    now?: string
    env?: Record<string, string>
    database?: TestDatabase
    fake?: FakeTelegram
    logger?: FastifyServerOptions['logger']
  } = {},
): Promise<TelegramTestApp> {
  const webhook = options.mode === 'webhook'
  const port = webhook ? await freePort() : undefined
  const fake = options.fake ?? (await startFakeTelegram(port ? { deliverTo: `http://127.0.0.1:${port}` } : {}))
  const t = await startTestApp({
    now: options.now,
    database: options.database,
    workers: true,
    logger: options.logger,
    env: { ...telegramEnv(fake), ...(webhook ? { PUBLIC_URL: 'https://salonia.test' } : {}), ...options.env },
  })
  if (port) await t.app.listen({ port, host: '127.0.0.1' })
  const telegram = t.config.telegram
  if (!telegram) throw new Error('the test app has no Telegram configuration')
  const botLog: TelegramTestApp['botLog'] = []
  const log: TelegramLog = {
    info: (obj, msg) => botLog.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => botLog.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => botLog.push({ level: 'error', obj, msg }),
  }
  const bot = startTelegram(
    { db: t.database.db, clock: t.clock, jobs: t.jobs, config: t.config, telegram, log },
    { retryMs: 200 },
  )
  // Ready: the bot knows who it is, and the webhook is set (or the first long poll is on its way).
  await eventually(async () => ((await findBot(t.database.db)) ? true : undefined))
  if (webhook) await eventually(() => fake.webhook ?? undefined)
  return {
    ...t,
    fake,
    bot,
    botLog,
    close: async () => {
      await bot.stop()
      await t.close()
      if (!options.fake) await fake.close()
    },
  }
}

/** Waits until `user` has `count` messages from the bot (texts), and returns them all. */
export async function messagesOf(
  user: FakeTelegramUser,
  count: number,
  timeoutMs = 20_000,
): Promise<FakeSentMessage[]> {
  return eventually(() => (user.messages().length >= count ? user.messages() : undefined), timeoutMs)
}

/** Says something and waits for the bot's next message(s); returns the last one. */
export async function ask(user: FakeTelegramUser, text: string, answers = 1): Promise<FakeSentMessage> {
  const before = user.messages().length
  await user.say(text)
  const all = await messagesOf(user, before + answers)
  return all[all.length - 1] as FakeSentMessage
}

/** Presses a button and waits for the bot's next message; returns it. */
export async function press(user: FakeTelegramUser, button: string, answers = 1): Promise<FakeSentMessage> {
  const before = user.messages().length
  await user.tap(button)
  const all = await messagesOf(user, before + answers)
  return all[all.length - 1] as FakeSentMessage
}

/** The texts of a message's inline buttons, row by row. */
export function buttonsOf(message: FakeSentMessage): string[][] {
  const markup = message.replyMarkup as { inline_keyboard?: { text: string }[][] } | undefined
  return (markup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text))
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** The rows of a query, whichever driver runs it (PGlite and node-postgres shape results alike here). */
export async function rowsOf<T>(t: Pick<TestApp, 'database'>, query: SQL): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows?: T[] } | T[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}
