import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { areaChunk } from './area-chunk'

const app = (path: string) => resolve('app', path)
const icon = (name: string) => resolve('node_modules/lucide-react/dist/esm/icons', `${name}.mjs`)
const ENTRY = app('main.tsx')
const APP = app('App.tsx')
const AREA = app('features/professional/SignedInArea.tsx')
const AGENDA = app('features/salon-dashboard/agenda/AgendaTab.tsx')
const TABS = app('features/salon-dashboard/dashboard-tabs.ts')
const OVERVIEW = app('features/salon-dashboard/overview/OverviewTab.tsx')
const DIALOG = app('components/ui/Dialog.tsx')
const ADMIN = app('pages/AdminPage.tsx')
const I18N = app('lib/i18n.ts')
const TEXTS = app('locales/en.json')

// The shell's router imports every page and the area behind import(); the area imports the shell's i18n too.
const GRAPH: Record<string, { importedIds?: string[]; dynamicallyImportedIds?: string[] }> = {
  [ENTRY]: { importedIds: [APP, I18N] },
  [APP]: { dynamicallyImportedIds: [ADMIN, AREA] },
  [I18N]: { dynamicallyImportedIds: [TEXTS] },
  [AREA]: { importedIds: [AGENDA, TABS, I18N] },
  [AGENDA]: { importedIds: [DIALOG, icon('printer'), icon('plus')] },
  [TABS]: { dynamicallyImportedIds: [OVERVIEW] },
  [OVERVIEW]: { importedIds: [AGENDA, icon('copy')] },
  [ADMIN]: { importedIds: [DIALOG, icon('plus')] },
}
const context = {
  getModuleInfo: (id: string) =>
    id in GRAPH || id.endsWith('.mjs') || id === TEXTS || id === DIALOG
      ? {
          importedIds: GRAPH[id]?.importedIds ?? [],
          dynamicallyImportedIds: GRAPH[id]?.dynamicallyImportedIds ?? [],
          code: null,
        }
      : null,
}
const group = () => areaChunk(ENTRY, AREA, 'SignedInArea', 0)

describe('areaChunk', () => {
  it("gathers the area's own modules, icons included, with the area", () => {
    const chunk = group()
    expect([AREA, AGENDA, TABS, icon('printer')].map((id) => chunk.name(id, context))).toEqual([
      'SignedInArea',
      'SignedInArea',
      'SignedInArea',
      'SignedInArea',
    ])
  })

  it('leaves out what another page imports, what the shell has, and what only its later parts use', () => {
    const chunk = group()
    expect([DIALOG, icon('plus'), I18N, APP, OVERVIEW, icon('copy')].map((id) => chunk.name(id, context))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('takes in its modules only, not what they import from elsewhere', () => {
    expect(group().includeDependenciesRecursively).toBe(false)
  })

  it('fails the build when the area it is given is not a module of it', () => {
    expect(() => areaChunk(ENTRY, app('nowhere.tsx'), 'x', 0).name(AREA, context)).toThrow(/not a module of the build/)
  })
})
