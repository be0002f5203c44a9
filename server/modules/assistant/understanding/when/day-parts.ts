/**
 * Parts of the day and their edges: "le matin", "in the afternoon", "am Abend", "in serata",
 * "à l'heure du déjeuner"/"mittags"/"at lunchtime" (midday); "en fin de matinée", "en début
 * d'après-midi", "early morning", "late afternoon", "am Vormittag", "am späten Nachmittag",
 * "in tarda mattinata", "primo pomeriggio", "nel tardo pomeriggio", "after work" (evening).
 * The words are markers made in `canonical.ts` from `vocabulary.ts` (PMORN, PMID, PAFT, PEVE; EARLY
 * from "début", "early", "frühen", "primo", "inizio"…; LATE from "fin", "late", "späten", "tarda"…).
 */
import { EDGE_FILLERS } from './cue-words'
import { PART_OF, type PartMention, type Text, type Tok } from './tokens'

/** Every part of the day still unread, with the edge said before it ("fin de …") or just after it. */
export function readPartsOfDay(text: Text): PartMention[] {
  const toks = text.workTokens()
  const out: PartMention[] = []
  toks.forEach((tok, i) => {
    const part = PART_OF[tok.token]
    if (!part) return
    let edge: 'early' | 'late' | undefined
    let start = tok.start
    for (let k = i - 1; k >= 0 && k >= i - 4; k--) {
      const token = toks[k]?.token as string
      if (token === 'EARLY' || token === 'LATE') {
        edge = token === 'EARLY' ? 'early' : 'late'
        start = (toks[k] as Tok).start
        break
      }
      if (!EDGE_FILLERS.has(token)) break
    }
    const next = toks[i + 1]?.token
    if (!edge && (next === 'EARLY' || next === 'LATE')) edge = next === 'EARLY' ? 'early' : 'late'
    out.push({ start, end: tok.end, part, ...(edge ? { edge } : {}) })
  })
  return out
}
