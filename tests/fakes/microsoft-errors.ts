import { randomUUID } from 'node:crypto'
import { identityTimestamp } from './microsoft-time'

/**
 * The two error shapes of the fake Microsoft, and the failures a test can script.
 *
 * Graph (https://learn.microsoft.com/graph/errors):
 *   { error: { code, message, innerError: { date, 'request-id', 'client-request-id' } } }
 * The identity platform's token endpoint (v2-oauth2-auth-code-flow, "Error response"):
 *   { error, error_description: 'AADSTS…: …\r\nTrace ID: …\r\nCorrelation ID: …\r\nTimestamp: …',
 *     error_codes: [n], timestamp, trace_id, correlation_id, error_uri }
 * Messages are Microsoft's as its reference pages, its error-code list
 * (https://learn.microsoft.com/entra/identity-platform/reference-error-codes) or its Q&A threads
 * quote them; a comment marks the few the fake had to word itself.
 */

/** A Graph refusal; the server loop writes it with Graph's body and headers. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body(date: string, requestId: string, clientRequestId: string) {
    return {
      error: {
        code: this.code,
        message: this.message,
        innerError: { date, 'request-id': requestId, 'client-request-id': clientRequestId },
      },
    }
  }
}

/**
 * Graph's answer to a request without a usable token. It names the authority in WWW-Authenticate,
 * as Graph does, with Graph's own well-known application id as `client_id`.
 */
const AUTHENTICATE = {
  'www-authenticate':
    'Bearer realm="", authorization_uri="https://login.microsoftonline.com/common/oauth2/authorize", client_id="00000003-0000-0000-c000-000000000000"',
}

export const graphErrors = {
  /** 401 for a missing token, one Graph cannot read, or one expired or revoked. */
  emptyToken: () => new GraphError(401, 'InvalidAuthenticationToken', 'Access token is empty.', AUTHENTICATE),
  // Graph's answer to an opaque (consumer) token it cannot parse, as its users report it.
  unreadableToken: () =>
    new GraphError(
      401,
      'InvalidAuthenticationToken',
      'CompactToken parsing failed with error code: 80049217',
      AUTHENTICATE,
    ),
  expiredToken: () =>
    new GraphError(401, 'InvalidAuthenticationToken', 'Access token has expired or is not yet valid.', AUTHENTICATE),
  accessDenied: () => new GraphError(403, 'ErrorAccessDenied', 'Access is denied. Check credentials and try again.'),
  itemNotFound: () => new GraphError(404, 'ErrorItemNotFound', 'The specified object was not found in the store.'),
  /** An id that cannot be one of Outlook's. */
  malformedId: () => new GraphError(400, 'ErrorInvalidIdMalformed', 'Id is malformed.'),
  /** Any path Graph does not serve: OData's wording for an unknown segment. */
  noSegment: (segment: string) => new GraphError(400, 'BadRequest', `Resource not found for the segment '${segment}'.`),
  /** OData is strict: a property the type does not define is refused, so a misspelt field fails loudly. */
  unknownProperty: (name: string, type: string) =>
    new GraphError(
      400,
      'RequestBodyRead',
      `The property '${name}' does not exist on type '${type}'. Make sure to only use property names that are defined by the type or mark the type as open type.`,
    ),
  invalidJson: () =>
    new GraphError(
      400,
      'BadRequest',
      'Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.',
    ),
  invalidRequest: (message: string) => new GraphError(400, 'ErrorInvalidRequest', message),
  invalidParameter: (message: string) => new GraphError(400, 'ErrorInvalidParameter', message),
  // The fake's wording: Graph's reference says only that a property failed validation.
  propertyValidation: (message = 'At least one property failed validation.') =>
    new GraphError(400, 'ErrorPropertyValidationFailure', message),
  timeZoneNotSupported: (zone: string) =>
    new GraphError(
      400,
      'TimeZoneNotSupportedException',
      `A valid TimeZone value must be specified. The following TimeZone value is not supported: '${zone}'.`,
    ),
  /**
   * A delta token Graph no longer knows: 410 and a Location header with the round's first request
   * ("Synchronization reset", delta-query-overview). The code is the one the same page names for
   * expired tokens.
   */
  syncStateNotFound: (location: string | undefined) =>
    new GraphError(
      410,
      'SyncStateNotFound',
      'The sync state generation is not found. The delta token is expired and data must be synchronized again.',
      location ? { location } : {},
    ),
  subscriptionNotFound: () => new GraphError(404, 'ResourceNotFound', 'The object was not found.'),
  subscriptionInvalid: (message: string) => new GraphError(400, 'InvalidRequest', message),
  /** How the subscription service wraps a refusal of the mailbox (as Graph's users quote it). */
  subscriptionForbidden: (operation: string) =>
    new GraphError(
      403,
      'ExtensionError',
      `Operation: ${operation}; Exception: [Status Code: Forbidden; Reason: Access is denied. Check credentials and try again.]`,
    ),
  /**
   * More than `limit` requests at once on one mailbox (throttling-limits, "Outlook service limits":
   * four concurrent requests per app and mailbox). The code and message are Graph's as its Q&A
   * threads quote them; the Retry-After value is the fake's (Graph's varies).
   */
  mailboxConcurrency: (retryAfterS: number) =>
    new GraphError(429, 'ApplicationThrottled', 'Application is over its MailboxConcurrency limit.', {
      'retry-after': String(retryAfterS),
    }),
}

