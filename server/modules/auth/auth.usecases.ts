import type { Session } from '../../../common/schemas/session'

/** Who is calling. Nobody can sign in yet: sessions come with the professional sign-in (Google). */
export function currentSession(): Session {
  return { isAuthenticated: false }
}
