import { webChatChannel } from './modules/assistant/web-chat.channel'
import { type BookingHold, plugInBookingHold } from './modules/bookings/booking-holds'
import { type BookingSubscriber, subscribeToBookings } from './modules/bookings/booking-subscribers'
import { cancelForSchedule } from './modules/bookings/schedule-cancellation'
import { type CalendarProvider, plugInCalendarProvider } from './modules/calendar-sync/calendar-providers'
import { calendarFollowsBookings } from './modules/calendar-sync/calendar-sync.subscriber'
import { customerNotices } from './modules/customer-notices/tell-customer'
import { type Channel, plugInChannel } from './modules/customers/channels'
import { emailChannel } from './modules/email/email.channel'
import { googleSalonFacts } from './modules/google/google.salon-facts'
import { googleCalendarProvider } from './modules/google/google-calendar-sync'
import { instagramChannel } from './modules/instagram/instagram.channel'
import { instagramSalonFacts } from './modules/instagram/instagram.salon-facts'
import {
  reminderChannelsSalonFacts,
  remindersFollowSalonSettings,
} from './modules/reminders/reminders.salon-subscriber'
import { remindersFollowBookings } from './modules/reminders/reminders.subscriber'
import {
  plugInSalonFacts,
  type SalonFactsSource,
  type SalonSubscriber,
  subscribeToSalons,
} from './modules/salons/salon-plug-ins'
import { plugInBookingCancellation } from './modules/schedule/affected-bookings.usecases'
import { scheduleSalonFacts } from './modules/schedule/schedule.salon-facts'
import { smsChannel } from './modules/sms/sms.channel'
import { teamFollowsSalons } from './modules/team/team.salon-subscriber'
import { telegramChannel } from './modules/telegram/telegram.channel'
import { telegramSalonFacts } from './modules/telegram/telegram.salon-facts'

/**
 * The registries: who is plugged into the core. The core names none of them; adding one is its
 * own folder plus one line here. docs/ARCHITECTURE.md lists them (npm run architecture).
 */

/** Who follows every change to a booking, in this order, in the change's transaction. */
export const BOOKING_SUBSCRIBERS: readonly BookingSubscriber[] = [
  remindersFollowBookings,
  calendarFollowsBookings,
  customerNotices,
]

/**
 * Who may hold a new booking until a step outside the core is done (the payment hook point,
 * bookings/booking-holds.ts). None yet: payments plug in here.
 */
export const BOOKING_HOLDS: readonly BookingHold[] = []

/**
 * How a customer is reached (customers/channels.ts). Reminders try them in this order, after the
 * one the customer booked on; a salon's notice goes to every one that reaches them.
 */
export const CHANNELS: readonly Channel[] = [
  webChatChannel,
  telegramChannel,
  instagramChannel,
  smsChannel,
  emailChannel,
]

/** Where a salon's calendar can live (calendar-sync/calendar-providers.ts). */
export const CALENDAR_PROVIDERS: readonly CalendarProvider[] = [googleCalendarProvider]

/** What a salon's pages show of the modules above it: its week, its reminders' channels, the calendar, Instagram, Telegram. */
export const SALON_FACTS: readonly SalonFactsSource[] = [
  scheduleSalonFacts,
  reminderChannelsSalonFacts,
  googleSalonFacts,
  instagramSalonFacts,
  telegramSalonFacts,
]

/** Who follows a salon's creation (its owner's member) and a change of its settings (reminders). */
export const SALON_SUBSCRIBERS: readonly SalonSubscriber[] = [teamFollowsSalons, remindersFollowSalonSettings]

/** Plugs everything in. Idempotent: the app, the workers and the tests' setup each call it. */
export function plugIn(): void {
  for (const subscriber of BOOKING_SUBSCRIBERS) subscribeToBookings(subscriber)
  for (const hold of BOOKING_HOLDS) plugInBookingHold(hold)
  for (const channel of CHANNELS) plugInChannel(channel)
  for (const provider of CALENDAR_PROVIDERS) plugInCalendarProvider(provider)
  for (const source of SALON_FACTS) plugInSalonFacts(source)
  for (const subscriber of SALON_SUBSCRIBERS) subscribeToSalons(subscriber)
  // Within the core: the schedule cancels bookings through the bookings module, which sits above it.
  plugInBookingCancellation(cancelForSchedule)
}
