import { describe, expect, it } from 'vitest'
import { callTelegram, TelegramUnavailable, telegramApi } from './telegram-api'

/** Failures of the Bot API never carry the token (it is in every URL), whatever failed. */
describe('Telegram failures', () => {
  const token = '123456789:AAH3kq_Tq8xV0example-token-part-0123'

  it('says a network failure without the token', async () => {
    // Nothing listens on port 9 of this machine: the connection is refused.
    const api = telegramApi({ token, apiBaseUrl: 'http://127.0.0.1:9', mode: 'polling', webhookUrl: '' })
    const failure = await callTelegram(token, () => api.getMe()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TelegramUnavailable)
    expect(String((failure as Error).message)).toContain('getMe')
    expect(String((failure as Error).message)).not.toContain('example-token-part')
    expect(JSON.stringify(failure)).not.toContain('example-token-part')
  })
})
