import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { PUBLIC_PAGES } from './common/routes'
import { ROOT_ALIASES } from './scripts/build/aliases'
import { areaChunk } from './scripts/build/area-chunk'
import { bundleBudget } from './scripts/build/bundle-budget'
import { chunkGroups } from './scripts/build/chunk-groups'
import { deferredEntry } from './scripts/build/deferred-entry'
import { flagAssets } from './scripts/build/flag-assets'
import { fontPreload } from './scripts/build/font-preload'
import { lucideIcons } from './scripts/build/lucide-icons'
import { pureSchemas } from './scripts/build/pure-schemas'
import { structuralSelectors } from './scripts/build/structural-selectors'

const appModule = (path: string) => fileURLToPath(new URL(`app/${path}`, import.meta.url))

/** The shell and the public pages' kits (chunk-groups.ts), and the salon dashboard's own code (area-chunk.ts). */
function appChunkGroups() {
  const publicPages = PUBLIC_PAGES.map((page) => appModule(`pages/${page}.tsx`))
  // The professional area's signed-out face, in a chunk of its own, is part of that page's first load (areas.ts).
  const alongWith = {
    [appModule('pages/ProfessionalPage.tsx')]: [appModule('features/professional/SignedOutArea.tsx')],
  }
  // A module of a few kilobytes or more stays in its own chunk: a page that does not use it
  // should not download it.
  return [
    ...chunkGroups(appModule('main.tsx'), publicPages, 4_000, alongWith),
    areaChunk(appModule('main.tsx'), appModule('features/professional/SignedInArea.tsx'), 'SignedInArea', 0),
  ]
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'app',
  // The server's build (npm run build's second step: app/entry-server.tsx into dist/server) serves no files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    lucideIcons(),
    pureSchemas(),
    react(),
    tailwindcss(),
    flagAssets(),
    fontPreload(),
    deferredEntry(),
    bundleBudget(),
    structuralSelectors(),
  ],
  resolve: { alias: ROOT_ALIASES },
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    // Each page is its own chunk (React.lazy); the budget plugin reports what each route loads first.
    // The first load's chunks are preloaded by the boot script (deferred-entry.ts). A lazy import's
    // are not: Vite's helper would add a modulepreload link per chunk from script, about a
    // millisecond each on the bench host, in one task just as the page hydrates; the browser finds them in
    // the imported chunk instead (one more round trip for what the first load did not bring).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // The server's build is one file for Node. The browser's: the shell in one chunk, and the public
    // pages' small modules in a few more (chunk-groups.ts).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: appChunkGroups() } } },
  },
  server: {
    // npm run dev: the API server runs beside Vite (scripts/dev.mjs).
    proxy: { '/api': `http://localhost:${process.env.SALONIA_API_PORT ?? '3000'}` },
  },
}))
