import type { Language } from '@common/languages'
import { type AmountProblem, currencyDecimals, MAX_PRICE_MINOR, parseAmount } from '@common/money'
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
 * The services CSV of the specification: `id,name,description,duration,price` (duration in minutes,
 * price in minor units: 6500 = 65.00 EUR), then `active`. Reading is forgiving about what
 * spreadsheets produce — a byte-order mark, semicolons instead of commas, quoted fields with commas
 * or line breaks, blank lines, columns in another order, a price written as an amount ("65,00") —
 * and strict about values: each bad line is reported with its number and reason, and a price that
 * could be read two ways is refused, never guessed.
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

type CsvPriceProblem = AmountProblem | 'ambiguous'

const PRICE_REASONS: Record<CsvPriceProblem, [CsvLineCode, string]> = {
  empty: ['csv.price_missing', 'price is empty'],
  invalid: ['csv.price_invalid', 'is not a price such as 3550 (minor units) or 35.50'],
  negative: ['csv.price_negative', 'is negative'],
  too_many_decimals: ['csv.price_too_many_decimals', 'has more decimals than the currency'],
  too_high: ['csv.price_too_high', 'is too high for a service'],
  ambiguous: [
    'csv.price_ambiguous',
    'can be read two ways: write a whole number of minor units (4500 for 45.00) or an amount with its decimals (45.00)',
  ],
}

const SPACES = /[\u00a0\u202f\u2009]/g
const CURRENCY_SIGNS = /[€$£¥]/g

/**
 * A price cell → minor units. The specification's rule first: a whole number is minor units
 * ("6500" = 65.00 EUR; in yen, yen). A number with a decimal mark, "," or ".", is an amount of the
 * currency ("45,00", "45.5", "1 234,50", "1.234,50", "1,234.50"), as people and the dashboard's
 * earlier export wrote it. What could mean two prices is refused: digits grouped without decimals
 * ("1.234", "1 234", "45,000" in euros — thousands, or decimals?), and a whole number written with
 * its currency ("45 €": the eye reads euros, the rule cents). In a currency without minor unit both
 * readings agree; in one with three decimals (dinars), a mark before three digits is its decimal mark.
 */
export function parseCsvPrice(raw: string, currency: string): { minor: number } | { problem: CsvPriceProblem } {
  const decimals = currencyDecimals(currency)
  const cell = raw.normalize('NFKC').replace(SPACES, ' ').trim()
  if (cell === '') return { problem: 'empty' }
  // The salon's currency only: "45,00 USD" in a salon in euros is no price of it.
  const number = cell
    .replace(CURRENCY_SIGNS, '')
    .replace(new RegExp(`\\b${currency}\\b`, 'i'), '')
    .trim()
  const withCurrency = number !== cell
  if (/^[-−–]/.test(number)) return { problem: 'negative' }
  if (/^\d+$/.test(number)) {
    if (withCurrency && decimals > 0) return { problem: 'ambiguous' }
    return wholeMinor(number)
  }
  if (!/^\d[\d '’.,]*\d$/.test(number) || /[ '’.,]{2}/.test(number)) return { problem: 'invalid' }

  const marks = number.replace(/[^.,]/g, '')
  const lone = marks.length === 1
  const digitsAfterLone = lone ? number.length - number.search(/[.,]/) - 1 : 0
  const grouped =
    marks === '' || // spaces or apostrophes only
    (!lone && new Set(marks).size === 1) || // "1.234.567"
    (lone && digitsAfterLone === 3 && decimals !== 3) // "1.234", "45,000"
  if (!grouped) return parseAmount(number, currency)
  // Groups of three after the first: "1 234", "12.345.678", never "12 34".
  const groups = number.split(/[ '’.,]/)
  if (!/^\d{1,3}$/.test(groups[0] ?? '') || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))
    return { problem: 'invalid' }
  // Minor units or an amount: the same only where the currency has no minor unit.
  return decimals === 0 ? wholeMinor(groups.join('')) : { problem: 'ambiguous' }
}

function wholeMinor(digits: string): { minor: number } | { problem: CsvPriceProblem } {
  const significant = digits.replace(/^0+(?=\d)/, '')
  if (significant.length > 12 || Number(significant) > MAX_PRICE_MINOR) return { problem: 'too_high' }
  return { minor: Number(significant) }
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
  const price = parseCsvPrice(cells.price ?? '', currency)
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
 * Reads a services CSV into valid rows and per-line errors; prices in `currency`, returned in minor
 * units (see parseCsvPrice). Throws CsvFormatError when the file is unreadable.
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

/** The words of the active column, in the language of the owner's spreadsheet. */
const ACTIVE_WORDS: Record<Language, { yes: string; no: string }> = {
  fr: { yes: 'oui', no: 'non' },
  de: { yes: 'ja', no: 'nein' },
  it: { yes: 'sì', no: 'no' },
  en: { yes: 'yes', no: 'no' },
}

/**
 * The services as the specification's CSV: comma-separated, `id,name,description,duration,price`
 * with prices in minor units (whole numbers: no decimal mark to get wrong), then `active` in
 * `language`'s words. The UTF-8 byte-order mark tells Excel the encoding (without it, "Coupe
 * brushing à domicile" comes out in Windows-1252). An Excel whose list separator is ";" (French,
 * German, Italian) opens a double-clicked comma-separated file in one column; its "From Text/CSV"
 * import reads it, and so does our import after any spreadsheet saved it with ";".
 */
export function formatServicesCsv(
  services: {
    id: string
    name: string
    description: string
    durationMinutes: number
    priceMinor: number
    isActive: boolean
  }[],
  language: Language,
): string {
  const words = ACTIVE_WORDS[language]
  const body = stringify(
    // Only the text columns: ids are UUIDs, durations and prices are never negative (the database
    // checks it, and the import refuses a negative price), and yes/no are our own words.
    services.map((s) => [
      s.id,
      escapeCsvText(s.name),
      escapeCsvText(s.description),
      s.durationMinutes,
      s.priceMinor,
      s.isActive ? words.yes : words.no,
    ]),
    {
      header: true,
      columns: [...SERVICES_CSV_COLUMNS],
      delimiter: ',',
      record_delimiter: '\r\n',
      // csv-stringify only quotes the record delimiter itself; a lone line break must be quoted too.
      quoted_match: /[\r\n]/,
    },
  )
  return `\uFEFF${body}`
}
