import type { Executor } from '@server/db/client'
import {
  customerIdentities,
  type TelegramBotRow,
  type TelegramChatRow,
  type TelegramOutboxRow,
  type TelegramUpdateRow,
  telegramBot,
  telegramChats,
  telegramOutbox,
  telegramUpdates,
} from '@server/db/schema'
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { TelegramPart } from './telegram-parts'

/** The telegram_* tables. The only code that touches them. */

export async function findBot(db: Executor): Promise<TelegramBotRow | undefined> {
  const [row] = await db.select().from(telegramBot).limit(1)
  return row
}

/** What getMe said at this start; the polling offset is kept (same bot) or reset (another bot). */
export async function saveBot(db: Executor, bot: { botId: number; username: string; info: unknown }): Promise<void> {
  await db
    .insert(telegramBot)
    .values({ id: 1, ...bot })
    .onConflictDoUpdate({
      target: telegramBot.id,
      set: {
        username: bot.username,
        info: bot.info,
        botId: bot.botId,
        pollOffset: sql`case when ${telegramBot.botId} = ${bot.botId} then ${telegramBot.pollOffset} end`,
        updatedAt: sql`now()`,
      },
    })
}

export async function savePollOffset(db: Executor, offset: number): Promise<void> {
  await db.update(telegramBot).set({ pollOffset: offset }).where(eq(telegramBot.id, 1))
}

/** Stores the updates not seen before; returns those (a redelivered update_id is skipped). */
export async function insertUpdates(
  db: Executor,
  updates: { updateId: number; chatId: number; update: unknown }[],
  receivedAt: Date,
): Promise<{ updateId: number; chatId: number }[]> {
  if (updates.length === 0) return []
  return db
    .insert(telegramUpdates)
    .values(updates.map((u) => ({ ...u, receivedAt })))
    .onConflictDoNothing()
    .returning({ updateId: telegramUpdates.updateId, chatId: telegramUpdates.chatId })
}

/** The chat's oldest update still to answer. */
export async function nextPendingUpdate(db: Executor, chatId: number): Promise<TelegramUpdateRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramUpdates)
    .where(and(eq(telegramUpdates.chatId, chatId), eq(telegramUpdates.status, 'pending')))
    .orderBy(asc(telegramUpdates.updateId))
    .limit(1)
  return row
}

/** Counts one more try at an update; returns how many there were. */
export async function countAttempt(db: Executor, updateId: number): Promise<number> {
  const [row] = await db
    .update(telegramUpdates)
    .set({ attempts: sql`${telegramUpdates.attempts} + 1` })
    .where(eq(telegramUpdates.updateId, updateId))
    .returning({ attempts: telegramUpdates.attempts })
  return row?.attempts ?? 0
}

export async function finishUpdate(db: Executor, updateId: number, status: 'done' | 'failed'): Promise<void> {
  await db.update(telegramUpdates).set({ status }).where(eq(telegramUpdates.updateId, updateId))
}

export async function findChat(db: Executor, chatId: number): Promise<TelegramChatRow | undefined> {
  const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId))
  return row
}

/** The chat as its latest message shows it; writing again lifts a block. */
export async function keepChat(
  db: Executor,
  chat: Pick<TelegramChatRow, 'chatId' | 'firstName' | 'lastName' | 'languageCode'>,
  now: Date,
): Promise<TelegramChatRow> {
  const [row] = await db
    .insert(telegramChats)
    .values({ ...chat, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: telegramChats.chatId,
      set: {
        firstName: chat.firstName,
        lastName: chat.lastName,
        languageCode: chat.languageCode,
        blockedAt: null,
        updatedAt: now,
      },
    })
    .returning()
  if (!row) throw new Error('telegram chat not stored')
  return row
}

export async function updateChat(
  db: Executor,
  chatId: number,
  values: Partial<Pick<TelegramChatRow, 'salonId' | 'phone' | 'blockedAt'>>,
  now: Date,
): Promise<void> {
  await db
    .update(telegramChats)
    .set({ ...values, updatedAt: now })
    .where(eq(telegramChats.chatId, chatId))
}

