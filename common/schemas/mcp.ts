import { z } from 'zod'

/**
 * A salon's MCP token as its dashboard sees it: whether one exists and since when, never the token
 * itself — that is shown once, in the answer that issues it. `serverUrl` is where the salon's agent
 * connects (PUBLIC_URL/mcp).
 */
export const mcpTokenStatusSchema = z.object({
  hasToken: z.boolean(),
  issuedAt: z.string().nullable(),
  serverUrl: z.string(),
})
export type McpTokenStatus = z.infer<typeof mcpTokenStatusSchema>

/** A token just issued: the only time it leaves the server. */
export const issuedMcpTokenSchema = z.object({
  token: z.string(),
  issuedAt: z.string(),
  serverUrl: z.string(),
})
export type IssuedMcpToken = z.infer<typeof issuedMcpTokenSchema>
