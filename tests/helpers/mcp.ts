/**
 * An MCP client's first request, as a salon's agent sends it (JSON-RPC over Streamable HTTP):
 * what the server answers it with a bearer token says whether that token works.
 */
export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-03-26',
    capabilities: {},
    clientInfo: { name: 'salon-agent', version: '1.0.0' },
  },
} as const

/** The headers of an agent's request with this token. */
export const mcpHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json, text/event-stream',
})
