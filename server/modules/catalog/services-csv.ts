import type { Language } from '@common/languages'
import { type AmountProblem, amountString, parseAmount } from '@common/money'
import {
  type CsvLineCode,
  type ImportLineError,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_DURATION_MAX,
  SERVICE_DURATION_MIN,
  SERVICE_NAME_MAX,
  SERVICES_CSV_COLUMNS,
} from '@common/schemas/catalog'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'

/**
 * The services CSV: `id;name;description;duration;price;active` (duration in minutes, price an
 * amount of the salon's currency such as 35,50 — never cents). Reading is forgiving about what spreadsheets produce — a byte-order mark, semicolons
 * instead of commas, quoted fields with commas or line breaks, blank lines, columns in another
 * order — and strict about values: each bad line is reported with its number and reason.
 */

export interface ServiceCsvRow {
  line: number
  id: string | null
  name: string
  description: string
  duration: number
  price: number
  isActive: boolean | null
}

export type CsvLineError = ImportLineError

/** A file that cannot be read at all; `code` is the stable code the whole import is refused with. */
export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly code:
      | 'catalog.csv_unreadable'
      | 'catalog.csv_empty'
      | 'catalog.csv_too_many_rows' = 'catalog.csv_unreadable',
  ) {
    super(message)
  }
}

/**
 * CSV injection (OWASP): a spreadsheet runs a cell starting with = + - @, a tab or a carriage return
 * as a formula. The export puts a single quote before such a text cell, which spreadsheets show as
 * text; a cell already starting with quotes before one of those characters gets one more, so the
 * import, which takes exactly one quote off such a cell, gives back every name as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const ESCAPED_FORMULA_START = /^'+[=+\-@\t\r]/

/** A text cell as the export writes it: safe to open in a spreadsheet. */
export function escapeCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** A text cell as the import reads it: the export's escape taken off. */
export function unescapeCsvText(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value
}

export const MAX_CSV_ROWS = 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const HEADER_ALIASES: Record<string, string> = {
  id: 'id',
  name: 'name',
  nom: 'name',
  description: 'description',
  duration: 'duration',
  durée: 'duration',
  duree: 'duration',
  price: 'price',
  prix: 'price',
  preis: 'price',
  prezzo: 'price',
  active: 'isActive',
  actif: 'isActive',
  isactive: 'isActive',
}

function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? ''
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '')
  const semicolons = outsideQuotes.split(';').length
  const commas = outsideQuotes.split(',').length
  return semicolons > commas ? ';' : ','
}

function readRecords(text: string): { record: string[]; line: number }[] {
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
    return rows.map((r) => ({ record: r.record, line: r.info.lines }))
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw new CsvFormatError(
      `The file is not valid CSV${line ? ` (line ${line})` : ''}: check the quotes around fields`,
      line,
    )
  }
}

function parseWholeNumber(raw: string | undefined): number | null {
  const value = (raw ?? '').replace(/\s/g, '')
  return /^\d+$/.test(value) ? Number(value) : null
}

function parseActive(raw: string | undefined): boolean | null | 'invalid' {
  const value = (raw ?? '').trim().toLowerCase()
  if (value === '') return null
  if (['1', 'true', 'yes', 'oui', 'ja', 'sì', 'si', 'active', 'actif'].includes(value)) return true
  if (['0', 'false', 'no', 'non', 'nein', 'inactive', 'inactif'].includes(value)) return false
  return 'invalid'
}

/** A cell as a line error quotes it: short enough to read in a list. */
const quoted = (raw: string | undefined) => (raw ?? '').trim().slice(0, 40)

const lineError = (
  line: number,
  code: CsvLineCode,
  reason: string,
  extra: Pick<CsvLineError, 'field' | 'value' | 'otherLine'> = {},
): CsvLineError => ({ line, code, ...extra, reason })

const PRICE_REASONS: Record<AmountProblem, [CsvLineCode, string]> = {
  empty: ['csv.price_missing', 'price is empty'],
  invalid: ['csv.price_invalid', 'is not an amount such as 35 or 35,50'],
  negative: ['csv.price_negative', 'is negative'],
  too_many_decimals: ['csv.price_too_many_decimals', 'has more decimals than the currency'],
  too_high: ['csv.price_too_high', 'is too high for a service'],
}

function validateRow(
  cells: Record<string, string | undefined>,
  line: number,
  currency: string,
): ServiceCsvRow | CsvLineError {
  const id = (cells.id ?? '').trim()
  // Unescaped after trimming: the quote keeps a leading tab the export protected.
  const name = unescapeCsvText((cells.name ?? '').trim())
  const description = unescapeCsvText((cells.description ?? '').trim())
  if (id && !UUID.test(id))
    return lineError(
      line,
      'csv.id_invalid',
      `id "${quoted(id)}" is not a service id; leave it empty to add a service`,
      {
        field: 'id',
        value: quoted(id),
      },
    )
  if (!name) return lineError(line, 'csv.name_missing', 'name is empty', { field: 'name' })
  if (name.length > SERVICE_NAME_MAX)
    return lineError(line, 'csv.name_too_long', `name is longer than ${SERVICE_NAME_MAX} characters`, {
      field: 'name',
      value: quoted(name),
    })
  if (description.length > SERVICE_DESCRIPTION_MAX)
    return lineError(
      line,
      'csv.description_too_long',
      `description is longer than ${SERVICE_DESCRIPTION_MAX} characters`,
      { field: 'description' },
    )
  const duration = parseWholeNumber(cells.duration)
  if (duration === null || duration < SERVICE_DURATION_MIN || duration > SERVICE_DURATION_MAX) {
    return lineError(
      line,
      'csv.duration_invalid',
      `duration "${quoted(cells.duration)}" must be a whole number of minutes from ${SERVICE_DURATION_MIN} to ${SERVICE_DURATION_MAX}`,
      { field: 'duration', value: quoted(cells.duration) },
    )
  }
  const price = parseAmount(cells.price ?? '', currency)
  if ('problem' in price) {
    const [code, reason] = PRICE_REASONS[price.problem]
    return lineError(line, code, price.problem === 'empty' ? reason : `price "${quoted(cells.price)}" ${reason}`, {
      field: 'price',
      value: quoted(cells.price),
    })
  }
  const isActive = parseActive(cells.isActive)
  if (isActive === 'invalid')
    return lineError(line, 'csv.active_invalid', `active "${quoted(cells.isActive)}" must be yes or no`, {
      field: 'active',
      value: quoted(cells.isActive),
    })
  return { line, id: id || null, name, description, duration, price: price.minor, isActive }
}

