/**
 * One request to Meta's Graph hosts, as Instagram and WhatsApp make them: a time-out, the answer's
 * JSON read whatever the status, and what a failure to get an answer means. Each channel turns the
 * answer's `error` into its own failures (what a code means differs between their APIs).
 */

const TIMEOUT_MS = 15_000

/** The connection failed in a way that may have left the request with Meta (a reset, a time-out). */
const MAYBE_SENT_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])

/** No usable answer: `maybeTaken` when a POST may have been taken before the answer was lost. */
export class GraphUnanswered extends Error {
  override name = 'GraphUnanswered'
  constructor(
    message: string,
    readonly maybeTaken: boolean,
  ) {
    super(message)
  }
}

export interface GraphAnswer {
  status: number
  ok: boolean
  body: Record<string, unknown>
  /** `METHOD /path`, for messages (never the query: it may carry a code or a secret). */
  what: string
}

export async function callGraph(
  service: string,
  url: string,
  init: RequestInit,
  parse: (text: string) => unknown = JSON.parse,
): Promise<GraphAnswer> {
  const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } })?.cause?.code
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const words = `${service} did not answer ${what}${typeof code === 'string' ? ` (${code})` : timedOut ? ' (time-out)' : ''}`
    const maybeTaken = init.method === 'POST' && (timedOut || (typeof code === 'string' && MAYBE_SENT_CODES.has(code)))
    throw new GraphUnanswered(words, maybeTaken)
  }
  const text = await response.text().catch(() => '')
  let body: Record<string, unknown> = {}
  try {
    const parsed = parse(text)
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>
  } catch {
    if (response.ok) throw new GraphUnanswered(`${service} answered ${what} with something else than JSON`, true)
  }
  return { status: response.status, ok: response.ok, body, what }
}

/** Cuts secrets (tokens, codes, PINs) out of words Meta or the network send back. */
export function redact(text: string, secrets: string[], shortest = 6): string {
  let out = text
  for (const secret of secrets) if (secret.length >= shortest) out = out.split(secret).join('[redacted]')
  return out
}
