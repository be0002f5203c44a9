/**
 * Reading one clock time at a given token, in any of the four languages: "14:30", "9.30", "17h30",
 * "10 Uhr 15", "5.30 pm", "seven thirty", "quarter past ten", "half six", "halb drei",
 * "viertel nach neun", "5 nach halb 3", "midi et demi", "le 3 e mezza", "moins le quart"…
 * `readClock` says what was written; whether it is a time at all, and which half of the day, is
 * decided by the callers (`times.ts`, `time-ranges.ts`).
 */
import type { Language } from '@common/languages'
import { TIME_MARKERS, UNIT_WORDS } from './cue-words'
import type { Tok } from './tokens'

export interface Core {
  hour: number
  minute: number
  end: number // index after the last token used
  clockWord?: boolean
  twentyFour?: boolean
  ampm?: 'am' | 'pm'
  /** Said with a word that makes it a time by itself ("halb", "quarter past", "e mezza", "h"…). */
  strong: boolean
  cue?: Language
}

export function hourValue(token: string | undefined): number | undefined {
  if (token === undefined) return undefined
  if (token === 'NOON') return 12
  if (token === 'MIDNIGHT') return 0
  const m = /^(\d{1,2})\.?$/.exec(token)
  return m ? Number(m[1]) : undefined
}

/**
 * A number of minutes (0–59). After the hour ("14 h 30", "14 Uhr 30", "moins 10", "e 30") `atEnd`
 * lets a full stop end the sentence: "à 18h30." is 18:30.
 */
export function minuteValue(token: string | undefined, atEnd = false): number | undefined {
  const m = token === undefined ? null : (atEnd ? /^(\d{1,2})\.?$/ : /^(\d{1,2})$/).exec(token)
  if (!m) return undefined
  const n = Number(m[1])
  return n <= 59 ? n : undefined
}

/** Minutes said after the hour: "et quart", "et demie", "moins le quart", "moins 10", "e mezza", "e un quarto", "meno 10". */
export function minuteSuffix(
  toks: readonly Tok[],
  i: number,
  italianCue: boolean,
): { delta: number; next: number } | undefined {
  const t = (k: number) => toks[i + k]?.token
  if (t(0) === 'et' && t(1) === 'quart') return { delta: 15, next: i + 2 }
  if (t(0) === 'et' && (t(1) === 'demie' || t(1) === 'demi')) return { delta: 30, next: i + 2 }
  if (t(0) === 'moins' && t(1) === 'le' && t(2) === 'quart') return { delta: -15, next: i + 3 }
  if (t(0) === 'moins' && t(1) === 'quart') return { delta: -15, next: i + 2 }
  if (t(0) === 'moins' && minuteValue(t(1), true) !== undefined)
    return { delta: -(minuteValue(t(1), true) as number), next: i + 2 }
  if (t(0) === 'e' && (t(1) === 'mezza' || t(1) === 'mezzo')) return { delta: 30, next: i + 2 }
  if (t(0) === 'e' && t(1) === 'un' && t(2) === 'quarto') return { delta: 15, next: i + 3 }
  if (t(0) === 'e' && t(1) === 'quarto') return { delta: 15, next: i + 2 }
  if (t(0) === 'e' && t(1) === '3' && t(2) === 'quarti') return { delta: 45, next: i + 3 }
  if (t(0) === 'meno' && t(1) === 'un' && t(2) === 'quarto') return { delta: -15, next: i + 3 }
  if (t(0) === 'meno' && t(1) === 'quarto') return { delta: -15, next: i + 2 }
  if (t(0) === 'meno' && minuteValue(t(1), true) !== undefined)
    return { delta: -(minuteValue(t(1), true) as number), next: i + 2 }
  if (italianCue && t(0) === 'e' && minuteValue(t(1), true) !== undefined)
    return { delta: minuteValue(t(1), true) as number, next: i + 2 }
  return undefined
}

export function withDelta(hour: number, minute: number, delta: number): [number, number] {
  const total = (((hour * 60 + minute + delta) % 1440) + 1440) % 1440
  return [Math.floor(total / 60), total % 60]
}

/** Hour said as "the next hour" in "quarter to 11", "halb drei", "viertel vor zehn": 1 → 12 (noon). */
function before(hour: number, minutesBefore: number): [number, number] {
  const [h, m] = withDelta(hour, 0, -minutesBefore)
  return [h === 0 && hour === 1 ? 12 : h, m]
}

