/**
 * A calendar chosen on the connection screen before signing in (Outlook, iCloud, another CalDAV
 * server). Connecting one needs the salon's session, so the owner signs in first (Google or the
 * demo sign-in) and the choice waits here; back on the dashboard, its dialog opens. sessionStorage:
 * it belongs to this tab and this visit only, and never leaves the browser.
 */
export type PendingCalendar = 'microsoft' | 'icloud' | 'caldav'

const KEY = 'salonia-pending-calendar'
const CHOICES: readonly PendingCalendar[] = ['microsoft', 'icloud', 'caldav']

export function rememberPendingCalendar(choice: PendingCalendar): void {
  try {
    sessionStorage.setItem(KEY, choice)
  } catch {
    // Storage disabled (private mode): the owner adds the calendar from the dashboard instead.
  }
}

/** The waiting choice, if any, left in place (forgetPendingCalendar clears it once it is shown). */
export function readPendingCalendar(): PendingCalendar | undefined {
  try {
    const value = sessionStorage.getItem(KEY)
    return CHOICES.find((choice) => choice === value)
  } catch {
    return undefined
  }
}

export function forgetPendingCalendar(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing was stored.
  }
}

/**
 * A calendar is on its way: chosen before signing in, or back from Microsoft's consent
 * (`?calendar=microsoft…`). The dashboard then opens on its overview, where the calendars are:
 * a phone would otherwise open on the day's agenda and hide the dialog or the outcome.
 */
export function calendarOnItsWay(search: string): boolean {
  return readPendingCalendar() !== undefined || new URLSearchParams(search).get('calendar') === 'microsoft'
}
