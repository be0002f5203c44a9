import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shellChunkName } from './shell-chunk'

const ENTRY = resolve('app/main.tsx')
const ROOT = resolve('app/Root.tsx')
const NAV = resolve('app/NavBar.tsx')
const PAGE = resolve('app/pages/ChatPage.tsx')
const REACT = resolve('node_modules/react/index.js')
const ICONS = resolve('node_modules/lucide-react/dist/esm/lucide-react.mjs')
const X_ICON = resolve('node_modules/lucide-react/dist/esm/icons/x.mjs')
const LOCK_ICON = resolve('node_modules/lucide-react/dist/esm/icons/lock.mjs')

// importedIds holds the static imports only (the page is behind import() in Root, so not among them).
const GRAPH: Record<string, string[]> = {
  [ENTRY]: [ROOT, REACT],
  [ROOT]: [NAV, REACT],
  [NAV]: [ICONS],
  [ICONS]: [X_ICON, LOCK_ICON],
  [PAGE]: [REACT, ICONS],
}
const context = { getModuleInfo: (id: string) => ({ importedIds: GRAPH[id] ?? [] }) }
const noModule = { getModuleInfo: () => null }

describe('shellChunkName', () => {
  it("puts what the entry imports statically, its own code and its libraries', in the shell chunk", () => {
    const name = shellChunkName(ENTRY)
    expect([ROOT, NAV, REACT].map((id) => name(id, context))).toEqual(['shell', 'shell', 'shell'])
  })

  it('leaves the entry its own chunk, and a page behind import() to its own', () => {
    const name = shellChunkName(ENTRY)
    expect(name(ENTRY, context)).toBeNull()
    expect(name(PAGE, context)).toBeNull()
  })

  it("does not follow a package's barrel to every icon it names", () => {
    const name = shellChunkName(ENTRY)
    expect(name(LOCK_ICON, context)).toBeNull()
    expect(name(X_ICON, context)).toBeNull()
  })

  it('fails the build when the entry it is given is not a module of it', () => {
    expect(() => shellChunkName(resolve('app/main.jsx'))(ROOT, noModule)).toThrow(/not a module of the build/)
  })
})
