/** What `parseWhen` returns, and what it is told about the conversation. */
import type { Language } from '@common/languages'

export type PartOfDay = 'morning' | 'midday' | 'afternoon' | 'evening'

export interface WhenContext {
  /** Today's date in the salon's time zone, 'YYYY-MM-DD'. */
  today: string
  /** The language the message is written in, when known (helps with ambiguous words); optional. */
  language?: Language
  /** A period the conversation already spoke of ("next week sometime"): a weekday alone lands in it. */
  week?: { from: string; to: string }
  /**
   * A day the conversation speaks of (the day being booked, the appointment being moved): a weekday
   * with a day number that does not fit the coming month ("mardi 2", "vendredi 5") is looked for
   * from that day's month on. Without it, `week.from` serves.
   */
  near?: string
  /** The salon's country (ISO 3166 alpha-2): its national day. */
  country?: string
}

export interface When {
  /** The day asked for, resolved against today ('YYYY-MM-DD'); absent when no day is given. */
  date?: string
  /** A period instead of a day: "next week", "this week", "la semaine prochaine", "nächste Woche", "la settimana prossima" (Monday..Sunday; this week starts today). */
  range?: { from: string; to: string }
  /** A window of the day: "entre 14h et 16h", "after 5pm", "zwischen 10 und 12" (minutes after midnight, end exclusive). */
  timeRange?: { from: number; to: number }
  /** A weekday that could mean two days ("mercredi prochain" said on a Tuesday): both, to ask which. `date` is the first. */
  dateAlternatives?: string[]
  /** The time asked for, minutes after midnight (14:30 → 870). */
  time?: number
  /** Times offered as alternatives ("um 10 oder um 16 Uhr", "11am, 2pm or 5pm", "alle 10 o alle 11"): each, in the order written, an hour without am/pm read within 7:00–21:00. `time`/`timeOptions` hold the first as before. */
  timeAlternatives?: number[]
  /** When the hour alone does not say morning or afternoon ("at 4", "um 4", "alle 4"; French "à 4h" is 24-hour, see the rules above): both readings, e.g. [240, 960]. `time` is then absent. */
  timeOptions?: number[]
  /** A part of the day without an exact time ("in the morning", "l'après-midi", "am Nachmittag", "di pomeriggio", "en début d'après-midi" → afternoon + early). */
  partOfDay?: PartOfDay
  /** "early afternoon", "début d'après-midi", "am frühen Nachmittag", "primo pomeriggio" → 'early'; "late morning", "fin de matinée", "späten Vormittag", "tarda mattinata" → 'late'. */
  partOfDayEdge?: 'early' | 'late'
  /** "around 13:30", "vers 13h30", "gegen 14 Uhr", "verso le 14", "circa" → true. */
  approximate?: boolean
  /** "the first free slot", "as soon as possible", "le plus tôt possible", "premier créneau", "so bald wie möglich", "nächsten freien Termin", "il prima possibile", "primo posto libero" → true. */
  earliest?: boolean
  /** A date was written that lies before today: yesterday/hier/gestern/ieri, "last Friday", an explicit past year, or a day and month without year that passed at most 6 months ago ("le 3 novembre" when today is 1 December → 2026-11-03). A day and month that passed more than 6 months ago means next year instead ("15 janvier" on 1 December). */
  pastDate?: boolean
  /** "même heure", "à la même heure", "same time", "gleiche Zeit", "zur gleichen Uhrzeit", "stessa ora", "alla stessa ora": the time already spoken of in the dialogue stays. No time is made up for it: `time`/`timeOptions` are set only when a time is written as well. */
  sameTime?: true
  /**
   * What the message rules out: "pas le samedi", "egal welcher Tag außer Freitag", "tutto tranne
   * giovedì", "not in the morning", "not at 9". Weekdays 0 = Monday. Never read as the wish itself.
   */
  excluded?: Exclusions
  /** A day the month does not have ("le 31 février", "30 febbraio", "31 April"): said to be impossible. */
  impossibleDate?: { day: number; month: number }
}

export interface Exclusions {
  dates?: string[]
  weekdays?: number[]
  partsOfDay?: PartOfDay[]
  /** Minutes after midnight. */
  times?: number[]
}
