import type { InstagramAccountRow } from '@server/db/schema'
import { addEventTeller } from '@server/modules/bookings/booking-events.repository'
import { decryptSecret } from '@server/security/secrets'
import * as repo from './instagram.repository'
import {
  InstagramRefused,
  InstagramTokenRefused,
  InstagramUnavailable,
  InstagramWindowClosed,
  sendText,
} from './instagram-api'
import { textHash, WINDOW_MS } from './instagram-chat'
import { type InstagramDeps, TOKEN_PURPOSE } from './instagram-deps'
import * as inbox from './instagram-inbox.repository'
import type { QuickReply } from './instagram-quick-replies'

/**
 * Job `instagram.deliver`: sends a customer's queued messages in order, part after part, recording
 * each part Meta accepted so a retry resumes after it. Each send is claimed first, so its echo is
 * known as ours even when it arrives before Meta's answer. A part whose answer was lost is sent
 * again (a repeated line beats a lost one in a conversation; reminders have their own rule).
 */
export async function deliverInstagramUser(deps: InstagramDeps, salonId: string, userId: string): Promise<void> {
  const queued = await inbox.queuedMessages(deps.db, salonId, userId)
  if (queued.length === 0) return
  const seqs = queued.map((m) => m.seq)
  const now = deps.clock.now()
  const account = await repo.findAccount(deps.db, salonId)
  if (!account) return inbox.finishMessages(deps.db, seqs, { status: 'failed', reason: 'disconnected' }, now)
  if (account.reconnectRequiredAt) {
    return inbox.finishMessages(deps.db, seqs, { status: 'failed', reason: 'token_refused' }, now)
  }
  const user = await repo.findUser(deps.db, { salonId, igAccountId: account.igUserId, userId })
  if (!user || now.getTime() - user.lastMessageAt.getTime() >= WINDOW_MS) {
    return inbox.finishMessages(deps.db, seqs, { status: 'expired', reason: 'window_closed' }, now)
  }
  const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, account.accessToken)
  for (const message of queued) {
    for (let index = message.partsSent; index < message.parts.length; index++) {
      const text = message.parts[index]
      if (text === undefined) break
      try {
        // The answers to tap go with the last part: they stand under the question it ends with.
        const last = index + 1 === message.parts.length
        await sendInstagramPart(deps, account, token, userId, text, last ? message.quickReplies : null)
      } catch (error) {
        const later = deps.clock.now()
        if (error instanceof InstagramWindowClosed) {
          const left = (await inbox.queuedMessages(deps.db, salonId, userId)).map((m) => m.seq)
          return inbox.finishMessages(deps.db, left, { status: 'expired', reason: 'window_closed' }, later)
        }
        if (error instanceof InstagramTokenRefused) {
          await markReconnect(deps, account, error.message)
          const left = (await inbox.queuedMessages(deps.db, salonId, userId)).map((m) => m.seq)
          return inbox.finishMessages(deps.db, left, { status: 'failed', reason: 'token_refused' }, later)
        }
        if (error instanceof InstagramRefused) {
          // A message Meta will never take: recorded and skipped, the next ones still go.
          deps.log.warn({ salonId, seq: message.seq, reason: error.message }, 'Instagram refused a message')
          await inbox.finishMessages(deps.db, [message.seq], { status: 'failed', reason: error.message }, later)
          break
        }
        throw error instanceof Error ? error : new InstagramUnavailable('Instagram call failed')
      }
      await inbox.partSent(deps.db, message.seq, index + 1)
      if (index + 1 === message.parts.length) {
        await deps.db.transaction(async (tx) => {
          await inbox.finishMessages(tx, [message.seq], { status: 'sent' }, deps.clock.now())
          // The salon's change reached the customer: its history says so.
          if (message.bookingEventId) await addEventTeller(tx, message.bookingEventId, 'instagram')
        })
      }
    }
  }
}

/** One text through the Send API, claimed before and recorded after (for echo recognition). */
export async function sendInstagramPart(
  deps: Pick<InstagramDeps, 'db' | 'clock' | 'instagram'>,
  account: InstagramAccountRow,
  token: string,
  userId: string,
  text: string,
  quickReplies?: QuickReply[] | null,
): Promise<void> {
  const claim = await inbox.claimSend(
    deps.db,
    { salonId: account.salonId, userId, textHash: textHash(text) },
    deps.clock.now(),
  )
  const { messageId } = await sendText(deps.instagram, token, userId, text, quickReplies ?? undefined)
  await inbox.recordSent(deps.db, claim, messageId)
}

/** Meta refused the token: the card says "reconnect", and nothing is sent until the owner does. */
export async function markReconnect(
  deps: Pick<InstagramDeps, 'db' | 'clock'> & { log: Pick<InstagramDeps['log'], 'warn'> },
  account: InstagramAccountRow,
  reason: string,
): Promise<void> {
  const now = deps.clock.now()
  await repo.updateAccount(
    deps.db,
    account.salonId,
    account.igUserId,
    { reconnectRequiredAt: now, lastError: 'token_refused', lastErrorAt: now },
    now,
  )
  deps.log.warn({ salonId: account.salonId, reason }, 'Instagram refused the salon token: the owner must reconnect')
}
