import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { SERVICES_CSV_COLUMNS } from '../../../common/schemas/catalog'

/**
 * The services CSV: `id,name,description,duration,price` (duration in minutes, price in minor
 * units). Reading is forgiving about what spreadsheets produce — a byte-order mark, semicolons
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

export interface CsvLineError {
  line: number
  reason: string
}

export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
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
  active: 'isActive',
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

function validateRow(cells: Record<string, string | undefined>, line: number): ServiceCsvRow | CsvLineError {
  const id = (cells.id ?? '').trim()
  // Unescaped after trimming: the quote keeps a leading tab the export protected.
  const name = unescapeCsvText((cells.name ?? '').trim())
  const description = unescapeCsvText((cells.description ?? '').trim())
  if (id && !UUID.test(id))
    return { line, reason: `id "${id.slice(0, 40)}" is not a service id; leave it empty to add a service` }
  if (!name) return { line, reason: 'name is empty' }
  if (name.length > 120) return { line, reason: 'name is longer than 120 characters' }
  if (description.length > 500) return { line, reason: 'description is longer than 500 characters' }
  const duration = parseWholeNumber(cells.duration)
  if (duration === null || duration < 5 || duration > 720) {
    return {
      line,
      reason: `duration "${(cells.duration ?? '').slice(0, 20)}" must be a whole number of minutes from 5 to 720`,
    }
  }
  const price = parseWholeNumber(cells.price)
  if (price === null || price > 100_000_000) {
    return {
      line,
      reason: `price "${(cells.price ?? '').slice(0, 20)}" must be a whole number in cents (4500 for 45.00)`,
    }
  }
  const isActive = parseActive(cells.isActive)
  if (isActive === 'invalid')
    return { line, reason: `active "${(cells.isActive ?? '').slice(0, 20)}" must be yes or no` }
  return { line, id: id || null, name, description, duration, price, isActive }
}

/** Reads a services CSV into valid rows and per-line errors. Throws CsvFormatError when unreadable. */
export function parseServicesCsv(text: string): { rows: ServiceCsvRow[]; errors: CsvLineError[] } {
  const records = readRecords(text)
  if (records.length === 0) throw new CsvFormatError('The file has no lines')

  const first = records[0]?.record.map((c) => c.trim().toLowerCase()) ?? []
  const hasHeader = first.includes('name') || first.includes('nom')
  const columns: (string | null)[] = hasHeader ? first.map((c) => HEADER_ALIASES[c] ?? null) : [...SERVICES_CSV_COLUMNS]
  const body = hasHeader ? records.slice(1) : records
  if (body.length > MAX_CSV_ROWS)
    throw new CsvFormatError(`The file has ${body.length} services; at most ${MAX_CSV_ROWS} are accepted`)

  const rows: ServiceCsvRow[] = []
  const errors: CsvLineError[] = []
  const seenNames = new Map<string, number>()
  for (const { record, line } of body) {
    const cells: Record<string, string | undefined> = {}
    columns.forEach((column, index) => {
      if (column) cells[column] = record[index]
    })
    const result = validateRow(cells, line)
    if ('reason' in result) {
      errors.push(result)
      continue
    }
    const key = result.name.toLowerCase()
    const earlier = seenNames.get(key)
    if (earlier !== undefined) {
      errors.push({ line, reason: `"${result.name}" already appears on line ${earlier}` })
      continue
    }
    seenNames.set(key, line)
    rows.push(result)
  }
  return { rows, errors }
}

export function formatServicesCsv(
  services: { id: string; name: string; description: string; durationMinutes: number; priceMinor: number }[],
): string {
  return stringify(
    // Only the text columns: ids are UUIDs, and durations and prices are never negative (the database
    // checks it, and the import refuses anything but digits).
    services.map((s) => [s.id, escapeCsvText(s.name), escapeCsvText(s.description), s.durationMinutes, s.priceMinor]),
    {
      header: true,
      columns: [...SERVICES_CSV_COLUMNS],
      record_delimiter: '\r\n',
      // csv-stringify only quotes the record delimiter itself; a lone line break must be quoted too.
      quoted_match: /[\r\n]/,
    },
  )
}
