import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * `import { Lock, X } from 'lucide-react'` becomes `import Lock from 'lucide-react/icons/lock'`
 * and `import X from 'lucide-react/icons/x'` (the package's own subpath exports), in the app's code.
 *
 * Through the package's barrel every module that imports one icon imports all 2,000 of them, as far
 * as the module graph tells; the bundle is tree-shaken all the same, but the chunking cannot tell
 * which page uses which icon (chunk-groups.ts must stop at the barrel). With one import per icon the
 * graph says exactly that. Types and the package's other exports stay imported from the barrel.
 */
export function lucideIcons(): Plugin {
  let icons: Map<string, string> | undefined
  return {
    name: 'salonia-lucide-icons',
    // Only the build's chunking needs it; the dev server keeps its one pre-bundled package.
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: { include: /\.[cm]?[jt]sx?$/, exclude: /node_modules/ }, code: "'lucide-react'" },
      handler(code) {
        icons ??= readIconFiles()
        const iconFiles = icons
        const rewritten = code.replace(LUCIDE_IMPORT, (statement, list: string) =>
          rewriteImport(statement, list, iconFiles),
        )
        return rewritten === code ? null : { code: rewritten, map: null }
      },
    },
  }
}

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'lucide-react'\s*;?/g

/** One import statement's names, each icon from its own module; on as many lines as before (the source map stays true). */
export function rewriteImport(statement: string, list: string, icons: Map<string, string>): string {
  const kept: string[] = []
  const own: string[] = []
  for (const raw of list.split(',')) {
    const specifier = raw.trim()
    if (!specifier) continue
    const [name = '', alias = name] = specifier.split(/\s+as\s+/)
    const file = specifier.startsWith('type ') ? undefined : icons.get(name)
    if (file) own.push(`import ${alias} from 'lucide-react/icons/${file}';`)
    else kept.push(specifier)
  }
  // Types alone as a type import: erased, where `import { type X }` would leave the barrel imported.
  const types = kept.every((specifier) => specifier.startsWith('type '))
  if (kept.length > 0 && types)
    own.unshift(`import type { ${kept.map((k) => k.slice(5)).join(', ')} } from 'lucide-react';`)
  else if (kept.length > 0) own.unshift(`import { ${kept.join(', ')} } from 'lucide-react';`)
  const lines = statement.split('\n').length
  return own.join(' ') + '\n'.repeat(lines - 1)
}

/** Every icon's exported names (`Lock`, `LockIcon`, `LucideLock`) to its file, read from the package's barrel. */
export function readIconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url)
  const barrel = join(dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs')
  return parseBarrel(readFileSync(barrel, 'utf8'))
}

export function parseBarrel(source: string): Map<string, string> {
  const icons = new Map<string, string>()
  for (const match of source.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    const [, names = '', file = ''] = match
    for (const name of names.matchAll(/default as (\w+)/g)) if (name[1]) icons.set(name[1], file)
  }
  return icons
}
