import { ApiError } from '@app/lib/api'
import { WEEKDAY_KEYS, type WeekdayKey } from '@common/schemas/schedule'
import { HOURS_REFUSAL_CODES, type HoursRefusalCode } from '@common/schemas/schedule-refusals'
import type { TFunction } from 'i18next'
import { refusalKey } from '../team/team-texts'

/** An issue of a 400 as the server sends it: where, the English message, and a code with its parameters. */
type CodedIssue = { path: string; message: string; code?: string; day?: unknown; [parameter: string]: unknown }

const KNOWN = new Set<string>(HOURS_REFUSAL_CODES)
/** The day an issue's path names (`body.workingHours.2.intervals.0.openTime` → '2'), when its code does not. */
const DAY_IN_PATH = /workingHours\.([0-6])(?:\.|$)/

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/**
 * Why the server refused a week of hours, in the interface language: each coded issue of its 400
 * (`schedule.hours.overlap`…) worded with its day and times, a member's refusal by the team's codes;
 * a refusal this client has no words for gets a translated general sentence, never the server's
 * English. `undefined` when the server gave no answer (the network, a 5xx): the save failed.
 */
export function hoursRefusalText(
  t: TFunction,
  error: unknown,
  weekdayNames: Record<WeekdayKey, string>,
): string | undefined {
  if (!(error instanceof ApiError) || !error.body || error.status >= 500) return undefined
  const teamKey = refusalKey(error)
  if (teamKey) return t(teamKey)
  const issues = (error.body.issues ?? []) as CodedIssue[]
  const texts = issues.map((issue) => {
    const dayKey = (typeof issue.day === 'string' ? issue.day : issue.path.match(DAY_IN_PATH)?.[1]) as
      | WeekdayKey
      | undefined
    if (!issue.code || !KNOWN.has(issue.code) || !dayKey || !WEEKDAY_KEYS.includes(dayKey)) {
      return t('schedule.hours.refusals.unknown')
    }
    const suffix = (issue.code as HoursRefusalCode).replace('schedule.hours.', '')
    return t(`schedule.hours.refusals.${suffix}`, { ...issue, day: capitalised(weekdayNames[dayKey]) })
  })
  return texts.length > 0 ? [...new Set(texts)].join(' ') : t('schedule.hours.refusals.unknown')
}
