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
