import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publicKitNames, shellChunkName } from './shell-chunk'

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
  [RADIX]: [resolve('node_modules/@radix-ui/react-popover/dist/index.mjs')],
}
const SIZES: Record<string, number> = { [BIG]: 12_000 }
const context = {
  getModuleInfo: (id: string) => ({ importedIds: GRAPH[id] ?? [], code: 'x'.repeat(SIZES[id] ?? 500) }),
}
const noModule = { getModuleInfo: () => null }

describe('shellChunkName', () => {
  it("puts what the entry imports statically, its own code and its libraries', in the shell chunk", () => {
    const name = shellChunkName(ENTRY)
    expect([ROOT, NAV, REACT, icon('x')].map((id) => name(id, context))).toEqual(['shell', 'shell', 'shell', 'shell'])
  })

  it('leaves the entry its own chunk, and a page behind import() to its own', () => {
    const name = shellChunkName(ENTRY)
    expect(name(ENTRY, context)).toBeNull()
    expect(name(CHAT, context)).toBeNull()
  })

  it("does not follow a package's barrel to everything it names", () => {
    const name = shellChunkName(ENTRY)
    expect(name(resolve('node_modules/@radix-ui/react-popover/dist/index.mjs'), context)).toBeNull()
  })

  it('fails the build when the entry it is given is not a module of it', () => {
    expect(() => shellChunkName(app('main.jsx'))(ROOT, noModule)).toThrow(/not a module of the build/)
  })
})

describe('publicKitNames', () => {
  const kits = publicKitNames(ENTRY, [CHAT, HOME], 4_000)
  const kitOf = (id: string) => kits.shared(id, context) ?? kits.own(id, context)

  it('gathers the small modules two public pages share, with their icons, in the public kit', () => {
    expect([CARD, icon('store')].map(kitOf)).toEqual(['public-kit', 'public-kit'])
  })

  it("gathers a page's own small modules in its kit", () => {
    expect([COMPOSER, icon('lock')].map(kitOf)).toEqual(['ChatPage-kit', 'ChatPage-kit'])
  })

  it('leaves out the pages, the shell, big modules and what would bring a library along', () => {
    expect([CHAT, HOME, NAV, BIG, POPOVER].map(kitOf)).toEqual([null, null, null, null, null])
  })
})
