import { apiRequest } from '@app/lib/api'
import { currentLanguage } from '@app/lib/i18n'
import type { ServicesImportPreview, ServicesImportResult } from '@common/schemas/catalog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { salonKeys } from '../dashboard-api'

/** Spec §5: only a file whose name ends with .csv is read (whatever the case of the extension). */
export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim())

/**
 * The file name the server gave in Content-Disposition (`attachment; filename="services-SAL001-2026-12-01.csv"`,
 * or the RFC 5987 `filename*=UTF-8''…` form), else the spec's pattern with the browser's date.
 */
export function exportFileName(disposition: string | null, salonId: string, today = new Date()): string {
  const encoded = disposition?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim())
    } catch {
      // A malformed encoding: fall through to the plain form.
    }
  }
  const plain = disposition?.match(/filename\s*=\s*"?([^";]+)"?/i)?.[1]?.trim()
  if (plain) return plain
  const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0'))
  return `services-${salonId}-${day.join('-')}.csv`
}

/** Hands a blob to the browser as a download under that name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Downloads the services as the specification's CSV (prices in minor units), its active column in
 * the interface language's words; answers the file name it was saved under.
 */
export function useServicesExport(salonId: string) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest('GET', `/api/salons/${salonId}/services/export?language=${currentLanguage()}`)
      const fileName = exportFileName(response.headers.get('content-disposition'), salonId)
      saveBlob(await response.blob(), fileName)
      return fileName
    },
  })
}

/** What importing a CSV file's text would do, read by the server and saved nowhere. */
export function useServicesImportPreview(salonId: string) {
  return useMutation({
    mutationFn: async (csvData: string) =>
      (await (
        await apiRequest('POST', `/api/salons/${salonId}/services/import/preview`, { csvData })
      ).json()) as ServicesImportPreview,
  })
}

/**
 * Imports the file the owner confirmed, sent again with its preview's token (the server writes what
 * the preview showed, or refuses); services and statistics are read again afterwards, whatever the outcome.
 */
export function useServicesImport(salonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { csvData: string; previewToken: string }) =>
      (await (
        await apiRequest('POST', `/api/salons/${salonId}/services/import`, input)
      ).json()) as ServicesImportResult,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: salonKeys.services(salonId) })
      void queryClient.invalidateQueries({ queryKey: salonKeys.dashboard(salonId) })
    },
  })
}
