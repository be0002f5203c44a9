import type { WhatsAppAccountRow } from '@server/db/schema'
import { decryptSecret } from '@server/security/secrets'
import * as repo from './whatsapp.repository'
import { sendPart } from './whatsapp-api'
import { TOKEN_PURPOSE, type WhatsAppDeps } from './whatsapp-deps'
import { recordSent } from './whatsapp-inbox.repository'
import type { TemplatePart, WhatsAppPart } from './whatsapp-parts'
import { TEMPLATE_NAMES } from './whatsapp-templates'

/**
 * One message to a customer through the salon's number, recorded once Meta took it (its wamid is
 * what the status notifications speak of). A failure is thrown as whatsapp-api.ts classifies it.
 */
export async function sendAndRecord(
  deps: Pick<WhatsAppDeps, 'db' | 'clock' | 'config' | 'whatsapp'>,
  account: WhatsAppAccountRow,
  waId: string,
  part: Exclude<WhatsAppPart, { kind: 'notice' }>,
  record: { purpose: 'reply' | 'salon_change' | 'reminder'; bookingEventId?: string | null; fallback?: unknown },
): Promise<string> {
  const token = tokenOf(deps, account)
  const wamid = await sendPart(deps.whatsapp, token, account.phoneNumberId, waId, part, templateName)
  await recordSent(deps.db, {
    wamid,
    salonId: account.salonId,
    waId,
    type: part.kind,
    purpose: record.purpose,
    bookingEventId: record.bookingEventId ?? null,
    fallback: record.fallback ?? null,
    sentAt: deps.clock.now(),
  })
  return wamid
}

export function tokenOf(deps: Pick<WhatsAppDeps, 'config'>, account: WhatsAppAccountRow): string {
  if (!account.accessToken) throw new Error('the WhatsApp number has no token yet')
  return decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, account.accessToken)
}

/** Our templates are named per purpose, one per language. */
function templateName(part: TemplatePart) {
  return { name: TEMPLATE_NAMES[part.purpose], code: part.language }
}

/** Meta refused the token: the card says "reconnect", and nothing is sent (no job spins) until the owner does. */
export async function markReconnect(
  deps: Pick<WhatsAppDeps, 'db' | 'clock'> & { log: Pick<WhatsAppDeps['log'], 'warn'> },
  account: WhatsAppAccountRow,
  reason: string,
): Promise<void> {
  const now = deps.clock.now()
  await repo.updateAccount(
    deps.db,
    account.salonId,
    account.phoneNumberId,
    { reconnectRequiredAt: now, lastError: 'token_refused', lastErrorAt: now },
    now,
  )
  deps.log.warn({ salonId: account.salonId, reason }, 'WhatsApp refused the salon token: the owner must reconnect')
}

/** Inside WhatsApp's 24 hours after the customer's last message (with a margin for the trip). */
export const WINDOW_MS = 24 * 60 * 60 * 1000
const WINDOW_MARGIN_MS = 5 * 60 * 1000
export function windowOpen(lastMessageAt: Date | undefined, now: Date): boolean {
  return lastMessageAt !== undefined && now.getTime() - lastMessageAt.getTime() < WINDOW_MS - WINDOW_MARGIN_MS
}
