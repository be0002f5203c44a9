import type { App, AppDeps } from './http/types'
import { webChat } from './modules/assistant/web-chat.plug-in'
import { plugInBookingHold } from './modules/bookings/booking-holds'
import { subscribeToBookings } from './modules/bookings/booking-subscribers'
import { bookingsWorkers } from './modules/bookings/bookings.jobs'
import { bookingsQueues } from './modules/bookings/bookings.queues'
import { cancelForSchedule } from './modules/bookings/schedule-cancellation'
import { caldav } from './modules/caldav/caldav.plug-in'
import { plugInCalendarProvider } from './modules/calendar-sync/calendar-providers'
import { calendarSync } from './modules/calendar-sync/calendar-sync.plug-in'
import { customerNoticesPlugIn } from './modules/customer-notices/customer-notices.plug-in'
import { plugInChannel } from './modules/customers/channels'
import { email } from './modules/email/email.plug-in'
import { google } from './modules/google/google.plug-in'
import { instagram } from './modules/instagram/instagram.plug-in'
import type { JobHandlers } from './modules/jobs/job-engine'
import { plugInQueues } from './modules/jobs/queues'
import { microsoft } from './modules/microsoft/microsoft.plug-in'
import { mailWorkers } from './modules/outbox/outbox.jobs'
import { outboxQueues } from './modules/outbox/outbox.queues'
import { plugInPaymentProvider } from './modules/payments/payment-providers'
import { payments } from './modules/payments/payments.plug-in'
import { reminders } from './modules/reminders/reminders.plug-in'
import { plugInSalonFacts, subscribeToSalons } from './modules/salons/salon-plug-ins'
import { plugInBookingCancellation } from './modules/schedule/affected-bookings.usecases'
import { followFreedTime } from './modules/schedule/freed-time'
import { scheduleSalonFacts } from './modules/schedule/schedule.salon-facts'
import { sms } from './modules/sms/sms.plug-in'
import { stripe } from './modules/stripe/stripe.plug-in'
import { teamFollowsSalons } from './modules/team/team.salon-subscriber'
import { telegram } from './modules/telegram/telegram.plug-in'
import { waitingList } from './modules/waiting-list/waiting-list.plug-in'
import { whatsapp } from './modules/whatsapp/whatsapp.plug-in'
import type { PlugIn, WorkerDeps } from './plug-in'

/**
 * Who is plugged into the core. The core names none of them: each is a folder whose
 * `<name>.plug-in.ts` says what it adds (server/plug-in.ts), and one line below. Removing the line
 * leaves a product that builds and runs without it. docs/ARCHITECTURE.md lists, per registry, who
 * is in (npm run architecture).
 */
export const PLUG_INS: readonly PlugIn[] = [
  // Services: they follow bookings and salons in this order, in the change's transaction.
  reminders,
  calendarSync,
  customerNoticesPlugIn,
  waitingList,
  payments,
  // Channels: reminders try them in this order after the one the customer booked on (each salon
  // may choose its own), and a salon's notice goes to every one that reaches the customer.
  webChat,
  telegram,
  instagram,
  whatsapp,
  sms,
  email,
  // Calendars.
  google,
  microsoft,
  caldav,
  // Payments' providers.
  stripe,
]

/** The core's own parts in the same shape: its queues and workers, and what it adds to its own registries. */
export const CORE_PARTS: readonly PlugIn[] = [
  { name: 'schedule', salonFacts: [scheduleSalonFacts] },
  { name: 'team', salonSubscribers: [teamFollowsSalons] },
  { name: 'bookings', queues: bookingsQueues, workers: bookingsWorkers },
  { name: 'outbox', queues: outboxQueues, workers: mailWorkers },
]

const PARTS: readonly PlugIn[] = [...CORE_PARTS, ...PLUG_INS]

type RegistryKey =
  | 'bookingSubscribers'
  | 'bookingHolds'
  | 'channels'
  | 'calendarProviders'
  | 'paymentProviders'
  | 'salonFacts'
  | 'salonSubscribers'
  | 'freedTimeFollowers'
type EntryOf<K extends RegistryKey> = NonNullable<PlugIn[K]>[number]

const each = <K extends RegistryKey>(key: K): readonly EntryOf<K>[] =>
  PARTS.flatMap((part): readonly EntryOf<K>[] => part[key] ?? [])

// What each registry holds, in order (read by the architecture document's generator).
export const BOOKING_SUBSCRIBERS = each('bookingSubscribers')
export const BOOKING_HOLDS = each('bookingHolds')
export const CHANNELS = each('channels')
export const CALENDAR_PROVIDERS = each('calendarProviders')
export const PAYMENT_PROVIDERS = each('paymentProviders')
export const SALON_FACTS = each('salonFacts')
export const SALON_SUBSCRIBERS = each('salonSubscribers')
export const FREED_TIME_FOLLOWERS = each('freedTimeFollowers')

/**
 * Plugs everything in: before the job engine starts (it creates the queues plugged in) and before
 * the app is built. Idempotent: the server, the workers and the tests' setup each call it.
 */
export function plugIn(): void {
  for (const subscriber of BOOKING_SUBSCRIBERS) subscribeToBookings(subscriber)
  for (const hold of BOOKING_HOLDS) plugInBookingHold(hold)
  for (const channel of CHANNELS) plugInChannel(channel)
  for (const provider of CALENDAR_PROVIDERS) plugInCalendarProvider(provider)
  for (const provider of PAYMENT_PROVIDERS) plugInPaymentProvider(provider)
  for (const source of SALON_FACTS) plugInSalonFacts(source)
  for (const subscriber of SALON_SUBSCRIBERS) subscribeToSalons(subscriber)
  for (const follower of FREED_TIME_FOLLOWERS) followFreedTime(follower)
  for (const part of PARTS) if (part.queues) plugInQueues({ name: part.name, queues: part.queues })
  // Within the core: the schedule cancels bookings through the bookings module, which sits above it.
  plugInBookingCancellation(cancelForSchedule)
}

/** The routes of everything plugged in (the core's own are in server/app.ts). */
export function plugInRoutes(app: App, deps: AppDeps): void {
  for (const part of PARTS) part.routes?.(app, deps)
}

/** The workers of every queue plugged in, with this server's dependencies. */
export function plugInWorkers(deps: WorkerDeps): JobHandlers {
  return Object.assign({}, ...PARTS.map((part) => part.workers?.(deps) ?? {}))
}
