import type { Language } from '@common/languages'
import { formatMinutes, instantToLocal, minutesOfDay } from '@common/time'
import { formatSalonDate } from '../customers/visits'

/** How each language writes a weekday with its date: "mardi 2 décembre", "Dienstag, 2. Dezember". */
const DAY_PATTERNS: Record<Language, string> = {
  fr: 'EEEE d MMMM',
  de: 'EEEE, d. MMMM',
  it: 'EEEE d MMMM',
  en: 'EEEE d MMMM',
}

/** A salon day (YYYY-MM-DD) in full, read as a plain date, never through the browser's zone. */
export function dayLabel(localDate: string, language: Language): string {
  return formatSalonDate(localDate, language, DAY_PATTERNS[language])
}

/** A salon day, short: "mar. 2 déc.". */
export function shortDay(localDate: string, language: Language): string {
  return formatSalonDate(localDate, language, 'EEE d MMM')
}

/** The end of an appointment on the salon's clock: 10:00 + 45 min → "10:45". */
export function endTime(localTime: string, durationMinutes: number): string {
  return formatMinutes(minutesOfDay(localTime) + durationMinutes)
}

/** Today on the salon's clock (YYYY-MM-DD); the browser's own zone may differ. */
export function salonToday(timeZone: string | undefined, now = Date.now()): string {
  return instantToLocal(now, timeZone ?? 'UTC').date
}
