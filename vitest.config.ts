import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { ROOT_ALIASES } from './scripts/build/aliases'

/**
 * Test files run in this many processes at once. Vitest's default (cores − 1) is one process on a
 * 2-core machine, yet most of an HTTP or data-layer test's time is spent waiting — on PostgreSQL, a
 * job's poll, a child process, a fake's socket — not computing: a file per core and one more keep
 * both cores busy. VITEST_MAX_WORKERS overrides it.
 */
const WORKERS = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1

export default defineConfig({
  resolve: { alias: ROOT_ALIASES },
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    // The run's template databases, copied by every test that opens a fresh one.
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: WORKERS,
  },
})
