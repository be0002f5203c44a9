import { badRequest } from '@server/errors'
import type { SalonFactsSource, SalonSubscriber } from '@server/modules/salons/salon-plug-ins'
import { reminderOrder, unknownReminderChannel } from './channel-order'
import { followReminderSettings } from './reminders.usecases'

/** A salon turning a kind of reminder on or off: its reminders still to come follow, in the edit's transaction. */
export const remindersFollowSalonSettings: SalonSubscriber = {
  name: 'reminders',
  async onSalonChanged(db, before, after, now) {
    // A channel this server does not know is refused, and the whole edit with it.
    const unknown = after.reminderChannels ? unknownReminderChannel(after.reminderChannels) : undefined
    if (unknown) throw unknownChannel(unknown)
    await followReminderSettings(db, after.id, before, after, now)
  },
}

/** The salon's pages show the order reminders try the channels in. */
export const reminderChannelsSalonFacts: SalonFactsSource = {
  name: 'reminders',
  gives: ['reminderChannels'],
  async read(_db, config, salons) {
    const orders = new Map(salons.map((salon) => [salon.id, reminderOrder(salon.reminderChannels, config)]))
    return (salonId) => {
      const reminderChannels = orders.get(salonId)
      return reminderChannels ? { reminderChannels } : {}
    }
  },
}

const unknownChannel = (name: string) =>
  badRequest('reminders.unknown_channel', `No channel named "${name}" can send reminders on this server`)
