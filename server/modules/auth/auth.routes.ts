import { sessionSchema } from '@common/schemas/session'
import { clearKnownAccountCookie, endSessionOf, sessionOf } from '@server/http/session'
import type { App, AppDeps } from '@server/http/types'
import { currentSession } from './auth.usecases'

export function authRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/api/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionSchema } } },
    async (request, reply) => {
      const session = await sessionOf(deps, request, reply, 'staff')
      // Per caller: no shared or browser cache may keep it.
      return reply.header('cache-control', 'no-store').send(currentSession(deps.config, session))
    },
  )

  // Signing out without a session is not an error: the browser ends up signed out either way. It
  // also forgets which Google account signed in here (the next sign-in picks it again at Google).
  app.post('/api/logout', { config: { access: 'public' } }, async (request, reply) => {
    await endSessionOf(deps, request, reply, 'staff')
    clearKnownAccountCookie(reply, deps.config)
    return reply.status(204).send()
  })
}
