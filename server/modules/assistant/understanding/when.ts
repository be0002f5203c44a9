/**
 * WHEN a customer wants an appointment, read from free text in French, German, Italian or English:
 * a day (or a period), a time (or both readings of an hour that does not say morning or afternoon),
 * a window of the day, a part of the day, and a few flags. No external service.
 *
 * Where each thing is read (all under `when/`):
 *   parse.ts        `parseWhen`: the order of the readers, and how their findings become a `When`
 *   canonical.ts    the canonical tokens ("en fin de matinée" → "en LATE de PMORN"), typos, number words
 *   vocabulary.ts   word lists: weekdays, months, parts of the day, edges (début/fin, early/late…)
 *   phrases.ts      phrases: "après-midi", "la semaine prochaine", "übernächste Woche", "asap"…
 *   cue-words.ts    word lists: time cues (à, at, um, alle), approximation, windows, negations
 *   calendar.ts     date arithmetic: weekdays, weeks, months and their thirds, periods
 *   dates.ts        dates: "15/12", "9 décembre", "Do 17.12.", "mardi 2", "next Wednesday", "le 1er"
 *   relative.ts     today/tomorrow, "in 3 days", "dans 15 jours", weeks, weekends, months, "fin janvier"
 *   time-ranges.ts  windows: "entre 14h et 16h", "after 5pm", "ab 15 Uhr", "prima delle 10"
 *   clock.ts        one clock time: "17h30", "halb 3", "quarter past ten", "e mezza", "5.30pm"
 *   times.ts        which numbers are times, and morning or afternoon
 *   day-parts.ts    parts of the day and edges: "en fin de matinée", "am späten Nachmittag", "primo pomeriggio"
 *   choose.ts       choosing among several mentions
 *
 * Rules for what is ambiguous (documented for the dialogue that uses the answer):
 * - An hour 1–11 without a cue (am/pm, "in the afternoon", "du soir", "nachmittags", "di sera"…)
 *   is ambiguous in English, German and Italian: `timeOptions: [h, h + 12]` (in minutes). French is
 *   read on the 24-hour clock ("à 4h" → 04:00), and so is German with "Uhr" ("um 4 Uhr" → 04:00)
 *   and Italian with "ore" ("alle ore 9" → 09:00). A part of the day said next to the hour or in
 *   the same sentence settles it ("ce soir à 8h" → 20:00, "evening 4" → 16:00). 12 is noon;
 *   0, 13–23 and a leading zero ("09:30") are never ambiguous. Minutes do not settle it
 *   ("alle 9:30" → [570, 1290]). A bare number is a time only with a cue (à, at, um, alle, h, Uhr,
 *   ":", am/pm, o'clock, a part of the day); "9.30" counts for quarter hours from 7 to 21.
 * - A window of the day ("entre 14h et 16h", "between 2 and 4pm", "zwischen 10 und 12", "dalle 15
 *   alle 17"; "after 5pm", "ab 15 Uhr", "à partir de 15h" run to 24:00; "avant 10h", "before 10am",
 *   "bis 12 Uhr", "prima delle 10" from 00:00; "pas avant 10h" is after 10) is `timeRange`, end
 *   exclusive, and is not also a `time`. An hour 1–11 without am/pm takes the reading that makes a
 *   plausible salon window: both ends within 7:00–21:00, start before end, most of it within
 *   9:00–19:00 ("between 2 and 4" → 14:00–16:00, "between 9 and 11" → 09:00–11:00); alone,
 *   "after 5" is 17:00 and "before 3" 15:00 (the reading within 7:00–20:00, resp. 8:00–21:00).
 * - Weekday alone, "this <weekday>", "le samedi", "samstags": the next such day, today included.
 *   "<weekday> next week", "mardi de la semaine prochaine": that day in the next Monday–Sunday week.
 *   "last <weekday>" & co: the previous one (pastDate).
 * - "next <weekday>", "<weekday> prochain", "nächsten/kommenden <weekday>", "<weekday> prossimo":
 *   the next such day after today; when that weekday is still to come in this Monday–Sunday week
 *   ("mercredi prochain" said on a Tuesday) it is ambiguous: `dateAlternatives` holds this week's and
 *   next week's, and `date` is the first. "this coming <weekday>", "mercredi qui vient" are not.
 * - A weekday said alone lands in the period said with it ("dans 2 semaines le mercredi", "début
 *   janvier un samedi", "tra due settimane il martedì") or else, when the message names no other
 *   day, in the conversation's period `context.week` ("next week sometime" … "tuesday" → next
 *   week's Tuesday, never today); a day of the month alone lands in that period when it has one
 *   ("im Februar" … "am 3." → 3 February).
 * - A weekday with a day number ("next Wednesday the 9th", "samedi 5 décembre", "am Donnerstag,
 *   dem 17. Dezember", "Do., 17.12."): the number wins; without a month, the first month within
 *   the next seven whose day falls on that weekday ("mardi 2" said on 1 December → 2 February),
 *   else the day number alone.
 * - Day of month alone ("the 12th", "le 12", "le 1er", "am 12.", "am ersten", "il 12", "il 1°"): this
 *   month unless passed, else the next month that has it. An ordinal word alone ("le premier",
 *   "il primo", "the first") is a day only after a preposition ("am ersten", "on the first") or
 *   before a time, a weekday or a part of the day ("le premier à 10h"): alone it picks an offer.
 *   "1er créneau", "1st available" are the earliest time, not a day.
 * - Day and month without a year: this year's date when it passed at most 6 months ago (then
 *   `pastDate`: "November 30" on 1 December), else the next such date, today included ("15
 *   janvier" on 1 December is next year).
 * - A month alone ("en mars", "im Februar", "a febbraio", "in March", after a word like en/in/im/a)
 *   is a `range` over that month from today on: the next such month, this one when today is in it.
 *   Its thirds: "début/mi/fin janvier", "Anfang/Mitte/Ende Januar", "inizio/metà/fine gennaio",
 *   "early/mid/late January" are the 1st–10th, 11th–20th and 21st–last; "fin du mois" this month's.
 * - "in N days" is that day. "dans 2 semaines", "in zwei Wochen", "tra due settimane", "two weeks
 *   from today" are that day, 14 days on; French "dans huit/quinze jours" and Italian "fra 8/15
 *   giorni" are 7/14 days (a week, two weeks: the same weekday), German "in 14 Tagen" 14 days.
 * - Periods: "this week" from today to Sunday; "next week" Monday–Sunday; "the week after next",
 *   "übernächste Woche" the one after; "la semaine d'après", "the following week", "die Woche
 *   danach" the week after the conversation's (next week when there is none); "next weekend" the
 *   weekend of next week; "this weekend"/"ce week-end"/"dieses Wochenende"/"questo fine settimana"
 *   the coming one (from today when it is already the weekend); "next month"/"le mois prochain" the
 *   whole next month. A date, when there is one, wins over a period.
 * - Parts of the day: morning, midday ("à l'heure du déjeuner", "mittags", "at lunchtime",
 *   "all'ora di pranzo"), afternoon ("after lunch" too), evening ("after work" too), morning for
 *   "before lunch"; edges early/late ("en début
 *   d'après-midi", "late morning", "am späten Nachmittag", "in tarda mattinata", "primo pomeriggio").
 * - A full stop, "!", "?", "…" or "," after a time ends the sentence, not the time ("à 18h30." is
 *   18:30; "alle 9.30." is a time, not a date with the closing dot).
 * - "même heure", "same time", "zur gleichen Zeit", "alla stessa ora": `sameTime`, no time invented.
 * - Times offered as alternatives ("um 10 oder um 16 Uhr", "11am, 2pm or 5pm", "à 10h ou 11h"):
 *   `timeAlternatives` lists each (an hour without am/pm read within 7:00–21:00), and `time` or
 *   `timeOptions` is the first as below. A bare number after a time and "or"/"," is a time too.
 * - Several dates or times: a negated one ("pas mardi", "not Tuesday", "instead of…") is dropped;
 *   one marked as the new choice ("… instead", "plutôt …", "lieber …", "invece …", or after "to"
 *   when the message changes something: "change the time to 11:45") wins, the last such;
 *   otherwise the first one.
 * - German "morgen" is tomorrow, but the morning after heute/gestern/am/jeden/a weekday ("heute
 *   Morgen", "Montag morgen"); "morgen früh" is tomorrow morning. French "hier" is yesterday only
 *   when the message is French (German "hier" is "here").
 * - Customers' spelling: typos one letter off a weekday or month ("vendredie", "mercedi",
 *   "donnerstg"), abbreviations ("jeu 10", "ven à 10h", "Do 3.12", "am Fr", "thurs", "wed 9th").
 */
