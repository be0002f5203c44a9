import type { IssuedMcpToken, McpTokenStatus } from '@common/schemas/mcp'
import type { McpTokenStatus as TokenStatus } from './mcp-token.usecases'

/** Where a salon's agent connects: the MCP server at the public address. */
export function mcpServerUrl(publicUrl: string): string {
  return `${publicUrl}/mcp`
}

export function presentMcpTokenStatus(status: TokenStatus, publicUrl: string): McpTokenStatus {
  return {
    hasToken: status.hasToken,
    issuedAt: status.issuedAt?.toISOString() ?? null,
    serverUrl: mcpServerUrl(publicUrl),
  }
}

export function presentIssuedMcpToken(issued: { token: string; issuedAt: Date }, publicUrl: string): IssuedMcpToken {
  return { token: issued.token, issuedAt: issued.issuedAt.toISOString(), serverUrl: mcpServerUrl(publicUrl) }
}
