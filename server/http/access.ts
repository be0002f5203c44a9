import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { isAdministrator } from '@server/modules/auth/sessions.usecases'
import { checkBookingLink } from '@server/modules/booking-page/link-access'
import { salonOfBooking } from '@server/modules/bookings/bookings.usecases'
import { instagramUserNotFound } from '@server/modules/instagram/instagram.errors'
import { userKeyOfSalon } from '@server/modules/instagram/instagram-users'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sessionOf } from './session'
import type { AppDeps } from './types'

/**
 * Every route declares who may call it in `config.access`; a route without a rule is refused at
 * start-up, and a test walks the whole table. The rules:
 *  - public:  anyone (chat, salon info for the chat, lookup before sign-in, waitlist, health, the web app)
 *  - salon:   a professional signed in for the salon named by the `:id`/`:salonId` parameter
 *  - booking: a professional of the salon that owns the `:bookingId` booking; another salon's booking
 *             is "not found", exactly as an unknown id, so ids reveal nothing about other salons
 *  - admin:   an administrator (a Google e-mail of ADMIN_EMAILS)
 *  - ambassador: a signed-in ambassador (their own session and cookie); each route then shows
 *             only that ambassador's referrals
 *  - salon_token: an outside agent presenting a salon's MCP token (Authorization: Bearer …); the
 *             MCP module reads the token into `request.mcpSalon` before this check runs
 *  - instagram_user: a professional of the salon whose Instagram account the `:userId` sender wrote
 *             to; another salon's sender is "not found", exactly as an unknown id
 *  - booking_link: a customer presenting their booking's personal link (`:token`, booking-link.ts):
 *             it opens that booking only; a link we never gave out is "not found" (rate-limited)
 * A missing or expired session is a 401; a session of another salon, or not an administrator's, a 403.
 */
export type AccessRule =
  | 'public'
  | 'salon'
  | 'booking'
  | 'instagram_user'
  | 'admin'
  | 'ambassador'
  | 'salon_token'
  | 'booking_link'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule
  }
  interface FastifyRequest {
    /** The salon whose MCP token the request presented (rule `salon_token`). */
    mcpSalon?: SalonRow | undefined
    /** The salon of a route under rule `salon`, as read with the caller's session. */
    sessionSalon?: SalonRow | undefined
  }
  interface FastifyInstance {
    /** Every route registered so far with its access rule ("GET /api/salons/:id" → "salon"). */
    accessTable: Map<string, AccessRule>
  }
}

export type AccessCheck = (deps: AppDeps, request: FastifyRequest, reply: FastifyReply) => Promise<void> | void

const signInRequired = () => new AppError('auth.required', 401, 'Please sign in first.')
const otherSalon = () => new AppError('auth.forbidden', 403, 'This session belongs to another salon.')

async function staffSession(deps: AppDeps, request: FastifyRequest, reply: FastifyReply) {
  const session = await sessionOf(deps, request, reply, 'staff')
  if (!session) throw signInRequired()
  return session
}

export const accessChecks: Record<AccessRule, AccessCheck> = {
  public: () => {},
  salon: async (deps, request, reply) => {
    const session = await staffSession(deps, request, reply)
    const params = request.params as { id?: string; salonId?: string }
    const wanted = (params.id ?? params.salonId ?? '').trim().toUpperCase()
    if (!session.salon || session.salon.publicId !== wanted) throw otherSalon()
    request.sessionSalon = session.salon
  },
  booking: async (deps, request, reply) => {
    const session = await staffSession(deps, request, reply)
    const { bookingId } = request.params as { bookingId: string }
    const salonId = await salonOfBooking(deps.db, bookingId)
    if (!salonId || salonId !== session.salonId)
      throw new AppError('bookings.not_found', 404, 'This booking does not exist.')
  },
  instagram_user: async (deps, request, reply) => {
    const session = await staffSession(deps, request, reply)
    const { userId } = request.params as { userId: string }
    // Checked before the route's own schema: an id that cannot be one is unknown, and never queried.
    const wellFormed = /^\d{1,40}$/.test(userId)
    const key = session.salonId && wellFormed ? await userKeyOfSalon(deps.db, session.salonId, userId) : undefined
    if (!key) throw instagramUserNotFound()
  },
  admin: async (deps, request, reply) => {
    const session = await staffSession(deps, request, reply)
    if (!isAdministrator(deps.config, session)) {
      throw new AppError('auth.admin_required', 403, 'This area is for administrators only.')
    }
  },
  ambassador: async (deps, request, reply) => {
    const session = await sessionOf(deps, request, reply, 'ambassador')
    if (!session?.ambassadorId) throw new AppError('auth.required', 401, 'Please sign in as an ambassador.')
  },
  booking_link: checkBookingLink,
  salon_token: (_deps, request) => {
    if (!request.mcpSalon) {
      throw new AppError('auth.invalid_token', 401, "A salon's MCP token is required: Authorization: Bearer <token>")
    }
  },
}

/** Refuses to register a route without an access rule, and runs the rule before each handler. */
/**
 * The salon a route under rule `salon` is about. The access rule read it with the caller's session
 * (one round trip for both), so the route does not read it again.
 */
export function salonOfRequest(request: FastifyRequest): SalonRow {
  const salon = request.sessionSalon
  if (!salon) throw new Error(`${request.routeOptions.url} reads its salon but its access rule is not 'salon'`)
  return salon
}

export function registerAccessRules(app: FastifyInstance, deps: AppDeps): void {
  const table = new Map<string, AccessRule>()
  app.decorate('accessTable', table)
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: AccessRule } | undefined)?.access
    if (!access || !(access in accessChecks)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access)`)
    }
    for (const method of [route.method].flat()) table.set(`${method} ${route.url}`, access)
  })
  // Before the body is even read: an anonymous caller makes the server parse nothing and learns
  // nothing about a route's inputs.
  app.addHook('preParsing', async (request, reply, payload) => {
    const access = request.routeOptions.config.access
    if (access) await accessChecks[access](deps, request, reply)
    return payload
  })
}