/** What a test makes Graph (or the token endpoint) answer: `failNext` and `outage`. */
export interface MicrosoftFailure {
  status: 401 | 403 | 429 | 500 | 502 | 503 | 504
  /** Seconds, sent as Retry-After (Graph sends it with 429 and often with 503). */
  retryAfter?: number
  /** Graph's error code; defaults: 429 `TooManyRequests`, 503 `serviceNotAvailable`, 500 `generalException`. */
  code?: string
  /** How many requests fail so (failNext only; default 1). */
  count?: number
  /** `graph` (default) or `identity`, the token endpoint. */
  where?: 'graph' | 'identity'
}

const FAILURE_MESSAGES: Record<string, string> = {
  TooManyRequests: 'Too many requests',
  ApplicationThrottled: 'Application is over its MailboxConcurrency limit.',
  serviceNotAvailable: 'The service is temporarily unavailable. Retry after the time in the Retry-After header.',
  generalException: 'An unspecified error has occurred.',
  UnknownError: '',
  ErrorAccessDenied: 'Access is denied. Check credentials and try again.',
}

const DEFAULT_CODES: Record<number, string> = {
  401: 'InvalidAuthenticationToken',
  403: 'ErrorAccessDenied',
  429: 'TooManyRequests',
  500: 'generalException',
  502: 'serviceNotAvailable',
  503: 'serviceNotAvailable',
  504: 'serviceNotAvailable',
}

/** The Graph error a scripted failure answers. */
export function graphFailure(failure: MicrosoftFailure): GraphError {
  if (failure.status === 401 && (failure.code ?? 'InvalidAuthenticationToken') === 'InvalidAuthenticationToken') {
    return graphErrors.expiredToken()
  }
  const code = failure.code ?? DEFAULT_CODES[failure.status] ?? 'generalException'
  const headers: Record<string, string> =
    failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) }
  return new GraphError(failure.status, code, FAILURE_MESSAGES[code] ?? code, headers)
}

/** An identity platform refusal (token endpoint). */
export class IdentityError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly aadsts: number,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`AADSTS${aadsts}: ${description}`)
  }

  body(now: number) {
    const traceId = randomUUID()
    const correlationId = randomUUID()
    const timestamp = identityTimestamp(now)
    return {
      error: this.error,
      error_description: `AADSTS${this.aadsts}: ${this.description}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
      error_codes: [this.aadsts],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
      error_uri: `https://login.microsoftonline.com/error?code=${this.aadsts}`,
    }
  }
}

const day = (at: number) => new Date(at).toISOString().slice(0, 19)

export const identityErrors = {
  // Client authentication fails with 401 (RFC 6749 §5.2 allows 400 or 401; Entra answers 401).
  unknownClient: (clientId: string) =>
    new IdentityError(
      400,
      'unauthorized_client',
      700016,
      `Application with identifier '${clientId}' was not found in the directory 'common'. This can happen if the application has not been installed by the administrator of the tenant or consented to by any user in the tenant. You may have sent your authentication request to the wrong tenant.`,
    ),
  invalidSecret: (clientId: string) =>
    new IdentityError(
      401,
      'invalid_client',
      7000215,
      `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
    ),
  missingSecret: () =>
    new IdentityError(
      401,
      'invalid_client',
      7000218,
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
    ),
  missingParameter: (name: string) =>
    new IdentityError(
      400,
      'invalid_request',
      900144,
      `The request body must contain the following parameter: '${name}'.`,
    ),
  unsupportedGrant: () =>
    new IdentityError(400, 'unsupported_grant_type', 70003, 'The app requested an unsupported grant type.'),
  malformedCode: () =>
    new IdentityError(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.'),
  codeRedeemed: () =>
    new IdentityError(
      400,
      'invalid_grant',
      54005,
      'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
    ),
  expired: () =>
    new IdentityError(
      400,
      'invalid_grant',
      70008,
      'The provided authorization code or refresh token has expired due to inactivity. Send a new interactive authorization request for this user and resource.',
    ),
  inactiveRefreshToken: (issuedAt: number) =>
    new IdentityError(
      400,
      'invalid_grant',
      700082,
      `The refresh token has expired due to inactivity. The token was issued on ${day(issuedAt)} and was inactive for 90.00:00:00.`,
    ),
  revoked: (issuedAt: number, validFrom: number) =>
    new IdentityError(
      400,
      'invalid_grant',
      50173,
      `The provided grant has expired due to it being revoked, a fresh auth token is needed. The user might have changed or reset their password. The grant was issued on '${day(issuedAt)}' and the TokensValidFrom date (before which tokens are not valid) for this user is '${day(validFrom)}'.`,
    ),
  interactionRequired: () =>
    new IdentityError(
      400,
      'interaction_required',
      50076,
      "Due to a configuration change made by your administrator, or because you moved to a new location, you must use multi-factor authentication to access '00000003-0000-0000-c000-000000000000'.",
    ),
  verifierMismatch: () =>
    new IdentityError(
      400,
      'invalid_grant',
      501481,
      'The Code_Verifier does not match the code_challenge supplied in the authorization request.',
    ),
  // The fake's wording under Entra's generic invalid_grant code: the list gives no text for this case.
  redirectMismatch: () =>
    new IdentityError(
      400,
      'invalid_grant',
      70000,
      "The provided value for the 'redirect_uri' is not valid. The value must exactly match the redirect URI used to obtain the authorization code.",
    ),
  /** A scripted failure of the token endpoint: what an Entra outage answers. */
  unavailable: (status: number, retryAfter?: number) =>
    status === 503 || status === 429
      ? new IdentityError(
          status,
          'temporarily_unavailable',
          50196,
          'The server is temporarily too busy to handle the request. Please retry the request.',
          retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
        )
      : new IdentityError(status, 'server_error', 90033, 'A transient error has occurred. Please try again.'),
}