/**
 * Reads a services CSV into valid rows and per-line errors; prices are amounts of `currency`
 * ("35,50"), returned in minor units. Throws CsvFormatError when the file is unreadable.
 */
export function parseServicesCsv(text: string, currency = 'EUR'): { rows: ServiceCsvRow[]; errors: CsvLineError[] } {
  const records = readRecords(text)
  if (records.length === 0) throw new CsvFormatError('The file has no lines', undefined, 'catalog.csv_empty')

  const first = records[0]?.record.map((c) => c.trim().toLowerCase()) ?? []
  const hasHeader = first.includes('name') || first.includes('nom')
  const columns: (string | null)[] = (hasHeader ? first : [...SERVICES_CSV_COLUMNS]).map(
    (c) => HEADER_ALIASES[c] ?? null,
  )
  const body = hasHeader ? records.slice(1) : records
  if (body.length > MAX_CSV_ROWS)
    throw new CsvFormatError(
      `The file has ${body.length} services; at most ${MAX_CSV_ROWS} are accepted`,
      undefined,
      'catalog.csv_too_many_rows',
    )

  const rows: ServiceCsvRow[] = []
  const errors: CsvLineError[] = []
  const seenNames = new Map<string, number>()
  for (const { record, line } of body) {
    // A cell beyond the header's is most often a decimal comma in a comma-separated file ("35,50"
    // read as 35 and 50): the line is refused rather than imported at the wrong price.
    if (record.slice(columns.length).some((cell) => cell.trim() !== '')) {
      errors.push(
        lineError(
          line,
          'csv.extra_cells',
          'the line has more cells than the header (a decimal comma? use ; or quotes)',
        ),
      )
      continue
    }
    const cells: Record<string, string | undefined> = {}
    columns.forEach((column, index) => {
      if (column) cells[column] = record[index]
    })
    const result = validateRow(cells, line, currency)
    if ('reason' in result) {
      errors.push(result)
      continue
    }
    const key = result.name.toLowerCase()
    const earlier = seenNames.get(key)
    if (earlier !== undefined) {
      errors.push(
        lineError(line, 'csv.name_repeated', `"${result.name}" already appears on line ${earlier}`, {
          field: 'name',
          value: quoted(result.name),
          otherLine: earlier,
        }),
      )
      continue
    }
    seenNames.set(key, line)
    rows.push(result)
  }
  return { rows, errors }
}

/**
 * The file layout a spreadsheet of the owner's language opens without an import wizard. Excel reads
 * a double-clicked .csv with the list separator of the system's region: ";" in French, German and
 * Italian (where "," is the decimal mark), "," in English. The UTF-8 byte-order mark tells Excel
 * the encoding (without it, "Coupe brushing à domicile" comes out in Windows-1252); a `sep=;` line
 * would make Excel ignore that mark, so there is none. The import reads both layouts.
 */
export const CSV_LAYOUTS: Record<Language, { delimiter: ';' | ','; decimalMark: ',' | '.'; yes: string; no: string }> =
  {
    fr: { delimiter: ';', decimalMark: ',', yes: 'oui', no: 'non' },
    de: { delimiter: ';', decimalMark: ',', yes: 'ja', no: 'nein' },
    it: { delimiter: ';', decimalMark: ',', yes: 'sì', no: 'no' },
    en: { delimiter: ',', decimalMark: '.', yes: 'yes', no: 'no' },
  }

/** The services as a CSV a spreadsheet of `language` opens as it is (see CSV_LAYOUTS), prices in `currency`. */
export function formatServicesCsv(
  services: {
    id: string
    name: string
    description: string
    durationMinutes: number
    priceMinor: number
    isActive: boolean
  }[],
  currency: string,
  language: Language,
): string {
  const layout = CSV_LAYOUTS[language]
  const body = stringify(
    // Only the text columns: ids are UUIDs, durations and prices are never negative (the database
    // checks it, and the import refuses a negative amount), and yes/no are our own words.
    services.map((s) => [
      s.id,
      escapeCsvText(s.name),
      escapeCsvText(s.description),
      s.durationMinutes,
      amountString(s.priceMinor, currency).replace('.', layout.decimalMark),
      s.isActive ? layout.yes : layout.no,
    ]),
    {
      header: true,
      columns: [...SERVICES_CSV_COLUMNS],
      delimiter: layout.delimiter,
      record_delimiter: '\r\n',
      // csv-stringify only quotes the record delimiter itself; a lone line break must be quoted too.
      quoted_match: /[\r\n]/,
    },
  )
  return `\uFEFF${body}`
}
