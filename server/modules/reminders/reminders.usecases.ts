import { REMINDER_HOURS } from '@common/schemas/reminders'
import type { Executor } from '@server/db/client'
import * as repo from './reminders.repository'

/**
 * Reminders before an appointment: 24 hours and 2 hours before its start (instants, so a DST night
 * between them changes nothing: "24 hours before" is 24 real hours). Planned in the transaction that
 * creates, moves or cancels the booking, so a reminder never outlives its booking's state.
 */

/** Whether the salon sends this kind of reminder (each can be turned off in its settings). */
export function reminderTurnedOn(
  salon: { remindDayBefore: boolean; remindTwoHours: boolean },
  kind: repo.ReminderKind,
): boolean {
  return kind === 'day_before' ? salon.remindDayBefore : salon.remindTwoHours
}

/**
 * Brings a booking's reminders in line with it, in the caller's transaction:
 * - active (confirmed or pending): one reminder per kind for its start — planned, or skipped when
 *   its moment has already passed ("too_late": never sent late) or the salon turned that kind off;
 *   the reminders of an earlier start (a move) are cancelled;
 * - otherwise (cancelled, no-show, completed): the reminders still waiting are cancelled.
 */
export async function planReminders(db: Executor, bookingId: string, now: Date): Promise<void> {
  // One statement, as every change of every booking pays for it (reminders.repository.ts).
  await repo.replanReminders(db, bookingId, REMINDER_HOURS, now)
}

/**
 * After the salon changed its reminder settings (in the same transaction): the reminders still to
 * come of each kind it turned on or off follow.
 */
export async function followReminderSettings(
  db: Executor,
  salonId: string,
  before: { remindDayBefore: boolean; remindTwoHours: boolean },
  after: { remindDayBefore: boolean; remindTwoHours: boolean },
  now: Date,
): Promise<void> {
  for (const kind of Object.keys(REMINDER_HOURS) as repo.ReminderKind[]) {
    const on = reminderTurnedOn(after, kind)
    if (on !== reminderTurnedOn(before, kind)) await repo.switchUpcomingReminders(db, salonId, kind, on, now)
  }
}
