/**
 * The canonical tokens of a message as one text that the readers scan (`Text`, `scan`), and the
 * mentions they find in it: dates, periods, times, parts of the day, windows of the day. A span
 * once read is overwritten with '#', so that no two readers take the same words.
 */
import type { Language } from '@common/languages'
import type { Period } from './calendar'
import type { PartOfDay } from './types'

export type Tok = { token: string; start: number; end: number }

export interface Mention {
  start: number
  end: number
}

export interface DateMention extends Mention {
  /** explicit: a day number was written; weekday: a weekday alone; relative: today, tomorrow, in 3 days… */
  kind: 'explicit' | 'weekday' | 'relative'
  date?: string
  past?: boolean
  /** A day of month without a month, re-resolved when a weekday goes with it. */
  dayOfMonth?: number
  weekday?: number
  /** A weekday said alone ("mardi", "on Tuesday", "le mercredi"): it lands in a period spoken of. */
  plainWeekday?: boolean
  /** "mercredi prochain" said on a Tuesday: this week's and next week's (see `dateAlternatives`). */
  alternatives?: string[]
  /** "dans 2 semaines", "in 2 weeks": the Monday–Sunday week of the date, where a weekday lands. */
  week?: Period
}

export interface RangeMention extends Mention {
  from: string
  to: string
}

export interface TimeMention extends Mention {
  hour: number
  minute: number
  /** Minutes were given with a leading-zero hour ("09:30") or the hour is 0 or 13–23. */
  twentyFour: boolean
  /** French "h"/"heures", German "Uhr", Italian "ore": read on the 24-hour clock. */
  clockWord: boolean
  /** "am"/"pm" written after the time. */
  ampm?: 'am' | 'pm'
  part?: PartOfDay
  approximate: boolean
  /** Languages hinted at by the words around ("à", "um", "alle", "at"…). */
  cueLanguage?: Language
}

export interface PartMention extends Mention {
  part: PartOfDay
  edge?: 'early' | 'late'
}

/** "entre 14h et 16h", "after 5pm": minutes after midnight, end exclusive. */
export interface TimeRangeMention extends Mention {
  from: number
  to: number
}

export const PART_OF: Record<string, PartOfDay> = {
  PMORN: 'morning',
  PMID: 'midday',
  PAFT: 'afternoon',
  PEVE: 'evening',
}

/** The joined canonical tokens, with helpers to look at the words around a span. */
export class Text {
  readonly text: string
  /** Same length as `text`; spans already read are overwritten with '#'. */
  work: string
  /** Offset of each token in `text`. */
  private readonly starts: number[]

  constructor(readonly tokens: string[]) {
    this.text = tokens.join(' ')
    this.work = this.text
    this.starts = []
    let offset = 0
    for (const token of tokens) {
      this.starts.push(offset)
      offset += token.length + 1
    }
  }

  /** Marks spans as read, all at once. */
  consume(spans: readonly (readonly [number, number])[]): void {
    if (spans.length === 0) return
    let work = ''
    let from = 0
    for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
      work += this.work.slice(from, start) + '#'.repeat(end - start)
      from = end
    }
    this.work = work + this.work.slice(from)
  }

  /** Index of the first token starting at or after `offset`. */
  private indexAt(offset: number): number {
    let low = 0
    let high = this.starts.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.starts[mid] as number) < offset) low = mid + 1
      else high = mid
    }
    return low
  }

  /** Tokens before `start`, nearest first. */
  before(start: number, count = 4): string[] {
    const index = this.indexAt(start)
    return this.tokens.slice(Math.max(0, index - count), index).reverse()
  }

  /** Tokens after `end`, nearest first. */
  after(end: number, count = 4): string[] {
    const index = this.indexAt(end)
    return this.tokens.slice(index, index + count)
  }

  /** Unread tokens with their offsets (read ones are runs of '#'). */
  workTokens(): Tok[] {
    const out: Tok[] = []
    const re = /\S+/g
    for (let m = re.exec(this.work); m; m = re.exec(this.work))
      out.push({ token: m[0], start: m.index, end: m.index + m[0].length })
    return out
  }
}

/** Runs `pattern` (whole tokens) over the unread text; each match that `read` accepts is consumed. */
export function scan(text: Text, pattern: string, read: (m: RegExpExecArray) => boolean): void {
  const re = new RegExp(`(?<=^| )(?:${pattern})(?= |$)`, 'g')
  const matches: RegExpExecArray[] = []
  for (let m = re.exec(text.work); m; m = re.exec(text.work)) matches.push(m)
  const spans: [number, number][] = []
  for (const m of matches) if (read(m)) spans.push([m.index, m.index + m[0].length])
  text.consume(spans)
}
