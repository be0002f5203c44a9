import { LANGUAGES } from '@common/languages'
import {
  WHATSAPP_CONNECT_ERRORS,
  WHATSAPP_QUALITY,
  WHATSAPP_TEMPLATE_PURPOSES,
  WHATSAPP_TEMPLATE_STATUSES,
  type WhatsAppCard,
} from '@common/schemas/whatsapp'
import type { SalonRow } from '@server/db/schema'
import * as repo from './whatsapp.repository'
import { WHATSAPP_GRAPH_VERSION } from './whatsapp-api'
import type { WhatsAppDeps } from './whatsapp-deps'
import { deliveryCounts } from './whatsapp-inbox.repository'
import { TEMPLATE_NAMES } from './whatsapp-templates'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/** The dashboard's WhatsApp card, from what we keep (it never calls Meta). */
export async function whatsappCard(
  deps: Pick<WhatsAppDeps, 'db' | 'clock' | 'config'>,
  salon: SalonRow,
): Promise<WhatsAppCard> {
  const whatsapp = deps.config.whatsapp
  const empty = { sent: 0, delivered: 0, read: 0, failed: 0 }
  const signup = whatsapp
    ? {
        appId: whatsapp.appId,
        configId: whatsapp.configId,
        dialogUrl: `${whatsapp.hosts.www}/${WHATSAPP_GRAPH_VERSION}/dialog/oauth`,
        messageOrigin: new URL(whatsapp.hosts.www).origin,
      }
    : null
  const base = { signup, number: null, templates: [], delivery: empty, error: null, connectedAt: null }
  if (!whatsapp) return { ...base, state: 'not_configured' }
  const account = await repo.findAccount(deps.db, salon.id)
  if (!account) return { ...base, state: 'not_connected' }
  const stored = await repo.listTemplates(deps.db, salon.id)
  const templates = WHATSAPP_TEMPLATE_PURPOSES.flatMap((purpose) =>
    LANGUAGES.map((language) => {
      const status = stored.find((t) => t.name === TEMPLATE_NAMES[purpose] && t.language === language)?.status
      return { purpose, language, status: oneOf(WHATSAPP_TEMPLATE_STATUSES, status) ?? ('NOT_CREATED' as const) }
    }),
  )
  const digits = account.displayPhoneNumber?.replace(/\D/g, '') ?? ''
  return {
    state: account.reconnectRequiredAt ? 'reconnect' : account.state,
    signup,
    number: {
      display: account.displayPhoneNumber,
      verifiedName: account.verifiedName,
      quality: oneOf(WHATSAPP_QUALITY, account.qualityRating),
      messagingLimit: account.messagingLimit,
      waLink: digits ? `https://wa.me/${digits}` : null,
    },
    templates,
    delivery: await deliveryCounts(deps.db, salon.id, new Date(deps.clock.now().getTime() - WEEK_MS)),
    error: account.state === 'failed' ? (oneOf(WHATSAPP_CONNECT_ERRORS, account.lastError) ?? 'unavailable') : null,
    connectedAt: account.state === 'connected' ? account.connectedAt.toISOString() : null,
  }
}

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return value != null && (values as readonly string[]).includes(value) ? (value as T) : null
}
