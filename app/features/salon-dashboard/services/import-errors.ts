import { ApiError } from '@app/lib/api'
import type { ImportLineError } from '@common/schemas/catalog'
import type { TFunction } from 'i18next'

/** The key of a line's reason: `csv.price_invalid` → `services.importLine.price_invalid`. */
export const importLineKey = (code: string) => `services.importLine.${code.replace(/^csv\./, '')}`

/**
 * Why a line of an imported file was left out, in the interface language: the code's text with the
 * cell at fault; a code this client does not know yet gets a translated general sentence (the
 * server's `reason` is English, never shown).
 */
export function importLineReason(t: TFunction, error: Pick<ImportLineError, 'code' | 'value' | 'otherLine'>): string {
  const key = importLineKey(error.code)
  const text = t(key, { value: error.value ?? '', otherLine: error.otherLine ?? '' })
  return text === key ? t('services.importLine.unknown') : text
}

/** The heading of the lines left out: "1 ligne ignorée", "3 lignes ignorées". */
export function ignoredLinesTitle(t: TFunction, count: number): string {
  return count === 1 ? t('dashboard.services.ignoredOne') : t('dashboard.services.ignoredMany', { count })
}

/**
 * Refusals of a whole file, by code, in the interface language. Not `catalog.csv_no_valid_line`:
 * the dashboard confirms only a preview with a service to import, so a confirmation that could
 * import none is stale first (`catalog.csv_preview_stale`, which the card answers with a new preview).
 */
export const IMPORT_FILE_ERRORS: Record<string, string> = {
  'catalog.csv_unreadable': 'dashboard.services.importErrors.unreadable',
  'catalog.csv_name_clash': 'dashboard.services.importErrors.nameClash',
  'catalog.csv_empty': 'services.importFile.empty',
  'catalog.csv_too_many_rows': 'services.importFile.tooManyRows',
}

/**
 * Why the whole file was refused (the server's `{code, message, line?}`), in the interface language:
 * an unreadable file names the line the reading stopped at when the server gives it; a code this
 * client does not know, or no answer at all, gets the general "import failed" sentence, never the
 * server's English.
 */
export function importFileRefusal(t: TFunction, error: unknown): string {
  const body = error instanceof ApiError ? (error.body as { code?: string; line?: unknown } | undefined) : undefined
  if (body?.code === 'catalog.csv_unreadable' && typeof body.line === 'number') {
    return t('services.importFile.unreadableAt', { line: body.line })
  }
  const key = body?.code ? IMPORT_FILE_ERRORS[body.code] : undefined
  return t(key ?? 'dashboard.services.importErrorText')
}
