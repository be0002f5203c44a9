import type { DatabaseHealth } from '@server/db/health'
import type { App, AppDeps } from '@server/http/types'
import { z } from 'zod'

/**
 * GET /api/health, for load balancers and monitors: 200 `{ok:true}` when the database answers a
 * `select 1` and has room to write; otherwise 503 with what holds it back — `unreachable`, or
 * `disk_full` (a recent write failed for lack of disk, or PGlite's data directory is nearly full).
 */
export function systemRoutes(app: App, _deps: AppDeps, health: DatabaseHealth): void {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        response: {
          200: z.object({ ok: z.literal(true) }),
          503: z.object({ ok: z.literal(false), database: z.enum(['unreachable', 'disk_full']) }),
        },
      },
    },
    async (_request, reply) => {
      const state = await health.check()
      if (state === 'ok') return { ok: true as const }
      return reply.status(503).send({ ok: false as const, database: state })
    },
  )
}
