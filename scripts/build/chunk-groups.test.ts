import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ChunkGroup, chunkGroups } from './chunk-groups'

const app = (path: string) => resolve('app', path)
const icon = (name: string) => resolve('node_modules/lucide-react/dist/esm/icons', `${name}.mjs`)
const ENTRY = app('main.tsx')
const ROOT = app('Root.tsx')
const NAV = app('NavBar.tsx')
const REACT = resolve('node_modules/react/index.js')
const RADIX = resolve('node_modules/radix-ui/dist/index.mjs')
const CHAT = app('pages/ChatPage.tsx')
const HOME = app('pages/HomePage.tsx')
const CARD = app('components/Card.tsx')
const COMPOSER = app('features/chat/Composer.tsx')
const POPOVER = app('components/Popover.tsx')
const BIG = app('features/home/Preview.tsx')
// The chat's face in a chunk of its own, loaded with the page (as the professional area's are).
const FACE = app('features/chat/Face.tsx')
const BADGE = app('features/chat/Badge.tsx')

// importedIds holds the static imports only (the pages are behind import() in Root, so not among them).
const GRAPH: Record<string, string[]> = {
  [ENTRY]: [ROOT, REACT],
  [ROOT]: [NAV, REACT, RADIX],
  [NAV]: [icon('x')],
  [CHAT]: [CARD, COMPOSER, POPOVER, REACT],
  [HOME]: [CARD, POPOVER, BIG],
  [CARD]: [icon('store'), REACT],
  [COMPOSER]: [icon('lock'), CARD],
  // What it takes from the barrel is not in the shell: a kit would take it along.
  [POPOVER]: [RADIX],
  [FACE]: [BADGE, CARD],
  [BADGE]: [icon('badge')],
  [RADIX]: [resolve('node_modules/@radix-ui/react-popover/dist/index.mjs')],
}
const SIZES: Record<string, number> = { [BIG]: 12_000 }
const context = {
  getModuleInfo: (id: string) => ({ importedIds: GRAPH[id] ?? [], code: 'x'.repeat(SIZES[id] ?? 500) }),
}
const noModule = { getModuleInfo: () => null }

/** The chunk rolldown would put a module in: the highest-priority group that names it. */
function chunkOf(
  id: string,
  groups = chunkGroups(ENTRY, [CHAT, HOME], 4_000),
  ctx: Parameters<ChunkGroup['name']>[1] = context,
) {
  const ordered = [...groups].sort((a, b) => b.priority - a.priority)
  for (const group of ordered) {
    const name = group.name(id, ctx)
    if (name !== null) return name
  }
  return null
}

describe('chunkGroups: the shell', () => {
  it("puts what the entry imports statically, its own code and its libraries', in the shell chunk", () => {
    expect([ROOT, NAV, REACT, icon('x')].map((id) => chunkOf(id))).toEqual(['shell', 'shell', 'shell', 'shell'])
  })

  it('leaves the entry its own chunk, and a page behind import() to its own', () => {
    expect(chunkOf(ENTRY)).toBeNull()
    expect(chunkOf(CHAT)).toBeNull()
  })

  it("does not follow a package's barrel to everything it names", () => {
    expect(chunkOf(resolve('node_modules/@radix-ui/react-popover/dist/index.mjs'))).toBeNull()
  })

  it('fails the build when the entry it is given is not a module of it', () => {
    expect(() => chunkOf(ROOT, chunkGroups(app('main.jsx'), [CHAT, HOME], 4_000), noModule)).toThrow(
      /not a module of the build/,
    )
  })
})

describe("chunkGroups: the public pages' kits", () => {
  it('gathers the small modules two public pages share, with their icons, in the public kit', () => {
    expect([CARD, icon('store')].map((id) => chunkOf(id))).toEqual(['public-kit', 'public-kit'])
  })

  it("gathers a page's own small modules in its kit", () => {
    expect([COMPOSER, icon('lock')].map((id) => chunkOf(id))).toEqual(['ChatPage-kit', 'ChatPage-kit'])
  })

  it('leaves out the pages, big modules and what would bring a library along', () => {
    expect([CHAT, HOME, BIG, POPOVER].map((id) => chunkOf(id))).toEqual([null, null, null, null])
  })

  it("counts what a page brings along from a chunk of its own as the page's, and leaves that chunk its own", () => {
    const groups = chunkGroups(ENTRY, [CHAT, HOME], 4_000, { [CHAT]: [FACE] })
    expect([BADGE, icon('badge'), CARD, FACE].map((id) => chunkOf(id, groups))).toEqual([
      'ChatPage-kit',
      'ChatPage-kit',
      'public-kit',
      null,
    ])
    // Without it, the face's modules belong to no public page: no kit takes them.
    expect(chunkOf(BADGE)).toBeNull()
  })

  it("makes the shared kit before the pages' own, so that a page's kit does not take shared modules along", () => {
    const [, shared, own] = chunkGroups(ENTRY, [CHAT, HOME], 4_000)
    expect(shared?.priority).toBeGreaterThan(own?.priority ?? Infinity)
    expect(own?.name(CARD, context)).toBeNull()
  })
})
