import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Twilio's Programmable Messaging API, on its real path and with its real
 * shapes: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`, `Body`,
 * HTTP basic authentication; 201 with the Message resource, errors as Twilio's JSON
 * (`{code, message, more_info, status}`). Twilio's test "magic" recipients answer as Twilio's test
 * credentials do (https://www.twilio.com/docs/iam/test-credentials): +15005550001 invalid (21211),
 * +15005550002 unroutable (21612), +15005550003 no permission for that region (21408),
 * +15005550004 unsubscribed (21610), +15005550009 cannot receive SMS (21614).
 */

export interface FakeSms {
  sid: string
  to: string
  from: string
  body: string
  /** When the fake received it (the test's own clock). */
  receivedAt: Date
}

export interface FakeTwilio {
  baseUrl: string
  accountSid: string
  authToken: string
  from: string
  /** Messages accepted, in order. */
  messages: FakeSms[]
  /** Requests refused or failed (any status but 201), for tests that check what was tried. */
  refusals: { to: string; status: number; code: number }[]
  /** The next `count` requests answer this HTTP status (a 5xx, 429…) instead of sending. */
  failNext(count: number, status?: number): void
  /**
   * While on, a valid request is read and never answered (a provider that has the message but has
   * not said so yet): what a worker killed in that instant leaves behind. Kept in `held`.
   */
  hold(on: boolean): void
  held: { to: string; body: string }[]
  close(): Promise<void>
}

const MAGIC_RECIPIENTS: Record<string, { code: number; message: string }> = {
  '+15005550001': { code: 21211, message: "The 'To' number +15005550001 is not a valid phone number." },
  '+15005550002': { code: 21612, message: "The 'To' phone number is not currently reachable via SMS." },
  '+15005550003': {
    code: 21408,
    message: 'Permission to send an SMS has not been enabled for the region indicated by the To number.',
  },
  '+15005550004': { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { code: 21614, message: "'To' number is not a valid mobile number" },
}

/** The server's settings that send SMS through this fake. */
export function twilioEnv(twilio: FakeTwilio): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_BASE_URL: twilio.baseUrl,
  }
}

const E164 = /^\+[1-9]\d{1,14}$/

export async function startFakeTwilio(
  options: { accountSid?: string; authToken?: string; from?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString('hex')}`
  const authToken = options.authToken ?? randomBytes(16).toString('hex')
  let failures: { count: number; status: number } = { count: 0, status: 503 }
  let holding = false
  const fake: FakeTwilio = {
    baseUrl: '',
    accountSid,
    authToken,
    from: options.from ?? '+15005550006',
    messages: [],
    refusals: [],
    failNext(count, status = 503) {
      failures = { count, status }
    },
    held: [],
    hold(on) {
      holding = on
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const server: Server = createServer(async (request, response) => {
    const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`
    const url = new URL(request.url ?? '/', 'http://fake')
    if (!url.pathname.startsWith('/2010-04-01/Accounts/')) {
      return error(response, 404, 20404, `The requested resource ${url.pathname} was not found`)
    }
    if (request.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) {
      return error(response, 401, 20003, 'Authenticate')
    }
    if (url.pathname !== path)
      return error(response, 404, 20404, `The requested resource ${url.pathname} was not found`)
    if (request.method !== 'POST') return error(response, 405, 20004, 'Method not allowed')
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return error(response, 400, 20001, 'Unsupported content type')
    }
    const form = new URLSearchParams(await readBody(request))
    const to = form.get('To') ?? ''
    const from = form.get('From') ?? ''
    const body = form.get('Body') ?? ''
    if (holding) {
      fake.held.push({ to, body })
      return
    }
    if (failures.count > 0) {
      failures.count--
      fake.refusals.push({ to, status: failures.status, code: failures.status === 429 ? 20429 : 20500 })
      return error(response, failures.status, failures.status === 429 ? 20429 : 20500, 'Temporary failure')
    }
    const refuse = (code: number, message: string) => {
      fake.refusals.push({ to, status: 400, code })
      error(response, 400, code, message)
    }
    if (!to) return refuse(21604, "A 'To' phone number is required.")
    if (!body) return refuse(21602, 'Message body is required.')
    if (from !== fake.from)
      return refuse(
        21606,
        `The 'From' phone number provided (${from}) is not a valid message-capable Twilio phone number for this destination/account.`,
      )
    const magic = MAGIC_RECIPIENTS[to]
    if (magic) return refuse(magic.code, magic.message)
    if (!E164.test(to)) return refuse(21211, `The 'To' number ${to} is not a valid phone number.`)
    if (body.length > 1600) return refuse(21617, 'The concatenated message body exceeds the 1600 character limit.')

    const sid = `SM${randomBytes(16).toString('hex')}`
    const now = new Date()
    fake.messages.push({ sid, to, from, body, receivedAt: now })
    response.writeHead(201, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        sid,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
        num_media: '0',
        date_created: now.toUTCString().replace('GMT', '+0000'),
        date_updated: now.toUTCString().replace('GMT', '+0000'),
        date_sent: null,
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        messaging_service_sid: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

function error(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }))
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
