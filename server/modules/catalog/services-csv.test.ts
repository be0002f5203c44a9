import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvFormatError, formatServicesCsv, MAX_CSV_ROWS, parseServicesCsv } from './services-csv'

describe('reading a services CSV', () => {
  it('reads the exported format', () => {
    const { rows, errors } = parseServicesCsv(
      'id,name,description,duration,price\r\n,Coupe femme,"Shampooing, coupe",45,4500\r\n',
    )
    expect(errors).toEqual([])
    expect(rows).toEqual([
      {
        line: 2,
        id: null,
        name: 'Coupe femme',
        description: 'Shampooing, coupe',
        duration: 45,
        price: 4500,
        isActive: null,
      },
    ])
  })

  it('ignores a byte-order mark and blank lines, and accepts semicolons', () => {
    const { rows } = parseServicesCsv(
      '\uFEFFid;name;description;duration;price\n\n;Brushing;Mise en forme;30;3000\n;;;;\n\n',
    )
    expect(rows.map((r) => r.name)).toEqual(['Brushing'])
  })

  it('keeps quoted commas, semicolons, quotes and line breaks inside a field', () => {
    const { rows } = parseServicesCsv(
      'name,description,duration,price\n"Coupe, homme","Il dit ""top""\nvraiment; oui",30,2500\n',
    )
    expect(rows[0]).toMatchObject({ name: 'Coupe, homme', description: 'Il dit "top"\nvraiment; oui' })
  })

  it('reads columns in any order, French headers and an active column', () => {
    const { rows } = parseServicesCsv('prix,nom,durée,active\n1500,Barbe,20,non\n')
    expect(rows[0]).toMatchObject({ name: 'Barbe', price: 1500, duration: 20, isActive: false, description: '' })
  })

  it('reads a file without header in the export column order', () => {
    const { rows } = parseServicesCsv(',Balayage,Éclaircissement,120,9500\n')
    expect(rows[0]).toMatchObject({ name: 'Balayage', duration: 120, price: 9500 })
  })

  it('reports each bad line with its number and reason', () => {
    const { rows, errors } = parseServicesCsv(
      [
        'id,name,description,duration,price',
        ',Good,,30,2500',
        ',,no name,30,2500',
        ',Slow,,0,2500',
        ',Decimal,,30,45.00',
        'not-a-uuid,Weird id,,30,100',
        ',good,,30,100',
      ].join('\n'),
    )
    expect(rows.map((r) => r.name)).toEqual(['Good'])
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7])
    expect(errors[0]?.reason).toMatch(/name/)
    expect(errors[1]?.reason).toMatch(/duration/)
    expect(errors[2]?.reason).toMatch(/cents/)
    expect(errors[4]?.reason).toMatch(/line 2/)
  })

  it('reports an active value it cannot read', () => {
    const { errors } = parseServicesCsv('name,duration,price,active\nCoupe,30,100,maybe\n')
    expect(errors).toEqual([{ line: 2, reason: 'active "maybe" must be yes or no' }])
  })

  it('refuses an unreadable file as a whole', () => {
    expect(() => parseServicesCsv('name,price\n"open quote,1\n')).toThrow(CsvFormatError)
    expect(() => parseServicesCsv('\n\n')).toThrow(/no lines/)
  })

  it(`refuses more than ${MAX_CSV_ROWS} services`, () => {
    const lines = Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `,Service ${i},,30,100`)
    expect(() => parseServicesCsv(lines.join('\n'))).toThrow(/at most/)
  })

  it('writes what it reads back', () => {
    const csv = formatServicesCsv([
      {
        id: '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f',
        name: 'Coupe, "femme"',
        description: 'a\nb',
        durationMinutes: 45,
        priceMinor: 4500,
      },
    ])
    expect(csv.startsWith('id,name,description,duration,price\r\n')).toBe(true)
    expect(parseServicesCsv(csv).rows[0]).toMatchObject({
      name: 'Coupe, "femme"',
      description: 'a\nb',
      duration: 45,
      price: 4500,
    })
  })
})

describe('CSV injection', () => {
  const service = (name: string, description = '') => ({
    id: '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f',
    name,
    description,
    durationMinutes: 30,
    priceMinor: 2500,
  })
  /** Every cell of a CSV as a spreadsheet reads it (quotes taken off), header excepted. */
  const cellsOf = (csv: string) => (parse(csv, { relax_column_count: true }) as string[][]).slice(1).flat()
  const DANGEROUS = /^[=+\-@\t\r]/

  it('puts a quote before a text cell a spreadsheet would run as a formula', () => {
    const csv = formatServicesCsv([
      service('=HYPERLINK("http://evil.example","Cliquez")', '+33 1 23 45 67 89'),
      service('-10 % le mardi', '@SUM(A1:A2)'),
      service('\tTabulation', '\rRetour'),
      service("'=déjà échappé", "l'apostrophe reste"),
    ])
    expect(cellsOf(csv)).toEqual([
      ...['0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', `'=HYPERLINK("http://evil.example","Cliquez")`, "'+33 1 23 45 67 89"],
      ...['30', '2500', '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "'-10 % le mardi", "'@SUM(A1:A2)", '30', '2500'],
      ...['0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "'\tTabulation", "'\rRetour", '30', '2500'],
      ...['0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "''=déjà échappé", "l'apostrophe reste", '30', '2500'],
    ])
  })

  it('takes one escaping quote off on import, in text columns only', () => {
    const { rows, errors } = parseServicesCsv(
      [
        'name,description,duration,price',
        `'=1+1,'@note,30,2500`,
        `'Apostrophe,''+deux,30,2500`,
        `Remise,Prix négatif,30,-2500`,
        `Remise bis,Prix échappé,30,'-2500`,
      ].join('\n'),
    )
    expect(rows.map((r) => [r.name, r.description])).toEqual([
      ['=1+1', '@note'],
      ["'Apostrophe", "'+deux"],
    ])
    // A negative price is no text to escape: it is refused.
    expect(errors.map((e) => e.line)).toEqual([4, 5])
    expect(errors[0]?.reason).toMatch(/price/)
  })

  // What a stored service's text can be: trimmed on import, except that an escaped tab or carriage
  // return in front survives (the quote protected it).
  const character = fc.oneof(
    fc.constantFrom(',', ';', '"', "'", '\n', '\r', '\t', ' ', '=', '+', '-', '@', '\uFEFF'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  )
  const text = (maxLength: number) =>
    fc
      .tuple(
        fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', "'", "'=", "''-", '==', '\t='),
        fc.string({ maxLength: maxLength - 3, unit: character }).map((core) => core.trim()),
      )
      .map(([start, core]) => start + core)
      .filter((value) => value.trimEnd() === value)

  it('round-trips any name and description exactly, and no exported cell starts like a formula', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ name: text(120).filter((n) => n !== ''), description: text(500) }), {
          minLength: 1,
          maxLength: 5,
          selector: (s) => s.name.toLowerCase(),
        }),
        (services) => {
          const csv = formatServicesCsv(services.map((s) => service(s.name, s.description)))
          for (const cell of cellsOf(csv)) expect(cell).not.toMatch(DANGEROUS)
          const { rows, errors } = parseServicesCsv(csv)
          expect(errors).toEqual([])
          expect(rows.map((r) => ({ name: r.name, description: r.description }))).toEqual(services)
        },
      ),
      { numRuns: 300 },
    )
  })
})
