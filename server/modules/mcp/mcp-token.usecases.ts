import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { bumpMcpTokenVersion } from '@server/modules/salons/salons.repository'
import { mcpTokenFor } from './mcp-token'

/**
 * The life of a salon's MCP token, from the dashboard or the admin command line. A salon starts
 * without one; issuing a token bumps the version (the previous token, if any, stops working) and
 * returns it in clear this once — it is never stored, only recomputed to check a request. Revoking
 * bumps the version too and leaves the salon without a token.
 */

export interface McpTokenStatus {
  hasToken: boolean
  /** When the current token was issued; null while the salon has none. */
  issuedAt: Date | null
}

export function mcpTokenStatus(salon: Pick<SalonRow, 'mcpTokenIssuedAt'>): McpTokenStatus {
  return { hasToken: salon.mcpTokenIssuedAt !== null, issuedAt: salon.mcpTokenIssuedAt }
}

/** A new token for the salon, replacing the previous one: shown once, to give to the salon's agent. */
export async function issueMcpToken(
  db: Executor,
  clock: Clock,
  config: Pick<Config, 'appSecret'>,
  salon: Pick<SalonRow, 'id'>,
): Promise<{ token: string; issuedAt: Date }> {
  const renewed = await renewMcpToken(db, clock, salon)
  // From the row the update returned, never from the salon read before: its version is replaced.
  return { token: mcpTokenFor(config.appSecret, renewed), issuedAt: renewed.mcpTokenIssuedAt ?? clock.now() }
}

/**
 * Issues a new token without computing it: the demo seed, which has no secret at hand (the start-up
 * printout recomputes the demo salon's token with `mcpTokenFor`).
 */
export function renewMcpToken(db: Executor, clock: Clock, salon: Pick<SalonRow, 'id'>): Promise<SalonRow> {
  const now = clock.now()
  return bumpMcpTokenVersion(db, salon.id, now, now)
}

/** Stops the salon's token from working; the salon has none until a new one is issued. */
export async function revokeMcpToken(db: Executor, clock: Clock, salon: Pick<SalonRow, 'id'>): Promise<McpTokenStatus> {
  return mcpTokenStatus(await bumpMcpTokenVersion(db, salon.id, null, clock.now()))
}
