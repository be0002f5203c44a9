import { type Language, languageOfCountry, languageOrDefault } from '@common/languages'
import { CHAT_MESSAGE_MAX_LENGTH, type ChatContext } from '@common/schemas/chat'
import type { Executor } from '@server/db/client'
import type { SalonRow, WhatsAppAccountRow, WhatsAppContactRow, WhatsAppInboxRow } from '@server/db/schema'
import { consumeLimit } from '@server/http/rate-limits'
import { handleChatMessage } from '@server/modules/assistant/assistant.usecases'
import { PER_CHAT, withModelBudget } from '@server/modules/assistant/chat-budgets'
import { replyLanguage } from '@server/modules/assistant/understanding/language'
import { findCustomerByIdentity, linkProvenPhone } from '@server/modules/customers/customers.usecases'
import { findSalonById } from '@server/modules/salons/salons.repository'
import * as repo from './whatsapp.repository'
import { showTyping } from './whatsapp-api'
import { queueParts, type WhatsAppDeps } from './whatsapp-deps'
import * as inbox from './whatsapp-inbox.repository'
import { REMINDERS_NO, REMINDERS_YES, replyParts, textParts, type WhatsAppPart } from './whatsapp-parts'
import { tokenOf, WINDOW_MS } from './whatsapp-send'
import { WHATSAPP_TEXTS } from './whatsapp-texts'

/**
 * Job `whatsapp.chat`: decides on a customer's pending messages, oldest first. The same assistant
 * as the web chat answers, with WhatsApp's tools (whatsapp-parts.ts); its reply is queued in the
 * transaction that decides it. The customer's WhatsApp id is their phone number: it links them to
 * the salon's customer with that number. The salon answering by hand from the WhatsApp Business app
 * on the same number (an echo) pauses the assistant for that customer: the human has taken over.
 */

/** Tries at one message before the customer is asked to write again. */
export const MESSAGE_ATTEMPTS = 5
/** Anti-spam, as on Instagram: more than this many messages in a minute is a strike… */
export const SPAM_MESSAGES_PER_MINUTE = 10
/** …which holds the sender back this long… */
export const COOLDOWN_MINUTES = 15
/** …and the third strike in a day blocks them. */
export const STRIKES_TO_BLOCK = 3
/** The assistant says it is automated again after a day of silence. */
const DISCLOSE_AGAIN_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60_000

export async function answerWhatsAppCustomer(deps: WhatsAppDeps, salonId: string, waId: string): Promise<void> {
  for (;;) {
    const message = await inbox.nextPending(deps.db, salonId, waId)
    if (!message) return
    if (message.direction === 'echo') {
      await takenOver(deps, message)
      continue
    }
    const decision = await deps.db.transaction(async (tx) => decide(deps, tx, message))
    if (decision.kind === 'ignore') continue
    if (decision.kind === 'give_up') {
      deps.log.warn(
        { salonId, wamid: message.wamid },
        'a WhatsApp message failed every try; the customer is asked again',
      )
      await finish(deps, message, textParts(WHATSAPP_TEXTS[decision.language].failed), 'failed')
      continue
    }
    await reply(deps, message, decision)
  }
}

type Answer = { kind: 'answer'; salon: SalonRow; account: WhatsAppAccountRow; contact: WhatsAppContactRow }
type Decision = { kind: 'ignore' } | { kind: 'give_up'; language: Language } | Answer

/** Counts the message (once, whatever the retries), applies the anti-spam rule and the rules that keep the assistant quiet. */
async function decide(deps: WhatsAppDeps, tx: Executor, message: WhatsAppInboxRow): Promise<Decision> {
  const now = deps.clock.now()
  const ignore = async (): Promise<Decision> => {
    await inbox.finishMessage(tx, message.wamid, 'ignored')
    return { kind: 'ignore' }
  }
  const attempts = await inbox.countAttempt(tx, message.wamid)
  const salon = await findSalonById(tx, message.salonId)
  const account = await repo.findAccount(tx, message.salonId)
  if (!salon || !account || account.state !== 'connected') return ignore()
  const key = { salonId: message.salonId, waId: message.waId }
  let contact =
    attempts === 1
      ? await repo.countMessage(tx, key, message.profileName, message.sentAt, now)
      : await repo.lockContact(tx, key)
  if (!contact) return ignore()
  if (attempts === 1) contact = await spamCheck(tx, contact, message, now)
  if (contact.blockedAt) return ignore()
  if (contact.cooldownUntil && contact.cooldownUntil > now) return ignore()
  if (contact.pausedUntil && contact.pausedUntil > now) return ignore()
  if (account.reconnectRequiredAt) return ignore()
  if (now.getTime() - message.sentAt.getTime() >= WINDOW_MS) return ignore()
  if (attempts > MESSAGE_ATTEMPTS) return { kind: 'give_up', language: languageOfCountry(salon.country) }
  return { kind: 'answer', salon, account, contact }
}

async function spamCheck(tx: Executor, contact: WhatsAppContactRow, message: WhatsAppInboxRow, now: Date) {
  if (contact.blockedAt || (contact.cooldownUntil && contact.cooldownUntil > now)) return contact
  const since = new Date(message.sentAt.getTime() - MINUTE_MS)
  const inMinute = await inbox.countInbound(tx, { ...key(contact), since, until: message.sentAt })
  if (inMinute <= SPAM_MESSAGES_PER_MINUTE) return contact
  const recentStrike = contact.lastStrikeAt && now.getTime() - contact.lastStrikeAt.getTime() < 24 * 60 * MINUTE_MS
  const strikes = (recentStrike ? contact.strikes : 0) + 1
  return repo.updateContact(
    tx,
    key(contact),
    {
      strikes,
      lastStrikeAt: now,
      cooldownUntil: new Date(now.getTime() + COOLDOWN_MINUTES * MINUTE_MS),
      ...(strikes >= STRIKES_TO_BLOCK ? { blockedAt: now } : {}),
    },
    now,
  )
}

