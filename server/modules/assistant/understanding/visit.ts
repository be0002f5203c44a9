import { isServiceWord, matchServices, type ServiceRef } from './services'
import { fold, words } from './text'

/**
 * Several services, or several people, in one message: "coupe + brushing", "a colour and a womens
 * cut", "pour moi et ma fille, deux coupes femme", "siamo in 3, tre tagli uomo". The message is cut
 * where it joins things ("+", ",", et/and/und/e, puis/then/danach/poi); each piece that names a
 * service is one part of the visit, in the order said, repeated when a number stands before it.
 * A single service for several people ("haarschnitt für mich und meine tochter") is repeated once
 * per person. A part whose service is not clear ("deux coupes": women's or men's?) keeps its
 * options, to be asked.
 */
export interface VisitPart<T extends ServiceRef> {
  /** The salon's active services this part may mean: one is clear, several a choice to ask. */
  options: T[]
  count: number
}

export interface VisitWish<T extends ServiceRef> {
  parts: VisitPart<T>[]
  /** Appointments asked for in all (parts × their counts). */
  total: number
  /**
   * For several people at once ("moi et ma fille", "deux coupes": one person takes one cut): each
   * at the same time with a member of their own — unless asked one after the other.
   */
  together: boolean
}

const JOINS =
  /\s*(?:\+|&|,|;|\bet\b|\band\b|\bund\b|\be\b|\bpuis\b|\bthen\b|\bdanach\b|\bpoi\b|\bensuite\b|\bplus\b)\s*/

/** "deux", "2", "zwei", "due", "both", "beide"… standing right before a service. */
const COUNTS = new Map<string, number>([
  ...(['2', 'deux', 'zwei', 'zwo', 'due', 'two', 'both', 'beide', 'entrambi'] as const).map((w) => [w, 2] as const),
  ...(['3', 'trois', 'drei', 'tre', 'three'] as const).map((w) => [w, 3] as const),
  ...(['4', 'quatre', 'vier', 'quattro', 'four'] as const).map((w) => [w, 4] as const),
])

/** People a message books for: "moi", "ma fille", "my son", "meine Tochter", "mio marito"… */
const PEOPLE = new Set([
  'moi',
  'fille',
  'fils',
  'mari',
  'epouse',
  'enfant',
  'soeur',
  'mere',
  'amie',
  'copine',
  'copain',
  'mich',
  'tochter',
  'sohn',
  'mann',
  'kind',
  'schwester',
  'mutter',
  'freundin',
  'io',
  'figlia',
  'figlio',
  'marito',
  'moglie',
  'sorella',
  'madre',
  'amica',
  'daughter',
  'son',
  'husband',
  'wife',
  'kid',
  'sister',
  'mother',
  'mum',
  'mom',
  'friend',
  'girlfriend',
  'boyfriend',
])
/** "on est 3", "wir sind 3", "siamo in 3", "there are 3 of us": the size of the group. */
const GROUP =
  /\b(?:on est|nous sommes|wir sind|siamo in|siamo|there are|we are)\s+(\d|deux|trois|quatre|zwei|drei|vier|due|tre|quattro|two|three|four)\b/

/** The visit a message asks for, when it asks for more than one appointment. */
export function readVisit<T extends ServiceRef>(message: string, catalog: readonly T[]): VisitWish<T> | undefined {
  const parts: VisitPart<T>[] = []
  for (const piece of fold(message).split(JOINS)) {
    const options = matchServices(piece, catalog).matches
    if (options.length === 0) continue
    parts.push({ options, count: countBefore(piece) })
  }
  const [only] = parts
  if (!only) return undefined
  const people = peopleIn(message)
  if (parts.length === 1 && only.count === 1) {
    if (people < 2) return undefined
    only.count = people
  }
  const total = parts.reduce((sum, p) => sum + p.count, 0)
  const several = people >= 2 || parts.some((part) => part.count > 1)
  return total > 1 ? { parts, total, together: several && !ONE_AFTER_ANOTHER.test(fold(message)) } : undefined
}

/** "l'une après l'autre", "nacheinander", "uno dopo l'altro", "back to back": not at once. */
const ONE_AFTER_ANOTHER =
  /\b(?:l\W?une?\W+apres\W+l\W?autre|a la suite|nacheinander|hintereinander|(?:una|uno)\W+dopo\W+l\W?alt(?:ra|ro)|di seguito|one after (?:the )?other|back to back|consecutive(?:ly)?)\b/

/** A number right before the first word of the piece that names a service ("deux coupes", "2 mens cuts"). */
function countBefore(piece: string): number {
  const list = words(piece)
  const first = list.findIndex(isServiceWord)
  const before = first > 0 ? list[first - 1] : undefined
  return (before !== undefined ? COUNTS.get(before) : undefined) ?? 1
}

function peopleIn(message: string): number {
  const folded = fold(message)
  const group = GROUP.exec(folded)?.[1]
  const size = group ? (COUNTS.get(group) ?? Number(group)) : 0
  let mentioned = 0
  const list = words(message)
  for (const [i, word] of list.entries()) {
    const before = list[i - 1]
    // "me" is a person only as "for me", "and me", "me and…" ("per me e mia figlia"), not "je me…".
    const me =
      word === 'me' && (['for', 'and', 'per', 'e'].includes(before ?? '') || ['and', 'e'].includes(list[i + 1] ?? ''))
    if (!PEOPLE.has(word) && !me) continue
    mentioned += (before !== undefined ? COUNTS.get(before) : undefined) ?? 1
  }
  return Math.max(size, mentioned)
}
