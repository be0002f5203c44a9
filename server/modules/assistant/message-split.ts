/**
 * Cuts a text into messages a channel takes — Telegram counts characters (4,096), Instagram bytes
 * of UTF-8 (1,000) — at a paragraph, a line or a space when there is one in the second half, and
 * never inside a surrogate pair.
 */
export function splitText(text: string, max: number, unit: 'chars' | 'bytes' = 'chars'): string[] {
  const chunks: string[] = []
  let rest = text.trim()
  for (;;) {
    const limit = unit === 'chars' ? max : charactersWithin(rest, max)
    if (rest.length <= limit) break
    let cut = -1
    for (const separator of ['\n\n', '\n', ' ']) {
      const at = rest.lastIndexOf(separator, limit)
      if (at > limit / 2) {
        cut = at
        break
      }
    }
    if (cut < 0) cut = /[\uD800-\uDBFF]/.test(rest[limit - 1] ?? '') ? limit - 1 : limit
    chunks.push(rest.slice(0, cut).trimEnd())
    rest = rest.slice(cut).trimStart()
  }
  if (rest.length > 0) chunks.push(rest)
  return chunks
}

/** How many UTF-16 units of the text's start fit in `maxBytes` of UTF-8 (whole characters only). */
function charactersWithin(text: string, maxBytes: number): number {
  let bytes = 0
  let index = 0
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (bytes > maxBytes) return index
    index += character.length
  }
  return index
}
