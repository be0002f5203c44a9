import { fold, sameWord, words } from './text'

/**
 * Which team member a message asks for ("avec Léa", "bei Tom", "con Giulia", "with Sam", "je veux
 * Hugo", "Léa si possible"), or that any member will do ("n'importe qui", "egal wer", "chiunque",
 * "anyone"). Only the salon's active members are matched, accents and case aside; a name is taken
 * only in a context that makes it a person asked for (a preposition or a verb before it, "si
 * possible" after it), or as the whole message when the assistant has just asked who — so a member
 * called "Rose" or "Will" is not read from "une couleur rose" or "I will come".
 */
export interface MemberRef {
  id: string
  name: string
}

export type MemberWish =
  | { kind: 'member'; memberId: string }
  /** Any member will do: the preference is cleared. */
  | { kind: 'anyone' }
  /** A person asked for by name who is not on the team (the reply lists the team). */
  | { kind: 'unknown'; name: string }

export interface MemberReading {
  /** The salon's active members. */
  members: MemberRef[]
  /** The last reply asked who the customer wants: a bare name (or "peu importe") answers it. */
  answering: boolean
  /** Words that are not names though written with a capital (the salon's services and name). */
  known?: string[]
}

/** Before a name: "avec Léa", "chez Hugo", "bei Tom", "mit Tom", "zu Tom", "con Giulia", "da Giulia", "with Sam", "by Sam". */
const BEFORE = new Set(['avec', 'chez', 'par', 'bei', 'mit', 'zu', 'von', 'con', 'da', 'with', 'by'])

/** Wishing verbs right before a name: "je veux Hugo", "ich möchte Tom", "vorrei Giulia", "I'd like Sam". */
const WISH = new Set([
  'veux',
  'voudrais',
  'prefere',
  'prefererais',
  'souhaite',
  'souhaiterais',
  'aimerais',
  'plutot',
  'prendre',
  'mochte',
  'will',
  'hatte',
  'lieber',
  'gern',
  'gerne',
  'vorrei',
  'voglio',
  'preferisco',
  'preferirei',
  'preferibilmente',
  'want',
  'like',
  'prefer',
  'rather',
  'preferably',
  'request',
])

/** After a name: "Léa si possible", "Tom bitte", "Giulia per favore", "Sam please". */
const AFTER = [
  'si possible',
  'svp',
  'stp',
  's il vous plait',
  's il te plait',
  'de preference',
  'si elle est libre',
  'si il est libre',
  's il est libre',
  'bitte',
  'wenn moglich',
  'am liebsten',
  'per favore',
  'se possibile',
  'preferibilmente',
  'please',
  'pls',
  'if possible',
  'preferably',
]

/** "Léa est libre ?", "ist Tom frei?", "Giulia è disponibile?", "is Sam free?" */
const FREE = new Set([
  'libre',
  'dispo',
  'disponible',
  'frei',
  'verfugbar',
  'libero',
  'libera',
  'disponibile',
  'free',
  'available',
])

/** Any member will do, whatever else the message says. */
const ANYONE = [
  'n importe qui',
  'peu importe qui',
  'peu importe avec qui',
  'qui vous voulez',
  'pas de preference',
  'sans preference',
  'egal wer',
  'egal bei wem',
  'egal mit wem',
  'wer auch immer',
  'keine praferenz',
  'keine vorliebe',
  'chiunque',
  'non importa chi',
  'non importa con chi',
  'nessuna preferenza',
  'anyone',
  'anybody',
  'whoever',
  'no preference',
  'doesn t matter who',
  'does not matter who',
  'any stylist',
  'any hairdresser',
]

/** The same, said only as an answer to who: "peu importe", "egal", "fa lo stesso", "doesn't matter". */
const ANYONE_AS_ANSWER = [
  'peu importe',
  'n importe lequel',
  'n importe laquelle',
  'ca m est egal',
  'egal',
  'ist mir egal',
  'non importa',
  'fa lo stesso',
  'indifferente',
  'doesn t matter',
  'whatever',
  'either',
  'any',
]

const CONJUNCTIONS = new Set(['ou', 'et', 'oder', 'und', 'o', 'e', 'or', 'and'])

/** Capitalised words after "avec", "bei", "con", "with" that are not a person's name. */
const NOT_NAMES = new Set(
  (
    'vous toi moi lui elle eux nous plaisir mon ma mes madame monsieur mme mlle mr mrs ms miss herr frau ' +
    'ihnen dir mir ihm ihr uns euch meiner meinem meinen lei te me voi noi mia mio mie miei signora signor signore ' +
    'you me us them him her my pleasure the a an un une le la les des il lo gli ein eine einer dem den der die das ' +
    'lundi mardi mercredi jeudi vendredi samedi dimanche montag dienstag mittwoch donnerstag freitag samstag sonntag ' +
    'lunedi martedi mercoledi giovedi venerdi sabato domenica monday tuesday wednesday thursday friday saturday sunday ' +
    'salon coiffeur coiffeuse friseur friseurin parrucchiere parrucchiera hairdresser stylist'
  ).split(' '),
)

/** Greetings and yes-words that may come with a bare name answer ("oui, Hugo", "ok Léa merci"). */
const BESIDE_ANSWER = new Set(
  'oui ok okay d accord plutot alors merci ja gerne danke si va bene grazie yes sure thanks thank you then et and und e'.split(
    ' ',
  ),
)

