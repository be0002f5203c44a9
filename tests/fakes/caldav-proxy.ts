import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { radicaleUrl } from '@tests/helpers/radicale'

/**
 * An HTTP forwarder on the loopback in front of Radicale (tests/helpers/radicale.ts), which cannot
 * fail on demand: the product is given this proxy's URL, and the test plays the CalDAV server's
 * failures here, with the Google fake's controls (tests/fakes/google-calendar.ts):
 *  - `failNext(status, times)`  the next requests are answered so without reaching Radicale
 *  - `outage(status | 'reset')` every request is, until `restore()`: a 401 plays revoked
 *                               credentials, 'reset' destroys the connection instead of answering
 *  - `setDelay(ms)`             every request waits this long before it is forwarded
 *  - `cutAnswerNext(method?)`   the next request (of that method) reaches Radicale, which acts on
 *                               it, but its answer is lost: the client's connection is destroyed
 * Everything else — method, path, query, headers (Basic auth included) and body — goes to Radicale
 * as sent, and its answer comes back as it streams.
 */

export interface ProxiedRequest {
  method: string
  path: string
  /** The query string, `?` included, or ''. */
  query: string
  /** What the client got: Radicale's status or a scripted one; 0 when its connection was destroyed instead. */
  status: number
  /** Radicale's status, when the request reached it (a cut answer's included). */
  upstream?: number
}

export interface CaldavProxy {
  /** http://127.0.0.1:<port>, without credentials or path. */
  url: string
  /** A Radicale URL (a calendar's, an object's) on the proxy: same path and query, no credentials. */
  urlFor(radicaleUrl: string): string
  /** The next `times` requests (default 1) are answered `status` without reaching Radicale. */
  failNext(status: number, times?: number): void
  /** Every request is answered `status`, or its connection destroyed ('reset'), until `restore()`. */
  outage(status: number | 'reset'): void
  /** Ends the outage, scripted failures and cut answers still pending, and the delay. */
  restore(): void
  /** Every request waits this long before it is forwarded (0: none). */
  setDelay(ms: number): void
  /** The next request (of `method`, when given) reaching Radicale loses its answer. */
  cutAnswerNext(method?: string): void
  /** Every request so far, in arrival order. */
  requests(): ProxiedRequest[]
  /** Resolves once no request is in flight. */
  settled(): Promise<void>
  close(): Promise<void>
}

// Radicale's own 401 (radicale/app/__init__.py, with its default realm).
const UNAUTHORIZED = {
  headers: { 'www-authenticate': 'Basic realm="Radicale - Password Required"' },
  body: 'Access to the requested resource forbidden.',
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): each side of the proxy has its own connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'])

export async function startCaldavProxy(target: URL | string | undefined = radicaleUrl()): Promise<CaldavProxy> {
  if (!target) throw new Error('the CalDAV proxy needs Radicale: TEST_RADICALE_URL is not set')
  const upstream = new URL(target)
  // A new connection to Radicale for each request: its server closes them after each answer.
  const agent = new Agent({ keepAlive: false })
  const log: ProxiedRequest[] = []
  const pending = new Set<Promise<void>>()
  const sockets = new Set<Socket>()
  let scripted: { status: number; times: number } | undefined
  let down: number | 'reset' | undefined
  let delayMs = 0
  let cuts: (string | undefined)[] = []

  const server: Server = createServer((request, response) => {
    const done = handle(request, response).catch(() => {
      response.destroy()
    })
    pending.add(done)
    void done.finally(() => pending.delete(done))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://proxy')
    const record: ProxiedRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.search, status: 0 }
    log.push(record)
    const body = await readBody(request)
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))

    const failure = down ?? (scripted && scripted.times-- > 0 ? scripted.status : undefined)
    if (failure === 'reset') {
      request.socket.destroy()
      return
    }
    if (failure !== undefined) {
      record.status = failure
      const { headers, body: text } =
        failure === 401 ? UNAUTHORIZED : { headers: {}, body: STATUS_CODES[failure] ?? 'Error' }
      response.writeHead(failure, { 'content-type': 'text/plain', ...headers })
      response.end(text)
      return
    }

    const cutIndex = cuts.findIndex((method) => method === undefined || method === record.method)
    const cut = cutIndex >= 0
    if (cut) cuts.splice(cutIndex, 1)

    const headers: IncomingHttpHeaders = { ...request.headers, host: upstream.host }
    for (const name of HOP_BY_HOP) delete headers[name]
    headers['content-length'] = String(body.length)
    const answer = await new Promise<IncomingMessage | Error>((resolve) => {
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port || 80,
          method: record.method,
          path: request.url,
          headers,
          agent,
        },
        resolve,
      )
      forwarded.on('error', resolve)
      forwarded.end(body)
    })
    if (answer instanceof Error) {
      record.status = 502
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(`the CalDAV proxy could not reach Radicale: ${answer.message}`)
      return
    }
    record.upstream = answer.statusCode ?? 0
    if (cut) {
      // Radicale has acted on the request; its answer is read to the end, then lost.
      answer.resume()
      await new Promise((resolve) => answer.on('close', resolve))
      request.socket.destroy()
      return
    }
    record.status = record.upstream
    const answerHeaders = { ...answer.headers }
    for (const name of HOP_BY_HOP) delete answerHeaders[name]
    response.writeHead(record.status, answerHeaders)
    response.on('close', () => answer.destroy())
    answer.pipe(response)
    await new Promise((resolve) => response.on('close', resolve))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    urlFor: (radicaleUrl) => {
      const proxied = new URL(radicaleUrl)
      return `${url}${proxied.pathname}${proxied.search}`
    },
    failNext: (status, times = 1) => {
      scripted = { status, times }
    },
    outage: (status) => {
      down = status
    },
    restore: () => {
      down = undefined
      scripted = undefined
      cuts = []
      delayMs = 0
    },
    setDelay: (ms) => {
      delayMs = ms
    },
    cutAnswerNext: (method) => {
      cuts.push(method?.toUpperCase())
    },
    requests: () => log.map((record) => ({ ...record })),
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
      agent.destroy()
    },
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
