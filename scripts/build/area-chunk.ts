import type { ChunkGroup } from './chunk-groups'

/** What rolldown's chunking passes to a group's `name`, as much as this reads. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null
}

/**
 * **A signed-in area's own code in one chunk**: every module the area's root imports statically
 * that nothing else in the app can load without the area — no page, no other part behind an
 * import() (the area's own later parts, such as its other tabs, do not count: they load after it).
 *
 * Left to itself, rolldown gives each module a chunk per set of entry points that import it. Once
 * the salon dashboard's tabs were split from the agenda, the agenda's first load became some fifty
 * files — a chunk for each icon, helper and dialog that a tab also uses — fetched a few at a time
 * over a phone's connection, one round trip after another. Modules that other pages share (the
 * public pages' kits, the dialogs the admin panel uses too) stay where they were: taking them in
 * would make those pages download the area.
 */
export function areaChunk(
  entryId: string,
  rootId: string,
  name: string,
  priority: number,
): ChunkGroup & { includeDependenciesRecursively: false } {
  let own: Set<string> | undefined
  return {
    name: (id, context) => {
      own ??= ownModules(entryId, rootId, context as ChunkingContext)
      return own.has(id) ? name : null
    },
    debugName: name,
    priority,
    // Its modules only: what they import from elsewhere (a dialog the admin panel shares) stays
    // where it is, or the admin panel would download the dashboard for it. No cycle can come of it:
    // nothing outside the area imports the area's own modules.
    includeDependenciesRecursively: false,
  }
}

function ownModules(entryId: string, rootId: string, context: ChunkingContext): Set<string> {
  // A wrong path would leave the group empty and the build silently as it was.
  if (!context.getModuleInfo(rootId)) throw new Error(`area-chunk: ${rootId} is not a module of the build`)
  // The area, and what it loads later on its own: the parts its own modules import dynamically, and
  // theirs — not what the shell's modules it uses do (the shell's router imports every page).
  const shell = staticGraph(entryId, context)
  const inside = rootsFrom([rootId], context, shell)
  // Every other way into the app's code: the entry, and every import() target outside the area.
  const everyRoot = rootsFrom([entryId], context)
  const elsewhere = new Set<string>()
  for (const root of everyRoot) if (!inside.has(root)) for (const id of staticGraph(root, context)) elsewhere.add(id)
  return new Set([...staticGraph(rootId, context)].filter((id) => !elsewhere.has(id)))
}

/** The roots given and every import() target their static graphs reach (but through `apart`), and theirs. */
function rootsFrom(starts: readonly string[], context: ChunkingContext, apart = new Set<string>()): Set<string> {
  const roots = new Set<string>()
  const queue = [...starts]
  for (let root = queue.pop(); root !== undefined; root = queue.pop()) {
    if (roots.has(root)) continue
    roots.add(root)
    for (const id of staticGraph(root, context))
      if (!apart.has(id)) for (const next of context.getModuleInfo(id)?.dynamicallyImportedIds ?? []) queue.push(next)
  }
  return roots
}

/** What a module imports statically, and what those import, and so on (itself included). */
function staticGraph(rootId: string, context: ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const queue = [rootId]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(next)) queue.push(next)
  }
  return seen
}
