import { badRequest } from '@server/errors'

export const notACalendar = () =>
  badRequest(
    'calendar_files.not_a_calendar',
    'This is not a calendar file: it must start with BEGIN:VCALENDAR and end with END:VCALENDAR',
  )
