import type { Plugin } from 'vite'

/**
 * The pseudo-classes that depend on an element's place among its siblings (or, for :empty, on its
 * children). A browser restyles the element itself when that changes (a sibling is added after
 * it, say) — unless the stylesheet uses one before a combinator (`div:last-child > *`): the
 * browser cannot tell which descendants such a selector reaches, and restyles the element's whole
 * subtree. One such rule in the shared stylesheet did that on every page: the toast region
 * mounting after the page restyled the entire page (346 elements on `/`, 142 in the chat).
 */
const STRUCTURAL =
  /:(?:first-child|last-child|only-child|first-of-type|last-of-type|only-of-type|empty|nth-child\(|nth-last-child\(|nth-of-type\(|nth-last-of-type\()/g

/** The selectors of a selector list (its commas inside parentheses excepted), with where each starts. */
function topLevelSelectors(list: string, offset: number): { selector: string; at: number }[] {
  const parts: { selector: string; at: number }[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i <= list.length; i++) {
    const char = list[i]
    if (char === '(') depth++
    else if (char === ')') depth--
    else if (i === list.length || (char === ',' && depth === 0)) {
      const part = list.slice(start, i)
      const lead = part.length - part.trimStart().length
      if (part.trim()) parts.push({ selector: part.trim(), at: offset + start + lead })
      start = i + 1
    }
  }
  return parts
}

/**
 * Whether a combinator follows the compound that ends at `from`: in the same selector, or in the
 * one of an enclosing :is()/:where()/:not() (`:is(.a:last-child) > b`). The spaces after a comma
 * of an argument list are not a combinator.
 */
function combinatorFollows(selector: string, from: number): boolean {
  for (let i = from; i < selector.length; i++) {
    const char = selector[i] as string
    if (char === ',') while (/\s/.test(selector[i + 1] ?? '')) i++
    else if (/[\s>+~]/.test(char)) return true
  }
  return false
}

/**
 * The selectors of a stylesheet that use a structural pseudo-class before a combinator, as
 * written. `:where(.divide-y > :not(:last-child))` is fine (the pseudo-class is on the element
 * styled); `.x > div:last-child > *` is not.
 */
export function subtreeRestylingSelectors(css: string): string[] {
  // Comments, and escaped characters (they belong to class names: `.last\:pb-0`), are blanked
  // out at the same length, so that what is found can be quoted from the stylesheet as written.
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => ' '.repeat(comment.length)).replace(/\\./g, '__')
  const found: string[] = []
  for (const rule of plain.matchAll(/([^{};]+)\{/g)) {
    const prelude = rule[1] ?? ''
    if (prelude.trim().startsWith('@')) continue
    for (const { selector, at } of topLevelSelectors(prelude, rule.index ?? 0)) {
      for (const match of selector.matchAll(STRUCTURAL)) {
        const afterName = (match.index ?? 0) + match[0].length
        // An nth-…() argument (`2n + 1`) is skipped.
        if (combinatorFollows(selector, match[0].endsWith('(') ? selector.indexOf(')', afterName) + 1 : afterName)) {
          found.push(css.slice(at, at + selector.length))
          break
        }
      }
    }
  }
  return found
}

/** Fails the build when the app's stylesheet has such a selector. */
export function structuralSelectors(): Plugin {
  return {
    name: 'salonia-structural-selectors',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue
        const found = subtreeRestylingSelectors(String(asset.source))
        if (found.length > 0)
          this.error(
            `${asset.fileName}: a structural pseudo-class before a combinator makes the browser restyle whole subtrees (see scripts/build/structural-selectors.ts): ${found.join(', ')}`,
          )
      }
    },
  }
}
