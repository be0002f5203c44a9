import { z } from 'zod'
import { ping } from '../../db/client'
import type { App, AppDeps } from '../../http/types'

export function systemRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => {
      await ping(db)
      return { ok: true as const }
    },
  )
}
