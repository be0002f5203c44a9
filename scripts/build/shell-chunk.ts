/** What rolldown's chunking passes to a group's `name` (ChunkingContext), as much as this reads. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/**
 * The app's shell in one chunk: every module the entry imports statically (React, react-dom,
 * i18next, TanStack Query, the router, the nav bar, the footer…).
 *
 * Every page loads all of them first, so one chunk costs no byte more than many. Left to its
 * automatic splitting, rolldown cuts them into a chunk per set of pages that also import them —
 * nineteen files, each fetched, compiled and instantiated in a task of its own while the page
 * hydrates; on a phone each such task has a fixed cost, and several of them were long tasks.
 */
export function shellChunkName(entryId: string) {
  let shell: Set<string> | undefined
  return (id: string, context: ChunkingContext): string | null => {
    if (!shell) {
      // A wrong path would leave the shell empty and the build silently as it was.
      if (!context.getModuleInfo(entryId)) throw new Error(`shell-chunk: ${entryId} is not a module of the build`)
      shell = staticGraph(entryId, context)
    }
    // The entry stays the entry chunk (index.html's script); its graph joins the shell.
    return id !== entryId && shell.has(id) ? 'shell' : null
  }
}

const BARRELS = [
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/,
  /node_modules[\\/]radix-ui[\\/]/,
]

function staticGraph(entryId: string, context: ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const queue = [entryId]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    // importedIds are the static imports only: a page behind import() starts its own graph.
    // Not through a package's barrel: it names every icon or primitive of the package, of which the
    // shell uses a few (the rest would join the shell, needed or not).
    if (BARRELS.some((barrel) => barrel.test(id))) continue
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(next)) queue.push(next)
  }
  return seen
}
