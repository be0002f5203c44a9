import type { SalonSubscriber } from '@server/modules/salons/salon-plug-ins'
import { followReminderSettings } from './reminders.usecases'

/** A salon turning a kind of reminder on or off: its reminders still to come follow, in the edit's transaction. */
export const remindersFollowSalonSettings: SalonSubscriber = {
  name: 'reminders',
  async onSalonChanged(db, before, after, now) {
    await followReminderSettings(db, after.id, before, after, now)
  },
}
