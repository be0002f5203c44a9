import type { Plugin } from 'vite'

/** The shared schema modules: zod schemas beside the limits and helpers the web app also uses. */
const SCHEMA_MODULE = /[\\/]common[\\/]schemas[\\/][^\\/]+\.ts$/

/** A node of the parsed module, as much as this reads (ESTree, with offsets). */
interface Node {
  type: string
  start: number
  end: number
  declaration?: Node | null
  kind?: string
  declarations?: { init?: Node | null }[]
}

/** Initialisers that run no code: a literal, a function, another constant. Any other may (`z.object(…)`, `Date.UTC(…) - 1`). */
const RUNS_NO_CODE = new Set(['Literal', 'ArrowFunctionExpression', 'FunctionExpression', 'Identifier'])

/**
 * Each top-level `const` of a schema module that runs code to make its value (a zod schema: every
 * `z.…(…)` call builds objects) becomes a pure call, `/* @__PURE__ *\/ (() => value)()`: the same
 * value at the same moment when something uses it, and left out of the bundle when nothing does.
 *
 * The browser imports those modules for their limits and helpers (MOVE_UNDO_SECONDS,
 * CANCEL_REASON_MAX, blockMinutes…) and parses almost none of their schemas; but a call may have
 * effects, so the bundler kept them all, and zod with them. The owner's agenda thus downloaded zod
 * (26 kB compressed) and built some three hundred schemas on the phone before its first render —
 * the longest task of its start. Schemas that a page really uses (a form checked with
 * `.safeParse`) are kept, with what they are made of.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'salonia-pure-schemas',
    // The browser's build: the server parses with every schema.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform: {
      filter: { id: SCHEMA_MODULE },
      handler(code, id) {
        if (!SCHEMA_MODULE.test(id)) return null
        const program = this.parse(code) as unknown as { body: Node[] }
        // And the module has no effect of its own: a chunk that needs none of its exports does not
        // import it (nor run it) for its effects.
        return { code: markPure(code, program.body), map: null, moduleSideEffects: false }
      },
    },
  }
}

/** The module with its code-running top-level constants wrapped in pure calls (offsets of `body` in `code`). */
export function markPure(code: string, body: readonly Node[]): string {
  const edits: { at: number; text: string }[] = []
  for (const statement of body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
    for (const { init } of declaration.declarations ?? []) {
      if (!init || RUNS_NO_CODE.has(init.type)) continue
      edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' }, { at: init.end, text: '))()' })
    }
  }
  let out = code
  for (const edit of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.at)
  return out
}