export function readMemberWish(message: string, reading: MemberReading): MemberWish | undefined {
  const list = words(message)
  const text = ` ${list.join(' ')} `
  if (ANYONE.some((p) => text.includes(` ${p} `))) return { kind: 'anyone' }
  const found = new Set<string>()
  const taken: NameHit[] = []
  for (const hit of nameHits(list, reading.members)) {
    // "avec Léa ou Hugo": a name joined to one asked for is asked for too.
    const joined = CONJUNCTIONS.has(list[hit.from - 1] ?? '') && taken.some((t) => t.to === hit.from - 1)
    const before = list[hit.from - 1]
    const after = ` ${list.slice(hit.to).join(' ')} `
    const inContext =
      (before !== undefined && (BEFORE.has(before) || WISH.has(before))) ||
      (AFTER.some((p) => after.startsWith(` ${p} `)) && startsAPhrase(message, list, hit)) ||
      ((list[hit.to] === 'est' || list[hit.to] === 'ist' || list[hit.to] === 'is' || list[hit.to] === 'e') &&
        FREE.has(list[hit.to + 1] ?? '')) ||
      (before !== undefined && ['ist', 'is', 'est'].includes(before) && FREE.has(list[hit.to] ?? ''))
    const bare = reading.answering && list.every((w, i) => (i >= hit.from && i < hit.to) || BESIDE_ANSWER.has(w))
    if (inContext || bare || joined) {
      found.add(hit.memberId)
      taken.push(hit)
    }
  }
  if (found.size === 1) return { kind: 'member', memberId: [...found][0] as string }
  // "avec Léa ou Hugo": either of them.
  if (found.size > 1) return { kind: 'anyone' }
  if (reading.answering && ANYONE_AS_ANSWER.some((p) => text.includes(` ${p} `))) return { kind: 'anyone' }
  const unknown = unknownName(message, reading)
  return unknown ? { kind: 'unknown', name: unknown } : undefined
}

/**
 * "Léa si possible", "…demain, Hugo svp": the name opens the message or a phrase of it (after a
 * comma or a yes), so "une couleur rose si possible" does not ask for a member called Rose.
 */
function startsAPhrase(message: string, list: string[], hit: NameHit): boolean {
  const before = list[hit.from - 1]
  if (before === undefined || BESIDE_ANSWER.has(before)) return true
  const name = list.slice(hit.from, hit.to).join('[^a-z0-9]+')
  return new RegExp(`[,;.!?:(]\\s*${name}(?![a-z0-9])`).test(fold(message))
}

interface NameHit {
  memberId: string
  /** Word indexes [from, to) of the name in the message. */
  from: number
  to: number
}

/**
 * Where the members' names appear: the full name, or the first name alone when no other member
 * shares it. Names of five letters and more allow a typo ("Camile"); shorter ones must be exact.
 */
function nameHits(list: string[], members: MemberRef[]): NameHit[] {
  const hits: NameHit[] = []
  const firstNames = members.map((m) => words(m.name)[0] ?? '')
  members.forEach((member, index) => {
    const full = words(member.name)
    if (full.length === 0) return
    const forms = [full]
    const first = firstNames[index] as string
    if (full.length > 1 && firstNames.filter((f) => f === first).length === 1) forms.push([first])
    for (let i = 0; i < list.length; i++) {
      const form = forms.find((f) => f.every((w, k) => list[i + k] !== undefined && sameWord(list[i + k] as string, w)))
      if (form) hits.push({ memberId: member.id, from: i, to: i + form.length })
    }
  })
  return hits.sort((a, b) => a.from - b.from)
}

/**
 * A person asked for who is not on the team: "avec Marie", "bei Sabine", "con Giulia", "with Sam"
 * when no member is called so. Only a capitalised word after one of these prepositions reads as a
 * name ("avec plaisir", "mit Föhnen", "with my daughter" do not); German "mit" is left out, its
 * nouns are capitalised too.
 */
function unknownName(message: string, reading: MemberReading): string | undefined {
  const tokens = message.normalize('NFC').match(/[\p{L}]+(?:[-'][\p{L}]+)*/gu) ?? []
  const known = new Set((reading.known ?? []).flatMap((k) => words(k)))
  for (let i = 0; i < tokens.length - 1; i++) {
    const preposition = fold(tokens[i] as string)
    // "zu" only after a wish ("ich möchte zu Sabine"): "zu Hause", "zu Mittag" name nobody.
    const toSomeone = preposition === 'zu' && ZU_AFTER.has(fold(tokens[i - 1] ?? ''))
    if (!['avec', 'chez', 'bei', 'con', 'with'].includes(preposition) && !toSomeone) continue
    let j = i + 1
    // "avec Madame Dupont": the title is skipped.
    while (j < tokens.length - 1 && TITLES.has(fold(tokens[j] as string))) j++
    const candidate = tokens[j] as string
    const folded = fold(candidate)
    if (!/^\p{Lu}\p{Ll}/u.test(candidate) || candidate.length < 2) continue
    if (NOT_NAMES.has(folded) || known.has(folded)) continue
    return candidate
  }
  return undefined
}

const ZU_AFTER = new Set(['mochte', 'mochten', 'will', 'wollte', 'gern', 'gerne', 'komme', 'kommen', 'lieber'])

const TITLES = new Set([
  'madame',
  'monsieur',
  'mme',
  'mlle',
  'herr',
  'frau',
  'signora',
  'signor',
  'mr',
  'mrs',
  'ms',
  'miss',
])
