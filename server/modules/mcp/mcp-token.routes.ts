import { issuedMcpTokenSchema, mcpTokenStatusSchema } from '@common/schemas/mcp'
import { salonParamsSchema } from '@common/schemas/salon'
import type { App, AppDeps } from '@server/http/types'
import { requireSalon } from '@server/modules/salons/salons.usecases'
import { presentIssuedMcpToken, presentMcpTokenStatus } from './mcp.presenters'
import { issueMcpToken, mcpTokenStatus, revokeMcpToken } from './mcp-token.usecases'

/**
 * The salon owner's MCP token: whether one exists (never the token), a new one (shown once; the
 * previous one stops working), and revocation.
 */
export function mcpTokenRoutes(app: App, { db, clock, config }: AppDeps): void {
  app.get(
    '/api/salons/:id/mcp-token',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: mcpTokenStatusSchema } } },
    async (request) =>
      presentMcpTokenStatus(mcpTokenStatus(await requireSalon(db, request.params.id)), config.publicUrl),
  )

  app.post(
    '/api/salons/:id/mcp-token',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 201: issuedMcpTokenSchema } } },
    async (request, reply) => {
      const issued = await issueMcpToken(db, clock, config, await requireSalon(db, request.params.id))
      // A credential: no cache along the way may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(presentIssuedMcpToken(issued, config.publicUrl))
    },
  )

  app.delete(
    '/api/salons/:id/mcp-token',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: mcpTokenStatusSchema } } },
    async (request) =>
      presentMcpTokenStatus(
        await revokeMcpToken(db, clock, await requireSalon(db, request.params.id)),
        config.publicUrl,
      ),
  )
}