/** Reads a time whose first token is toks[i]; undefined when there is none there. */
export function readClock(toks: readonly Tok[], i: number, italianCue: boolean, cued: boolean): Core | undefined {
  const first = toks[i]?.token
  if (first === undefined) return undefined
  return (
    readEnglishClock(toks, i) ??
    readGermanClock(toks, i) ??
    readNoonOrMidnight(toks, i) ??
    readNumericClock(toks, i, italianCue, cued)
  )
}

/** English: a quarter past ten, half past 6, 20 past 3, quarter to 11, 10 to 4, British "half six". */
function readEnglishClock(toks: readonly Tok[], i: number): Core | undefined {
  const t = (k: number) => toks[i + k]?.token
  let k = 0
  if (t(0) === 'a' && t(1) === 'quarter') k = 1
  const lead = t(k)
  const amount = lead === 'quarter' ? 15 : lead === 'half' ? 30 : minuteValue(lead)
  const link = t(k + 1) === 'minutes' ? t(k + 2) : t(k + 1)
  const hourIndex = t(k + 1) === 'minutes' ? k + 3 : k + 2
  const hour = hourValue(t(hourIndex))
  // Numbers: only the usual five-minute steps, so that "from 3 to 4" stays a span of hours.
  const usual = lead === 'quarter' || lead === 'half' || [5, 10, 20, 25].includes(amount ?? -1)
  if (amount !== undefined && usual && hour !== undefined && hour <= 12) {
    if (link === 'past' || link === 'after') {
      return { hour, minute: amount, end: i + hourIndex + 1, strong: true, cue: 'en' }
    }
    if ((link === 'to' || link === 'till' || link === 'before') && lead !== 'half') {
      const [h, m] = before(hour, amount)
      return { hour: h, minute: m, end: i + hourIndex + 1, strong: lead === 'quarter', cue: 'en' }
    }
  }
  if (lead === 'half' && k === 0) {
    const h = hourValue(t(1))
    if (h !== undefined && h >= 1 && h <= 12 && !/\.$/.test(t(1) as string))
      return { hour: h, minute: 30, end: i + 2, strong: false, cue: 'en' }
  }
  return undefined
}

/** German: halb drei, viertel nach neun, viertel vor zehn, dreiviertel zehn, viertel zehn, 5 nach halb 3, 10 vor 4. */
function readGermanClock(toks: readonly Tok[], i: number): Core | undefined {
  const t = (k: number) => toks[i + k]?.token
  const first = t(0)
  const hourAt = (k: number) => {
    const h = hourValue(t(k))
    return h !== undefined && h >= 1 && h <= 12 ? h : undefined
  }
  const german = (hour: number, minutesBefore: number, end: number): Core => {
    const [h, m] = before(hour, minutesBefore)
    return { hour: h, minute: m, end: i + end, strong: true, cue: 'de' }
  }
  if (first === 'halb' && hourAt(1) !== undefined) return german(hourAt(1) as number, 30, 2)
  if (first === 'viertel' && t(1) === 'nach' && hourAt(2) !== undefined) return german(hourAt(2) as number, -15, 3)
  if (first === 'viertel' && t(1) === 'vor' && hourAt(2) !== undefined) return german(hourAt(2) as number, 15, 3)
  if (first === 'dreiviertel' && hourAt(1) !== undefined) return german(hourAt(1) as number, 15, 2)
  if (first === '3' && t(1) === 'viertel' && hourAt(2) !== undefined) return german(hourAt(2) as number, 15, 3)
  if (first === 'viertel' && hourAt(1) !== undefined) return german(hourAt(1) as number, 45, 2)
  const amount = minuteValue(first)
  if (amount === undefined || amount < 1 || amount >= 30) return undefined
  if ((t(1) === 'nach' || t(1) === 'vor') && t(2) === 'halb' && hourAt(3) !== undefined)
    return german(hourAt(3) as number, t(1) === 'nach' ? 30 - amount : 30 + amount, 4)
  if (t(1) === 'nach' && hourAt(2) !== undefined && !UNIT_WORDS.has(t(3) ?? ''))
    return german(hourAt(2) as number, -amount, 3)
  if (t(1) === 'vor' && hourAt(2) !== undefined && !UNIT_WORDS.has(t(3) ?? ''))
    return german(hourAt(2) as number, amount, 3)
  return undefined
}

