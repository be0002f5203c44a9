import type { App, AppDeps } from './http/types'
import type { BookingHold } from './modules/bookings/booking-holds'
import type { BookingSubscriber } from './modules/bookings/booking-subscribers'
import type { CalendarProvider } from './modules/calendar-sync/calendar-providers'
import type { Channel } from './modules/customers/channels'
import type { JobHandlers } from './modules/jobs/job-engine'
import type { QueueTable } from './modules/jobs/queues'
import type { PaymentProvider } from './modules/payments/payment-providers'
import type { SalonFactsSource, SalonSubscriber } from './modules/salons/salon-plug-ins'
import type { FreedTimeFollower } from './modules/schedule/freed-time'

/** Where workers write what they have to say (a server passes its own logger; tests none). */
export interface WorkerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export type WorkerDeps = AppDeps & { log: WorkerLog }

/**
 * One module's part in the product, as server/plug-ins.ts plugs it in: what it adds to each
 * registry of the core, the queues it declares, its routes and its workers. A channel, a calendar
 * or a payment provider is one folder whose `<name>.plug-in.ts` exports one of these, and one line
 * in PLUG_INS; the core names none of them.
 */
export interface PlugIn {
  /** Its folder's name under server/modules/. */
  name: string
  /** Follow every change to a booking, in the change's transaction (bookings/booking-subscribers.ts). */
  bookingSubscribers?: readonly BookingSubscriber[]
  /** May hold a new booking until a step outside the core is done (bookings/booking-holds.ts). */
  bookingHolds?: readonly BookingHold[]
  /** Follow time a salon's schedule gives back: an absence or a block removed (schedule/freed-time.ts). */
  freedTimeFollowers?: readonly FreedTimeFollower[]
  /** Reach a customer (customers/channels.ts). */
  channels?: readonly Channel[]
  /** Where a salon's calendar can live (calendar-sync/calendar-providers.ts). */
  calendarProviders?: readonly CalendarProvider[]
  /** Takes a salon's money: deposits, saved cards, refunds and fees (payments/payment-providers.ts). */
  paymentProviders?: readonly PaymentProvider[]
  /** What a salon's pages show of it (salons/salon-plug-ins.ts). */
  salonFacts?: readonly SalonFactsSource[]
  /** Follow a salon's creation and its settings (salons/salon-plug-ins.ts). */
  salonSubscribers?: readonly SalonSubscriber[]
  /** Its queues (`<name>.queues.ts`), created by the job engine when it starts. */
  queues?: QueueTable
  /** Its HTTP routes (webhooks, its connection card's calls). */
  routes?: (app: App, deps: AppDeps) => void
  /** The workers of its queues, given what this server has (none without its configuration). */
  workers?: (deps: WorkerDeps) => JobHandlers
}
