import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BundleReport } from '../build/bundle-budget'

export const BUNDLE_MARKER_START = '<!-- bundle:start -->'
export const BUNDLE_MARKER_END = '<!-- bundle:end -->'

const REPORT = fileURLToPath(new URL('../../dist/app/bundle-report.json', import.meta.url))

/** Builds the web app; the build itself measures each route's first-load JavaScript. */
export function measureBundle(): BundleReport {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) throw new Error('vite build failed')
  return JSON.parse(readFileSync(REPORT, 'utf8')) as BundleReport
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

export function bundleSection(report: BundleReport, commit: string): string {
  const rows = report.routes.map((route) => {
    const budget = report.budgetRoutes.includes(route.path)
    const meets = route.gzipBytes <= report.budgetGzipBytes ? 'yes' : '**NO**'
    return `| \`${route.path}\` | ${route.page} | ${kb(route.gzipBytes)} | ${kb(route.rawBytes)} | ${route.files.length} | ${budget ? `< ${kb(report.budgetGzipBytes)}: ${meets}` : '—'} |`
  })
  return [
    BUNDLE_MARKER_START,
    '## Web app: JavaScript each route loads first (`npm run bench -- --only=bundle`)',
    '',
    `_Generated from the build's own report (\`dist/app/bundle-report.json\`, written by \`scripts/build/bundle-budget.ts\` on every \`vite build\`, which fails when a budgeted route is over); commit ${commit}._`,
    '',
    'What the browser must download before the page can render: the entry chunk, the page’s own chunk, every chunk they import statically, and the texts of one language (the largest of the four). Sizes are gzip level 9 (the server also sends Brotli, smaller still, to browsers that accept it); CSS and fonts are not counted. The browser test `e2e/budget.spec.ts` measures the same for `/` and `/chat/SAL001` in Chromium, from what the server actually sent.',
    '',
    '| Route | Page | gzip | raw | files | budget |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    BUNDLE_MARKER_END,
  ].join('\n')
}
