import type { Config } from '@server/config'
import { OAuth2Client } from 'google-auth-library'

/**
 * Google, reached through google-auth-library (authorisation, token, refresh, revoke) and plain
 * HTTPS (userinfo). `GOOGLE_BASE_URL` replaces every Google host and keeps Google's own paths, so
 * the tests run this very code against a local fake of Google (tests/fakes/google.ts).
 */

/** Sign-in for a salon: who the owner is, and the right to keep the salon's calendar in step. */
export const PROFESSIONAL_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.freebusy',
]
/** An administrator's or an ambassador's sign-in: identity only. */
export const IDENTITY_SCOPES = ['openid', 'email', 'profile']

const GOOGLE_HOSTS = {
  accounts: 'https://accounts.google.com',
  oauth2: 'https://oauth2.googleapis.com',
  openIdConnect: 'https://openidconnect.googleapis.com',
  apis: 'https://www.googleapis.com',
}

export interface GoogleTokens {
  accessToken: string
  refreshToken: string | undefined
  /** Seconds the access token lives, as Google said. */
  expiresInSeconds: number | undefined
  scopes: string
}

export interface GoogleIdentity {
  email: string
  emailVerified: boolean
  name: string
}

export class GoogleError extends Error {
  constructor(
    message: string,
    /** Google's OAuth error code (`invalid_grant` means the grant was revoked or expired). */
    readonly oauthError?: string,
  ) {
    super(message)
    this.name = 'GoogleError'
  }
}

export interface GoogleClient {
  authorizationUrl(input: {
    state: string
    codeChallenge: string
    scopes: string[]
    loginHint?: string | undefined
    offline: boolean
  }): string
  newCodeVerifier(): Promise<{ codeVerifier: string; codeChallenge: string }>
  exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens>
  identity(accessToken: string): Promise<GoogleIdentity>
  refresh(refreshToken: string): Promise<GoogleTokens>
  revoke(token: string): Promise<void>
}

export function googleClient(config: Config): GoogleClient | undefined {
  const google = config.google
  if (!google) return undefined
  const host = (name: keyof typeof GOOGLE_HOSTS) => google.baseUrl ?? GOOGLE_HOSTS[name]
  const redirectUri = `${config.publicUrl}/api/google/callback`
  const newClient = () =>
    new OAuth2Client({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: `${host('accounts')}/o/oauth2/v2/auth`,
        oauth2TokenUrl: `${host('oauth2')}/token`,
        oauth2RevokeUrl: `${host('oauth2')}/revoke`,
        tokenInfoUrl: `${host('oauth2')}/tokeninfo`,
        oauth2FederatedSignonPemCertsUrl: `${host('apis')}/oauth2/v1/certs`,
        oauth2FederatedSignonJwkCertsUrl: `${host('apis')}/oauth2/v3/certs`,
      },
    })
  const userInfoUrl = `${host('openIdConnect')}/v1/userinfo`

  return {
    authorizationUrl: ({ state, codeChallenge, scopes, loginHint, offline }) =>
      newClient().generateAuthUrl({
        scope: scopes,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256' as never,
        // Absent unless known: even an empty login_hint would be a parameter Google reads.
        ...(loginHint ? { login_hint: loginHint } : {}),
        include_granted_scopes: true,
        // Offline access with consent each time: Google only hands out a refresh token on consent.
        ...(offline ? { access_type: 'offline', prompt: 'consent' } : { prompt: 'select_account' }),
      }),

    newCodeVerifier: async () => {
      const { codeVerifier, codeChallenge } = await newClient().generateCodeVerifierAsync()
      if (!codeChallenge) throw new Error('no PKCE code challenge')
      return { codeVerifier, codeChallenge }
    },

    exchangeCode: async (code, codeVerifier) => {
      try {
        const { tokens } = await newClient().getToken({ code, codeVerifier })
        return toTokens(tokens)
      } catch (error) {
        throw asGoogleError(error, 'The authorisation code could not be exchanged')
      }
    },

    identity: async (accessToken) => {
      const response = await fetch(userInfoUrl, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(10_000),
      }).catch((error: unknown) => {
        throw new GoogleError(`Google userinfo unreachable: ${(error as Error).message}`)
      })
      if (!response.ok) throw new GoogleError(`Google userinfo answered ${response.status}`)
      const body = (await response.json()) as { email?: string; email_verified?: boolean; name?: string }
      if (!body.email) throw new GoogleError('Google userinfo returned no e-mail (scope "email" missing?)')
      return {
        email: body.email.toLowerCase(),
        emailVerified: body.email_verified === true,
        name: body.name?.trim() || body.email,
      }
    },

    refresh: async (refreshToken) => {
      const client = newClient()
      // An expired expiry makes the library refresh now, through its own refresh path.
      client.setCredentials({ refresh_token: refreshToken, access_token: 'expired', expiry_date: 1 })
      try {
        await client.getAccessToken()
      } catch (error) {
        throw asGoogleError(error, 'The access token could not be refreshed')
      }
      const { credentials } = client
      // Google sends no new refresh token on a refresh: the grant's own stays valid.
      return toTokens({ ...credentials, refresh_token: credentials.refresh_token ?? refreshToken })
    },

    revoke: async (token) => {
      try {
        await newClient().revokeToken(token)
      } catch (error) {
        throw asGoogleError(error, 'The token could not be revoked')
      }
    },
  }
}

function toTokens(tokens: {
  access_token?: string | null
  refresh_token?: string | null
  expiry_date?: number | null
  scope?: string
}): GoogleTokens {
  if (!tokens.access_token) throw new GoogleError('Google returned no access token')
  return {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? undefined,
    // The library turned expires_in into a date on the real clock; back into a duration.
    expiresInSeconds: tokens.expiry_date
      ? Math.max(0, Math.round((tokens.expiry_date - Date.now()) / 1000))
      : undefined,
    scopes: tokens.scope ?? '',
  }
}

function asGoogleError(error: unknown, message: string): GoogleError {
  const data = (error as { response?: { data?: { error?: string; error_description?: string } } }).response?.data
  const oauthError = typeof data?.error === 'string' ? data.error : undefined
  return new GoogleError(`${message}: ${data?.error_description ?? oauthError ?? (error as Error).message}`, oauthError)
}