/** The chats of a salon's customer who wrote from Telegram, not blocked. A private chat's id is its user's. */
export async function telegramChatsOfCustomer(db: Executor, salonId: string, customerId: string): Promise<number[]> {
  const rows = await db
    .select({ chatId: telegramChats.chatId })
    .from(customerIdentities)
    .innerJoin(telegramChats, sql`${telegramChats.chatId}::text = ${customerIdentities.externalId}`)
    .where(
      and(
        eq(customerIdentities.salonId, salonId),
        eq(customerIdentities.customerId, customerId),
        eq(customerIdentities.channel, 'telegram'),
        isNull(telegramChats.blockedAt),
      ),
    )
  return rows.map((r) => r.chatId)
}

/** Queues a message; one per booking event (a retried job adds none). Returns its seq, or undefined. */
export async function enqueueMessage(
  db: Executor,
  message: { chatId: number; kind: TelegramOutboxRow['kind']; parts: TelegramPart[]; bookingEventId?: string },
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(telegramOutbox)
    .values({ ...message, createdAt: now })
    .onConflictDoNothing()
    .returning({ seq: telegramOutbox.seq })
  return row?.seq
}

export type QueuedMessage = Omit<TelegramOutboxRow, 'parts'> & { parts: TelegramPart[] }

export async function queuedMessages(db: Executor, chatId: number): Promise<QueuedMessage[]> {
  const rows = await db
    .select()
    .from(telegramOutbox)
    .where(and(eq(telegramOutbox.chatId, chatId), eq(telegramOutbox.status, 'queued')))
    .orderBy(asc(telegramOutbox.seq))
  return rows.map((row) => ({ ...row, parts: row.parts as TelegramPart[] }))
}

export async function partSent(db: Executor, seq: number, partsSent: number): Promise<void> {
  await db.update(telegramOutbox).set({ partsSent }).where(eq(telegramOutbox.seq, seq))
}

export async function finishMessage(
  db: Executor,
  seqs: number[],
  outcome: { status: 'sent' | 'blocked' | 'failed'; reason?: string },
  now: Date,
): Promise<void> {
  if (seqs.length === 0) return
  await db
    .update(telegramOutbox)
    .set({ status: outcome.status, reason: outcome.reason ?? null, sentAt: outcome.status === 'sent' ? now : null })
    .where(inArray(telegramOutbox.seq, seqs))
}

/** The customer blocked the bot: nothing more goes to the chat until they write again. */
export async function markBlocked(db: Executor, chatId: number, now: Date): Promise<void> {
  await updateChat(db, chatId, { blockedAt: now }, now)
  await blockQueued(db, chatId)
}

/** What waits for a blocked chat will not be sent. */
export async function blockQueued(db: Executor, chatId: number): Promise<number[]> {
  const rows = await db
    .update(telegramOutbox)
    .set({ status: 'blocked', reason: 'blocked by the user' })
    .where(and(eq(telegramOutbox.chatId, chatId), eq(telegramOutbox.status, 'queued')))
    .returning({ seq: telegramOutbox.seq })
  return rows.map((r) => r.seq)
}

/** Forgets what chats said and were sent (not what waits to be sent), and their names and number. */
export async function forgetChats(db: Executor, chatIds: number[], now: Date): Promise<void> {
  await db
    .update(telegramChats)
    .set({ firstName: null, lastName: null, phone: null, updatedAt: now })
    .where(inArray(telegramChats.chatId, chatIds))
  await db
    .delete(telegramUpdates)
    .where(and(inArray(telegramUpdates.chatId, chatIds), sql`${telegramUpdates.status} <> 'pending'`))
  await db
    .delete(telegramOutbox)
    .where(and(inArray(telegramOutbox.chatId, chatIds), sql`${telegramOutbox.status} <> 'queued'`))
}

/** Forgets handled updates and delivered messages older than `before`. */
export async function prune(db: Executor, before: { updates: Date; messages: Date }): Promise<void> {
  await db.delete(telegramUpdates).where(lt(telegramUpdates.receivedAt, before.updates))
  await db
    .delete(telegramOutbox)
    .where(and(lt(telegramOutbox.createdAt, before.messages), sql`${telegramOutbox.status} <> 'queued'`))
}
