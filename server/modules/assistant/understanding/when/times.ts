/**
 * Times of day: every clock time of the message that reads as one ("à 15h", "at 3pm", "um halb 3",
 * "alle 9 e mezza", "17h30", "5.30pm", a bare "14" only after a cue), with the part of the day said
 * next to it ("5 in the evening", "ce soir à 8h") and whether it is approximate ("vers 13h30");
 * then `resolveTime`: minutes after midnight, or both readings of an hour that does not say which
 * half of the day.
 */
import type { Language } from '../../../../../common/languages'
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

export function readTimes(text: Text, language?: Language): TimeMention[] {
  const toks = text.workTokens()
  const times: TimeMention[] = []
  const usedUntil = { index: -1 }
  for (let i = 0; i < toks.length; i++) {
    if (i <= usedUntil.index) continue
    const tok = toks[i] as Tok
    if (tok.token.startsWith('#')) continue
    const prev = (k: number) => toks[i - k]?.token
    // Cue before: "à", "at", "um", "alle", "verso le", "vers les", "alle ore"
    let cueIndex = i - 1
    while (cueIndex >= 0 && ['le', 'les', 'the', 'ore'].includes(toks[cueIndex]?.token ?? '') && cueIndex > i - 3)
      cueIndex--
    const cueToken = toks[cueIndex]?.token
    const italianLe = language === 'it' && prev(1) === 'le'
    const aCue = prev(1) === 'a' && (language === 'fr' || language === 'it' || language === undefined)
    const hasCue = (cueToken !== undefined && TIME_CUES.has(cueToken)) || prev(1) === 'ore' || italianLe || aCue
    const italianCue = ITALIAN_CUES.has(cueToken ?? '') || italianLe
    const core = readClock(toks, i, italianCue, hasCue)
    if (!core) continue
    const last = toks[core.end - 1] as Tok
    const after = toks[core.end]?.token
    // Part of the day just before ("evening 4", "in the afternoon 1") or just after ("5 in the evening")
    let part: PartOfDay | undefined
    if (isPartMarker(prev(1))) part = PART_OF[prev(1) as string]
    let partEnd = core.end
    for (let k = core.end; k < toks.length && k < core.end + 4; k++) {
      const token = toks[k]?.token as string
      if (isPartMarker(token)) {
        part = PART_OF[token]
        partEnd = k + 1
        break
      }
      if (!PART_FILLERS.has(token)) break
    }
    const isNumberLed = /^\d/.test(tok.token)
    const quarterDot = /^(?:[7-9]|1\d|2[01])\.(?:00|15|30|45)\.?$/.test(tok.token)
    if (isNumberLed && !core.strong && !hasCue && !part && !core.ampm && !quarterDot) continue
    if (isNumberLed && after !== undefined && UNIT_WORDS.has(after) && !core.strong) continue
    if (NUMBER_BEFORE_BLOCKERS.has(prev(1) ?? '')) continue
    if (core.clockWord && core.cue === 'fr' && DURATION_BEFORE.has(prev(1) ?? '') && !hasCue) continue
    // "9.30" is a time when its minutes are a quarter of a salon hour ("9.30", "14.45"), else it needs a cue
    if (/^\d{1,2}\.\d{2}/.test(tok.token) && !quarterDot && !hasCue && !core.clockWord && !core.ampm && !part) continue
    // German "am" after an hour is "on the…", not a.m.
    if (core.ampm === 'am' && (language === 'de' || cueToken === 'um')) {
      core.ampm = undefined
      core.end--
    }
    const approxBefore = approximateBefore(text.before(tok.start, 4))
    const approxAfter = text.after(last.end, 2).some((w) => APPROX_AFTER.has(w)) || toks[core.end - 1]?.token === 'ish'
    const cueLanguage =
      core.cue ?? (cueToken !== undefined ? TIME_CUES.get(cueToken) : undefined) ?? (aCue ? 'fr' : undefined)
    times.push({
      start: (hasCue && cueToken !== undefined ? (toks[cueIndex] as Tok) : tok).start,
      end: (toks[Math.max(partEnd, core.end) - 1] as Tok).end,
      hour: core.hour,
      minute: core.minute,
      twentyFour: core.twentyFour === true || core.hour === 0 || core.hour >= 13,
      clockWord: core.clockWord === true || prev(1) === 'ore',
      ...(core.ampm ? { ampm: core.ampm } : {}),
      ...(part ? { part } : {}),
      approximate: approxBefore || approxAfter,
      ...(cueLanguage ? { cueLanguage } : {}),
    })
    usedUntil.index = Math.max(partEnd, core.end) - 1
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
