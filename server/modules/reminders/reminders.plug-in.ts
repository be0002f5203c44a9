import type { PlugIn } from '@server/plug-in'
import { remindersWorkers } from './reminders.jobs'
import { remindersQueues } from './reminders.queues'
import { reminderChannelsSalonFacts, remindersFollowSalonSettings } from './reminders.salon-subscriber'
import { remindersFollowBookings } from './reminders.subscriber'

/** Reminders the day before and two hours before, by the first channel that reaches the customer. */
export const reminders: PlugIn = {
  name: 'reminders',
  bookingSubscribers: [remindersFollowBookings],
  salonFacts: [reminderChannelsSalonFacts],
  salonSubscribers: [remindersFollowSalonSettings],
  queues: remindersQueues,
  workers: remindersWorkers,
}
