/** Digits after the decimal point of a currency (2 for EUR, 0 for JPY and KRW), from Intl. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** A price in minor units (4500) as a major amount (45). */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDecimals(currency)
}

/** A price formatted for a locale: formatMoney(4500, 'EUR', 'fr') → "45,00 €". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const decimals = currencyDecimals(currency)
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minor % 10 ** decimals === 0 ? 0 : decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(minor, currency))
}

/** Why a typed amount is refused; the client words each in the interface language. */
export const AMOUNT_PROBLEMS = ['empty', 'invalid', 'negative', 'too_many_decimals', 'too_high'] as const
export type AmountProblem = (typeof AMOUNT_PROBLEMS)[number]

/** The highest price a service may have, in minor units (1,000,000.00 EUR): a typing accident beyond. */
export const MAX_PRICE_MINOR = 100_000_000

/** The language's grouping mark when a lone one could also be read as a decimal mark ("1.234" in German). */
const GROUPING_MARK: Partial<Record<string, string>> = { en: ',', de: '.', it: '.' }
const DECIMAL_MARK: Partial<Record<string, string>> = { en: '.', fr: ',', de: ',', it: ',' }

/**
 * An amount as a person types it in the salon's currency ("35", "35,50", "35.5", "1 234,50 €",
 * "1,234.50" in English) → minor units (3550). Both decimal marks are read: "35.50" is 35.50 in
 * French too. A lone mark followed by exactly three digits is a thousands separator only in a
 * language that groups with it (`language`: the interface's; without it, as in a CSV file, it is a
 * decimal mark and three decimals are refused). Never a float on the way: digits are counted.
 */
export function parseAmount(
  raw: string | number,
  currency: string,
  language?: string,
): { minor: number } | { problem: AmountProblem } {
  const decimals = currencyDecimals(currency)
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { problem: 'invalid' }
    if (raw < 0) return { problem: 'negative' }
    // Up to 15 significant digits, the way JSON wrote the number ("35.5", never "1e+21").
    raw = Number.isInteger(raw) ? String(raw) : raw.toFixed(Math.min(20, decimals + 3)).replace(/0+$/, '')
  }
  let text = raw
    .normalize('NFKC')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/€|\$|£|¥/g, '')
    .replace(new RegExp(`\\b${currency}\\b`, 'i'), '')
    .trim()
  if (text === '') return { problem: 'empty' }
  if (/^[-−–]/.test(text)) return { problem: 'negative' }
  text = text.replace(/^\+/, '').trim()
  if (!/^\d[\d '’.,]*$/.test(text) || /[ '’.,]$/.test(text)) return { problem: 'invalid' }

  let decimalAt = -1
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma)
  else {
    const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null
    if (mark && text.indexOf(mark) === text.lastIndexOf(mark)) {
      const digitsAfter = text.length - text.lastIndexOf(mark) - 1
      const grouping = language !== undefined && GROUPING_MARK[language] === mark && digitsAfter === 3
      const decimalOfLanguage = language !== undefined && DECIMAL_MARK[language] === mark
      if (decimalOfLanguage || !grouping) decimalAt = text.lastIndexOf(mark)
    }
  }
  const whole = decimalAt >= 0 ? text.slice(0, decimalAt) : text
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : ''
  if (!/^\d*$/.test(fraction)) return { problem: 'invalid' }
  // Groups after the first are three digits each: "1 234", "1.234.567", never "12 34".
  const groups = whole.split(/[ '’.,]/)
  if (groups.length > 1 && groups.slice(1).some((g) => g.length !== 3)) return { problem: 'invalid' }
  if (groups.some((g) => !/^\d+$/.test(g))) return { problem: 'invalid' }
  if (fraction.length > decimals) return { problem: 'too_many_decimals' }
  const digits = groups.join('').replace(/^0+(?=\d)/, '')
  if (digits.length > 12) return { problem: 'too_high' }
  const minor = Number(digits) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0')
  if (minor > MAX_PRICE_MINOR) return { problem: 'too_high' }
  return { minor }
}

/** Minor units as the amount an API or a file carries: 3550 EUR → "35.50", 4500 EUR → "45.00", 500 JPY → "500". */
export function amountString(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency)
  if (decimals === 0) return String(minor)
  const text = String(minor).padStart(decimals + 1, '0')
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`
}

/** Minor units as a person edits them in a field: 3550 → "35,50" in French, "35.50" in English; 4500 → "45". */
export function amountForInput(minor: number, currency: string, language: string): string {
  const decimals = currencyDecimals(currency)
  if (minor % 10 ** decimals === 0) return String(minor / 10 ** decimals)
  const canonical = amountString(minor, currency)
  return language === 'en' ? canonical : canonical.replace('.', ',')
}
