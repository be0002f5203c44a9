import { addDays } from '@common/time'
import { cardinalValue } from './numbers'
import { words } from './text'
import { makeDate, parts, shiftMonth } from './when/calendar'

/**
 * A move said relative to the appointment itself, not to today: "deux jours plus tard", "eine
 * Woche später zur selben Zeit", "di mezz'ora più tardi", "an hour earlier", "le lendemain", "the
 * day before", "same time next month". Days, months and minutes to add to the appointment's start
 * (negative: earlier).
 */
export interface Shift {
  days: number
  months: number
  minutes: number
}

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month'

const UNITS: Record<string, Unit> = {
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  minuten: 'minute',
  minuti: 'minute',
  minuto: 'minute',
  heure: 'hour',
  heures: 'hour',
  stunde: 'hour',
  stunden: 'hour',
  ora: 'hour',
  ore: 'hour',
  hour: 'hour',
  hours: 'hour',
  jour: 'day',
  jours: 'day',
  tag: 'day',
  tage: 'day',
  tagen: 'day',
  giorno: 'day',
  giorni: 'day',
  day: 'day',
  days: 'day',
  semaine: 'week',
  semaines: 'week',
  woche: 'week',
  wochen: 'week',
  settimana: 'week',
  settimane: 'week',
  week: 'week',
  weeks: 'week',
  mois: 'month',
  monat: 'month',
  monate: 'month',
  mese: 'month',
  mesi: 'month',
  month: 'month',
  months: 'month',
}

/** Words after an amount that say later or earlier ("plus tard", "später", "più tardi", "dopo", "later"). */
const LATER = new Set(['tard', 'apres', 'spater', 'danach', 'tardi', 'dopo', 'later', 'after', 'afterwards'])
const EARLIER = new Set(['tot', 'avant', 'fruher', 'vorher', 'presto', 'prima', 'earlier', 'before', 'sooner'])
/** Articles that mean one before a unit ("un jour", "eine Woche", "un'ora", "a week", "an hour"). */
const ONE = new Set(['un', 'une', 'ein', 'eine', 'einen', 'einem', 'uno', 'una', 'a', 'an', 'one', 'l'])

/** A half or a quarter of an hour, said before "plus tard", "später", "più tardi", "later". */
const SPANS: [RegExp, number][] = [
  [/\b(?:une demi heure|eine halbe stunde|mezz ora|mezzora|half an hour|half hour)$/, 30],
  [/\b(?:un quart d heure|eine viertelstunde|un quarto d ora|a quarter of an hour|quarter of an hour)$/, 15],
]

/** The day after or before the appointment, said as such. */
const NEXT_DAY =
  / (?:le lendemain|am tag danach|am tag darauf|tags darauf|il giorno dopo|l indomani|the day after(?! tomorrow)|the next day|the following day) /
const DAY_BEFORE = / (?:la veille|am tag davor|am vortag|il giorno prima|the day before(?! yesterday)) /

/** "même heure le mois prochain", "same time next month", "stessa ora il mese prossimo": a month on. */
const NEXT_MONTH_SAME_TIME =
  /\b(?:meme heure|same time|selbe[nr]? (?:zeit|uhrzeit)|gleiche[nr]? (?:zeit|uhrzeit)|stessa ora)\b.*\b(?:mois prochain|next month|nachsten monat|mese prossimo|prossimo mese)\b|\b(?:mois prochain|next month|nachsten monat|mese prossimo|prossimo mese)\b.*\b(?:meme heure|same time|selbe[nr]? (?:zeit|uhrzeit)|gleiche[nr]? (?:zeit|uhrzeit)|stessa ora)\b/

export function readShift(message: string): Shift | undefined {
  const list = words(message)
  const text = ` ${list.join(' ')} `
  // "The day after tomorrow" is a day from today, not from the appointment.
  if (/ day (?:after tomorrow|before yesterday) /.test(text)) return undefined
  if (NEXT_MONTH_SAME_TIME.test(text)) return { days: 0, months: 1, minutes: 0 }
  if (NEXT_DAY.test(text)) return { days: 1, months: 0, minutes: 0 }
  if (DAY_BEFORE.test(text)) return { days: -1, months: 0, minutes: 0 }
  for (const index of list.keys()) {
    const direction = directionAt(list, index)
    // The amount and its unit just before: "deux jours plus tard", "eine Woche später", "an hour earlier".
    const shift = direction ? amountBefore(list, index) : undefined
    if (direction && shift) return scale(shift, direction)
  }
  return byVerb(list)
}

/** Verbs that move an appointment later or earlier by an amount ("décaler de deux jours"). */
const LATER_VERBS = new Set([
  'decaler',
  'decalez',
  'decale',
  'repousser',
  'repoussez',
  'reporter',
  'reportez',
  'retarder',
  'verschieben',
  'verschiebe',
  'schieben',
  'hinten',
  'posticipare',
  'posticipa',
  'rimandare',
  'rimanda',
  'spostare',
  'sposta',
  'spostarlo',
  'spostarla',
  'push',
  'delay',
  'postpone',
  'move',
  'shift',
])
const EARLIER_VERBS = new Set([
  'avancer',
  'avancez',
  'avance',
  'vorziehen',
  'vorverlegen',
  'vorne',
  'anticipare',
  'anticipa',
  'forward',
])
/** Words between the verb and the amount: "de deux jours", "um zwei Tage", "di due giorni", "by two days", "back two days". */
const BY = new Set(['de', 'd', 'di', 'um', 'by', 'back'])

