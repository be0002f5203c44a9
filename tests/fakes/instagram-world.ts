import type { FakeInstagram, FakeInstagramAccount, FakeInstagramOptions } from './instagram'
import type { Webhooks } from './instagram-webhooks'
import { graphRefusal, metaDate, newToken } from './instagram-wire'

/** The fake Instagram's state, shared by its OAuth and Graph handlers. Times are the fake clock's. */

export const HOUR_MS = 3_600_000
/** Authorization codes and short-lived tokens: one hour. */
export const CODE_TTL_MS = HOUR_MS
export const SHORT_TOKEN_TTL_MS = HOUR_MS
/** What Meta answers for a long-lived token (60 days less a minute): the fake's tokens last exactly that. */
export const LONG_TOKEN_EXPIRES_IN_S = 5_183_944
/** A long-lived token may be refreshed once it is 24 hours old. */
export const REFRESH_MIN_AGE_MS = 24 * HOUR_MS
/** A business may answer a customer up to 24 hours after the customer's last message. */
export const MESSAGING_WINDOW_MS = 24 * HOUR_MS

export interface Token {
  value: string
  account: FakeInstagramAccount
  longLived: boolean
  issuedAt: number
  expiresAt: number
  revoked: boolean
  scopes: string[]
}

export interface Code {
  account: FakeInstagramAccount
  clientId: string
  redirectUri: string
  scopes: string[]
  issuedAt: number
  used: boolean
}

export interface Customer {
  igsid: string
  accountUserId: string
  name: string
  username: string
  /** Meta's timestamp of the customer's last message to the account: the 24-hour window starts there. */
  lastMessageAt: number | undefined
  /** Texts the product sent them through the Send API. */
  received: string[]
  /** The quick replies under the last message they received (dismissed by the next message either way). */
  quickReplies: { title: string; payload: string }[]
}

export interface World {
  options: FakeInstagramOptions
  now(): number
  codes: Map<string, Code>
  tokens: Map<string, Token>
  /** By `customerKey`: an IGSID only means something for one professional account. */
  customers: Map<string, Customer>
  fake: FakeInstagram
  webhooks: Webhooks
}

export const customerKey = (accountUserId: string, igsid: string): string => `${accountUserId}:${igsid}`

export function issueToken(world: World, account: FakeInstagramAccount, longLived: boolean, scopes: string[]): Token {
  const issuedAt = world.now()
  const token: Token = {
    value: newToken(),
    account,
    longLived,
    issuedAt,
    expiresAt: issuedAt + (longLived ? LONG_TOKEN_EXPIRES_IN_S * 1000 : SHORT_TOKEN_TTL_MS),
    revoked: false,
    scopes,
  }
  world.tokens.set(token.value, token)
  return token
}

/**
 * The token behind a request, or Graph's refusal: 2500 when none was given, 190 when it is not
 * one of ours, 190/460 when revoked (the session-invalidated wording), 190/463 when expired.
 */
export function liveToken(world: World, raw: string | undefined): Token {
  if (!raw) throw graphRefusal(2500, 'An active access token must be used to query information about the current user.')
  const token = world.tokens.get(raw)
  if (!token) throw graphRefusal(190, 'Invalid OAuth access token - Cannot parse access token')
  if (token.revoked) {
    throw graphRefusal(
      190,
      'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
      { subcode: 460 },
    )
  }
  const now = world.now()
  if (now >= token.expiresAt) {
    throw graphRefusal(
      190,
      `Error validating access token: Session has expired on ${metaDate(token.expiresAt)}. The current time is ${metaDate(now)}.`,
      { subcode: 463 },
    )
  }
  return token
}
