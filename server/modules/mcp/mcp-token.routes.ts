import { issuedMcpTokenSchema, mcpTokenStatusSchema } from '@common/schemas/mcp'
import { salonParamsSchema } from '@common/schemas/salon'
import { salonOfRequest } from '@server/http/access'
import type { App, AppDeps } from '@server/http/types'
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
    async (request) => presentMcpTokenStatus(mcpTokenStatus(salonOfRequest(request)), config.publicUrl),
  )

  app.post(
    '/api/salons/:id/mcp-token',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 201: issuedMcpTokenSchema } } },
    async (request, reply) => {
      const issued = await issueMcpToken(db, clock, config, salonOfRequest(request))
      // A credential: no cache along the way may keep it.
      return reply.status(201).header('cache-control', 'no-store').send(presentIssuedMcpToken(issued, config.publicUrl))
    },
  )

  app.delete(
    '/api/salons/:id/mcp-token',
    { config: { access: 'salon' }, schema: { params: salonParamsSchema, response: { 200: mcpTokenStatusSchema } } },
    async (request) =>
      presentMcpTokenStatus(await revokeMcpToken(db, clock, salonOfRequest(request)), config.publicUrl),
  )
}
