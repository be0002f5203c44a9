import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * A Vitest reporter that keeps each test file's own times — preparing the worker, importing the
 * file and what it imports, its tests and hooks — in test-results/timings/vitest-files.json, which
 * scripts/testing-report.mjs turns into docs/TESTING.md. It prints nothing.
 */
export default class FileTimingsReporter implements Reporter {
  private readonly files: {
    file: string
    tests: number
    prepareMs: number
    importMs: number
    testsMs: number
    totalMs: number
  }[] = []

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic()
    const importMs = d.collectDuration + d.setupDuration + d.environmentSetupDuration
    this.files.push({
      file: relative(process.cwd(), module.moduleId),
      tests: [...module.children.allTests()].length,
      prepareMs: Math.round(d.prepareDuration),
      importMs: Math.round(importMs),
      testsMs: Math.round(d.duration),
      totalMs: Math.round(d.prepareDuration + importMs + d.duration),
    })
  }

  onTestRunEnd(): void {
    const dir = join('test-results', 'timings')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'vitest-files.json'), `${JSON.stringify(this.files, null, 2)}\n`)
  }
}
