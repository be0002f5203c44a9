import { z } from 'zod'
import { text } from './primitives'
import { publicSalonIdSchema } from './salon'

/**
 * Why the last exchange with a calendar failed: Google keeps its own words; the other providers
 * say unavailable (down, slow), refused (a 4xx), throttled (asked us to wait).
 */
export const calendarErrorSchema = z.enum([
  'google_unavailable',
  'google_refused',
  'reconnect_required',
  'unavailable',
  'refused',
  'throttled',
])
export type CalendarError = z.infer<typeof calendarErrorSchema>

/** The salon's calendar receiving bookings as the dashboard shows it (GET /api/salons/:id/calendar). */
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
  /** How often the calendar is read without push notifications, in minutes (null: not connected). */
  pollMinutes: z.number().nullable(),
  /** The salon's own events still to come that block times. */
  busyEvents: z.number(),
  /** Why the last exchange with the calendar failed, if it did (cleared by the next success). */
  lastError: calendarErrorSchema.nullable(),
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

/** The calendar providers this server can connect (the connection screen's choices). */
export const calendarProvidersSchema = z.array(z.object({ name: z.string(), available: z.boolean() }))

/** One of the salon's connected calendars, as its card shows it. */
export const calendarConnectionSchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** The account it belongs to: an e-mail address or a user name. */
  account: z.string(),
  calendarName: z.string().nullable(),
  /** Bookings are written to this calendar (one per salon). */
  writesBookings: z.boolean(),
  state: z.enum(['connected', 'reconnect_required']),
  lastSyncedAt: z.string().nullable(),
  lastPulledAt: z.string().nullable(),
  lastError: calendarErrorSchema.nullable(),
  updates: z.enum(['push', 'polling']),
  /** Its own events still to come that block times. */
  busyEvents: z.number(),
  syncing: z.boolean(),
  /** Only calendar sync can remove it from here (Google's is the owner's sign-in: "Déconnecter"). */
  removable: z.boolean(),
})
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>

export const calendarConnectionsSchema = z.object({
  calendars: z.array(calendarConnectionSchema),
  writerId: z.string().nullable(),
})
export type CalendarConnections = z.infer<typeof calendarConnectionsSchema>

export const calendarParamsSchema = z.object({ id: publicSalonIdSchema, calendarId: z.string().uuid() })

// ——— Connecting a CalDAV calendar (iCloud, Fastmail, Nextcloud, any RFC 4791 server) ———

export const CALDAV_PRESETS = ['icloud', 'fastmail', 'custom'] as const
export type CaldavPreset = (typeof CALDAV_PRESETS)[number]

/**
 * The owner's CalDAV account: a preset (its server is known) or the server's address, a user name
 * and an app-specific password (iCloud requires one). Never stored as typed: sealed on connect.
 */
export const caldavAccountSchema = z
  .object({
    preset: z.enum(CALDAV_PRESETS),
    serverUrl: text().max(500, 'The address is at most 500 characters').optional(),
    username: text().min(1, 'Enter the user name').max(200, 'The user name is at most 200 characters'),
    password: z
      .string()
      .min(1, 'Enter the app-specific password')
      .max(200, 'The password is at most 200 characters')
      .refine((v) => !v.includes('\u0000'), 'The password contains a character that is not allowed'),
  })
  .strict()
  .refine((v) => v.preset !== 'custom' || Boolean(v.serverUrl), {
    message: "Enter your calendar server's address",
    path: ['serverUrl'],
  })
export type CaldavAccount = z.infer<typeof caldavAccountSchema>

/** The account's calendars the owner can choose from. */
export const caldavDiscoverySchema = z.object({
  calendars: z.array(z.object({ url: z.string(), name: z.string(), color: z.string().nullable() })),
})
export type CaldavDiscovery = z.infer<typeof caldavDiscoverySchema>

export const caldavConnectSchema = z
  .object({
    account: caldavAccountSchema,
    calendarUrl: text().min(1).max(1000, 'The calendar address is at most 1000 characters'),
    calendarName: text().max(200).optional(),
  })
  .strict()
export type CaldavConnect = z.infer<typeof caldavConnectSchema>

// ——— Connecting an Outlook calendar (Microsoft 365, Outlook.com) ———

/** Where to send the owner's browser for Microsoft's consent. */
export const microsoftAuthUrlSchema = z.object({ authUrl: z.string() })
