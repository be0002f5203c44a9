import { getCountry } from 'countries-and-timezones'

/** The zone most of a multi-zone country's people live in; single-zone countries need no entry. */
const MAIN_ZONES: Record<string, string> = {
  AR: 'America/Argentina/Buenos_Aires',
  AU: 'Australia/Sydney',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CD: 'Africa/Kinshasa',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CY: 'Asia/Nicosia',
  DE: 'Europe/Berlin',
  EC: 'America/Guayaquil',
  ES: 'Europe/Madrid',
  FM: 'Pacific/Pohnpei',
  GL: 'America/Nuuk',
  ID: 'Asia/Jakarta',
  KI: 'Pacific/Tarawa',
  KZ: 'Asia/Almaty',
  MN: 'Asia/Ulaanbaatar',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  NZ: 'Pacific/Auckland',
  PF: 'Pacific/Tahiti',
  PG: 'Pacific/Port_Moresby',
  PT: 'Europe/Lisbon',
  RU: 'Europe/Moscow',
  UA: 'Europe/Kyiv',
  US: 'America/New_York',
  UZ: 'Asia/Tashkent',
}

/** The time zone a new salon gets from its country (editable afterwards). */
export function defaultTimeZone(country: string): string {
  const code = country.toUpperCase()
  return MAIN_ZONES[code] ?? getCountry(code)?.timezones[0] ?? 'Europe/Paris'
}
