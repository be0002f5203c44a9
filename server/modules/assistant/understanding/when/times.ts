/**
 * Times of day: every clock time of the message that reads as one ("à 15h", "at 3pm", "um halb 3",
 * "alle 9 e mezza", "17h30", "5.30pm", a bare "14" only after a cue), with the part of the day said
 * next to it ("5 in the evening", "ce soir à 8h") and whether it is approximate ("vers 13h30");
 * then `resolveTime`: minutes after midnight, or both readings of an hour that does not say which
 * half of the day.
 */
import type { Language } from '@common/languages'
import { isPartMarker } from './canonical'
import { readClock } from './clock'
import {
  APPROX_AFTER,
  APPROX_BEFORE,
  APPROX_SKIP,
  DURATION_BEFORE,
  ITALIAN_CUES,
  NUMBER_BEFORE_BLOCKERS,
  PART_FILLERS,
  TIME_CUES,
  UNIT_WORDS,
} from './cue-words'
import { PART_OF, type Text, type TimeMention, type Tok } from './tokens'
import type { PartOfDay } from './types'

/** Words that join times offered as alternatives ("um 10 oder um 16 Uhr", "11am, 2pm or 5pm"). */
const OR_WORDS = new Set(['or', 'oder', 'ou', 'o', 'oppure', 'sinon'])

interface Cue {
  /** Index of the cue word, when there is one. */
  index: number
  token: string | undefined
  has: boolean
  italian: boolean
  /** French or Italian "a" before the number. */
  a: boolean
}

/** The cue before toks[i]: "à", "at", "um", "alle", "verso le", "vers les", "alle ore"; or a list of times going on. */
function cueBefore(toks: readonly Tok[], i: number, language: Language | undefined, afterTime: boolean): Cue {
  const prev = (k: number) => toks[i - k]?.token
  let index = i - 1
  while (index >= 0 && ['le', 'les', 'the', 'ore'].includes(toks[index]?.token ?? '') && index > i - 3) index--
  const token = toks[index]?.token
  const italianLe = language === 'it' && prev(1) === 'le'
  const a = prev(1) === 'a' && (language === 'fr' || language === 'it' || language === undefined)
  const next = toks[i + 1]?.token ?? ''
  const listGoesOn =
    afterTime && (OR_WORDS.has(prev(1) ?? '') || (prev(1) === ',' && (next === ',' || OR_WORDS.has(next))))
  return {
    index,
    token,
    has: (token !== undefined && TIME_CUES.has(token)) || prev(1) === 'ore' || italianLe || a || listGoesOn,
    italian: ITALIAN_CUES.has(token ?? '') || italianLe,
    a,
  }
}

/** Part of the day just before ("evening 4", "in the afternoon 1") or just after ("5 in the evening"). */
function partAround(toks: readonly Tok[], i: number, end: number): { part?: PartOfDay; end: number } {
  const before = toks[i - 1]?.token
  const part = isPartMarker(before) ? PART_OF[before as string] : undefined
  for (let k = end; k < toks.length && k < end + 4; k++) {
    const token = toks[k]?.token as string
    if (isPartMarker(token)) return { part: PART_OF[token], end: k + 1 }
    if (!PART_FILLERS.has(token)) break
  }
  return { ...(part ? { part } : {}), end }
}

