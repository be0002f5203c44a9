/**
 * Days customers name instead of a date, in the four languages: "la Saint-Sylvestre", "Silvester",
 * "l'Epifania", "New Year's Eve", "Easter Monday", "la veille de Noël", "Ferragosto"… The next such
 * day from today on (this year's, or next year's once it has passed). A national day is the salon
 * country's own ("la fête nationale": 14 July in France, 1 August in Switzerland).
 */
import { addDays } from '@common/time'
import { makeDate, parts } from './calendar'
import type { DateScan } from './dates'
import { scan } from './tokens'

type Day = { month: number; day: number } | { easter: number }

/** Phrases (folded, canonical: "lundi" is WD0) and the day they name. */
const HOLIDAYS: [string, Day][] = [
  [
    'saint sylvestre|la sylvestre|reveillon du nouvel an|silvester|silvesterabend|new year s eve|new years eve|nye|san silvestro|notte di capodanno',
    { month: 12, day: 31 },
  ],
  [
    'jour de l an|nouvel an|premier de l an|neujahr|neujahrstag|capodanno|new year s day|new years day',
    { month: 1, day: 1 },
  ],
  ['epiphanie|jour des rois|heilige drei konige|dreikonigstag|epifania|befana|epiphany', { month: 1, day: 6 }],
  ['saint valentin|valentinstag|san valentino|valentine s day|valentines day|valentine s', { month: 2, day: 14 }],
  [
    'veille de noel|reveillon de noel|heiligabend|heiligen abend|vigilia di natale|christmas eve',
    { month: 12, day: 24 },
  ],
  [
    'noel|jour de noel|weihnachten|1 weihnachtstag|erster weihnachtstag|natale|christmas|christmas day|xmas',
    { month: 12, day: 25 },
  ],
  ['saint etienne|stephanstag|2 weihnachtstag|zweiter weihnachtstag|santo stefano|boxing day', { month: 12, day: 26 }],
  ['toussaint|allerheiligen|ognissanti|tutti i santi|all saints day|all saints', { month: 11, day: 1 }],
  ['halloween', { month: 10, day: 31 }],
  [
    'fete du travail|premier mai|tag der arbeit|festa dei lavoratori|festa del lavoro|primo maggio|labour day|labor day|may day',
    { month: 5, day: 1 },
  ],
  ['ferragosto|assomption|maria himmelfahrt|mariae himmelfahrt|assunzione|assumption day', { month: 8, day: 15 }],
  ['immacolata|immacolata concezione', { month: 12, day: 8 }],
  ['festa della repubblica', { month: 6, day: 2 }],
  ['festa della liberazione|liberazione', { month: 4, day: 25 }],
  ['tag der deutschen einheit', { month: 10, day: 3 }],
  ['armistice', { month: 11, day: 11 }],
  /** Longer phrases first: "lundi de Pâques" before "Pâques". */
  ['WD0 de paques|ostermontag|pasquetta|WD0 dell angelo|easter WD0', { easter: 1 }],
  ['WD0 de pentecote|pfingstmontag|WD0 di pentecoste|whit WD0', { easter: 50 }],
  ['paques|dimanche de paques|ostern|ostersonntag|pasqua|easter|easter sunday', { easter: 0 }],
  ['vendredi saint|karfreitag|venerdi santo|good friday', { easter: -2 }],
  ['ascension|jeudi de l ascension|christi himmelfahrt|auffahrt|ascensione|ascension day', { easter: 39 }],
  ['pentecote|pfingsten|pfingstsonntag|pentecoste|whitsun|pentecost', { easter: 49 }],
]

/** A country's national day ("fête nationale", "Nationalfeiertag", "festa nazionale", "national day"). */
const NATIONAL_DAY: Record<string, { month: number; day: number }> = {
  FR: { month: 7, day: 14 },
  CH: { month: 8, day: 1 },
  BE: { month: 7, day: 21 },
  LU: { month: 6, day: 23 },
  DE: { month: 10, day: 3 },
  AT: { month: 10, day: 26 },
  IT: { month: 6, day: 2 },
  MC: { month: 11, day: 19 },
  GB: { month: 4, day: 23 },
  IE: { month: 3, day: 17 },
}
const NATIONAL = 'fete nationale|nationalfeiertag|bundesfeier|festa nazionale|national day|national holiday'

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return makeDate(year, month, day) as string
}

/** The day in a given year. */
function dayIn(year: number, day: Day): string | undefined {
  return 'easter' in day ? addDays(easterSunday(year), day.easter) : makeDate(year, day.month, day.day)
}

/** The next such day from today on. */
export function nextHoliday(day: Day, today: string): string | undefined {
  const [year] = parts(today)
  const thisYear = dayIn(year, day)
  return thisYear && thisYear >= today ? thisYear : dayIn(year + 1, day)
}

/** Holidays named in the message, as dates (read before weekdays: "lundi de Pâques" is no Monday). */
export function readHolidays(r: DateScan, country: string | undefined): void {
  for (const [phrases, day] of HOLIDAYS) {
    scan(r.text, `(?:(?:le|la|l|the|am|an|zu|il|lo|a|on|for|pour|per|del|di)(?: |$))?(?:${phrases})`, (m) => {
      const date = nextHoliday(day, r.today)
      return date ? r.push(m, { kind: 'explicit', date }) : false
    })
  }
  const national = country ? NATIONAL_DAY[country] : undefined
  if (national) {
    scan(r.text, `(?:(?:le|la|l|the|am|zum|il|la|on|for|pour|per)(?: |$))?(?:${NATIONAL})`, (m) => {
      const date = nextHoliday(national, r.today)
      return date ? r.push(m, { kind: 'explicit', date }) : false
    })
  }
}
