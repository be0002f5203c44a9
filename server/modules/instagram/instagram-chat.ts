import { createHash } from 'node:crypto'
import { type Language, languageOfCountry } from '@common/languages'
import { CHAT_MESSAGE_MAX_LENGTH, type ChatContext } from '@common/schemas/chat'
import type { Executor } from '@server/db/client'
import type { InstagramAccountRow, InstagramEventRow, InstagramUserRow, SalonRow } from '@server/db/schema'
import { consumeLimit } from '@server/http/rate-limits'
import { handleChatMessage } from '@server/modules/assistant/assistant.usecases'
import { PER_CHAT, withModelBudget } from '@server/modules/assistant/chat-budgets'
import { splitText } from '@server/modules/assistant/message-split'
import { replyLanguage } from '@server/modules/assistant/understanding/language'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { decryptSecret } from '@server/security/secrets'
import * as repo from './instagram.repository'
import { INSTAGRAM_TEXT_MAX_BYTES, readProfile } from './instagram-api'
import { type InstagramDeps, queueMessages, TOKEN_PURPOSE } from './instagram-deps'
import * as inbox from './instagram-inbox.repository'
import { type QuickReply, quickRepliesOf } from './instagram-quick-replies'
import { INSTAGRAM_TEXTS } from './instagram-texts'

/**
 * Job `instagram.chat`: decides on a customer's pending messages, oldest first (spec §6). Every
 * sender is counted and listed for the owner; only those the rules let through get the assistant's
 * reply, queued in the transaction that decides it. The owner's own answer in Instagram (an echo we
 * did not send) pauses the assistant for that customer: the human has taken over.
 */

/** Tries at one message before the customer is asked to write again. */
export const EVENT_ATTEMPTS = 5

/** Anti-spam: more than this many messages in a minute (Meta's timestamps) is a strike… */
export const SPAM_MESSAGES_PER_MINUTE = 10
/** …which holds the sender back this long… */
export const COOLDOWN_MINUTES = 15
/** …and the third strike in a day blocks them until the owner lifts it. */
export const STRIKES_TO_BLOCK = 3

/** Meta lets a business answer for 24 hours after the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000
/** An echo of our own send may arrive before Meta's answer to it: claims are looked back on this long. */
const CLAIM_LOOKBACK_MS = 5 * 60 * 1000
/** The assistant says it is automated again after a day of silence. */
const DISCLOSE_AGAIN_MS = 24 * 60 * 60 * 1000

const MINUTE_MS = 60_000

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

export async function answerInstagramUser(deps: InstagramDeps, salonId: string, userId: string): Promise<void> {
  for (;;) {
    const event = await inbox.nextPendingEvent(deps.db, salonId, userId)
    if (!event) return
    if (event.direction === 'echo') {
      await echoed(deps, event)
      continue
    }
    const decision = await deps.db.transaction(async (tx) => decide(deps, tx, event))
    if (decision.kind === 'ignore') continue
    if (decision.kind === 'give_up') {
      deps.log.warn({ salonId, mid: event.mid }, 'an Instagram message failed every try; the customer is asked again')
      await finish(deps, event, [INSTAGRAM_TEXTS[decision.language].failed], 'failed')
      continue
    }
    await reply(deps, event, decision)
  }
}

type Decision =
  | { kind: 'ignore' }
  | { kind: 'give_up'; language: Language }
  | { kind: 'answer'; salon: SalonRow; account: InstagramAccountRow; user: InstagramUserRow; firstTry: boolean }

/**
 * Counts the message (once, whatever the retries), applies the anti-spam rule, then the rules that
 * keep the assistant quiet, in order. A message the assistant does not answer loses its text.
 */
async function decide(deps: InstagramDeps, tx: Executor, event: InstagramEventRow): Promise<Decision> {
  const now = deps.clock.now()
  const ignore = async (): Promise<Decision> => {
    await inbox.finishEvent(tx, event.mid, 'ignored')
    return { kind: 'ignore' }
  }
  const attempts = await inbox.countAttempt(tx, event.mid)
  const salon = await findSalonById(tx, event.salonId)
  const account = await repo.findAccount(tx, event.salonId)
  if (!salon || !account || account.igUserId !== event.igAccountId) return ignore()
  const key = { salonId: event.salonId, igAccountId: event.igAccountId, userId: event.userId }
  let user = attempts === 1 ? await repo.countMessage(tx, key, event.sentAt, now) : await repo.lockUser(tx, key)
  if (!user) return ignore()
  if (attempts === 1) user = await spamCheck(tx, user, event, now)

  if (user.blockedAt) return ignore()
  if (user.cooldownUntil && user.cooldownUntil > now) return ignore()
  if (user.pausedUntil && user.pausedUntil > now) return ignore()
  if (!user.whitelisted && !salon.instagramReplyToEveryone) return ignore()
  if (account.reconnectRequiredAt) return ignore()
  if (now.getTime() - event.sentAt.getTime() >= WINDOW_MS) return ignore()
  if (attempts > EVENT_ATTEMPTS) return { kind: 'give_up', language: languageOfCountry(salon.country) }
  return { kind: 'answer', salon, account, user, firstTry: attempts === 1 }
}

