import type { Executor } from '@server/db/client'
import {
  type WhatsAppAccountRow,
  type WhatsAppContactRow,
  type WhatsAppTemplateRow,
  whatsappAccounts,
  whatsappContacts,
  whatsappTemplates,
} from '@server/db/schema'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'

/** The salons' numbers, their templates, and the customers who wrote to them. */

export async function findAccount(db: Executor, salonId: string): Promise<WhatsAppAccountRow | undefined> {
  const [row] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.salonId, salonId)).limit(1)
  return row
}

export async function findAccountByNumber(
  db: Executor,
  phoneNumberId: string,
): Promise<WhatsAppAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.phoneNumberId, phoneNumberId))
    .limit(1)
  return row
}

export async function findAccountsByWaba(db: Executor, wabaId: string): Promise<WhatsAppAccountRow[]> {
  return db.select().from(whatsappAccounts).where(eq(whatsappAccounts.wabaId, wabaId))
}

export async function listConnectedAccounts(db: Executor): Promise<WhatsAppAccountRow[]> {
  return db
    .select()
    .from(whatsappAccounts)
    .where(and(eq(whatsappAccounts.state, 'connected'), isNull(whatsappAccounts.reconnectRequiredAt)))
}

/** A new signup replaces the salon's connection (a reconnect, another number). */
export async function saveSignup(
  db: Executor,
  account: Pick<WhatsAppAccountRow, 'salonId' | 'wabaId' | 'phoneNumberId' | 'pendingCode' | 'pin'>,
  now: Date,
): Promise<WhatsAppAccountRow> {
  const fresh = {
    ...account,
    state: 'connecting' as const,
    accessToken: null,
    registeredAt: null,
    subscribedAt: null,
    reconnectRequiredAt: null,
    lastError: null,
    lastErrorAt: null,
    connectedAt: now,
    updatedAt: now,
  }
  const [row] = await db
    .insert(whatsappAccounts)
    .values(fresh)
    .onConflictDoUpdate({ target: whatsappAccounts.salonId, set: fresh })
    .returning()
  if (!row) throw new Error('whatsapp account not stored')
  return row
}

export type AccountChange = Partial<Omit<WhatsAppAccountRow, 'salonId' | 'updatedAt'>>

export async function updateAccount(
  db: Executor,
  salonId: string,
  phoneNumberId: string,
  change: AccountChange,
  now: Date,
): Promise<WhatsAppAccountRow | undefined> {
  const [row] = await db
    .update(whatsappAccounts)
    .set({ ...change, updatedAt: now })
    .where(and(eq(whatsappAccounts.salonId, salonId), eq(whatsappAccounts.phoneNumberId, phoneNumberId)))
    .returning()
  return row
}

export async function deleteAccount(db: Executor, salonId: string): Promise<WhatsAppAccountRow | undefined> {
  const [row] = await db.delete(whatsappAccounts).where(eq(whatsappAccounts.salonId, salonId)).returning()
  if (row) await db.delete(whatsappTemplates).where(eq(whatsappTemplates.salonId, salonId))
  return row
}

// ——— Templates ———

export async function listTemplates(db: Executor, salonId: string): Promise<WhatsAppTemplateRow[]> {
  return db.select().from(whatsappTemplates).where(eq(whatsappTemplates.salonId, salonId))
}

export async function saveTemplate(
  db: Executor,
  template: Pick<WhatsAppTemplateRow, 'salonId' | 'name' | 'language' | 'status'> &
    Partial<Pick<WhatsAppTemplateRow, 'templateId' | 'reason'>>,
  now: Date,
): Promise<void> {
  const set = {
    status: template.status,
    ...(template.templateId !== undefined ? { templateId: template.templateId } : {}),
    ...(template.reason !== undefined ? { reason: template.reason } : {}),
    updatedAt: now,
  }
  await db
    .insert(whatsappTemplates)
    .values({ ...template, updatedAt: now })
    .onConflictDoUpdate({
      target: [whatsappTemplates.salonId, whatsappTemplates.name, whatsappTemplates.language],
      set,
    })
}

export async function findTemplate(
  db: Executor,
  salonId: string,
  name: string,
  language: string,
): Promise<WhatsAppTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.salonId, salonId),
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
      ),
    )
    .limit(1)
  return row
}

// ——— Contacts ———

export interface ContactKey {
  salonId: string
  waId: string
}

const keyOf = (key: ContactKey) => and(eq(whatsappContacts.salonId, key.salonId), eq(whatsappContacts.waId, key.waId))

/** Counts a customer's message (once per message) and keeps their last one's time: the 24 hours start there. */
export async function countMessage(
  db: Executor,
  key: ContactKey,
  profileName: string | null,
  sentAt: Date,
  now: Date,
): Promise<WhatsAppContactRow> {
  const [row] = await db
    .insert(whatsappContacts)
    .values({
      ...key,
      profileName,
      messageCount: 1,
      firstMessageAt: sentAt,
      lastMessageAt: sentAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [whatsappContacts.salonId, whatsappContacts.waId],
      set: {
        messageCount: sql`${whatsappContacts.messageCount} + 1`,
        lastMessageAt: sql`greatest(${whatsappContacts.lastMessageAt}, ${sentAt.toISOString()}::timestamptz)`,
        ...(profileName ? { profileName } : {}),
        updatedAt: now,
      },
    })
    .returning()
  if (!row) throw new Error('whatsapp contact not stored')
  return row
}

export async function lockContact(db: Executor, key: ContactKey): Promise<WhatsAppContactRow | undefined> {
  const [row] = await db.select().from(whatsappContacts).where(keyOf(key)).limit(1).for('update')
  return row
}

export async function findContact(db: Executor, key: ContactKey): Promise<WhatsAppContactRow | undefined> {
  const [row] = await db.select().from(whatsappContacts).where(keyOf(key)).limit(1)
  return row
}

export type ContactChange = Partial<
  Pick<
    WhatsAppContactRow,
    'pausedUntil' | 'cooldownUntil' | 'strikes' | 'lastStrikeAt' | 'blockedAt' | 'disclosedAt' | 'reminders'
  >
>

export async function updateContact(
  db: Executor,
  key: ContactKey,
  change: ContactChange,
  now: Date,
): Promise<WhatsAppContactRow> {
  const [row] = await db
    .update(whatsappContacts)
    .set({ ...change, updatedAt: now })
    .where(keyOf(key))
    .returning()
  if (!row) throw new Error('whatsapp contact not found')
  return row
}

export async function findContacts(db: Executor, salonId: string, waIds: string[]): Promise<WhatsAppContactRow[]> {
  if (waIds.length === 0) return []
  return db
    .select()
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.salonId, salonId), inArray(whatsappContacts.waId, waIds)))
}

/** Erasure: the contacts go (their profile name, their answers); the next message starts afresh. */
export async function forgetContacts(db: Executor, salonId: string, waIds: string[]): Promise<void> {
  if (waIds.length === 0) return
  await db
    .delete(whatsappContacts)
    .where(and(eq(whatsappContacts.salonId, salonId), inArray(whatsappContacts.waId, waIds)))
}
