import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { SalonRow } from '../db/schema'
import { AppError } from '../errors'

/**
 * Every route declares who may call it in `config.access`; a route without a rule is refused at
 * start-up. The rules:
 *  - public:  anyone (chat, salon info for the chat, lookup before sign-in, waitlist, health, the web app)
 *  - salon:   a professional signed in for the salon named by the `:id`/`:salonId` parameter
 *  - booking: a professional of the salon that owns the `:bookingId` booking
 *  - admin:   an administrator
 *  - salon_token: an outside agent presenting a salon's MCP token (Authorization: Bearer …); the
 *             MCP module reads the token into `request.mcpSalon` before this check runs
 *
 * Professional sign-in does not exist yet, so `salon`, `booking` and `admin` are not enforced: the
 * checks below are the single place where the sign-in issue attaches them (see README, "Access").
 */
export type AccessRule = 'public' | 'salon' | 'booking' | 'admin' | 'salon_token'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
  }
  interface FastifyRequest {
    /** The salon whose MCP token the request presented (rule `salon_token`). */
    mcpSalon?: SalonRow | undefined
  }
  interface FastifyInstance {
    /** Every route registered so far with its access rule ("GET /api/salons/:id" → "salon"). */
    accessTable: Map<string, AccessRule>
  }
}

export type AccessCheck = (request: FastifyRequest) => Promise<void> | void

const allowAll: AccessCheck = () => {}

export const accessChecks: Record<AccessRule, AccessCheck> = {
  public: allowAll,
  salon: allowAll,
  booking: allowAll,
  admin: allowAll,
  salon_token: (request) => {
    if (!request.mcpSalon) {
      throw new AppError('auth.invalid_token', 401, "A salon's MCP token is required: Authorization: Bearer <token>")
    }
  },
}

/** Refuses to register a route without an access rule, and runs the rule before each handler. */
export function registerAccessRules(app: FastifyInstance): void {
  const table = new Map<string, AccessRule>()
  app.decorate('accessTable', table)
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: AccessRule } | undefined)?.access
    if (!access || !(access in accessChecks)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`)
    }
    for (const method of [route.method].flat()) table.set(`${method} ${route.url}`, access)
  })
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access
    if (access) await accessChecks[access](request)
  })
}