/** "Vous pouvez le décaler de deux jours ?", "um eine Woche verschieben", "spostarlo di un'ora", "push it back two days". */
function byVerb(list: string[]): Shift | undefined {
  const later = list.some((w) => LATER_VERBS.has(w))
  const earlier = list.some((w) => EARLIER_VERBS.has(w))
  if (!later && !earlier) return undefined
  for (const [index, word] of list.entries()) {
    const unit = UNITS[word]
    if (!unit || !BY.has(list[index - 2] ?? '')) continue
    const amountWord = list[index - 1] ?? ''
    const amount = /^\d{1,3}$/.test(amountWord)
      ? Number(amountWord)
      : ONE.has(amountWord)
        ? 1
        : cardinalValue(amountWord)
    if (amount !== undefined) return scale(inUnits(amount, unit), earlier ? -1 : 1)
  }
  // "décaler d'une demi-heure", "um eine halbe Stunde verschieben", "spostarlo di mezz'ora".
  const text = list.join(' ')
  for (const [pattern, minutes] of SPANS) {
    const span = new RegExp(`(?:^| )(?:de|d|di|um|by|back) ${pattern.source.replace(/^\\b|\$$/g, '')}`)
    if (span.test(text)) return scale({ minutes }, earlier ? -1 : 1)
  }
  return undefined
}

/** +1 or −1 when the words from `index` say later or earlier ("plus tard", "più tardi", "later"). */
function directionAt(list: string[], index: number): 1 | -1 | undefined {
  const word = list[index] as string
  const next = list[index + 1]
  if ((word === 'plus' || word === 'piu') && next && LATER.has(next)) return 1
  if ((word === 'plus' || word === 'piu') && next && EARLIER.has(next)) return -1
  if (LATER.has(word) && word !== 'tard' && word !== 'tardi') return 1
  if (EARLIER.has(word) && word !== 'tot' && word !== 'presto') return -1
  return undefined
}

/** The amount said right before a direction word ("2 jours", "eine Woche", "mezz'ora"). */
function amountBefore(list: string[], index: number): Partial<Shift> | undefined {
  const before = list.slice(Math.max(0, index - 5), index).join(' ')
  for (const [pattern, minutes] of SPANS) if (pattern.test(before)) return { minutes }
  const unitWord = list[index - 1] ?? ''
  const unit = UNITS[unitWord]
  if (!unit) return undefined
  const amountWord = list[index - 2] ?? ''
  const amount = /^\d{1,3}$/.test(amountWord) ? Number(amountWord) : ONE.has(amountWord) ? 1 : cardinalValue(amountWord)
  if (amount !== undefined) return inUnits(amount, unit)
  // "Tags später", "giorno dopo": a unit without an amount is one of it.
  return SINGULAR.has(unitWord) ? inUnits(1, unit) : undefined
}

const SINGULAR = new Set([
  'jour',
  'tag',
  'giorno',
  'day',
  'semaine',
  'woche',
  'settimana',
  'week',
  'mois',
  'monat',
  'mese',
  'month',
])

function inUnits(amount: number, unit: Unit): Partial<Shift> {
  switch (unit) {
    case 'minute':
      return { minutes: amount }
    case 'hour':
      return { minutes: amount * 60 }
    case 'day':
      return { days: amount }
    case 'week':
      return { days: amount * 7 }
    case 'month':
      return { months: amount }
  }
}

function scale(shift: Partial<Shift>, direction: 1 | -1): Shift {
  // `+ 0` writes a zero as 0, never −0.
  return {
    days: (shift.days ?? 0) * direction + 0,
    months: (shift.months ?? 0) * direction + 0,
    minutes: (shift.minutes ?? 0) * direction + 0,
  }
}

/**
 * Where a shift puts a local start ('YYYY-MM-DDTHH:MM'): a month on keeps the day of the month (the
 * month's last day when it has fewer); minutes that leave the day are not a time of that day.
 */
export function shiftedStart(start: string, shift: Shift): { date: string; minutes: number } | undefined {
  const [year, month, day] = parts(start.slice(0, 10))
  const [y, m] = shiftMonth(year, month, shift.months)
  let date = makeDate(y, m, day)
  for (let last = day - 1; !date && last >= 28; last--) date = makeDate(y, m, last)
  if (!date) return undefined
  const minutes = Number(start.slice(11, 13)) * 60 + Number(start.slice(14, 16)) + shift.minutes
  if (minutes < 0 || minutes >= 24 * 60) return undefined
  return { date: addDays(date, shift.days), minutes }
}