export function readTimes(text: Text, language?: Language): TimeMention[] {
  const toks = text.workTokens()
  const times: TimeMention[] = []
  let usedUntil = -1
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as Tok
    if (i <= usedUntil || tok.token.startsWith('#')) continue
    const prev = toks[i - 1]?.token
    const cue = cueBefore(toks, i, language, usedUntil >= 0 && usedUntil >= i - 2)
    const core = readClock(toks, i, cue.italian, cue.has)
    if (!core) continue
    const last = toks[core.end - 1] as Tok
    const after = toks[core.end]?.token
    const { part, end: partEnd } = partAround(toks, i, core.end)
    const isNumberLed = /^\d/.test(tok.token)
    const quarterDot = /^(?:[7-9]|1\d|2[01])\.(?:00|15|30|45)\.?$/.test(tok.token)
    if (isNumberLed && !core.strong && !cue.has && !part && !core.ampm && !quarterDot) continue
    if (isNumberLed && after !== undefined && UNIT_WORDS.has(after) && !core.strong) continue
    if (NUMBER_BEFORE_BLOCKERS.has(prev ?? '')) continue
    if (core.clockWord && core.cue === 'fr' && DURATION_BEFORE.has(prev ?? '') && !cue.has) continue
    // "9.30" is a time when its minutes are a quarter of a salon hour ("9.30", "14.45"), else it needs a cue
    if (/^\d{1,2}\.\d{2}/.test(tok.token) && !quarterDot && !cue.has && !core.clockWord && !core.ampm && !part) continue
    // German "am" after an hour is "on the…", not a.m.
    if (core.ampm === 'am' && (language === 'de' || cue.token === 'um')) {
      core.ampm = undefined
      core.end--
    }
    const approxBefore = approximateBefore(text.before(tok.start, 4))
    const approxAfter = text.after(last.end, 2).some((w) => APPROX_AFTER.has(w)) || toks[core.end - 1]?.token === 'ish'
    const cueLanguage =
      core.cue ?? (cue.token !== undefined ? TIME_CUES.get(cue.token) : undefined) ?? (cue.a ? 'fr' : undefined)
    times.push({
      start: (cue.has && cue.token !== undefined ? (toks[cue.index] as Tok) : tok).start,
      end: (toks[Math.max(partEnd, core.end) - 1] as Tok).end,
      hour: core.hour,
      minute: core.minute,
      twentyFour: core.twentyFour === true || core.hour === 0 || core.hour >= 13,
      clockWord: core.clockWord === true || prev === 'ore',
      ...(core.ampm ? { ampm: core.ampm } : {}),
      ...(part ? { part } : {}),
      approximate: approxBefore || approxAfter,
      ...(cueLanguage ? { cueLanguage } : {}),
    })
    usedUntil = Math.max(partEnd, core.end) - 1
  }
  return times
}

/** "around 3", "vers 13h30", "gegen 14 Uhr", "verso le 14" (but not "how about 3"). Words nearest first. */
export function approximateBefore(words: string[]): boolean {
  for (let i = 0; i < words.length && i < 3; i++) {
    const word = words[i] as string
    if (APPROX_BEFORE.has(word)) return !(word === 'about' && (words[i + 1] === 'how' || words[i + 1] === 'what'))
    if (!APPROX_SKIP.has(word)) return false
  }
  return false
}

/** Minutes after midnight, or both readings of an hour that does not say which half of the day. */
export function resolveTime(t: TimeMention, part: PartOfDay | undefined, language?: Language): number | number[] {
  const minutes = (h: number) => h * 60 + t.minute
  if (t.ampm === 'pm') return minutes(t.hour < 12 ? t.hour + 12 : t.hour)
  if (t.ampm === 'am') return minutes(t.hour === 12 ? 0 : t.hour)
  const p = t.part ?? part
  if (t.hour >= 1 && t.hour <= 11 && !t.twentyFour) {
    if (p === 'afternoon' || p === 'evening') return minutes(t.hour + 12)
    if (p === 'midday' && t.hour <= 3) return minutes(t.hour + 12)
    if (p === 'morning' || p === 'midday') return minutes(t.hour)
  }
  if (t.twentyFour || t.hour === 0 || t.hour >= 12) return minutes(t.hour)
  if (t.clockWord) return minutes(t.hour)
  const lang = t.cueLanguage ?? language
  if (lang === 'fr') return minutes(t.hour)
  return [minutes(t.hour), minutes(t.hour + 12)]
}
