import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { clientKey, type Limit, routeLimit } from '@server/http/rate-limits'
import type { App, AppDeps } from '@server/http/types'
import { buildMcpServer } from './mcp-server'
import { salonForMcpToken } from './mcp-token'
import { mcpTokenRoutes } from './mcp-token.routes'

/**
 * Requests one salon's agent may send per minute. A customer's exchange is a handful of JSON-RPC
 * calls (tools/list, a few tools/call), so an agent serving a dozen conversations at once stays far
 * below; an agent stuck in a loop is held back within the minute.
 */
export const MCP_REQUESTS: Limit = { name: 'mcp', max: 300, windowMs: 60_000 }

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (each request carries
 * everything; no session to keep between instances). The salon comes from the bearer token, which
 * its owner issues and revokes from the dashboard (mcp-token.routes.ts).
 */
export function mcpRoutes(app: App, deps: AppDeps): void {
  const { db, clock, config } = deps
  mcpTokenRoutes(app, deps)

  app.addHook('onRequest', async (request) => {
    if (request.url === '/mcp' || request.url.startsWith('/mcp?')) {
      request.mcpSalon = await salonForMcpToken(db, config.appSecret, request.headers.authorization)
    }
  })

  const perSalon = routeLimit(MCP_REQUESTS, {
    // After the token check (preParsing), so the budget is the salon's whoever sends its token.
    hook: 'preValidation',
    keyGenerator: (request) => request.mcpSalon?.id ?? clientKey(request),
  })
  app.post('/mcp', { config: { access: 'salon_token', rateLimit: perSalon } }, async (request, reply) => {
    const salon = request.mcpSalon
    if (!salon) throw new Error('unreachable: the salon_token rule let a request without a salon through')
    const server = buildMcpServer({ db, clock, jobs: deps.jobs, log: request.log }, salon)
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    reply.hijack()
    reply.raw.on('close', () => {
      void transport.close()
      void server.close()
    })
    await server.connect(transport)
    await transport.handleRequest(request.raw, reply.raw, request.body)
  })

  // Stateless: no server-sent stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      config: { access: 'salon_token' },
      handler: async (_, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({ code: 'mcp.method_not_allowed', message: 'This MCP server is stateless: use POST.' }),
    })
  }
}
