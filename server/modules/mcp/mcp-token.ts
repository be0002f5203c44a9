import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'

/**
 * A salon's MCP token: `<salon ID>.<HMAC>` — the HMAC (keyed with APP_SECRET) over the salon's row
 * id and its token version. Nothing secret is stored: the server recomputes the token to check it,
 * and bumping `mcp_token_version` revokes every copy at once.
 */
export function mcpTokenFor(appSecret: string, salon: Pick<SalonRow, 'id' | 'publicId' | 'mcpTokenVersion'>): string {
  const mac = createHmac('sha256', appSecret)
    .update(`mcp-token:${salon.id}:${salon.mcpTokenVersion}`)
    .digest('base64url')
  return `${salon.publicId}.${mac}`
}

/**
 * The salon a bearer token belongs to, or undefined for a missing, malformed or wrong token — and
 * for the token of a salon that is deactivated or has no token issued (never, or revoked since).
 */
export async function salonForMcpToken(
  db: Executor,
  appSecret: string,
  authorization: string | undefined,
): Promise<SalonRow | undefined> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1]
  const publicId = token?.match(/^(SAL\d{3,9})\.[A-Za-z0-9_-]{43}$/)?.[1]
  if (!token || !publicId) return undefined
  const salon = await findSalonByPublicId(db, publicId)
  if (!salon) return undefined
  const expected = Buffer.from(mcpTokenFor(appSecret, salon))
  const given = Buffer.from(token)
  const matches = expected.length === given.length && timingSafeEqual(expected, given)
  return matches && salon.isActive && salon.mcpTokenIssuedAt !== null ? salon : undefined
}
