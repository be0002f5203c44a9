/** Text helpers shared by the assistant's understanding: folding, words, fuzzy comparison. */

/** Lower case, accents removed, typographic quotes and dashes made plain. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
}

/** The words of a text, folded ("l'après-midi" → ["l", "apres", "midi"]). */
export function words(text: string): string[] {
  return fold(text).match(/[a-z0-9ß]+/g) ?? []
}

/** Damerau–Levenshtein distance (with adjacent transpositions); anything past `max` reads as max + 1. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const width = b.length + 1
  const d = new Uint16Array((a.length + 1) * width)
  const at = (i: number, j: number) => d[i * width + j] as number
  for (let i = 0; i <= a.length; i++) d[i * width] = i
  for (let j = 0; j <= b.length; j++) d[j] = j
  for (let i = 1; i <= a.length; i++) {
    let rowBest = Number.POSITIVE_INFINITY
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, at(i - 2, j - 2) + 1)
      d[i * width + j] = value
      rowBest = Math.min(rowBest, value)
    }
    if (rowBest > max) return max + 1
  }
  return Math.min(at(a.length, b.length), max + 1)
}

/** Typos allowed for a word of this length: none for short words, one from 5 letters, two from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0
}

/** Whether `word` is `target` or a near miss of it (a typo within the budget of the longer one). */
export function sameWord(word: string, target: string): boolean {
  if (word === target) return true
  const budget = typoBudget(target.length > word.length ? target : word)
  return budget > 0 && editDistance(word, target, budget) <= budget
}
