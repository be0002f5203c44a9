import { z } from 'zod'

/** The salon's Google calendar as the dashboard shows it (GET /api/salons/:id/calendar). */
export const calendarStatusSchema = z.object({
  /** connected: in step; reconnect_required: Google no longer honours the grant; not_connected: none. */
  state: z.enum(['not_connected', 'connected', 'reconnect_required']),
  account: z.string().nullable(),
  /** The end of the last complete synchronisation. */
  lastSyncedAt: z.string().nullable(),
  /** What the last synchronisation changed in the calendar. */
  lastSync: z.object({ created: z.number(), updated: z.number(), removed: z.number() }).nullable(),
  /** A synchronisation is waiting or running. */
  syncing: z.boolean(),
  /** Bookings whose event is not (yet) in the calendar as they are now. */
  pendingEvents: z.number(),
  /** Bookings whose event could not be written after every retry. */
  failedEvents: z.number(),
  /** How changes in Google reach us: push notifications, or the periodic read alone. */
  updates: z.enum(['push', 'polling']),
  /** The salon's own events still to come that block times. */
  busyEvents: z.number(),
  /** Why the last exchange with Google failed, if it did (cleared by the next success). */
  lastError: z.enum(['google_unavailable', 'google_refused', 'reconnect_required']).nullable(),
  /** The salon's own events that overlap a booking still to come. */
  conflicts: z.array(
    z.object({
      bookingId: z.string(),
      bookingStartsAt: z.string(),
      serviceName: z.string(),
      customerName: z.string(),
      eventSummary: z.string().nullable(),
      eventStartsAt: z.string(),
      eventEndsAt: z.string(),
      allDay: z.boolean(),
    }),
  ),
  timeZone: z.string(),
})
export type CalendarStatus = z.infer<typeof calendarStatusSchema>

/** "Synchroniser": a synchronisation is on its way (its outcome appears in the status). */
export const calendarSyncRequestSchema = z.object({ success: z.literal(true), queued: z.literal(true) })
