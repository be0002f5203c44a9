import { type FakeTwilio, startFakeTwilio } from '@tests/fakes/twilio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SmsMisconfigured, SmsOutcomeUnknown, SmsUnavailable, sendSms, type TwilioConfig } from './twilio'

let twilio: FakeTwilio
let config: TwilioConfig

beforeAll(async () => {
  twilio = await startFakeTwilio()
  config = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from, baseUrl: twilio.baseUrl }
})
afterAll(() => twilio.close())

describe('sendSms (Twilio Programmable Messaging)', () => {
  it('sends the message and answers with its sid', async () => {
    const outcome = await sendSms(config, {
      to: '+33612345678',
      body: 'Rappel : Coupe femme demain à 10:00 — à bientôt !',
    })
    expect(outcome).toEqual({ status: 'sent', providerId: expect.stringMatching(/^SM[0-9a-f]{32}$/) })
    expect(twilio.messages.at(-1)).toMatchObject({
      to: '+33612345678',
      from: twilio.from,
      body: 'Rappel : Coupe femme demain à 10:00 — à bientôt !',
    })
  })

  it.each([
    ['+15005550001', '21211'],
    ['+15005550002', '21612'],
    ['+15005550004', '21610'],
    ['+15005550009', '21614'],
    ['0612345678', '21211'],
  ])('says a recipient Twilio refuses (%s) is refused, with its code, without retrying', async (to, code) => {
    const before = twilio.messages.length
    const outcome = await sendSms(config, { to, body: 'Hello' })
    expect(outcome).toMatchObject({ status: 'refused', code })
    expect(twilio.messages).toHaveLength(before)
  })

  it('throws SmsUnavailable on a 5xx or a 429, which a job retries', async () => {
    twilio.failNext(1, 503)
    await expect(sendSms(config, { to: '+33612345678', body: 'Hello' })).rejects.toBeInstanceOf(SmsUnavailable)
    twilio.failNext(1, 429)
    await expect(sendSms(config, { to: '+33612345678', body: 'Hello' })).rejects.toBeInstanceOf(SmsUnavailable)
    expect(await sendSms(config, { to: '+33612345678', body: 'Hello' })).toMatchObject({ status: 'sent' })
  })

  it('throws SmsUnavailable when Twilio cannot be reached', async () => {
    await expect(
      sendSms({ ...config, baseUrl: 'http://127.0.0.1:9' }, { to: '+33612345678', body: 'Hello' }),
    ).rejects.toBeInstanceOf(SmsUnavailable)
  })

  it('throws SmsOutcomeUnknown, never to be retried, when Twilio took the request and did not answer in time', async () => {
    twilio.hold(true)
    try {
      const error = await sendSms({ ...config, timeoutMs: 300 }, { to: '+33612345679', body: 'Hello' }).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(SmsOutcomeUnknown)
      expect(twilio.held.map((m) => m.to)).toContain('+33612345679')
    } finally {
      twilio.hold(false)
    }
  })

  it('throws SmsMisconfigured for wrong credentials or a sender that is not ours, and never repeats the token', async () => {
    const wrongToken = { ...config, authToken: 'not-the-token-0123456789' }
    const refused = await sendSms(wrongToken, { to: '+33612345678', body: 'Hello' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SmsMisconfigured)
    expect(String((refused as Error).message)).not.toContain('not-the-token')
    await expect(
      sendSms({ ...config, from: '+15005550007' }, { to: '+33612345678', body: 'Hello' }),
    ).rejects.toBeInstanceOf(SmsMisconfigured)
  })
})