import type { Language } from '@common/languages'
import { canonicalize } from './when/canonical'

export { parseWhen } from './when/parse'
export type { Exclusions, PartOfDay, When, WhenContext } from './when/types'

import type { When } from './when/types'

/** Whether a reading says anything about when (a day, a period, a time, a part of the day, "the earliest"). */
export const hasWhen = (when: When): boolean =>
  when.date !== undefined ||
  when.time !== undefined ||
  when.timeOptions !== undefined ||
  when.partOfDay !== undefined ||
  when.range !== undefined ||
  when.timeRange !== undefined ||
  when.earliest === true

/**
 * The weekday a message names its day by, when it names it by the weekday alone ("celui de
 * samedi", "den am Freitag", "the saturday one"; 0 = Monday): such a day points at an appointment
 * on that weekday, whichever week it is in.
 */
export function weekdayNamedAlone(message: string, language?: Language): number | undefined {
  // "the saturday one": that "one" is no day number.
  const tokens = canonicalize(message.replace(/\bones?\b/gi, ' '), language).tokens
  if (tokens.some((t) => /^MO\d{1,2}$/.test(t) || /^\d+[./-]\d+/.test(t))) return undefined
  const weekdays = tokens.flatMap((t, i) => (/^WD\d$/.test(t) ? [i] : []))
  // "samedi 5", "Saturday the 5th", "am 5. Samstag": a day number next to the weekday dates it.
  const dayNumber = (i: number) => /^\d{1,2}\.?$/.test(tokens[i] ?? '') && !HOUR_AFTER.has(tokens[i + 1] ?? '')
  const next = (i: number) => (ARTICLES.has(tokens[i + 1] ?? '') ? i + 2 : i + 1)
  if (weekdays.length !== 1 || weekdays.some((i) => dayNumber(next(i)) || dayNumber(i - 1))) return undefined
  return Number((tokens[weekdays[0] as number] ?? '').slice(2))
}

const ARTICLES = new Set(['the', 'le', 'la', 'den', 'der', 'il', 'lo'])
/** After a number, the words that make it an hour ("jeudi 3 h", "thursday 3pm"), not a day. */
const HOUR_AFTER = new Set(['h', 'heure', 'heures', 'uhr', 'pm', 'am', 'OCLOCK', 'ore'])
