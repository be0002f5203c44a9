import type { Language } from '@common/languages'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { CustomerRow, SalonRow } from '@server/db/schema'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { Registry } from '@server/registry'

/**
 * The one contract for reaching a salon's customer: a web chat, Telegram, Instagram, SMS, e-mail —
 * and the next one (WhatsApp) — each implements it in its own folder and is listed once in the
 * registry (server/plug-ins.ts). Reminders and the salon's notices go through it and never name a
 * channel; erasing a customer asks each channel to forget them.
 */

export interface ChannelDeps {
  db: Database
  clock: Clock
  config: Config
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

/** Who is to be reached: the customer, at their salon. */
export interface Recipient {
  salon: Pick<SalonRow, 'id' | 'country' | 'remindBySms'>
  customer: Pick<CustomerRow, 'id' | 'email' | 'phone'>
}

/** What is sent, in the customer's language. */
export interface ChannelMessage {
  /** The words as a chat or a text message carries them. */
  text: string
  /** The same as a letter, where messages are letters (an e-mail): subject, body and signature. */
  letter: { subject: string; text: string }
  /** What it is, as the e-mail outbox records it (`booking_reminder`, `booking_moved`…). */
  kind: string
  /** The customer's language, and the salon's name: a channel that sends pre-approved wording (a template) fills it with them. */
  language: Language
  from: string
}

/** A salon's notice about one of the customer's bookings (a move, a cancellation). */
export interface ChannelNotice extends ChannelMessage {
  bookingEventId: string
}

/** What became of a message sent now. */
export type Delivery =
  /** The channel took it; `detail` is its own reference, if any. */
  | { outcome: 'sent'; detail: string | null }
  /** This channel cannot take it for this customer (blocked, refused, window closed): the next one may. */
  | { outcome: 'refused'; reason: string; detail: string }
  /**
   * It failed: the next channel may take it. With `retryable`, the channel is down for now and a
   * retry of the job later may work (the caller rethrows it while attempts remain).
   */
  | { outcome: 'failed'; reason: string; detail: string; retryable?: Error }
  /** It may have arrived: neither resent nor sent by another channel, so it never arrives twice. */
  | { outcome: 'unconfirmed'; reason: string; detail: string }

/** What leaving a notice came to: `pending` ones are marked told by the channel once delivered. */
export type NoticeLeft = 'told' | 'pending' | 'not_told'

export interface Channel<Address = unknown> {
  /** The name recorded on reminders, attempts and a notice's `toldBy` (`telegram`, `email`…). */
  name: string
  /** Whether this server has what the channel needs (a bot, an app, an SMS account); absent: always. */
  configured?(config: Config): boolean
  /**
   * Where the customer can be reached on this channel now — the server has it configured, the
   * salon allows it, the customer is known there and not blocked, inside any window the platform
   * sets — or undefined.
   */
  reach(deps: ChannelDeps, db: Executor, to: Recipient, now: Date): Promise<Address | undefined>
  /** Sends now and says what came of it (a reminder). Absent: this channel cannot (a web chat is read when opened). */
  sendNow?(deps: ChannelDeps, address: Address, message: ChannelMessage): Promise<Delivery>
  /** In the caller's transaction: leaves a salon's notice where the customer will read it. Absent: notices skip it. */
  leaveNotice?(
    deps: ChannelDeps & { jobs: Jobs },
    db: Executor,
    address: Address,
    notice: ChannelNotice,
    to: Recipient,
  ): Promise<NoticeLeft>
  /** Erasure, in its transaction: forgets what it kept of the customer's identities at this salon. */
  forget?(db: Executor, salonId: string, externalIds: string[], now: Date): Promise<void>
}

const registered = new Registry<Channel>()

/** Plugs a channel in (a second with the same name replaces the first); returns how to unplug it. */
export function plugInChannel(channel: Channel): () => void {
  return registered.plugIn(channel)
}

/** The channels plugged in, in the registry's order. */
export function channels(): readonly Channel[] {
  return registered.all()
}

/** Erasure: each channel forgets what it kept of the customer's identities on it. */
export async function forgetOnEveryChannel(
  db: Executor,
  salonId: string,
  identities: { channel: string; externalId: string }[],
  now: Date,
): Promise<void> {
  for (const channel of registered.all()) {
    const ids = identities.filter((i) => i.channel === channel.name).map((i) => i.externalId)
    if (ids.length > 0) await channel.forget?.(db, salonId, ids, now)
  }
}