/** A message the rules let through: the assistant's answer, as for the web chat. */
async function reply(deps: WhatsAppDeps, message: WhatsAppInboxRow, decision: Answer): Promise<void> {
  const { salon, contact } = decision
  const fallback = languageOfCountry(salon.country)
  if (!message.text) return finish(deps, message, textParts(WHATSAPP_TEXTS[fallback].textOnly))
  if (message.text === REMINDERS_YES || message.text === REMINDERS_NO) return answerReminders(deps, message, decision)
  const budget = await consumeLimit(deps, PER_CHAT, `${salon.id}:whatsapp:${contact.waId}`)
  if (budget.exceeded) return finish(deps, message, [])
  const identity = { channel: 'whatsapp' as const, externalId: contact.waId }
  const known = await linkProvenPhone(deps.db, salon.id, identity, contact.waId)
  const cut = message.text.length > CHAT_MESSAGE_MAX_LENGTH
  const text = cut ? message.text.slice(0, CHAT_MESSAGE_MAX_LENGTH) : message.text
  const context: ChatContext = {
    userId: contact.waId,
    chatId: contact.waId,
    clientName: (known?.name || contact.profileName || `WhatsApp +${contact.waId}`).slice(0, 100),
    clientPhone: `+${contact.waId}`,
    clientEmail: undefined,
    language: replyLanguage(text, {}, fallback),
    salonId: salon.publicId,
  }
  await typing(deps, decision.account, message)
  const assistant = await withModelBudget(deps, salon)
  let recorded = false
  const answer = await handleChatMessage(assistant, salon, 'whatsapp', text, context, {
    record: async (tx, result, language) => {
      recorded = true
      const now = deps.clock.now()
      const texts = WHATSAPP_TEXTS[language]
      const disclose = !contact.disclosedAt || now.getTime() - contact.disclosedAt.getTime() > DISCLOSE_AGAIN_MS
      const askReminders = result.booked === true && contact.reminders === 'unasked'
      const parts = replyParts(result, language, {
        lead: [
          ...(disclose ? [texts.disclosure(salon.name)] : []),
          ...(cut ? [texts.cut(CHAT_MESSAGE_MAX_LENGTH)] : []),
        ],
        askReminders,
      })
      if (disclose || askReminders) {
        await repo.updateContact(
          tx,
          key(contact),
          { ...(disclose ? { disclosedAt: now } : {}), ...(askReminders ? { reminders: 'asked' as const } : {}) },
          now,
        )
      }
      await finishIn(deps, tx, message, parts, 'done')
    },
  })
  // A closed salon's answer comes without the dialogue (nothing to record with it).
  if (!recorded) await finish(deps, message, textParts(answer.response))
}

/** "Reminders here?" answered by a tap: kept, and acknowledged in the customer's language. */
async function answerReminders(deps: WhatsAppDeps, message: WhatsAppInboxRow, { salon, contact }: Answer) {
  const yes = message.text === REMINDERS_YES
  const known = await findCustomerByIdentity(deps.db, salon.id, { channel: 'whatsapp', externalId: contact.waId })
  const texts = WHATSAPP_TEXTS[known ? languageOrDefault(known.language) : languageOfCountry(salon.country)]
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now()
    await repo.updateContact(tx, key(contact), { reminders: yes ? 'yes' : 'no' }, now)
    await finishIn(deps, tx, message, textParts(yes ? texts.remindersWelcome : texts.remindersDeclined), 'done')
  })
}

/** "typing…" while the assistant thinks (WhatsApp shows it up to 25 s, or until the answer). */
async function typing(deps: WhatsAppDeps, account: WhatsAppAccountRow, message: WhatsAppInboxRow) {
  try {
    await showTyping(deps.whatsapp, tokenOf(deps, account), account.phoneNumberId, message.wamid)
  } catch (error) {
    deps.log.info({ err: error instanceof Error ? error.name : 'error' }, 'WhatsApp typing indicator not shown')
  }
}

/**
 * The salon wrote to the customer from the WhatsApp Business app: the assistant steps back for the
 * salon's pause, drops what it had queued, and says it is automated when it speaks again.
 */
async function takenOver(deps: WhatsAppDeps, message: WhatsAppInboxRow): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const salon = await findSalonById(tx, message.salonId)
    const contact = await repo.lockContact(tx, key(message))
    if (salon && contact) {
      // The same pause the owner chose for Instagram: one setting for "I answer myself".
      const pausedUntil = new Date(now.getTime() + salon.instagramPauseMinutes * MINUTE_MS)
      await repo.updateContact(tx, key(contact), { pausedUntil, disclosedAt: null }, now)
      await inbox.cancelQueued(tx, message.salonId, message.waId, 'salon_answered')
    }
    await inbox.finishMessage(tx, message.wamid, 'done')
  })
}

async function finish(
  deps: WhatsAppDeps,
  message: WhatsAppInboxRow,
  parts: WhatsAppPart[],
  status: 'done' | 'failed' = 'done',
): Promise<void> {
  await deps.db.transaction((tx) => finishIn(deps, tx, message, parts, status))
}

async function finishIn(
  deps: WhatsAppDeps,
  tx: Executor,
  message: WhatsAppInboxRow,
  parts: WhatsAppPart[],
  status: 'done' | 'failed',
): Promise<void> {
  await queueParts(deps, tx, key(message), parts)
  await inbox.finishMessage(tx, message.wamid, status)
}

const key = (row: { salonId: string; waId: string }) => ({ salonId: row.salonId, waId: row.waId })
