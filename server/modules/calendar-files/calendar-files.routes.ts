import { icsDownloadSchema } from '@common/schemas/chat'
import type { App } from '@server/http/types'
import { calendarDownload } from './calendar-files.usecases'

export function calendarFilesRoutes(app: App): void {
  // The chat keeps the calendar file of a reply; the browser posts it back to save it as a download.
  app.post(
    '/api/ics/download',
    { config: { access: 'public' }, schema: { body: icsDownloadSchema } },
    async (request, reply) => {
      const file = calendarDownload(request.body)
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.content)
    },
  )
}
