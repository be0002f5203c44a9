import { z } from 'zod'

/** Which reminder: 24 hours before the appointment, or 2 hours before. */
export const REMINDER_KINDS = ['day_before', 'two_hours'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]
/** How long before the appointment each kind goes out (real hours: a DST change between changes nothing). */
export const REMINDER_HOURS: Record<ReminderKind, number> = { day_before: 24, two_hours: 2 }

/**
 * planned: waiting for its moment; queued: handed to a job; sending: a channel is being tried;
 * sent; failed (no channel reached the customer); skipped (never to be sent: too late when the
 * booking was made, turned off, no way to reach the customer); cancelled (the booking was cancelled
 * or moved: a moved booking plans new reminders for its new start).
 */
export const REMINDER_STATUSES = ['planned', 'queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled'] as const
export type ReminderStatus = (typeof REMINDER_STATUSES)[number]

/**
 * The channels a reminder goes by: Telegram, then Instagram (inside Meta's 24 hours) for a customer
 * who wrote from them, then SMS, then e-mail.
 */
export const REMINDER_CHANNELS = ['telegram', 'instagram', 'whatsapp', 'sms', 'email'] as const

/** Why a reminder was not sent, or was dropped (the dashboard says each in words). */
export const REMINDER_REASONS = [
  'too_late',
  'turned_off',
  'no_contact',
  'interrupted',
  'booking_changed',
  'moved',
  'cancelled',
  'no_show',
  'completed',
  'sms_refused',
  'sms_misconfigured',
  'sms_unavailable',
  'sms_unconfirmed',
  'telegram_blocked',
  'telegram_unavailable',
  'telegram_unconfirmed',
  'instagram_window_closed',
  'instagram_unavailable',
  'instagram_unconfirmed',
  'whatsapp_window_closed',
  'whatsapp_not_welcome',
  'whatsapp_undeliverable',
  'whatsapp_unavailable',
  'whatsapp_unconfirmed',
  'email_failed',
  'no_channel_reached',
] as const
export type ReminderReason = (typeof REMINDER_REASONS)[number]

/** One reminder of a booking, as the salon sees it in the booking's panel (times on the salon's clock). */
export const bookingReminderSchema = z.object({
  kind: z.enum(REMINDER_KINDS),
  status: z.enum(REMINDER_STATUSES),
  /** When it is (was) due: the instant and "2026-12-02T10:00". */
  dueAt: z.string(),
  dueLocal: z.string(),
  channel: z.enum(REMINDER_CHANNELS).nullable(),
  sentLocal: z.string().nullable(),
  /** When the channel said it reached the customer's phone, and when they read it (channels that tell). */
  deliveredLocal: z.string().nullable(),
  readLocal: z.string().nullable(),
  reason: z.enum(REMINDER_REASONS).nullable(),
})
export type BookingReminder = z.infer<typeof bookingReminderSchema>
