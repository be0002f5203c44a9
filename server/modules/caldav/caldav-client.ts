/**
 * The CalDAV client: plain functions that talk to a CalDAV server (iCloud, Fastmail, Nextcloud,
 * Radicale…), with no database and no knowledge of bookings beyond an id and a text. The CalDAV
 * calendar provider builds on them. What each part does, and why, is in its own file:
 *  - caldav-http.ts       connection, Basic auth, timeout, CaldavError
 *  - caldav-ssrf.ts       which addresses the product may call (production: public https only)
 *  - caldav-discovery.ts  an account's calendars; a calendar's version (sync-token, ctag)
 *  - caldav-objects.ts    writing and removing our objects, with ETag preconditions
 *  - caldav-changes.ts    what changed since a cursor (sync-collection), or a full read
 */

export { type CalendarChangesRead, type ChangedObject, type ReadWindow, readCalendarChanges } from './caldav-changes'
export {
  CALDAV_PRESETS,
  type CaldavDiscovery,
  type CalendarVersion,
  calendarVersion,
  type DiscoveredCalendar,
  discoverCalendars,
} from './caldav-discovery'
export {
  type CaldavConnection,
  type CaldavCredentials,
  CaldavError,
  type CaldavErrorKind,
  type CaldavTransport,
} from './caldav-http'
export { type CalendarObjectRef, calendarObjectUrl, removeCalendarObject, writeCalendarObject } from './caldav-objects'
export {
  assertCaldavUrlAllowed,
  type CaldavNetworkPolicy,
  CaldavUrlRefused,
  caldavDispatcher,
  isNonPublicAddress,
} from './caldav-ssrf'
