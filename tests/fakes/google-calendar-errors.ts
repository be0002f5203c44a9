/**
 * Google Calendar API v3 errors, in the body Google sends:
 *   { error: { errors: [{ domain, reason, message, locationType?, location? }], code, message } }
 * Reasons and messages are the ones Google's "Handle API errors" guide shows
 * (https://developers.google.com/workspace/calendar/api/guides/errors) unless a comment says otherwise.
 */

export interface CalendarErrorDetail {
  domain: string
  reason: string
  message: string
  locationType?: 'parameter' | 'header'
  location?: string
}

/** What a test makes the calendar API answer: `failNext` and `outage`. */
export interface CalendarFailure {
  status: 401 | 403 | 429 | 500 | 503
  /** Google's reason; defaults: 403/429 `rateLimitExceeded`, 500/503 `backendError`, 401 `authError`. */
  reason?: string
}

export class CalendarApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: CalendarErrorDetail,
    /** Fields beside `errors`, `code` and `message` (Google's newer `status` string, for one). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail.message)
  }

  body() {
    return { error: { errors: [this.detail], code: this.status, message: this.detail.message, ...this.extra } }
  }
}

const fail = (
  status: number,
  reason: string,
  message: string,
  domain = 'global',
  at?: [string, 'parameter' | 'header'],
) =>
  new CalendarApiError(status, {
    domain,
    reason,
    message,
    ...(at ? { locationType: at[1], location: at[0] } : {}),
  })

export const calendarErrors = {
  notFound: () => fail(404, 'notFound', 'Not Found'),
  duplicate: () => fail(409, 'duplicate', 'The requested identifier already exists.'),
  deleted: () => fail(410, 'deleted', 'Resource has been deleted'),
  fullSyncRequired: () =>
    fail(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.', 'calendar', [
      'syncToken',
      'parameter',
    ]),
  conditionNotMet: () => fail(412, 'conditionNotMet', 'Precondition Failed', 'global', ['If-Match', 'header']),
  authError: () =>
    new CalendarApiError(
      401,
      {
        domain: 'global',
        reason: 'authError',
        message: 'Invalid Credentials',
        locationType: 'header',
        location: 'Authorization',
      },
      {},
      // Google's APIs name the realm of the token they want, as RFC 6750 asks.
      { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' },
    ),
  /** The literal answer of a Google API to a token without the scope (not on the guide's page). */
  insufficientScopes: () =>
    new CalendarApiError(
      403,
      { domain: 'global', reason: 'insufficientPermissions', message: 'Insufficient Permission' },
      { message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' },
    ),
  timeRangeEmpty: (location: string) =>
    fail(400, 'timeRangeEmpty', 'The specified time range is empty.', 'calendar', [location, 'parameter']),
  invalid: (message: string, location?: string) =>
    fail(400, 'invalid', message, 'global', location ? [location, 'parameter'] : undefined),
  required: (message: string, location?: string) =>
    fail(400, 'required', message, 'global', location ? [location, 'parameter'] : undefined),
  badRequest: (message = 'Bad Request') => fail(400, 'badRequest', message),
  parseError: () => fail(400, 'parseError', 'Parse Error'),
  // The three below are Google's wording as client code in the wild matches on it; the guide is silent.
  webhookNotHttps: (address: string) =>
    fail(400, 'push.webhookUrlNotHttps', `WebHook callback must be HTTPS: ${address}`),
  channelIdNotUnique: (id: string) => fail(400, 'channelIdNotUnique', `Channel id ${id} not unique`),
  channelNotFound: (id: string) => fail(404, 'notFound', `Channel '${id}' not found for project 'fake-google'`),
  backendError: (status = 500) => fail(status, 'backendError', 'Backend Error'),
}

const FAILURE_MESSAGES: Record<string, { domain: string; message: string }> = {
  rateLimitExceeded: { domain: 'usageLimits', message: 'Rate Limit Exceeded' },
  userRateLimitExceeded: { domain: 'usageLimits', message: 'User Rate Limit Exceeded' },
  quotaExceeded: { domain: 'usageLimits', message: 'Calendar usage limits exceeded.' },
  forbidden: { domain: 'global', message: 'Forbidden' },
  backendError: { domain: 'global', message: 'Backend Error' },
}

/** The error a scripted failure answers, with Google's body for its status and reason. */
export function failureError(failure: CalendarFailure): CalendarApiError {
  if (failure.status === 401 && (failure.reason ?? 'authError') === 'authError') return calendarErrors.authError()
  const reason =
    failure.reason ?? (failure.status === 403 || failure.status === 429 ? 'rateLimitExceeded' : 'backendError')
  // The guide lists 500 only; a 503 with the same body is the usual shape of Google's unavailability.
  const known = FAILURE_MESSAGES[reason] ?? { domain: 'global', message: reason }
  return fail(failure.status, reason, known.message, known.domain)
}
