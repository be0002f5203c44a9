import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CsvFormatError, formatServicesCsv, MAX_CSV_ROWS, parseServicesCsv } from './services-csv'

describe('reading a services CSV', () => {
  it('reads the spec’s format: id,name,description,duration,price with the price in minor units', () => {
    const { rows, errors } = parseServicesCsv(
      'id,name,description,duration,price\r\n,Coupe femme,"Shampooing, coupe",45,4500\r\n,Coloration,,90,6500\r\n',
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
      { line: 3, id: null, name: 'Coloration', description: '', duration: 90, price: 6500, isActive: null },
    ])
  })

  it('ignores a byte-order mark and blank lines, and accepts semicolons', () => {
    const { rows } = parseServicesCsv(
      '\uFEFFid;name;description;duration;price\n\n;Brushing;Mise en forme;30;30,00\n;;;;\n\n',
    )
    expect(rows.map((r) => [r.name, r.price])).toEqual([['Brushing', 3000]])
  })

  it('keeps quoted commas, semicolons, quotes and line breaks inside a field', () => {
    const { rows } = parseServicesCsv(
      'name,description,duration,price\n"Coupe, homme","Il dit ""top""\nvraiment; oui",30,2500\n',
    )
    expect(rows[0]).toMatchObject({ name: 'Coupe, homme', description: 'Il dit "top"\nvraiment; oui', price: 2500 })
  })

  it('reads columns in any order, French headers and an active column', () => {
    const { rows } = parseServicesCsv('prix,nom,durée,active\n1500,Barbe,20,non\n')
    expect(rows[0]).toMatchObject({ name: 'Barbe', price: 1500, duration: 20, isActive: false, description: '' })
  })

  it('reads a file without header in the spec’s column order', () => {
    const { rows } = parseServicesCsv(',Balayage,Éclaircissement,120,9500\n')
    expect(rows[0]).toMatchObject({ name: 'Balayage', duration: 120, price: 9500 })
  })

  it('reads a whole number as minor units and a number with a decimal mark as an amount', () => {
    const { rows, errors } = parseServicesCsv(
      'name;duration;price\nA;30;4500\nB;30;45,00\nC;30;45.5\nD;30;"1 234,50"\nE;30;1.234,50\nF;30;0,5\nG;30;"45,00 €"\nH;30;007\n',
      'EUR',
    )
    expect(errors).toEqual([])
    expect(rows.map((r) => [r.name, r.price])).toEqual([
      ['A', 4500],
      ['B', 4500],
      ['C', 4550],
      ['D', 123450],
      ['E', 123450],
      ['F', 50],
      ['G', 4500],
      ['H', 7],
    ])
    expect(parseServicesCsv('name,duration,price\nA,30,"1,234.50"\n', 'EUR').rows[0]?.price).toBe(123450)
  })

  it('reads prices in currencies with no minor unit or three decimals', () => {
    const price = (cell: string, currency: string) => {
      const { rows, errors } = parseServicesCsv(`name;duration;price\nA;30;${cell}\n`, currency)
      return rows[0]?.price ?? errors[0]?.code
    }
    // Yen: minor units are yen; a grouped number can only be yen.
    expect(price('4500', 'JPY')).toBe(4500)
    expect(price('"4,500"', 'JPY')).toBe(4500)
    expect(price('4.500', 'JPY')).toBe(4500)
    expect(price('45,5', 'JPY')).toBe('csv.price_too_many_decimals')
    // Dinars: 1000 millimes; a mark before three digits is the currency's decimal mark ("45,000" as the dashboard exported it).
    expect(price('45000', 'TND')).toBe(45000)
    expect(price('45,000', 'TND')).toBe(45000)
    expect(price('45.5', 'KWD')).toBe(45500)
    expect(price('"1 234"', 'KWD')).toBe('csv.price_ambiguous')
  })

  it.each([
    ['1.234', 'a lone mark before three digits: thousands or decimals?'],
    ['1,234', 'the same with a comma'],
    ['"1 234"', 'digits grouped without decimals: minor units or an amount?'],
    ['1.234.567', 'several groups'],
    ['"45 €"', 'a whole number with the currency: an amount to the eye, minor units to the spec'],
    ['45 EUR', 'the same with the code'],
  ])('refuses %s as ambiguous (%s) rather than guess', (cell, _why) => {
    const { rows, errors } = parseServicesCsv(`name;duration;price\nA;30;${cell}\n`, 'EUR')
    expect(rows).toEqual([])
    expect(errors).toMatchObject([{ line: 2, code: 'csv.price_ambiguous', field: 'price' }])
    expect(errors[0]?.reason).toMatch(/minor units/)
  })

  it.each([
    ['45,', 'csv.price_invalid'],
    ['4 5', 'csv.price_invalid'],
    ['1.234.56', 'csv.price_invalid'],
    ['1,23.45', 'csv.price_invalid'],
    ['45,505', 'csv.price_ambiguous'],
    ['45,5050', 'csv.price_too_many_decimals'],
    ['100000001', 'csv.price_too_high'],
    ['1000000,01', 'csv.price_too_high'],
  ])('refuses the price %s with %s', (cell, code) => {
    const { errors } = parseServicesCsv(`name;duration;price\nA;30;${cell}\n`, 'EUR')
    expect(errors).toMatchObject([{ line: 2, code, field: 'price', value: cell }])
  })

  it('reports each bad line with its number, a stable code, the field and the value', () => {
    const { rows, errors } = parseServicesCsv(
      [
        'id;name;description;duration;price',
        ';Good;;30;2500',
        ';;no name;30;2500',
        ';Slow;;0;2500',
        ';Fine cents;;30;45,0050',
        ';Minus;;30;-5',
        ';Words;;30;cher',
        ';Free;;30;',
        'not-a-uuid;Weird id;;30;1',
        ';good;;30;1',
      ].join('\n'),
    )
    expect(rows.map((r) => r.name)).toEqual(['Good'])
    expect(errors.map(({ line, code, field, value, otherLine }) => ({ line, code, field, value, otherLine }))).toEqual([
      { line: 3, code: 'csv.name_missing', field: 'name', value: undefined, otherLine: undefined },
      { line: 4, code: 'csv.duration_invalid', field: 'duration', value: '0', otherLine: undefined },
      { line: 5, code: 'csv.price_too_many_decimals', field: 'price', value: '45,0050', otherLine: undefined },
      { line: 6, code: 'csv.price_negative', field: 'price', value: '-5', otherLine: undefined },
      { line: 7, code: 'csv.price_invalid', field: 'price', value: 'cher', otherLine: undefined },
      { line: 8, code: 'csv.price_missing', field: 'price', value: '', otherLine: undefined },
      { line: 9, code: 'csv.id_invalid', field: 'id', value: 'not-a-uuid', otherLine: undefined },
      { line: 10, code: 'csv.name_repeated', field: 'name', value: 'good', otherLine: 2 },
    ])
    for (const error of errors) expect(error.reason).toMatch(/\w/)
  })

  it('refuses a line with more cells than the header: a decimal comma in a comma-separated file', () => {
    const { rows, errors } = parseServicesCsv('name,duration,price\nCoupe,30,35,50\nBarbe,20,"15,50"\n')
    expect(rows.map((r) => [r.name, r.price])).toEqual([['Barbe', 1550]])
    expect(errors).toMatchObject([{ line: 2, code: 'csv.extra_cells' }])
  })

  it('reports an active value it cannot read', () => {
    const { errors } = parseServicesCsv('name,duration,price,active\nCoupe,30,100,maybe\n')
    expect(errors).toEqual([
      {
        line: 2,
        code: 'csv.active_invalid',
        field: 'active',
        value: 'maybe',
        reason: 'active "maybe" must be yes or no',
      },
    ])
  })

  it('refuses an unreadable file as a whole', () => {
    expect(() => parseServicesCsv('name,price\n"open quote,1\n')).toThrow(CsvFormatError)
    expect(() => parseServicesCsv('\n\n')).toThrow(/no lines/)
    try {
      parseServicesCsv('\n\n')
    } catch (error) {
      expect((error as CsvFormatError).code).toBe('catalog.csv_empty')
    }
  })

  it(`refuses more than ${MAX_CSV_ROWS} services`, () => {
    const lines = Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `,Service ${i},,30,10000`)
    expect(() => parseServicesCsv(lines.join('\n'))).toThrow(/at most/)
  })

  const coupe = {
    id: '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f',
    name: 'Coupe, "femme"',
    description: 'a\nb',
    durationMinutes: 45,
    priceMinor: 4550,
    isActive: false,
  }

  it('writes the spec’s columns first, comma-separated, prices in minor units, then active in the language’s words', () => {
    const csv = formatServicesCsv([coupe], 'fr')
    expect(csv.startsWith('\uFEFFid,name,description,duration,price,active\r\n')).toBe(true)
    expect(csv).toContain(',45,4550,non\r\n')
    expect(formatServicesCsv([{ ...coupe, isActive: true }], 'en')).toContain(',45,4550,yes\r\n')
    expect(formatServicesCsv([{ ...coupe, priceMinor: 4500 }], 'de')).toContain(',45,4500,nein\r\n')
  })

  it('still reads the files the dashboard exported before: semicolons and amounts with decimals', () => {
    const earlier = (language: string, price: string, currency: string) =>
      parseServicesCsv(
        `\uFEFFid;name;description;duration;price;active\r\n${coupe.id};Coupe;;45;${price};${language === 'en' ? 'no' : 'non'}\r\n`,
        currency,
      ).rows[0]?.price
    expect(earlier('fr', '45,50', 'EUR')).toBe(4550)
    expect(earlier('en', '45.50', 'EUR')).toBe(4550)
    expect(earlier('fr', '45,00', 'CHF')).toBe(4500)
    expect(earlier('fr', '500', 'JPY')).toBe(500)
    expect(earlier('fr', '45,500', 'TND')).toBe(45500)
  })

  it.each(['fr', 'de', 'it', 'en'] as const)('reads back what it writes in %s', (language) => {
    const csv = formatServicesCsv([coupe], language)
    expect(parseServicesCsv(csv, 'EUR')).toEqual({
      errors: [],
      rows: [
        {
          line: 3, // the record ends on the file's third line (its description has a line break)
          id: coupe.id,
          name: 'Coupe, "femme"',
          description: 'a\nb',
          duration: 45,
          price: 4550,
          isActive: false,
        },
      ],
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
    isActive: true,
  })
  const format = (services: ReturnType<typeof service>[]) => formatServicesCsv(services, 'en')
  /** Every cell of a CSV as a spreadsheet reads it (quotes taken off), header excepted. */
  const cellsOf = (csv: string) => (parse(csv, { relax_column_count: true, bom: true }) as string[][]).slice(1).flat()
  const DANGEROUS = /^[=+\-@\t\r]/

  it('puts a quote before a text cell a spreadsheet would run as a formula', () => {
    const csv = format([
      service('=HYPERLINK("http://evil.example","Cliquez")', '+33 1 23 45 67 89'),
      service('-10 % le mardi', '@SUM(A1:A2)'),
      service('\tTabulation', '\rRetour'),
      service("'=déjà échappé", "l'apostrophe reste"),
    ])
    expect(cellsOf(csv)).toEqual([
      ...['0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', `'=HYPERLINK("http://evil.example","Cliquez")`, "'+33 1 23 45 67 89"],
      ...['30', '2500', 'yes', '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "'-10 % le mardi", "'@SUM(A1:A2)", '30'],
      ...['2500', 'yes', '0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "'\tTabulation", "'\rRetour", '30', '2500', 'yes'],
      ...['0b6f7c1e-5a3b-4c9d-8e2f-1a2b3c4d5e6f', "''=déjà échappé", "l'apostrophe reste", '30', '2500', 'yes'],
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
          const csv = format(services.map((s) => service(s.name, s.description)))
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
