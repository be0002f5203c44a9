import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Starts the longest test files first, from the times CI measured (test-results → `npm run
 * test:report` → scripts/testing/file-durations.json). Vitest's own order needs its cache of
 * earlier runs, which a clean clone does not have: it then runs the largest files first, and a
 * 35-line file that plays a thousand dialogues for minutes started last and ran alone at the end,
 * one core idle. Files not measured yet come first (they may be long); the projects keep Vitest's
 * order (the web app's isolated files, then the server's).
 */
const DURATIONS = resolve(import.meta.dirname, 'file-durations.json')

function measured(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>
  } catch {
    return {}
  }
}

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = measured()
    const root = this.ctx.config.root
    const time = (file: TestSpecification) => seconds[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY
    const base = await super.sort(files)
    const projectRank = new Map<string, number>()
    for (const file of base)
      if (!projectRank.has(file.project.name)) projectRank.set(file.project.name, projectRank.size)
    const rank = (file: TestSpecification) => projectRank.get(file.project.name) ?? 0
    return [...base].sort((a, b) => rank(a) - rank(b) || time(b) - time(a))
  }
}
