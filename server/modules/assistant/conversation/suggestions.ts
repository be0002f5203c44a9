import type { Language } from '@common/languages'
import { formatDay, formatTime } from '../format'
import { minutesOf } from './slots'
import type { ConversationState } from './state'

/**
 * The answers a customer can tap instead of typing, for what the last reply asks: yes or no to a
 * proposal, one of the times offered, which service, which day, which appointment. `label` is the
 * button; `says` is what a tap sends as the customer's own message, words the assistant reads as if
 * typed ("oui", "vendredi 4 décembre à 14:30", "Coupe homme") — so the transcript reads naturally
 * and a language model reads a tap as it reads a message. Channel-neutral: the web chat shows
 * buttons, Instagram quick replies.
 */
export interface Suggestion {
  label: string
  says: string
}

/** Instagram takes 13 quick replies; a list longer than a phone's screen helps nobody. */
export const MAX_SUGGESTIONS = 9

/** What a suggestion needs of a service: its name, and its name in the customer's language. */
type NamedService = { id: string; name: string; translations: Partial<Record<Language, string>> }

export function suggestionsFor(
  state: ConversationState,
  language: Language,
  services: readonly NamedService[],
): Suggestion[] {
  const words = WORDS[language]
  const pending = state.pending
  if (pending?.kind === 'cancel') {
    return [
      { label: words.cancelYes, says: words.yes },
      { label: words.keep, says: words.no },
    ]
  }
  if (pending?.kind === 'book' || pending?.kind === 'move') {
    return [
      { label: pending.kind === 'book' ? words.bookYes : words.moveYes, says: words.yes },
      { label: words.otherTime, says: words.no },
    ]
  }
  if (pending?.kind === 'choose_service') {
    return pending.serviceIds
      .map((id) => services.find((s) => s.id === id))
      .filter((s) => s !== undefined)
      .map((s) => {
        const name = s.translations[language] ?? s.name
        return { label: name, says: name }
      })
      .slice(0, MAX_SUGGESTIONS)
  }
  if (pending?.kind === 'choose_day') {
    return pending.dates
      .map((date) => ({ label: shortDay(date, language), says: formatDay(date, language) }))
      .slice(0, MAX_SUGGESTIONS)
  }
  if (pending?.kind === 'choose_booking') {
    // Two at the same time (two people booked at once): the member tells them apart.
    const sameStart = (start: string) => pending.options.filter((o) => o.start === start).length > 1
    return pending.options
      .map((option) => {
        const member = option.member && sameStart(option.start) ? option.member : undefined
        const names = option.serviceNames.map((name) => nameIn(services, name, language)).join(' + ')
        const day = shortDay(option.start.slice(0, 10), language)
        return {
          label: [day, formatTime(minutesOf(option.start)), names, member].filter(Boolean).join(' · '),
          says: member
            ? `${dayAndTime(option.start, language)} ${words.with} ${member}`
            : dayAndTime(option.start, language),
        }
      })
      .slice(0, MAX_SUGGESTIONS)
  }
  // A full day: the other times offered, and the waiting list for that day.
  const waitlist = state.fullDay ? [{ label: words.waitlist, says: words.waitlistSays }] : []
  const offered = (state.offered ?? []).slice(0, MAX_SUGGESTIONS - waitlist.length)
  const oneDay = offered.every((start) => start.slice(0, 10) === offered[0]?.slice(0, 10))
  const times = offered.map((start) => {
    const time = formatTime(minutesOf(start))
    return oneDay
      ? { label: time, says: time }
      : { label: `${shortDay(start.slice(0, 10), language)} · ${time}`, says: dayAndTime(start, language) }
  })
  return [...times, ...waitlist]
}

/** A service by the salon's name, in the customer's language when the salon has it. */
function nameIn(services: readonly NamedService[], name: string, language: Language): string {
  const service = services.find((s) => s.name === name)
  return service?.translations[language] ?? name
}

/** "vendredi 4 décembre à 14:30": a day and a time the assistant reads back to the same start. */
function dayAndTime(localStart: string, language: Language): string {
  return `${formatDay(localStart.slice(0, 10), language)} ${WORDS[language].at} ${formatTime(minutesOf(localStart))}`
}

const shortFormats = new Map<Language, Intl.DateTimeFormat>()

/** "ven. 4 déc.", "Fr., 4. Dez.": a day on a button. */
function shortDay(date: string, language: Language): string {
  let format = shortFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    shortFormats.set(language, format)
  }
  return format.format(new Date(`${date}T12:00:00Z`))
}

const WORDS: Record<
  Language,
  {
    yes: string
    no: string
    bookYes: string
    moveYes: string
    otherTime: string
    cancelYes: string
    keep: string
    at: string
    with: string
    waitlist: string
    waitlistSays: string
  }
> = {
  fr: {
    yes: 'oui',
    no: 'non',
    bookYes: 'Oui, je réserve',
    moveYes: 'Oui, le déplacer',
    otherTime: 'Un autre moment',
    cancelYes: 'Oui, annuler',
    keep: 'Non, le garder',
    at: 'à',
    with: 'avec',
    waitlist: "Liste d'attente",
    waitlistSays: "Mettez-moi sur liste d'attente",
  },
  de: {
    yes: 'ja',
    no: 'nein',
    bookYes: 'Ja, buchen',
    moveYes: 'Ja, verschieben',
    otherTime: 'Andere Zeit',
    cancelYes: 'Ja, absagen',
    keep: 'Nein, behalten',
    at: 'um',
    with: 'bei',
    waitlist: 'Warteliste',
    waitlistSays: 'Bitte auf die Warteliste',
  },
  it: {
    yes: 'sì',
    no: 'no',
    bookYes: 'Sì, prenoto',
    moveYes: 'Sì, spostalo',
    otherTime: 'Un altro orario',
    cancelYes: 'Sì, annulla',
    keep: 'No, lo tengo',
    at: 'alle',
    with: 'con',
    waitlist: "Lista d'attesa",
    waitlistSays: "Mi metta in lista d'attesa",
  },
  en: {
    yes: 'yes',
    no: 'no',
    bookYes: 'Yes, book it',
    moveYes: 'Yes, move it',
    otherTime: 'Another time',
    cancelYes: 'Yes, cancel',
    keep: 'No, keep it',
    at: 'at',
    with: 'with',
    waitlist: 'Waiting list',
    waitlistSays: 'Put me on the waiting list',
  },
}
