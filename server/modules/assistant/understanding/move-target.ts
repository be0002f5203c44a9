import type { Language } from '@common/languages'
import { fold } from './text'

/**
 * A move names which appointment, then where to: "décaler celui du 17 à vendredi 19 février à 10h",
 * "den um 11 Uhr auf Dienstag verschieben", "spostare quello di sabato a martedì alle 15", "move the
 * 3pm one to Friday". Read as one, the two days or times run together (the 17th and the 19th): the
 * message is cut at the word that says where to, the first one followed by a day or a time, so the
 * part before points at the appointment and the part after is the new time.
 */
export interface MoveParts {
  /** What names the appointment ("celui du 17"). */
  which: string
  /** Where it goes ("vendredi 19 février à 10h"). */
  to: string
}

/** The words that say where to, per language (on the folded text, between spaces). */
const TO: Record<Language, RegExp> = {
  fr: / (?:a|au|pour) /g,
  de: / (?:auf|zum|zur|nach) /g,
  it: / (?:a|al|ad|per) /g,
  en: / (?:to|for|until) /g,
}

/**
 * The ways of cutting the message, first cut first, where the part after names a day or a time
 * ("I'd like | to move the Wednesday one to Saturday" comes before "…the Wednesday one | to
 * Saturday": the caller keeps the first whose part before names an appointment).
 */
export function* moveCuts(
  message: string,
  language: Language,
  namesWhen: (text: string) => boolean,
): Generator<MoveParts> {
  // Folding keeps the length of these messages' letters (accents go, the letter stays).
  const folded = ` ${fold(message)} `
  if (folded.length !== message.length + 2) return
  for (const match of folded.matchAll(TO[language])) {
    const cut = match.index
    const which = message.slice(0, Math.max(0, cut - 1)).trim()
    const to = message.slice(cut - 1 + match[0].length).trim()
    if (which && to && namesWhen(to)) yield { which, to }
  }
}

/**
 * A day of the month said alone ("celui du 17", "den am 17.", "quello del 17", "the one on the
 * 17th"): it names an appointment on any month's 17th.
 */
export function dayOfMonthAlone(text: string): number | undefined {
  const folded = fold(text)
  if (MONTH_WORD.test(folded)) return undefined
  const day = /\b(?:du|le|am|vom|del|dell|il|on the|the)\s+(\d{1,2})(?:er|st|nd|rd|th|\.)?(?:\s|$|[?!,.])/.exec(
    `${folded} `,
  )?.[1]
  const n = Number(day)
  return day && n >= 1 && n <= 31 ? n : undefined
}

const MONTH_WORD =
  /\b(?:janv(?:ier)?|fevr(?:ier)?|mars|avr(?:il)?|mai|juin|juil(?:let)?|aout|sept(?:embre)?|oct(?:obre)?|nov(?:embre)?|dec(?:embre)?|januar|jan|februar|feb|marz|april|apr|juni|juli|august|aug|september|sep|oktober|dezember|dez|gennaio|gen|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|set|ottobre|ott|dicembre|dic|january|february|march|mar|may|june|jun|july|jul|october|december)\b|\d{1,2}[./]\d{1,2}/
