import type { Session } from '@common/schemas/session'
import type { Config } from '@server/config'
import { isAdministrator, type SignedInSession } from './sessions.usecases'

/** What `GET /api/session` tells the web app about its caller. */
export function currentSession(config: Config, session: SignedInSession | undefined): Session {
  if (!session) return { isAuthenticated: false }
  return {
    isAuthenticated: true,
    user: {
      salonId: session.salonPublicId,
      email: session.email,
      name: session.name,
      isAdmin: isAdministrator(config, session),
    },
  }
}
