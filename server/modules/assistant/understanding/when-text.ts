/** The canonical text that `parseWhen` reads now lives in `when/canonical.ts`; this path stays for its callers. */
export { type CanonicalText, canonicalize, distanceAtMostOne, guessLanguage, isPartMarker } from './when/canonical'
