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

/** Refusals of a whole file, by code, in the interface language. */
export const IMPORT_FILE_ERRORS: Record<string, string> = {
  'catalog.csv_unreadable': 'dashboard.services.importErrors.unreadable',
  'catalog.csv_no_valid_line': 'dashboard.services.importErrors.noValidLine',
  'catalog.csv_name_clash': 'dashboard.services.importErrors.nameClash',
  'catalog.csv_empty': 'services.importFile.empty',
  'catalog.csv_too_many_rows': 'services.importFile.tooManyRows',
  'catalog.csv_preview_stale': 'services.importFile.stale',
}

/**
 * Why the whole file was refused (`{code, message, line?}`), in the interface language: an
 * unreadable file names the line the reading stopped at when the server gives it; a code this
 * client does not know gets the general "import failed" sentence, never the server's English.
 */
export function importFileRefusal(t: TFunction, body: { code?: string; line?: unknown } | undefined): string {
  if (body?.code === 'catalog.csv_unreadable' && typeof body.line === 'number') {
    return t('services.importFile.unreadableAt', { line: body.line })
  }
  const key = body?.code ? IMPORT_FILE_ERRORS[body.code] : undefined
  return t(key ?? 'dashboard.services.importErrorText')
}
