/** What rolldown's chunking passes to a group's `name` (ChunkingContext), as much as this reads. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null
}

type GroupName = (id: string, context: ChunkingContext) => string | null

/** A group of rolldown's `codeSplitting.groups`: a module goes to the highest priority that names it. */
export interface ChunkGroup {
  name: GroupName
  debugName: string
  priority: number
}

/**
 * The browser build's chunk groups, computed once from the module graph when rolldown first asks.
 *
 * **The shell** in one chunk: every module the entry imports statically (React, react-dom,
 * i18next, TanStack Query, the router, the nav bar, the footer…). Every page loads all of them
 * first, so one chunk costs no byte more than many. Left to its automatic splitting, rolldown cuts
 * them into a chunk per set of pages that also import them — nineteen files, each fetched,
 * compiled and instantiated in a task of its own while the page hydrates; on a phone each such task
 * has a fixed cost, and several of them were long tasks.
 *
 * **The public pages' kits**: their small modules beyond the shell — cards, badges, status
 * messages, icons — in few chunks: `public-kit` for those two public pages or more share,
 * `<Page>-kit` for one page's own. Left to itself, rolldown gives each module used by a different
 * set of pages (the signed-in ones included) a chunk of its own: the chat loaded fifteen files of a
 * few hundred bytes beside its page, one task each. Only the app's modules and icons under
 * `maxKitModuleSize` bytes whose own imports are in the shell or in a kit too (a group pulls in
 * what its modules import, however big), so that a page loading the others' few costs less than
 * the files it saves. The shared kit is made before the pages' own (a higher priority), so that a
 * page's kit, which takes along what its modules import, does not take the shared modules into itself.
 */
export function chunkGroups(
  entryId: string,
  pageIds: readonly string[],
  maxKitModuleSize: number,
  /** What a page's first load brings along from chunks of its own (its face, loaded with it): counted as the page's. */
  alongWith: Readonly<Record<string, readonly string[]>> = {},
): ChunkGroup[] {
  let plan: { shell: Set<string>; kits: Map<string, string> } | undefined
  const planned = (context: ChunkingContext) => {
    if (!plan) {
      const shell = graphFrom(entryId, context)
      plan = { shell, kits: publicKits(shell, pageIds, alongWith, maxKitModuleSize, context) }
    }
    return plan
  }
  const kit =
    (shared: boolean): GroupName =>
    (id, context) => {
      const name = planned(context).kits.get(id)
      return name !== undefined && (name === 'public-kit') === shared ? name : null
    }
  return [
    // The entry stays the entry chunk (index.html's script); its graph joins the shell.
    {
      name: (id, context) => (id !== entryId && planned(context).shell.has(id) ? 'shell' : null),
      debugName: 'shell',
      priority: 3,
    },
    { name: kit(true), debugName: 'public-kit', priority: 2 },
    { name: kit(false), debugName: 'page-kits', priority: 1 },
  ]
}

/** The app's own modules and the icons; a library's many small modules add up to a library. */
const KIT_MODULE = /^(?!.*node_modules)|node_modules[\\/]lucide-react[\\/]/

function publicKits(
  shell: Set<string>,
  pageIds: readonly string[],
  alongWith: Readonly<Record<string, readonly string[]>>,
  maxModuleSize: number,
  context: ChunkingContext,
) {
  const roots = new Set([...pageIds, ...Object.values(alongWith).flat()])
  const users = new Map<string, string[]>()
  for (const page of pageIds) {
    const graph = new Set([page, ...(alongWith[page] ?? [])].flatMap((root) => [...graphFrom(root, context)]))
    for (const module of graph)
      if (!shell.has(module) && !roots.has(module)) users.set(module, [...(users.get(module) ?? []), page])
  }
  for (const module of users.keys())
    if (!KIT_MODULE.test(module) || (context.getModuleInfo(module)?.code?.length ?? Infinity) > maxModuleSize)
      users.delete(module)
  // Until nothing more leaves: a module whose import is neither in the shell nor in a kit.
  for (let changed = true; changed; ) {
    changed = false
    for (const module of users.keys()) {
      const imports = context.getModuleInfo(module)?.importedIds ?? []
      // A barrel is in the shell, but what the module takes from it may not be: it would come too.
      if (imports.every((next) => (shell.has(next) && !isBarrel(next)) || users.has(next))) continue
      users.delete(module)
      changed = true
    }
  }
  const pageName = (page: string) => page.replace(/^.*[\\/]/, '').replace(/\.\w+$/, '')
  return new Map(
    [...users].map(([module, pages]) => [module, pages.length > 1 ? 'public-kit' : `${pageName(pages[0] ?? '')}-kit`]),
  )
}

const BARRELS = [
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.m?js$/,
  /node_modules[\\/]radix-ui[\\/]/,
]

const isBarrel = (id: string) => BARRELS.some((barrel) => barrel.test(id))

/** What a module imports statically, and what those import, and so on (itself included). */
function graphFrom(rootId: string, context: ChunkingContext): Set<string> {
  // A wrong path would leave the group empty and the build silently as it was.
  if (!context.getModuleInfo(rootId)) throw new Error(`chunk-groups: ${rootId} is not a module of the build`)
  const seen = new Set<string>()
  const queue = [rootId]
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    // importedIds are the static imports only: a page behind import() starts its own graph.
    // Not through a package's barrel: it names every icon or primitive of the package, of which a
    // page uses a few (the rest would join the group, needed or not). The app's own icons come one
    // module each (lucide-icons.ts).
    if (isBarrel(id)) continue
    for (const next of context.getModuleInfo(id)?.importedIds ?? []) if (!seen.has(next)) queue.push(next)
  }
  return seen
}
