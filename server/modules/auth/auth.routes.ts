import { sessionSchema } from '../../../common/schemas/session'
import type { App } from '../../http/types'
import { currentSession } from './auth.usecases'

export function authRoutes(app: App): void {
  app.get(
    '/api/session',
    { config: { access: 'public' }, schema: { response: { 200: sessionSchema } } },
    // Per caller: no shared or browser cache may keep it.
    async (_request, reply) => reply.header('cache-control', 'no-store').send(currentSession()),
  )
}
