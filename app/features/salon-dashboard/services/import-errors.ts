import type { ImportLineError } from '@common/schemas/catalog'
import type { TFunction } from 'i18next'

/** The key of a line's reason: `csv.price_invalid` → `services.importLine.price_invalid`. */
export const importLineKey = (code: string) => `services.importLine.${code.replace(/^csv\./, '')}`

/**
 * Why a line of an imported file was left out, in the interface language: the code's text with the
 * cell at fault; a code this client does not know yet falls back to the server's English reason.
 */
export function importLineReason(
  t: TFunction,
  error: Pick<ImportLineError, 'code' | 'value' | 'otherLine' | 'reason'>,
): string {
  const key = importLineKey(error.code)
  const text = t(key, { value: error.value ?? '', otherLine: error.otherLine ?? '' })
  return text === key ? error.reason : text
}

/** Refusals of a whole file, by code, in the interface language. */
export const IMPORT_FILE_ERRORS: Record<string, string> = {
  'catalog.csv_unreadable': 'dashboard.services.importErrors.unreadable',
  'catalog.csv_no_valid_line': 'dashboard.services.importErrors.noValidLine',
  'catalog.csv_name_clash': 'dashboard.services.importErrors.nameClash',
  'catalog.csv_empty': 'services.importFile.empty',
  'catalog.csv_too_many_rows': 'services.importFile.tooManyRows',
}