/** Noon, midnight (+ "et demi", "e mezza", "moins le quart"…). */
function readNoonOrMidnight(toks: readonly Tok[], i: number): Core | undefined {
  const first = toks[i]?.token
  if (first !== 'NOON' && first !== 'MIDNIGHT') return undefined
  const hour = first === 'NOON' ? 12 : 0
  const suffix = minuteSuffix(toks, i + 1, true)
  const [h, m] = suffix ? withDelta(hour, 0, suffix.delta) : [hour, 0]
  return { hour: h, minute: m, end: suffix ? suffix.next : i + 1, twentyFour: true, strong: true }
}

/** Numbers: 14, 14:30, 9.30, 10-12 h, then "h", "Uhr", "o'clock", minutes, am/pm, "ish". */
export function readNumericClock(
  toks: readonly Tok[],
  i: number,
  italianCue: boolean,
  cued: boolean,
): Core | undefined {
  const t = (k: number) => toks[i + k]?.token
  const first = t(0) as string
  const plain = /^(\d{1,2})\.?$/.exec(first)
  const withMinutes = /^(\d{1,2})([:.])(\d{2})\.?$/.exec(first)
  const span = /^(\d{1,2})-\d{1,2}$/.exec(first)
  const digits = (plain ?? withMinutes)?.[1]
  const separator = withMinutes ? (withMinutes[2] as string) : ''
  let hour: number | undefined
  if (plain || withMinutes) hour = Number(digits)
  else if (span && TIME_MARKERS.has(t(1) ?? '')) hour = Number(span[1])
  const minute = withMinutes ? Number(withMinutes[3]) : 0
  if (hour === undefined || hour > 24 || minute > 59) return undefined
  const leadingZero = digits !== undefined && digits.length === 2 && digits.startsWith('0')
  const core: Core = { hour, minute, end: i + 1, strong: separator === ':', twentyFour: leadingZero }
  let k = readClockWord(toks, i, core, separator)
  if (!separator) k = readMinutesAfter(toks, i, k, core, hour, italianCue, cued)
  const ampm = t(k)
  if (ampm === 'pm' || ampm === 'am') {
    core.ampm = ampm
    core.strong = true
    core.cue = core.cue ?? 'en'
    k++
  }
  if (t(k) === 'ish') k++
  core.end = i + k
  if (core.hour >= 24) return undefined
  return core
}

/** "h"/"heures" (French), "Uhr" (German) and minutes after them, "o'clock", "12 noon". Returns the next offset. */
function readClockWord(toks: readonly Tok[], i: number, core: Core, separator: string): number {
  const t = (k: number) => toks[i + k]?.token
  const marker = t(1)
  if (marker === 'h' || marker === 'heure' || marker === 'heures' || marker === 'uhr') {
    core.clockWord = true
    core.strong = true
    core.cue = marker === 'uhr' ? 'de' : 'fr'
    const mm = separator ? undefined : minuteValue(t(2), true)
    const following = t(3) ?? ''
    if (mm !== undefined && !TIME_MARKERS.has(following) && (marker !== 'uhr' || !UNIT_WORDS.has(following))) {
      core.minute = mm
      return 3
    }
    return 2
  }
  if (marker === 'OCLOCK') {
    core.strong = true
    core.cue = 'en'
    return 2
  }
  if (marker === 'NOON' && core.hour === 12) {
    core.strong = true
    return 2
  }
  return 1
}

/** "et quart", "e mezza", "moins 10"; or minutes as a second number ("at seven thirty", "7 45 pm"). */
function readMinutesAfter(
  toks: readonly Tok[],
  i: number,
  k: number,
  core: Core,
  hour: number,
  italianCue: boolean,
  cued: boolean,
): number {
  const t = (n: number) => toks[i + n]?.token
  const suffix = minuteSuffix(toks, i + k, italianCue)
  if (suffix) {
    ;[core.hour, core.minute] = withDelta(core.hour, core.minute, suffix.delta)
    if (suffix.delta < 0 && core.hour === 0 && hour === 1) core.hour = 12
    core.strong = true
    return suffix.next - i
  }
  if (k !== 1 || hour > 23) return k
  const mm = minuteValue(t(1), true)
  const following = t(2) ?? ''
  if (
    mm !== undefined &&
    mm >= 10 &&
    (cued || following === 'am' || following === 'pm') &&
    !UNIT_WORDS.has(following)
  ) {
    core.minute = mm
    return 2
  }
  return k
}
