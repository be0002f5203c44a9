import type { Language } from '@common/languages'
import type { CalendarStatus } from '@common/schemas/calendar'
import { HOUR_MS, instantToLocal, MINUTE_MS } from '@common/time'
import type { TFunction } from 'i18next'

/**
 * How the calendar cards write times and counts. Times are the salon's wall clock (its time zone,
 * whatever the viewer's device says), in the viewer's language.
 */

const intlLocale = (language: Language) => (language === 'en' ? 'en-GB' : language)

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone })
    formatters.set(key, found)
  }
  return found
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
const SHORT_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }

/** "10:00" on the salon's clock. */
export function localTime(instant: string, timeZone: string, language: Language): string {
  return formatter(language, timeZone, TIME).format(new Date(instant))
}

/** "mer. 2 déc." on the salon's clock. */
export function localDay(instant: string, timeZone: string, language: Language): string {
  return formatter(language, timeZone, SHORT_DAY).format(new Date(instant))
}

/** "mer. 2 déc., 10:00" on the salon's clock. */
export function localDayAndTime(instant: string, timeZone: string, language: Language): string {
  return formatter(language, timeZone, { ...SHORT_DAY, ...TIME }).format(new Date(instant))
}

/** "mardi 1 décembre 2026 à 09:42 (Europe/Paris)": the full reading, for a tooltip. */
export function fullDateTime(instant: string, timeZone: string, language: Language): string {
  const text = formatter(language, timeZone, {
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(new Date(instant))
  return `${text} (${timeZone})`
}

/**
 * When the last synchronisation ended, as the owner says it: "à l'instant", "il y a 12 minutes",
 * "aujourd'hui à 09:42", else the day and time. Relative wording needs the instant to be in the
 * past of this device's clock (a demo server may run on a clock of its own, APP_NOW): otherwise
 * explicit, never "dans 1 an".
 */
export function syncedAtText(instant: string, timeZone: string, language: Language, now: number, t: TFunction): string {
  const at = Date.parse(instant)
  const ago = now - at
  // The server's clock may run a little ahead of the device's.
  if (Math.abs(ago) < MINUTE_MS) return t('dashboard.calendar.justNow')
  if (ago >= 0 && ago < HOUR_MS) {
    return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' }).format(
      -Math.floor(ago / MINUTE_MS),
      'minute',
    )
  }
  const time = localTime(instant, timeZone, language)
  if (ago >= 0 && instantToLocal(at, timeZone).date === instantToLocal(now, timeZone).date) {
    return t('dashboard.calendar.todayAt', { time })
  }
  return t('dashboard.calendar.dayAt', { day: localDay(instant, timeZone, language), time })
}

/** Whether `count` takes the singular in `language` (French: 0 and 1; the others: 1). */
function isSingular(count: number, language: Language): boolean {
  return new Intl.PluralRules(intlLocale(language)).select(count) === 'one'
}

/** What a synchronisation changed: ["2 créés", "1 mis à jour", "0 supprimé"], or ["Aucun changement"]. */
export function changeParts(counts: NonNullable<CalendarStatus['lastSync']>, language: Language, t: TFunction) {
  const one = (count: number) => isSingular(count, language)
  if (counts.created + counts.updated + counts.removed === 0) return [t('dashboard.calendar.noChanges')]
  return [
    one(counts.created)
      ? t('dashboard.calendar.createdOne', { count: counts.created })
      : t('dashboard.calendar.createdMany', { count: counts.created }),
    one(counts.updated)
      ? t('dashboard.calendar.updatedOne', { count: counts.updated })
      : t('dashboard.calendar.updatedMany', { count: counts.updated }),
    one(counts.removed)
      ? t('dashboard.calendar.removedOne', { count: counts.removed })
      : t('dashboard.calendar.removedMany', { count: counts.removed }),
  ]
}

/** "3 en attente", "1 en échec", "2 événements". */
export function countText(count: number, language: Language, singular: string, plural: string): string {
  return isSingular(count, language) ? singular : plural
}

type Conflict = CalendarStatus['conflicts'][number]

/** When the owner's event runs: "toute la journée", "10:30–11:30", or both days when it spans them. */
export function conflictEventTime(conflict: Conflict, timeZone: string, language: Language, t: TFunction): string {
  if (conflict.allDay) return t('dashboard.calendar.conflicts.allDay')
  const sameDay =
    instantToLocal(Date.parse(conflict.eventStartsAt), timeZone).date ===
    instantToLocal(Date.parse(conflict.eventEndsAt), timeZone).date
  const start = sameDay
    ? localTime(conflict.eventStartsAt, timeZone, language)
    : localDayAndTime(conflict.eventStartsAt, timeZone, language)
  const end = sameDay
    ? localTime(conflict.eventEndsAt, timeZone, language)
    : localDayAndTime(conflict.eventEndsAt, timeZone, language)
  // Narrow no-break spaces and word joiners: the range never breaks across lines.
  return `${start}\u202f\u2060–\u2060\u202f${end}`
}

/** The customer as the owner calls them in the salon: their first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name
}

/** Why the last exchange with the calendar failed, in words. */
export function syncErrorText(error: NonNullable<CalendarStatus['lastError']>, t: TFunction): string {
  switch (error) {
    case 'google_unavailable':
      return t('dashboard.calendar.errors.google_unavailable')
    case 'google_refused':
      return t('dashboard.calendar.errors.google_refused')
    case 'reconnect_required':
      return t('dashboard.calendar.errors.reconnect_required')
    case 'unavailable':
      return t('dashboard.calendar.errors.unavailable')
    case 'refused':
      return t('dashboard.calendar.errors.refused')
    case 'throttled':
      return t('dashboard.calendar.errors.throttled')
  }
}