/** More than SPAM_MESSAGES_PER_MINUTE in the minute up to this message: a strike, a cooldown, or a block. */
async function spamCheck(tx: Executor, user: InstagramUserRow, event: InstagramEventRow, now: Date) {
  if (user.blockedAt || (user.cooldownUntil && user.cooldownUntil > now)) return user
  const since = new Date(event.sentAt.getTime() - MINUTE_MS)
  const inMinute = await inbox.countInbound(tx, {
    salonId: event.salonId,
    userId: event.userId,
    since,
    until: event.sentAt,
  })
  if (inMinute <= SPAM_MESSAGES_PER_MINUTE) return user
  const recentStrike = user.lastStrikeAt && now.getTime() - user.lastStrikeAt.getTime() < 24 * 60 * MINUTE_MS
  const strikes = (recentStrike ? user.strikes : 0) + 1
  const key = { salonId: user.salonId, igAccountId: user.igAccountId, userId: user.userId }
  return repo.updateUser(
    tx,
    key,
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
async function reply(deps: InstagramDeps, event: InstagramEventRow, decision: Extract<Decision, { kind: 'answer' }>) {
  const { salon, user } = decision
  const fallback = languageOfCountry(salon.country)
  if (!event.text) return finish(deps, event, [INSTAGRAM_TEXTS[fallback].textOnly])
  const budget = await consumeLimit(deps, PER_CHAT, `${salon.id}:instagram:${user.userId}`)
  if (budget.exceeded) return finish(deps, event, [])
  const profile = decision.firstTry && user.messageCount === 1 ? await learnName(deps, decision) : user
  const cut = event.text.length > CHAT_MESSAGE_MAX_LENGTH
  const message = cut ? event.text.slice(0, CHAT_MESSAGE_MAX_LENGTH) : event.text
  const context: ChatContext = {
    userId: user.userId,
    chatId: user.userId,
    clientName: nameOf(profile),
    clientPhone: undefined,
    clientEmail: undefined,
    language: replyLanguage(message, {}, fallback),
    salonId: salon.publicId,
  }
  const assistant = await withModelBudget(deps, salon)
  let recorded = false
  const answer = await handleChatMessage(assistant, salon, 'instagram', message, context, {
    record: async (tx, result, language) => {
      recorded = true
      const now = deps.clock.now()
      const texts = INSTAGRAM_TEXTS[language]
      const disclose = !user.disclosedAt || now.getTime() - user.disclosedAt.getTime() > DISCLOSE_AGAIN_MS
      const body = result.bookingLink ? `${result.text}\n\n${texts.linkLine(result.bookingLink)}` : result.text
      const parts = [
        ...(disclose ? [texts.disclosure(salon.name)] : []),
        ...(cut ? [texts.cut(CHAT_MESSAGE_MAX_LENGTH)] : []),
        ...splitText(body, INSTAGRAM_TEXT_MAX_BYTES, 'bytes'),
      ]
      if (disclose) await repo.updateUser(tx, userKey(user), { disclosedAt: now }, now)
      await finishIn(deps, tx, event, parts, 'done', quickRepliesOf(result.suggestions))
    },
  })
  // A closed salon's answer comes without the dialogue (nothing to record with it).
  if (!recorded) await finish(deps, event, splitText(answer.response, INSTAGRAM_TEXT_MAX_BYTES, 'bytes'))
}

/** The customer's name and handle from Meta's User Profile API, once; without them the agenda says "Instagram …1234". */
async function learnName(deps: InstagramDeps, { account, user }: Extract<Decision, { kind: 'answer' }>) {
  try {
    const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, account.accessToken)
    const profile = await readProfile(deps.instagram, token, user.userId)
    const now = deps.clock.now()
    return await repo.updateUser(
      deps.db,
      userKey(user),
      { name: profile.name?.slice(0, 100) ?? null, username: profile.username?.slice(0, 64) ?? null },
      now,
    )
  } catch (error) {
    deps.log.info({ err: error instanceof Error ? error.name : 'error' }, 'Instagram profile not read')
    return user
  }
}

function nameOf(user: Pick<InstagramUserRow, 'name' | 'username' | 'userId'>): string {
  return (user.name || (user.username ? `@${user.username}` : `Instagram …${user.userId.slice(-4)}`)).slice(0, 100)
}

/**
 * An echo: ours (a message id Meta gave us, or a claim of the same text still waiting for its id),
 * or the owner answering by hand — then the assistant steps back for the salon's pause, what it
 * had queued for the customer is dropped, and it will say it is automated when it speaks again.
 */
async function echoed(deps: InstagramDeps, event: InstagramEventRow): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const ours = await inbox.isOurEcho(
      tx,
      { salonId: event.salonId, userId: event.userId, mid: event.mid, textHash: textHash(event.text ?? '') },
      new Date(now.getTime() - CLAIM_LOOKBACK_MS),
    )
    if (!ours) {
      const salon = await findSalonById(tx, event.salonId)
      const key = { salonId: event.salonId, igAccountId: event.igAccountId, userId: event.userId }
      if (salon && (await repo.lockUser(tx, key))) {
        const pausedUntil = new Date(now.getTime() + salon.instagramPauseMinutes * MINUTE_MS)
        await repo.updateUser(tx, key, { pausedUntil, disclosedAt: null }, now)
        await inbox.cancelQueued(tx, event.salonId, event.userId, 'owner_answered')
      }
    }
    await inbox.finishEvent(tx, event.mid, 'done')
  })
}

async function finish(
  deps: InstagramDeps,
  event: InstagramEventRow,
  parts: string[],
  status: 'done' | 'failed' = 'done',
): Promise<void> {
  await deps.db.transaction((tx) => finishIn(deps, tx, event, parts, status))
}

async function finishIn(
  deps: InstagramDeps,
  tx: Executor,
  event: InstagramEventRow,
  parts: string[],
  status: 'done' | 'failed' = 'done',
  quickReplies: QuickReply[] = [],
): Promise<void> {
  await queueMessages(deps, tx, { salonId: event.salonId, userId: event.userId }, parts, { quickReplies })
  await inbox.finishEvent(tx, event.mid, status)
}

const userKey = (user: InstagramUserRow) => ({
  salonId: user.salonId,
  igAccountId: user.igAccountId,
  userId: user.userId,
})
