import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { ROOT_ALIASES } from './scripts/build/aliases'
import SlowestFirstSequencer from './scripts/testing/slowest-first-sequencer'

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
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: SlowestFirstSequencer },
    maxWorkers: WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The run's template databases, copied by every test that opens a fresh one.
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Every file meets the plug-ins (booking subscribers…) as a server has them (server/plug-ins.ts).
          setupFiles: ['tests/helpers/plug-ins.ts'],
          // A worker process runs its files one after the other with the modules it has already
          // loaded: the whole server's module graph took 2–5 s to load again for every file. The
          // server keeps no state in its modules (each test builds its own app on its own
          // database), and these tests neither mock modules nor stub globals.
          isolate: false,
        },
      },
      {
        extends: true,
        // The web app's tests stub `fetch` and mock modules: each file in a fresh module graph.
        test: { name: 'app', include: ['app/**/*.test.{ts,tsx}'], setupFiles: ['tests/helpers/app-tests.ts'] },
      },
    ],
  },
})
