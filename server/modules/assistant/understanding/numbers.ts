/**
 * Number words of French, German, Italian and English, for reading times and dates written in
 * letters ("seize heures trente", "halb drei", "alle tre e mezza", "five in the evening",
 * "the first of March").
 *
 * Words are folded (lower case, no accents, ß → ss). Articles that double as "one" (un, une, ein,
 * eine, una) are left out: whoever converts decides from the context (see `when-text.ts`).
 */

const cardinals = new Map<string, number>()

/** Words separated by spaces, worth first, first + 1, … */
function addSequence(words: string, first: number): void {
  for (const [i, word] of words.split(' ').entries()) cardinals.set(word, first + i)
}

addSequence(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
  1,
)
addSequence('deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize', 2)
addSequence(
  'eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn sechzehn siebzehn achtzehn neunzehn zwanzig',
  1,
)
addSequence(
  'uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove venti',
  1,
)
cardinals.set('zwo', 2)
cardinals.set('sechzig', 60)

const TENS: ReadonlyArray<readonly [number, string, string, string, string]> = [
  // value, English, French, German, Italian
  [20, 'twenty', 'vingt', 'zwanzig', 'venti'],
  [30, 'thirty', 'trente', 'dreissig', 'trenta'],
  [40, 'forty', 'quarante', 'vierzig', 'quaranta'],
  [50, 'fifty', 'cinquante', 'funfzig', 'cinquanta'],
]
const GERMAN_UNITS = ['ein', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht', 'neun']
const ITALIAN_UNITS = ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove']

for (const [value, en, fr, de, it] of TENS) {
  cardinals.set(en, value)
  cardinals.set(fr, value)
  cardinals.set(de, value)
  cardinals.set(it, value)
  for (const [i, unit] of GERMAN_UNITS.entries()) cardinals.set(`${unit}und${de}`, value + i + 1)
  ITALIAN_UNITS.forEach((unit, i) => {
    // venti + uno → ventuno, venti + otto → ventotto
    const stem = unit === 'uno' || unit === 'otto' ? it.slice(0, -1) : it
    cardinals.set(`${stem}${unit}`, value + i + 1)
  })
}

/** The value of a single cardinal number word ("quatorze" → 14, "einundzwanzig" → 21), if it is one. */
export function cardinalValue(word: string): number | undefined {
  return cardinals.get(word)
}

const EN_UNIT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']
const FR_UNIT_WORDS = ['un', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf']

/**
 * Number words written as several words, on a folded text whose hyphens are spaces:
 * "twenty one", "vingt et une", "quarante cinq", "dix sept".
 */
export function replaceCompoundNumbers(text: string): string {
  const en = new RegExp(`(?<=^| )(twenty|thirty|forty|fifty) (${EN_UNIT_WORDS.join('|')})(?= |$)`, 'g')
  const fr = new RegExp(`(?<=^| )(vingt|trente|quarante|cinquante)(?: et)? (${FR_UNIT_WORDS.join('|')})(?= |$)`, 'g')
  return text
    .replace(en, (_, tens: string, unit: string) => String(tensValue(tens) + EN_UNIT_WORDS.indexOf(unit) + 1))
    .replace(fr, (_, tens: string, unit: string) => String(tensValue(tens) + Math.max(FR_UNIT_WORDS.indexOf(unit), 1)))
    .replace(/(?<=^| )dix (sept|huit|neuf)(?= |$)/g, (_, unit: string) => String(10 + (cardinals.get(unit) ?? 0)))
}

function tensValue(word: string): number {
  return cardinals.get(word) ?? 0
}

const ordinals = new Map<string, number>()

const EN_ORDINALS =
  'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'.split(
    ' ',
  )
for (const [i, word] of EN_ORDINALS.entries()) ordinals.set(word, i + 1)
ordinals.set('thirtieth', 30)
for (const [tens, value] of [
  ['twenty', 20],
  ['thirty', 30],
] as const) {
  for (let unit = 1; unit <= 9 && value + unit <= 31; unit++)
    ordinals.set(`${tens} ${EN_ORDINALS[unit - 1]}`, value + unit)
}
ordinals.set('premier', 1)
ordinals.set('premiere', 1)
ordinals.set('primo', 1)
// German: erste, zweite, dritte … neunzehnte; zwanzigste, einundzwanzigste … einunddreissigste.
const GERMAN_ORDINAL_STEMS =
  'erst zweit dritt viert funft sechst siebt acht neunt zehnt elft zwolft dreizehnt vierzehnt funfzehnt sechzehnt siebzehnt achtzehnt neunzehnt'.split(
    ' ',
  )
const germanOrdinal = (stem: string, value: number) => {
  for (const ending of ['e', 'en', 'er', 'es', 'em']) ordinals.set(stem + ending, value)
}
for (const [i, stem] of GERMAN_ORDINAL_STEMS.entries()) germanOrdinal(stem, i + 1)
germanOrdinal('zwanzigst', 20)
germanOrdinal('dreissigst', 30)
for (const [i, unit] of GERMAN_UNITS.entries()) germanOrdinal(`${unit}undzwanzigst`, 21 + i)
germanOrdinal('einunddreissigst', 31)

/** Ordinal words usable as a day of the month ("ninth", "twenty first", "premier", "dritten", "primo"). */
export const ORDINAL_WORDS: ReadonlyMap<string, number> = ordinals
