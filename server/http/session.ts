import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import {
  endSession,
  resumeSession,
  SESSION_IDLE_MS,
  type SessionKind,
  type SignedInSession,
} from '@server/modules/auth/sessions.usecases'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The cookie of each kind of session: a professional or administrator, and an ambassador. */
export const SESSION_COOKIES: Record<SessionKind, string> = {
  staff: 'salonia_session',
  ambassador: 'salonia_ambassador_session',
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of the sessions read for this request (at most one database read per kind). */
    sessionMemo?: Partial<Record<SessionKind, Promise<SignedInSession | undefined>>>
  }
}

function cookieOptions(config: Config, maxAgeMs: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  }
}

export function setSessionCookie(reply: FastifyReply, config: Config, kind: SessionKind, token: string): void {
  reply.setCookie(SESSION_COOKIES[kind], token, cookieOptions(config, SESSION_IDLE_MS))
}

export function clearSessionCookie(reply: FastifyReply, config: Config, kind: SessionKind): void {
  reply.clearCookie(SESSION_COOKIES[kind], cookieOptions(config, 0))
}

/** A random token's or an HMAC's shape in a cookie: 32 bytes, base64url. */
const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/

/**
 * Set when a salon's owner signs in (google.routes.ts): this browser may be offered that Google
 * account at the next sign-in (login_hint). It holds an opaque reference, never the address
 * (sign-in.usecases.ts, knownAccountReference), is sent to the Google sign-in routes only, and
 * signing out forgets it.
 */
const KNOWN_ACCOUNT_COOKIE = 'salonia_known_account'
const KNOWN_ACCOUNT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000
const knownAccountOptions = (config: Config, maxAgeMs: number) => ({
  ...cookieOptions(config, maxAgeMs),
  path: '/api/google',
})

export function setKnownAccountCookie(reply: FastifyReply, config: Config, reference: string): void {
  reply.setCookie(KNOWN_ACCOUNT_COOKIE, reference, knownAccountOptions(config, KNOWN_ACCOUNT_MAX_AGE_MS))
}

export function clearKnownAccountCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(KNOWN_ACCOUNT_COOKIE, knownAccountOptions(config, 0))
}

/**
 * The reference this browser keeps, if it has one. An older cookie kept the address itself: it is
 * dropped when seen (the next sign-in sets a reference).
 */
export function knownAccountOf(request: FastifyRequest, reply: FastifyReply, config: Config): string | undefined {
  const known = request.cookies[KNOWN_ACCOUNT_COOKIE]
  if (known === undefined || BASE64URL_32_BYTES.test(known)) return known
  clearKnownAccountCookie(reply, config)
  return undefined
}

export function sessionTokenOf(request: FastifyRequest, kind: SessionKind): string | undefined {
  const token = request.cookies[SESSION_COOKIES[kind]]
  return token && BASE64URL_32_BYTES.test(token) ? token : undefined
}

/**
 * The caller's session of a kind, read once per request. A renewed session gets its cookie again
 * with the new lifetime; a cookie naming no live session is cleared.
 */
export function sessionOf(
  deps: { db: Database; clock: Clock; config: Config },
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<SignedInSession | undefined> {
  request.sessionMemo ??= {}
  const memo = request.sessionMemo[kind]
  if (memo) return memo
  const load = async () => {
    const token = sessionTokenOf(request, kind)
    if (!token) return undefined
    const resumed = await resumeSession(deps.db, deps.clock, kind, token)
    if (!resumed) {
      clearSessionCookie(reply, deps.config, kind)
      return undefined
    }
    if (resumed.renewed) {
      const left = resumed.session.expiresAt.getTime() - deps.clock.now().getTime()
      reply.setCookie(SESSION_COOKIES[kind], token, cookieOptions(deps.config, left))
    }
    return resumed.session
  }
  const promise = load()
  request.sessionMemo[kind] = promise
  return promise
}

/** Signs the browser out of one kind of session: on the server too, so a copied cookie opens nothing. */
export async function endSessionOf(
  deps: { db: Database; config: Config },
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const token = sessionTokenOf(request, kind)
  if (token) await endSession(deps.db, token)
  clearSessionCookie(reply, deps.config, kind)
}
