import type { IcsData, icsDownloadSchema } from '@common/schemas/chat'
import type { z } from 'zod'
import { notACalendar } from './calendar-files.errors'

export const DEFAULT_ICS_FILENAME = 'rendez-vous.ics'
export const MAX_FILENAME_LENGTH = 100

/**
 * A calendar file handed back by the browser, ready to be served as a download: the content must be
 * a calendar, and the name is reduced to a safe ASCII file name.
 */
export function calendarDownload(input: z.output<typeof icsDownloadSchema>): IcsData {
  const content = input.icsContent.replace(/^\uFEFF/, '').trim()
  const lines = content.split(/\r\n|\r|\n/)
  if (!/^BEGIN:VCALENDAR$/i.test(lines[0] ?? '') || !/^END:VCALENDAR$/i.test(lines.at(-1) ?? '')) {
    throw notACalendar()
  }
  // RFC 5545 wants CRLF; a client may have turned the line ends into bare LF on the way.
  return { content: `${lines.join('\r\n')}\r\n`, filename: safeIcsFilename(input.filename) }
}

/**
 * Only `[A-Za-z0-9._-]`, ending in `.ics`, at most 100 characters: nothing a browser could read as a
 * path, a hidden file or a second header. Folders are dropped ("../../etc/passwd" → "passwd.ics").
 */
export function safeIcsFilename(requested: string): string {
  const base = requested.split(/[/\\]/).at(-1) ?? ''
  const stem = base
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\.ics$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, MAX_FILENAME_LENGTH - '.ics'.length)
    .replace(/[.-]+$/, '')
  return stem ? `${stem}.ics` : DEFAULT_ICS_FILENAME
}
