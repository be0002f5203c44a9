import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { APP_ROUTES, PAGE_TEXTS, type PageName } from '../../common/routes'

/**
 * A page whose face is apart, in a chunk of its own that its loader asks for with the page's
 * (app/features/professional/areas.ts): the professional area signed out (the connect form and the
 * waitlist's, with the page's texts) and, as a route of its own in the report, signed in as a
 * salon's owner (the dashboard, with the areas' texts and the sign-in screens').
 */
const FACES: { path: string; page: PageName; module: string; texts: 'page' | 'signed-in' }[] = [
  { path: '/professional', page: 'ProfessionalPage', module: 'features/professional/SignedOutArea', texts: 'page' },
  {
    path: '/professional (signed in)',
    page: 'ProfessionalPage',
    module: 'features/professional/SignedInArea',
    texts: 'signed-in',
  },
]

/** Routes whose first load is held to the budget (issue: `/` and `/chat/:salonId`). */
export const BUDGET_ROUTES = ['/', '/chat/:salonId']
export const BUDGET_GZIP_BYTES = 130_000

export interface RouteLoad {
  path: string
  page: PageName
  files: string[]
  rawBytes: number
  gzipBytes: number
}

export interface BundleReport {
  budgetGzipBytes: number
  budgetRoutes: string[]
  routes: RouteLoad[]
}

interface ChunkInfo {
  fileName: string
  imports: string[]
  facadeModuleId: string | null
  isEntry: boolean
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

/**
 * After each build: writes .gz and .br beside every compressible file (the server sends them to
 * browsers that accept them), and reports the gzip size of the JavaScript each route downloads
 * before it can render — the entry, the page's own chunk, everything they import statically, and
 * the texts of one language. The build fails when a budgeted route is over budget.
 */
export function bundleBudget(): Plugin {
  return {
    name: 'salonia-bundle-budget',
    // The browser's build only: the server's (vite build --ssr) has no page chunks, fonts or HTML.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(output, bundle) {
      const outDir = output.dir ?? 'dist/app'
      const gzipSizes = new Map<string, number>()
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue
        const path = join(outDir, file.fileName)
        const content = readFileSync(path)
        const gzipped = gzipSync(content, { level: 9 })
        gzipSizes.set(file.fileName, gzipped.length)
        if (content.length < 1024) continue
        writeFileSync(`${path}.gz`, gzipped)
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      }

      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk') as unknown as ChunkInfo[]
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const withImports = (start: ChunkInfo | undefined, into: Set<string>) => {
        if (!start || into.has(start.fileName)) return
        into.add(start.fileName)
        for (const name of start.imports) withImports(byFile.get(name), into)
      }
      const entry = chunks.find((c) => c.isEntry)
      const pageChunk = (page: PageName) => chunks.find((c) => c.facadeModuleId?.endsWith(`/app/pages/${page}.tsx`))
      // The visitor loads one language before the first render; count the largest (of the page's
      // own texts too, when it has some: PAGE_TEXTS).
      const largest = (pattern: RegExp) =>
        chunks
          .filter((c) => pattern.test(c.facadeModuleId ?? ''))
          .sort((a, b) => (gzipSizes.get(b.fileName) ?? 0) - (gzipSizes.get(a.fileName) ?? 0))[0]
      const locale = largest(/\/app\/locales\/\w+\.json$/)
      const pageTexts = (page: PageName) =>
        (PAGE_TEXTS[page] ?? []).map((part) => largest(new RegExp(`/app/locales/pages/${part}/\\w+\\.json$`)))

      const moduleChunk = (module: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/app/${module}.tsx`))
      // The areas' texts come in parts (locales/areas/ and its folders), every part in one language.
      const areaParts = new Set(
        chunks.flatMap(
          (c) => /\/app\/locales\/areas\/(?:([\w-]+)\/)?\w+\.json$/.exec(c.facadeModuleId ?? '')?.slice(1, 2) ?? [],
        ),
      )
      const areaTexts = () =>
        [...areaParts].map((part) => largest(new RegExp(`/app/locales/areas/${part ? `${part}/` : ''}\\w+\\.json$`)))
      const signInTexts = () => [largest(/\/app\/locales\/pages\/sign-in\/\w+\.json$/)]

      const pageRoutes = [...APP_ROUTES, { path: '(any other path)', page: 'NotFoundPage' as const }]
      const routes: RouteLoad[] = [
        ...pageRoutes,
        ...FACES.filter((face) => !pageRoutes.some((route) => route.path === face.path)),
      ].map((route) => {
        const files = new Set<string>()
        const face = FACES.find((f) => f.path === route.path)
        withImports(entry, files)
        withImports(pageChunk(route.page), files)
        withImports(locale, files)
        if (face) withImports(moduleChunk(face.module), files)
        const texts = face?.texts === 'signed-in' ? [...areaTexts(), ...signInTexts()] : pageTexts(route.page)
        for (const part of texts) withImports(part, files)
        const list = [...files]
        return {
          path: route.path,
          page: route.page,
          files: list,
          rawBytes: list.reduce(
            (sum, f) =>
              sum + (bundle[f]?.type === 'chunk' ? Buffer.byteLength((bundle[f] as { code: string }).code) : 0),
            0,
          ),
          gzipBytes: list.reduce((sum, f) => sum + (gzipSizes.get(f) ?? 0), 0),
        }
      })
      const report: BundleReport = { budgetGzipBytes: BUDGET_GZIP_BYTES, budgetRoutes: BUDGET_ROUTES, routes }
      writeFileSync(join(outDir, 'bundle-report.json'), `${JSON.stringify(report, null, 2)}\n`)

      const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
      const lines = routes.map((r) => {
        const budget = BUDGET_ROUTES.includes(r.path) ? ` (budget ${kb(BUDGET_GZIP_BYTES)})` : ''
        return `  ${r.path.padEnd(24)} ${kb(r.gzipBytes).padStart(9)} gzip, ${kb(r.rawBytes).padStart(9)} raw${budget}`
      })
      console.log(`\nJavaScript each route loads first:\n${lines.join('\n')}\n`)
      const over = routes.filter((r) => BUDGET_ROUTES.includes(r.path) && r.gzipBytes > BUDGET_GZIP_BYTES)
      if (over.length > 0) {
        this.error(`Over the JavaScript budget: ${over.map((r) => `${r.path} ${kb(r.gzipBytes)}`).join(', ')}`)
      }
    },
  }
}
